/**
 * The billing details the account's own last purchase was made with (country, postal code, company, tax ID),
 * so a renewal starts from them. Only a sale the account paid for counts: a key someone else bought and gave
 * it carries the payer's details, which stay the payer's.
 */
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { accountRecords, sales } from "../../db/schema";
import type { LastBillingDetails } from "@shared/api/account";

export async function lastBillingDetails(db: DbOrTx, userId: number): Promise<LastBillingDetails> {
  const [last] = await db
    .select({
      country: sales.country,
      postalCode: sales.postalCode,
      taxId: sales.taxId,
      companyName: sales.companyName,
      companyAddress: sales.companyAddress,
    })
    .from(accountRecords)
    .innerJoin(sales, eq(sales.id, accountRecords.recordId))
    .where(
      and(
        eq(accountRecords.userId, userId),
        eq(accountRecords.kind, "sale"),
        eq(accountRecords.paid, true),
        isNotNull(sales.invoiceNumber),
      ),
    )
    .orderBy(desc(sql`+${sales.createdAt}`), desc(sales.id))
    .limit(1);
  return { details: last ?? null };
}
