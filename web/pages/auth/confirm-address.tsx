import { useConfirmAddress } from "../../lib/queries/account";
import { ConfirmLinkPage } from "./confirm-link";

const LINK = { kind: "address", doneHref: "/dashboard?tab=purchases", missingHref: "/dashboard" } as const;

/** /confirm-address?token=…: the link e-mailed at sign-up (or sent again, or the invitation) that proves the address. */
export default function ConfirmAddressPage() {
  return <ConfirmLinkPage link={LINK} confirm={useConfirmAddress()} />;
}
