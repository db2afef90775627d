import { MailWarning, Send } from "lucide-react";
import { PendingButton } from "../../components/ui/pending-button";
import { failureToast } from "../../lib/failure-toast";
import { useResendAddressConfirmation } from "../../lib/queries/account";
import { useSession } from "../../lib/session";
import { toast } from "../../lib/use-toast";
import { richMessage, useT } from "../../lib/language";

/**
 * Shown while the account's address is unconfirmed (Overview and Purchases): what confirming unlocks, and
 * the link sent again. It never says whether the address has anything waiting: that would tell whoever
 * typed someone else's address at sign-up what its owner bought.
 */
export function AddressConfirmationNotice() {
  const user = useSession((state) => state.user);
  const resend = useResendAddressConfirmation();
  const t = useT();
  if (!user || user.emailConfirmed) return null;
  return (
    <section
      aria-labelledby="confirm-address-title"
      className="grid gap-3 rounded-lg border border-brand/40 bg-brand/5 p-4 text-sm sm:grid-cols-[auto_1fr_auto] sm:items-center"
    >
      <MailWarning className="hidden size-5 text-brand sm:block" aria-hidden />
      <div className="grid gap-1">
        <h2 id="confirm-address-title" className="font-medium">
          {t("dashboard.confirm.title")}
        </h2>
        <p className="text-muted-foreground">
          {richMessage(t("dashboard.confirm.text", { email: user.email }), [
            (email) => <span className="break-all font-medium text-foreground">{email}</span>,
          ])}
        </p>
      </div>
      <PendingButton
        variant="outline"
        size="sm"
        className="justify-self-start"
        pending={resend.isPending}
        pendingText={t("dialog.sending")}
        icon={<Send aria-hidden />}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: () =>
              toast({
                title: t("dashboard.confirm.sent"),
                description: t("dashboard.confirm.sentText", { email: user.email }),
              }),
            onError: failureToast(t("dashboard.confirm.notSent"), {
              fallback: t("dashboard.confirm.notSentText"),
              statusPrefix: t("dashboard.sendingFailed"),
            }),
          })
        }
      >
        {t("dashboard.confirm.resend")}
      </PendingButton>
    </section>
  );
}
