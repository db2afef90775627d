import { useConfirmEmail } from "../../lib/queries/account";
import { ConfirmLinkPage } from "./confirm-link";

const WORDS = {
  title: "Confirm your new email",
  prompt: "Press the button to make this address your account's sign-in e-mail.",
  doneTitle: "Email changed",
  doneHref: "/dashboard?tab=settings",
  missingText:
    "This page needs the link from the confirmation e-mail. Open it again, or ask for a new one in your dashboard's Settings.",
  missingHref: "/dashboard?tab=settings",
  missingLabel: "Open Settings",
};

/** /confirm-email?token=…: the link e-mailed to a new address. */
export default function ConfirmEmailPage() {
  return <ConfirmLinkPage words={WORDS} confirm={useConfirmEmail()} />;
}
