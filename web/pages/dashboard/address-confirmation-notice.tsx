import { MailWarning, Send } from "lucide-react";
import { PendingButton } from "../../components/ui/pending-button";
import { failureToast } from "../../lib/failure-toast";
import { useResendAddressConfirmation } from "../../lib/queries/account";
import { useSession } from "../../lib/session";
import { toast } from "../../lib/use-toast";

/**
 * Shown while the account's address is unconfirmed (Overview and Purchases): what confirming unlocks, and
 * the link sent again. It never says whether the address has anything waiting: that would tell whoever
 * typed someone else's address at sign-up what its owner bought.
 */
export function AddressConfirmationNotice() {
  const user = useSession((state) => state.user);
  const resend = useResendAddressConfirmation();
  if (!user || user.emailConfirmed) return null;
  return (
    <section
      aria-labelledby="confirm-address-title"
      className="grid gap-3 rounded-lg border border-brand/40 bg-brand/5 p-4 text-sm sm:grid-cols-[auto_1fr_auto] sm:items-center"
    >
      <MailWarning className="hidden size-5 text-brand sm:block" aria-hidden />
      <div className="grid gap-1">
        <h2 id="confirm-address-title" className="font-medium">
          Confirm your email address
        </h2>
        <p className="text-muted-foreground">
          We sent a link to <span className="break-all font-medium text-foreground">{user.email}</span>. Confirming it
          shows here everything made with this address: your other purchases and their invoices, keys you haven't used
          yet, and your support messages. Until then you see what your own key proves is yours.
        </p>
      </div>
      <PendingButton
        variant="outline"
        size="sm"
        className="justify-self-start"
        pending={resend.isPending}
        pendingText="Sending..."
        icon={<Send aria-hidden />}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: ({ message }) => toast({ title: "Link Sent", description: message }),
            onError: failureToast("Link Not Sent", {
              fallback: "Could not send the link",
              statusPrefix: "Sending failed.",
            }),
          })
        }
      >
        Send the link again
      </PendingButton>
    </section>
  );
}
