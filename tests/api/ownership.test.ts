/**
 * Who owns a purchase. V pays with v@example.com and never makes an account; M buys a key of their own and
 * signs up with it, typing V's address. Nothing proves M reads that inbox, so nothing of V's reaches M:
 * not V's invoice, purchases, tickets or checkouts, and deleting M's account leaves V's records alone.
 * G buys a key as a gift for R: when R deletes their account, G's sale keeps G's address and G can still
 * get the key back.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { checkouts, emails, sales, supportTickets } from "../../src/db/schema";
import { recordPartialRefund } from "../../src/features/refunds/record";
import {
  api,
  call,
  confirmAddressOf,
  makeTestApp,
  outboxOf,
  signInAdmin,
  signUpWithKey,
  type TestContext,
} from "../support/app";
import { paidWithDemoCard } from "../support/purchase";
import { getBytes } from "../support/pdf";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp();
});
afterEach(() => ctx.cleanup());

const V = "v@example.com";
const V_TICKET = "Where is my invoice? My order number is on the card statement.";

/** V buys Pro, writes to support and is partly refunded (a credit note); M buys a month and signs up with V's address. */
async function mSignsUpWithVsAddress() {
  const v = await paidWithDemoCard(ctx, "pro", V);
  await api(ctx.app).api.support.tickets.post({ email: V, subject: "billing", message: V_TICKET });
  await recordPartialRefund(ctx.deps, v.id, 500);
  const m = await paidWithDemoCard(ctx, "month", "m@example.com");
  const account = await signUpWithKey(ctx, V, m.key);
  return { v, m, token: account.token, userId: account.userId };
}

const creditNoteOf = async (saleId: number) =>
  (await ctx.deps.db.select().from(sales).where(eq(sales.id, saleId)))[0]!.refundedCents > 0;

describe("an address nobody proved grants nothing", () => {
  test("M can't read V's invoice or credit note, by number or by walking the numbers", async () => {
    const { v, m, token } = await mSignsUpWithVsAddress();
    expect(await creditNoteOf((await v.sale()).id)).toBe(true);
    expect((await getBytes(ctx.app, `/api/invoices/${(await v.sale()).invoiceNumber}.pdf`, token)).status).toBe(404);
    expect((await getBytes(ctx.app, "/api/invoices/LL-CN-2026-000001.pdf", token)).status).toBe(404);
    // Nor M's own through the account: its key was bought by another address, which may be anyone's (a gift), and
    // the invoice names that payer. The signed link e-mailed to that address opens it.
    expect((await getBytes(ctx.app, `/api/invoices/${(await m.sale()).invoiceNumber}.pdf`, token)).status).toBe(404);
    const admin = (await signInAdmin(ctx)).token;
    expect((await getBytes(ctx.app, `/api/invoices/${(await v.sale()).invoiceNumber}.pdf`, admin)).status).toBe(200);
  });

  test("M's purchases list only the purchase whose key M used", async () => {
    const { m, token } = await mSignsUpWithVsAddress();
    const { data } = await api(ctx.app, token).api.account.purchases.get();
    expect(data!.purchases.map((purchase) => purchase.id)).toEqual([(await m.sale()).id]);
  });

  test("M's export holds none of V's tickets, checkouts, payment ids or e-mails", async () => {
    const { v, m, token } = await mSignsUpWithVsAddress();
    const answer = await call(ctx.app, "GET", "/api/account/export", { token });
    expect(answer.status).toBe(200);
    const text = JSON.stringify(answer.body);
    expect(text).not.toContain(V_TICKET);
    expect(text).not.toContain(v.id);
    expect(text).not.toContain(v.key);
    expect(answer.body.supportTickets).toEqual([]);
    expect(answer.body.purchases.map((purchase: { id: number }) => purchase.id)).toEqual([(await m.sale()).id]);
    expect(answer.body.emailsSent.map((email: { kind: string }) => email.kind)).not.toContain("product-key");
  });

  test("deleting M's account leaves V's sale, ticket, e-mails and checkout as they were, and V's lost keys still come", async () => {
    const { v, token } = await mSignsUpWithVsAddress();
    const db = ctx.deps.db;
    const before = {
      sale: await v.sale(),
      tickets: await db.select().from(supportTickets),
      keyMail: await outboxOf(ctx, "product-key", V),
      checkout: (await db.select().from(checkouts).where(eq(checkouts.paymentIntentId, v.id)))[0],
    };
    expect(before.tickets).toHaveLength(1);
    expect(before.keyMail).toHaveLength(1);
    expect((await api(ctx.app, token).api.account.delete({ password: "correct horse" })).status).toBe(200);
    expect(await v.sale()).toEqual(before.sale);
    expect(await db.select().from(supportTickets)).toEqual(before.tickets);
    expect(await outboxOf(ctx, "product-key", V)).toEqual(before.keyMail);
    expect((await db.select().from(checkouts).where(eq(checkouts.paymentIntentId, v.id)))[0]).toEqual(before.checkout);

    expect((await api(ctx.app).api.keys.resend.post({ email: V })).status).toBe(200);
    const lost = await outboxOf(ctx, "lost-keys", V);
    expect(lost).toHaveLength(1);
    expect((lost[0].payload.keys as { key: string }[]).map((k) => k.key)).toEqual([v.key]);
  });
});

describe("a gift", () => {
  test("when R, who redeemed G's key, deletes their account, G's sale keeps G's address and G gets the key back", async () => {
    const G = "g@example.com";
    const gift = await paidWithDemoCard(ctx, "pro", G);
    const r = await signUpWithKey(ctx, "r@example.com", gift.key);
    expect((await api(ctx.app, r.token).api.account.delete({ password: "correct horse" })).status).toBe(200);
    expect((await gift.sale()).email).toBe(G);
    expect((await ctx.deps.db.select().from(emails).where(eq(emails.to, G))).length).toBeGreaterThan(0);
    expect((await api(ctx.app).api.keys.resend.post({ email: G })).status).toBe(200);
    const lost = await outboxOf(ctx, "lost-keys", G);
    expect((lost.at(-1)!.payload.keys as { key: string }[]).map((k) => k.key)).toEqual([gift.key]);
  });
});

describe("once the address is confirmed", () => {
  test("every purchase made with it is the account's: listed, its invoice readable, its tickets exported and erased", async () => {
    const B = "b@example.com";
    const first = await paidWithDemoCard(ctx, "pro", B);
    const second = await paidWithDemoCard(ctx, "month", B);
    await api(ctx.app).api.support.tickets.post({ email: B, subject: "technical", message: "It imports upside down." });
    const { token } = await signUpWithKey(ctx, B, first.key);
    const ids = async () => (await api(ctx.app, token).api.account.purchases.get()).data!.purchases.map((p) => p.id);
    const invoice = async () => getBytes(ctx.app, `/api/invoices/${(await second.sale()).invoiceNumber}.pdf`, token);

    expect(await ids()).toEqual([(await first.sale()).id]);
    expect((await invoice()).status).toBe(404);
    expect((await call(ctx.app, "GET", "/api/account/export", { token })).body.supportTickets).toEqual([]);

    expect((await confirmAddressOf(ctx, B)).email).toBe(B);
    expect(new Set(await ids())).toEqual(new Set([(await first.sale()).id, (await second.sale()).id]));
    expect((await invoice()).status).toBe(200);
    const exported = (await call(ctx.app, "GET", "/api/account/export", { token })).body;
    expect(exported.addressConfirmed).toBe(true);
    expect(exported.supportTickets).toEqual([expect.objectContaining({ message: "It imports upside down." })]);
    expect(exported.emailsSent.map((email: { kind: string }) => email.kind)).toContain("product-key");

    expect((await api(ctx.app, token).api.account.delete({ password: "correct horse" })).status).toBe(200);
    expect(await ctx.deps.db.select().from(supportTickets)).toEqual([]);
    expect([(await first.sale()).email, (await second.sale()).email]).toEqual([
      expect.stringMatching(/^deleted-account-/),
      expect.stringMatching(/^deleted-account-/),
    ]);
    expect(await ctx.deps.db.select().from(emails).where(eq(emails.to, B))).toEqual([]);
  });

  test("an unconfirmed account that paid with its own address and deletes itself still erases that sale's address", async () => {
    const A = "a@example.com";
    const own = await paidWithDemoCard(ctx, "pro", A);
    const { token, userId } = await signUpWithKey(ctx, A, own.key);
    expect((await api(ctx.app, token).api.account.delete({ password: "correct horse" })).status).toBe(200);
    expect((await own.sale()).email).toBe(`deleted-account-${userId}@deleted.invalid`);
    // Its key e-mail and the account's own e-mails go; nothing else sent to the address was its to erase.
    expect(await ctx.deps.db.select().from(emails).where(eq(emails.to, A))).toEqual([]);
  });
});
