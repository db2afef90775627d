/**
 * Fulfilling a payment for added seats (docs/accounts.md#seats), inside the sale's own transaction: the seats are
 * the account's at once, with no product key; the sale gets its invoice, and the owner a receipt. recordSale
 * (fulfilment.ts) has just written the sale, once, naming the account.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { sales, users, type Sale } from "../../db/schema";
import { PLANS } from "@shared/plans";
import { addedSeatsText } from "@shared/seats";
import { grantPaidSeats } from "../seats/service";
import { markCheckoutPaid } from "./holds";
import { allocateNumber } from "../invoices/numbers";
import { signedDocumentUrl, type DocumentLinks } from "../invoices/links";
import { recordIssuedDocument, type IssuingDeps } from "../invoices/issued";
import { announceSale } from "../webhooks/events";
import { recordForAddress, recordRenewal } from "../ownership/service";
import { queueEmail } from "../email/outbox";
import { log } from "../../lib/logger";

export async function fulfilAddedSeats(
  tx: DbOrTx,
  issuing: IssuingDeps,
  sale: Sale,
  now: number,
  links: DocumentLinks | undefined,
): Promise<Sale> {
  await markCheckoutPaid(tx, sale.paymentIntentId);
  const [account] =
    sale.renewalUserId === null
      ? []
      : await tx.select({ id: users.id }).from(users).where(eq(users.id, sale.renewalUserId)).limit(1);
  // The account was deleted before its payment arrived: the sale is kept (the operator refunds it), no seats given.
  if (!account) log.warn({ paymentIntentId: sale.paymentIntentId }, "added seats for an account that is gone");
  const seats = account ? await grantPaidSeats(tx, account.id, now) : null;
  const invoiceNumber = await allocateNumber(tx, "invoice", now);
  const [fulfilled] = await tx
    .update(sales)
    .set({ invoiceNumber, renewalUserId: account?.id ?? null })
    .where(eq(sales.id, sale.id))
    .returning();
  await recordIssuedDocument(tx, issuing, fulfilled!, null, now);
  await announceSale(tx, fulfilled!, now);
  if (account) await recordRenewal(tx, sale.id, account.id, now);
  else await recordForAddress(tx, { kind: "sale", id: sale.id }, sale.email, now);
  const invoice = links ? { invoiceUrl: signedDocumentUrl(links.appUrl, links.secret, invoiceNumber) } : {};
  await queueEmail(
    tx,
    {
      to: sale.email,
      saleId: sale.id,
      template: "added-seats-receipt",
      payload: {
        description: addedSeatsText(PLANS[sale.plan].name, sale.seats),
        planName: PLANS[sale.plan].name,
        addedSeats: sale.seats,
        seats: seats ?? sale.seats,
        amountCents: sale.amountCents,
        currency: sale.currency,
        language: sale.language,
        ...invoice,
        ...(sale.withdrawalConsentAt !== null
          ? {
              withdrawalConsentAt: new Date(sale.withdrawalConsentAt).toISOString(),
              withdrawalConsentVersion: sale.withdrawalConsentVersion ?? undefined,
            }
          : {}),
      },
    },
    now,
  );
  return fulfilled!;
}
