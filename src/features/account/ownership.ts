/**
 * Who owns a purchase (docs/accounts.md#who-owns-a-purchase). A sale is an account's because the account
 * redeemed its key (having the key proves it), paid for it as a renewal from the dashboard, or because the
 * account's *confirmed* address paid for it. An address nobody proved grants nothing: anyone can sign up
 * typing someone else's. Every place that shows, exports or deletes by address asks here.
 */
import { eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { productKeys, sales, type Sale, type User } from "../../db/schema";
import type { EmailTemplate } from "../email/templates/registry";
import { isAddressConfirmed } from "./address-confirmation";

type Owner = Pick<User, "id" | "email" | "emailConfirmedAt">;

/**
 * The sales the account owns, as a condition on `sales`: the ids come from three index look-ups joined by
 * UNION, so the sales table is read by id only (an OR of the three lets the planner walk the whole table).
 */
export function ownedSalesCondition(user: Owner): SQL {
  const byAddress = isAddressConfirmed(user)
    ? sql` union select ${sales.id} from ${sales} where ${sales.email} = ${user.email}`
    : sql``;
  return sql`${sales.id} in (select ${sales.id} from ${sales} where ${sales.renewalUserId} = ${user.id}
    union select ${productKeys.saleId} from ${productKeys} where ${productKeys.usedByUserId} = ${user.id}${byAddress})`;
}

/** Whether `sale` is the account's. */
export async function ownsSale(
  db: DbOrTx,
  user: Owner,
  sale: Pick<Sale, "email" | "renewalUserId" | "productKeyId">,
): Promise<boolean> {
  if (sale.renewalUserId === user.id || (isAddressConfirmed(user) && sale.email === user.email)) return true;
  if (sale.productKeyId === null) return false;
  const [key] = await db
    .select({ usedBy: productKeys.usedByUserId })
    .from(productKeys)
    .where(eq(productKeys.id, sale.productKeyId));
  return key?.usedBy === user.id;
}

/**
 * Whether the account paid for a sale it owns, so the buyer's details on it (address, postal code) are the
 * account's personal data: a renewal it paid, or a sale made with its address that is confirmed, or whose key
 * the account holds (the key went to that address). A key given to the account by someone else (a gift, the
 * payer's address on the sale) is the account's to use, but the payer's details stay the payer's.
 */
export function paidByAccount(user: Owner, sale: Pick<Sale, "email" | "renewalUserId">, redeemedByAccount: boolean) {
  return (
    sale.renewalUserId === user.id || (sale.email === user.email && (isAddressConfirmed(user) || redeemedByAccount))
  );
}

/**
 * E-mails only ever sent about an account (never about a purchase made with its address): the account's own
 * whether or not its address is confirmed. Every other e-mail to the address (a product key, lost keys, a
 * refund notice, a template added later) is the account's only once the address is confirmed.
 */
export const ACCOUNT_EMAIL_TEMPLATES: readonly EmailTemplate[] = [
  "welcome",
  "address-confirm",
  "address-invitation",
  "password-reset",
  "password-changed",
  "email-changed",
  "cancellation",
  "renewal-reminder",
  "access-ended",
  "key-sharing-alert",
  "refund-update",
];
