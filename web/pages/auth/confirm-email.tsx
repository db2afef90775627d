import { useConfirmEmail } from "../../lib/queries/account";
import { ConfirmLinkPage } from "./confirm-link";

const LINK = { kind: "email", doneHref: "/dashboard?tab=settings", missingHref: "/dashboard?tab=settings" } as const;

/** /confirm-email?token=…: the link e-mailed to a new address. */
export default function ConfirmEmailPage() {
  return <ConfirmLinkPage link={LINK} confirm={useConfirmEmail()} />;
}
