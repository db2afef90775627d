/** Settings' line about an e-mail change whose confirmation link has not been followed yet, with a way to cancel it. */
import { failureToast } from "../../../lib/failure-toast";
import { Button } from "../../../components/ui/button";
import { useCancelEmailChange, usePendingEmailChange } from "../../../lib/queries/account";
import { toast } from "../../../lib/use-toast";
import { useFormats } from "../time";
import { richMessage, useT } from "../../../lib/language";

export function PendingEmailChange() {
  const { data } = usePendingEmailChange();
  const cancel = useCancelEmailChange();
  const t = useT();
  const { date } = useFormats();
  const pending = data?.pending;
  if (!pending) return null;
  return (
    <div role="status" className="grid gap-3 rounded-md border border-brand/40 bg-accent/30 p-3 text-sm">
      <p>
        {richMessage(t("dashboard.pending.text", { email: pending.newEmail, date: date(pending.expiresAt) }), [
          (email) => <span className="font-medium break-all">{email}</span>,
        ])}
      </p>
      <div>
        <Button
          size="sm"
          variant="outline"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: () =>
                toast({ title: t("dashboard.pending.cancelled"), description: t("dashboard.pending.cancelledText") }),
              onError: failureToast(t("dashboard.error"), t("dashboard.pending.cancelFailed")),
            })
          }
        >
          {cancel.isPending ? t("dashboard.sub.cancelling") : t("dashboard.pending.cancel")}
        </Button>
      </div>
    </div>
  );
}
