import { useConfirmAddress } from "../../lib/queries/account";
import { ConfirmLinkPage } from "./confirm-link";

const WORDS = {
  title: "Confirm your email address",
  prompt:
    "Press the button to confirm this address. Your dashboard then shows every purchase made with it, with its invoices, and your support messages.",
  doneTitle: "Email confirmed",
  doneHref: "/dashboard?tab=purchases",
  missingText:
    "This page needs the link from the confirmation e-mail. Open it again, or sign in and send a new one from your dashboard.",
  missingHref: "/dashboard",
  missingLabel: "Open Dashboard",
};

/** /confirm-address?token=…: the link e-mailed at sign-up (or sent again, or the invitation) that proves the address. */
export default function ConfirmAddressPage() {
  return <ConfirmLinkPage words={WORDS} confirm={useConfirmAddress()} />;
}
