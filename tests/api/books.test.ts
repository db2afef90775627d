/**
 * The daily books (books_daily), kept by triggers beside the sales: after every kind of money event the
 * summary equals what the sales add up to (`layerlift books check`'s rebuild), and the overview, the
 * revenue chart and the CSV give one net revenue.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { booksDaily, creditNotes, issuedDocuments, productKeyCounts, productKeys, sales } from "../../src/db/schema";
import { checkBooks } from "../../src/features/daily-ledger/service";
import { DAY } from "../../src/lib/clock";
import { runCli } from "../../src/cli";
import { api, call, signUpWithKey, type TestContext } from "../support/app";
import type { FakeStripe } from "../support/fake-stripe";
import { eachTestOnFakeStripe } from "../support/each-test";
import { paidOnFakeStripe } from "../support/purchase";

let stripe: FakeStripe;
let ctx: TestContext;
let admin: string;
eachTestOnFakeStripe((made) => ({ ctx, stripe, admin } = made), { admin: true });

async function sold(plan: "month" | "pro" | "lifetime", email: string) {
  const { id, sale } = await paidOnFakeStripe(ctx, stripe, plan, email);
  return { id, saleId: (await sale()).id };
}

async function deliver(type: string, object: object) {
  const { payload, signature } = await stripe.signedEvent({ id: `evt_${crypto.randomUUID()}`, type, object });
  expect(
    (await api(ctx.app).api.stripe.webhook.post(payload, { headers: { "stripe-signature": signature } })).status,
  ).toBe(200);
}

/** The books match the sales, and the overview, the chart and the CSV agree on net revenue. */
async function expectBooksRight() {
  const check = await checkBooks(ctx.deps.db);
  expect(check.differences).toEqual([]);
  expect(check.matched).toBe(true);
  const overview = (await api(ctx.app, admin).api.admin.overview.get()).data!;
  const chart = (await api(ctx.app, admin).api.admin.revenue.get({ query: { days: 30 } })).data!;
  const csv = (await call(ctx.app, "GET", "/api/admin/sales.csv", { token: admin })).body as string;
  const netOfCsv = csv
    .trim()
    .split("\r\n")
    .slice(1)
    .reduce((sum, line) => sum + Math.round(Number(line.split(",")[8]) * 100), 0);
  const netOfChart = chart.days.reduce((sum, d) => sum + Math.round(d.net * 100), 0);
  expect(Math.round(overview.adminRevenue * 100)).toBe(netOfCsv);
  expect(netOfChart).toBe(netOfCsv);
  expect(overview.productKeyCount).toBe((await ctx.deps.db.select().from(productKeys)).length);
  // "N available" counts exactly the keys the Keys tab lists under its Available filter.
  const listed = await api(ctx.app, admin).api.admin["product-keys"].get({ query: { state: "unsold", limit: 100 } });
  expect(overview.availableKeyCount).toBe(listed.data!.length);
  return overview;
}

describe("the daily books", () => {
  test("stay equal to the sales after a sale, partial and full refunds, a dispute opened, won and lost, and rows changed by hand", async () => {
    await expectBooksRight();
    const first = await sold("month", "one@example.com");
    await expectBooksRight();
    const second = await sold("pro", "two@example.com");
    expect((await api(ctx.app, admin).api.admin.sales({ id: second.saleId }).refund.post({ amount: 5 })).status).toBe(
      200,
    );
    await expectBooksRight();
    expect((await api(ctx.app, admin).api.admin.sales({ id: second.saleId }).refund.post({})).status).toBe(200);
    await expectBooksRight();

    ctx.clock.advance(DAY);
    const won = await sold("lifetime", "three@example.com");
    const dispute = stripe.openDispute(won.id);
    await deliver("charge.dispute.created", dispute);
    expect((await expectBooksRight()).disputeCount).toBe(1);
    stripe.setDisputeStatus(dispute.id, "won");
    await deliver("charge.dispute.closed", dispute);
    await expectBooksRight();

    const lost = await sold("month", "four@example.com");
    const lostDispute = stripe.openDispute(lost.id);
    await deliver("charge.dispute.created", lostDispute);
    stripe.setDisputeStatus(lostDispute.id, "lost");
    await deliver("charge.dispute.closed", lostDispute);
    await expectBooksRight();

    // Any writer of the sales table keeps them, moving a sale to another day or plan, or deleting it.
    await ctx.deps.db
      .update(sales)
      .set({ createdAt: ctx.clock.now() - 3 * DAY, plan: "pro" })
      .where(eq(sales.id, first.saleId));
    await expectBooksRight();
    // (Its credit note and issued documents first: a sale's invoice documents keep it from being deleted.)
    await ctx.deps.db.delete(creditNotes).where(eq(creditNotes.saleId, lost.saleId));
    await ctx.deps.db.delete(issuedDocuments).where(eq(issuedDocuments.saleId, lost.saleId));
    await ctx.deps.db.delete(sales).where(eq(sales.id, lost.saleId));
    await expectBooksRight();
    // Keys made and deleted by an admin keep the overview's key counts.
    const made = (await api(ctx.app, admin).api.admin["generate-product-key"].post({ plan: "month", count: 3 })).data!;
    await api(ctx.app, admin).api.admin["product-keys"]({ id: made[0]._id }).delete();
    expect(await expectBooksRight()).toMatchObject({ productKeyCount: 4, availableKeyCount: 2 });
  });

  test("available keys are the ones nobody bought or used: a sale, a redemption, a refund and a deletion each keep the count", async () => {
    const made = (await api(ctx.app, admin).api.admin["generate-product-key"].post({ plan: "pro", count: 3 })).data!;
    expect(await expectBooksRight()).toMatchObject({ productKeyCount: 3, availableKeyCount: 3 });
    // Bought and not yet redeemed: its buyer has it by e-mail, so it is not there to hand out.
    const bought = await paidOnFakeStripe(ctx, stripe, "month", "buyer@example.com");
    expect(await expectBooksRight()).toMatchObject({ productKeyCount: 4, availableKeyCount: 3 });
    await signUpWithKey(ctx, "buyer@example.com", bought.key);
    expect(await expectBooksRight()).toMatchObject({ productKeyCount: 4, availableKeyCount: 3 });
    await signUpWithKey(ctx, "gift@example.com", made[0]!.key);
    expect(await expectBooksRight()).toMatchObject({ productKeyCount: 4, availableKeyCount: 2 });
    await api(ctx.app, admin).api.admin["product-keys"]({ id: made[1]!._id }).delete();
    expect(await expectBooksRight()).toMatchObject({ productKeyCount: 3, availableKeyCount: 1 });
    // A refund deletes the unused key of the sale and leaves the available count as it was.
    const refunded = await paidOnFakeStripe(ctx, stripe, "pro", "refunded@example.com");
    expect(await expectBooksRight()).toMatchObject({ productKeyCount: 4, availableKeyCount: 1 });
    const refundedSale = (await refunded.sale()).id;
    expect((await api(ctx.app, admin).api.admin.sales({ id: refundedSale }).refund.post({})).status).toBe(200);
    expect(await expectBooksRight()).toMatchObject({ productKeyCount: 3, availableKeyCount: 1 });
    // A key given to a sale by hand leaves the available ones; freed again, it returns.
    const soldSale = (await bought.sale()).id;
    await ctx.deps.db.update(productKeys).set({ saleId: soldSale }).where(eq(productKeys.id, made[2]!._id));
    expect(await expectBooksRight()).toMatchObject({ availableKeyCount: 0 });
    await ctx.deps.db.update(productKeys).set({ saleId: null }).where(eq(productKeys.id, made[2]!._id));
    expect(await expectBooksRight()).toMatchObject({ availableKeyCount: 1 });
  });

  test("`books check` finds an available-key count that drifted, and --repair sets it right", async () => {
    await api(ctx.app, admin).api.admin["generate-product-key"].post({ plan: "pro", count: 2 });
    await paidOnFakeStripe(ctx, stripe, "pro", "drift@example.com");
    await ctx.deps.db.update(productKeyCounts).set({ available: 7 });
    const check = await checkBooks(ctx.deps.db, { repair: true });
    expect(check.differences).toEqual([
      { day: "-", plan: "pro", column: "product_keys.available", kept: 7, fromSales: 2 },
    ]);
    expect(await expectBooksRight()).toMatchObject({ productKeyCount: 3, availableKeyCount: 2 });
  });

  test("one net revenue: a refunded sale's kept fee counts in the overview as in the chart and the CSV", async () => {
    await sold("month", "kept@example.com");
    const refunded = await sold("pro", "refunded@example.com");
    expect((await api(ctx.app, admin).api.admin.sales({ id: refunded.saleId }).refund.post({})).status).toBe(200);
    const fees = (await ctx.deps.db.select().from(sales)).reduce((sum, s) => sum + s.feeCents, 0);
    const overview = await expectBooksRight();
    expect(Math.round(overview.adminRevenue * 100)).toBe(699 - fees);
  });

  test("`layerlift books check` says whether the summary matched, and --repair rebuilds it", async () => {
    await sold("pro", "cli@example.com");
    const logs: string[] = [];
    const original = console.log;
    console.log = (line: string) => logs.push(line);
    try {
      const { databasePath, databaseUrl } = ctx.deps.config;
      // The command opens the test's own database, on whichever engine the test runs.
      const env = { ...process.env, NODE_ENV: "test", DATABASE_PATH: databasePath, DATABASE_URL: databaseUrl?.url };
      expect(await runCli(["books", "check"], env)).toBe(0);
      expect(logs.at(-1)).toMatch(/^The books match the sales: 1 day-and-plan row checked\.$/);
      await ctx.deps.db.update(booksDaily).set({ grossCents: 1 });
      expect(await runCli(["books", "check"], env)).toBe(1);
      expect(logs.join("\n")).toContain("gross_cents\tkept 1\tfrom the sales 2499");
      expect(await runCli(["books", "check", "--repair"], env)).toBe(1);
      expect(logs.at(-1)).toBe("Repaired: the books now hold what the sales add up to.");
      expect(await runCli(["books", "check"], env)).toBe(0);
    } finally {
      console.log = original;
    }
  });
});
