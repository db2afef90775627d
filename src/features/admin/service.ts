/**
 * The admin panel's rules: product keys, sales figures, the overview and the test e-mail.
 * Every mutation writes its audit row in the same transaction as the change.
 */
import { latestCreditNotes } from "../invoices/credit-notes";
import { and, eq, ne } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { newestFirst, type Page } from "../../db/paging";
import { productKeys, sales, type User } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { centsToDollars, type PlanId } from "@shared/plans";
import { newProductKey } from "../../lib/random";
import type {
  AdminOverviewResponse,
  ProductKeyView,
  SaleView,
  SalesResponse,
  TestEmailResponse,
} from "@shared/api/admin";
import { generateProductKeys } from "../product-keys/service";
import { productKeyView } from "../product-keys/view";
import { saleView, type DocumentSigner } from "./view";
import { queueEmail } from "../email/outbox";
import { writeAudit } from "../audit/service";
import { countOpenTickets } from "../support/service";
import { normaliseEmail } from "../users/service";
import { bookTotals, productKeyTotals, revenueCents } from "../daily-ledger/service";

const USED_KEY_DELETE_MESSAGE = "This product key has been used and cannot be deleted.";
const PURCHASED_KEY_DELETE_MESSAGE = "This key was bought by a customer; refund the payment instead.";
const RECENT_SALES_SHOWN = 5;

export async function generateAdminKeys(
  deps: Pick<AppDeps, "db" | "clock">,
  actor: User,
  input: { plan: PlanId; count: number },
): Promise<ProductKeyView[]> {
  const now = deps.clock.now();
  return await deps.db.transaction(async (tx) => {
    const made = await generateProductKeys(tx, now, { plan: input.plan, count: input.count, source: "admin" });
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "product-keys.generate",
      subject: `plan:${input.plan}`,
      detail: { plan: input.plan, count: made.length, keyIds: made.map((k) => k.id) },
      at: now,
    });
    return made.map(productKeyView);
  });
}

/**
 * Deletes an unused key; a used key stays (it is the proof of a subscription), and so does a bought
 * one (its buyer has it by e-mail and its sale is paid: a refund is what takes it back).
 */
export async function deleteProductKey(
  deps: Pick<AppDeps, "db" | "clock">,
  actor: User,
  keyId: number,
): Promise<{ success: true }> {
  return await deps.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(productKeys)
      .where(and(eq(productKeys.id, keyId), eq(productKeys.isUsed, false), ne(productKeys.source, "purchase")))
      .returning();
    if (!deleted) {
      const [existing] = await tx.select().from(productKeys).where(eq(productKeys.id, keyId)).limit(1);
      if (!existing) throw notFound("This product key does not exist.");
      if (existing.isUsed) throw conflict("PRODUCT_KEY_USED", USED_KEY_DELETE_MESSAGE);
      throw conflict("PRODUCT_KEY_PURCHASED", PURCHASED_KEY_DELETE_MESSAGE);
    }
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "product-key.delete",
      subject: `product-key:${deleted.id}`,
      detail: { key: deleted.key, plan: deleted.plan },
      at: deps.clock.now(),
    });
    return { success: true as const };
  });
}

/**
 * The books' figures, from the daily summary. Revenue: what was paid less refunds and open disputes;
 * net revenue (`adminRevenue`): that less every fee the provider kept (daily-ledger/money.ts, the one definition
 * the chart and the CSV count with too).
 */
async function paidTotals(db: DbOrTx) {
  const totals = await bookTotals(db);
  return {
    totalRevenue: centsToDollars(revenueCents(totals)),
    adminRevenue: centsToDollars(totals.netCents),
    salesCount: totals.paidCount,
  };
}

async function recentSales(db: DbOrTx, page: Page, sign?: DocumentSigner): Promise<SaleView[]> {
  const rows = await newestFirst(db.select().from(sales).$dynamic(), sales, page, 100);
  const notes = await latestCreditNotes(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => saleView(row, { creditNoteNumber: notes.get(row.id), sign }));
}

/** Totals over every paid sale; the list pages through all sales (refunded ones carry their status). */
export async function salesReport(db: DbOrTx, page: Page = {}, sign?: DocumentSigner): Promise<SalesResponse> {
  return { ...(await paidTotals(db)), sales: await recentSales(db, page, sign) };
}

export async function adminOverview(db: DbOrTx, sign?: DocumentSigner): Promise<AdminOverviewResponse> {
  const keys = await productKeyTotals(db);
  const money = await bookTotals(db);
  return {
    ...(await paidTotals(db)),
    refunded: centsToDollars(money.refundedCents),
    refundCount: money.refundCount,
    disputed: centsToDollars(money.disputedCents),
    disputeCount: money.disputeCount,
    productKeyCount: keys.total,
    availableKeyCount: keys.available,
    openTicketCount: await countOpenTickets(db),
    recentSales: await recentSales(db, { limit: RECENT_SALES_SHOWN }, sign),
  };
}

/** Queues the test e-mail; the outbox sender delivers it and the E-mails tab shows how it went. */
export async function sendTestEmail(
  deps: Pick<AppDeps, "db" | "clock">,
  actor: User,
  input: { email: string; testKey?: string },
): Promise<TestEmailResponse> {
  const now = deps.clock.now();
  const to = normaliseEmail(input.email);
  // Without a key the e-mail shows a sample in the real format; it is never stored as a key.
  const testKey = input.testKey?.trim() || newProductKey();
  return await deps.db.transaction(async (tx) => {
    const queued = await queueEmail(tx, { to, template: "test", payload: { testKey } }, now);
    await writeAudit(tx, {
      actorUserId: actor.id,
      action: "email.test",
      subject: `email:${queued.id}`,
      detail: { to, testKey },
      at: now,
    });
    return { success: true as const, emailId: queued.id, message: `A test email to ${to} is on its way.` };
  });
}
