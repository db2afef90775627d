import { Link } from "wouter";
import { Trash2 } from "lucide-react";
import { failureToast } from "../../../lib/failure-toast";
import { useDeleteAccount } from "../../../lib/queries/account";
import { AccountDialog, CurrentPasswordField, useAccountDialogForm } from "./account-dialog-form";
import { useSession } from "../../../lib/session";

/** Settings → Delete account: says what goes and what the law makes us keep, and asks for the password. */
export function DeleteAccountDialog() {
  const form = useAccountDialogForm({ password: "" });
  const remove = useDeleteAccount();
  const confirmed = useSession((state) => state.user?.emailConfirmed ?? true);

  function submit() {
    const { password } = form.values;
    if (!form.check({ password: password ? undefined : "Please enter your current password" })) return;
    remove.mutate(password, {
      onError: form.refused(
        "password",
        failureToast("Account Not Deleted", {
          fallback: "Could not delete your account",
          statusPrefix: "Delete failed.",
        }),
      ),
    });
  }

  return (
    <AccountDialog
      form={form}
      openerIcon={<Trash2 aria-hidden />}
      opener="Delete account"
      destructive
      title="Delete your account?"
      description={
        <>
          <p>
            This can't be undone. Your subscription ends at once with no refund of the time left, your plugin key stops
            working, your linked Roblox account is freed, and you are signed out everywhere. Your profile, settings and
            review are erased, and so are your support messages and our copies of your e-mails, whatever address you had
            when they were sent.
          </p>
          <p>
            <strong className="font-medium text-foreground">What we keep, and why:</strong> the record of each purchase
            you paid for (date, plan, amount, tax, discount, the invoice and credit notes, the billing country, a
            business tax ID if you gave one, and the card processor's payment reference), because tax and accounting law
            require us to keep sales records and invoices for years. Your e-mail address is replaced in those records
            and your postal code is erased; refund requests and promotion code uses lose their link to you. The invoices
            and credit notes already issued to you are kept exactly as issued, with your e-mail address on them, for as
            long as the law requires. The card processor keeps its own payment records under its own privacy policy.
            Details are in our{" "}
            <Link href="/privacy" className="text-brand underline underline-offset-4">
              privacy policy
            </Link>
            .
          </p>
          {!confirmed && (
            <p>
              Your email address isn't confirmed, so only the e-mails about this account and the purchases whose keys it
              used count as yours. Support messages and other e-mails sent to that address may be someone else's: they
              aren't part of your account, so deleting it doesn't touch them. Confirm your address first and they become
              yours.
            </p>
          )}
        </>
      }
      submitLabel="Delete My Account"
      pendingText="Deleting..."
      pending={remove.isPending}
      onSubmit={submit}
      icon={<Trash2 aria-hidden />}
    >
      <CurrentPasswordField id="delete-password" {...form.field("password")} />
    </AccountDialog>
  );
}
