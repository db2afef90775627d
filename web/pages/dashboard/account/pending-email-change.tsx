/** Settings' line about an e-mail change whose confirmation link has not been followed yet, with a way to cancel it. */
import { failureToast } from "../../../lib/failure-toast";
import { Button } from "../../../components/ui/button";
import { useCancelEmailChange, usePendingEmailChange } from "../../../lib/queries/account";
import { toast } from "../../../lib/use-toast";
import { formatDate } from "../time";

export function PendingEmailChange() {
  const { data } = usePendingEmailChange();
  const cancel = useCancelEmailChange();
  const pending = data?.pending;
  if (!pending) return null;
  return (
    <div role="status" className="grid gap-3 rounded-md border border-brand/40 bg-accent/30 p-3 text-sm">
      <p>
        Waiting for confirmation of <span className="font-medium break-all">{pending.newEmail}</span>. Open the link we
        sent there (it works until {formatDate(pending.expiresAt)}); until then, sign in with your current address. To
        send the link again, use Change email.
      </p>
      <div>
        <Button
          size="sm"
          variant="outline"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(undefined, {
              onSuccess: () =>
                toast({ title: "Email change cancelled", description: "Your email address stays as it is." }),
              onError: failureToast("Error", "Failed to cancel the email change"),
            })
          }
        >
          {cancel.isPending ? "Cancelling…" : "Cancel email change"}
        </Button>
      </div>
    </div>
  );
}
