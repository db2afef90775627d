/**
 * The buyer's Purchases and the refund guarantee as a button, through the API with the demo provider:
 * what the list shows, who may ask, the refusals (window, twice, disputed), ten parallel requests that
 * refund once, and the admins' Approve and Decline in `request` mode.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, buyerRefunds, creditNotes, emails, productKeys, sales, subscriptions } from "../../src/db/schema";
import { DAY } from "../../src/lib/clock";
import { api, failure, makeKey, makeTestApp, signInAdmin, type TestContext } from "../support/app";
import { paidWithDemoCard } from "../support/purchase";
import { getBytes, pdfToText } from "../support/pdf";
import { recordPartialRefund } from "../../src/features/refunds/record";
import { decideRefundRequest } from "../../src/features/refunds/buyer-refund";
import type { AppError } from "../../src/lib/errors";

const contexts: TestContext[] = [];
afterEach(() => {
  for (const ctx of contexts.splice(0)) ctx.cleanup();
});
const app = (env: Record<string, string> = {}) => {
  const ctx = makeTestApp({ env });
  contexts.push(ctx);
  return ctx;
};

async function buy(ctx: TestContext, email: string, plan: "month" | "pro" = "pro", country?: string) {
  const { sale, key } = await paidWithDemoCard(ctx, plan, email, country);
  return { saleId: (await sale()).id, key };
}

async function buyer(
  ctx: TestContext,
  email = `buyer-${Math.random().toString(36).slice(2, 8)}@example.com`,
  country?: string,
) {
  const bought = await buy(ctx, email, "pro", country);
  const { data } = await api(ctx.app).api.auth.signup.post({
    email,
    password: "correct horse",
    confirmPassword: "correct horse",
    productKey: bought.key,
  });
  return { ...bought, email, token: data!.token, userId: data!.user.id };
}

const saleOf = async (ctx: TestContext, id: number) =>
  (await ctx.deps.db.select().from(sales).where(eq(sales.id, id)))[0]!;
const purchases = (ctx: TestContext, token: string) => api(ctx.app, token).api.account.purchases.get();
const refund = (ctx: TestContext, token: string, id: number) =>
  api(ctx.app, token).api.account.purchases({ id }).refund.post();

describe("GET /api/account/purchases", () => {
  test("lists the sale that created the account and a redeemed key bought with another address, with key, status and refund offer", async () => {
    const ctx = app();
    const user = await buyer(ctx);
    const gift = await buy(ctx, "friend@example.com", "month");
    await api(ctx.app, user.token).api.subscription.redeem.post({ productKey: gift.key });
    await buy(ctx, user.email, "month"); // same address, key not redeemed: not shown
    const answer = await purchases(ctx, user.token);
    expect(answer.status).toBe(200);
    expect(answer.data!.refundWindowDays).toBe(7);
    expect(answer.data!.purchases.map((p) => p.id)).toEqual([gift.saleId, user.saleId].sort((a, b) => b - a));
    const first = answer.data!.purchases.find((p) => p.id === user.saleId)!;
    expect(first).toMatchObject({
      kind: "purchase",
      plan: "pro",
      planName: "4 Month Pro",
      amount: 24.99,
      refunded: 0,
      tax: null,
      status: "paid",
      productKey: user.key,
      keyUsed: true,
      creditNoteUrl: null,
    });
    expect(first.invoiceUrl).toStartWith(`/api/invoices/${(await saleOf(ctx, user.saleId)).invoiceNumber}.pdf?sig=`);
    expect(first.refund).toEqual({
      available: true,
      reason: null,
      reasonCode: null,
      until: new Date(ctx.clock.now() + 7 * DAY).toISOString(),
      request: null,
    });
  });

  test("with tax on, each row carries its tax and links its invoice and, once refunded, its credit note; the links open for the owner", async () => {
    const ctx = app({ TAX: "demo" });
    const user = await buyer(ctx, "de-buyer@example.com", "DE");
    const sale = await saleOf(ctx, user.saleId);
    let [row] = (await purchases(ctx, user.token)).data!.purchases;
    expect(row).toMatchObject({ amount: 24.99, tax: 3.99, creditNoteUrl: null });
    expect(row.invoiceUrl).toStartWith(`/api/invoices/${sale.invoiceNumber}.pdf?sig=`);
    const invoice = await getBytes(ctx.app, row.invoiceUrl!);
    expect(invoice.type).toBe("application/pdf");
    expect(pdfToText(invoice.bytes)).toContain(`Number: ${sale.invoiceNumber}`);

    await recordPartialRefund(ctx.deps, sale.paymentIntentId, 1000);
    [row] = (await purchases(ctx, user.token)).data!.purchases;
    expect(row).toMatchObject({ status: "partly refunded", refunded: 10, tax: 3.99 });
    expect(row.creditNoteUrl).toStartWith("/api/invoices/LL-CN-2026-000001.pdf?sig=");
    const note = pdfToText((await getBytes(ctx.app, row.creditNoteUrl!)).bytes);
    expect(note).toContain(`Refers to invoice ${sale.invoiceNumber}`);
    // The owner's session opens the bare document too; the signature is only for one document.
    expect((await getBytes(ctx.app, `/api/invoices/${sale.invoiceNumber}.pdf`, user.token)).status).toBe(200);
    const sig = new URL(row.creditNoteUrl!, "http://x").searchParams.get("sig");
    expect((await getBytes(ctx.app, `/api/invoices/${sale.invoiceNumber}.pdf?sig=${sig}`)).status).toBe(404);
  });

  test("with tax off, rows carry no tax", async () => {
    const ctx = app();
    const user = await buyer(ctx);
    expect((await purchases(ctx, user.token)).data!.purchases[0].tax).toBeNull();
  });

  test("shows only the signed-in account's purchases, and needs a session", async () => {
    const ctx = app();
    await buyer(ctx);
    const other = await buyer(ctx);
    expect((await purchases(ctx, other.token)).data!.purchases).toHaveLength(1);
    expect((await api(ctx.app).api.account.purchases.get()).status).toBe(401);
  });
});

describe("refund under the guarantee (auto)", () => {
  test("refunds through the provider: the sale is refunded, the key's time taken back, the buyer and admins e-mailed", async () => {
    const ctx = app();
    await signInAdmin(ctx);
    const user = await buyer(ctx);
    const answer = await refund(ctx, user.token, user.saleId);
    expect(answer.status).toBe(200);
    expect(answer.data!.outcome).toBe("refunded");
    expect(answer.data!.purchase).toMatchObject({
      status: "refunded",
      refunded: 24.99,
      refund: { available: false, request: "refunded" },
    });
    expect((await saleOf(ctx, user.saleId)).status).toBe("refunded");
    const sub = (
      await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.userId)).limit(1)
    )[0]!;
    expect(sub.endDate! <= ctx.clock.now()).toBe(true);
    const mails = await ctx.deps.db.select().from(emails);
    expect(mails.filter((m) => m.to === user.email && m.template === "refund-notice")).toHaveLength(1);
    expect(mails.some((m) => m.template === "refund-update")).toBe(false);
    expect(mails.some((m) => m.to === "admin@example.com" && m.template === "payment-alert")).toBe(true);
  });

  test("ten parallel requests refund once: one 200, nine 409", async () => {
    const ctx = app();
    const user = await buyer(ctx);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(ctx, user.token, user.saleId)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect(await ctx.deps.db.select().from(buyerRefunds)).toHaveLength(1);
    const intent = await saleOf(ctx, user.saleId);
    expect(intent.status).toBe("refunded");
  });

  test("refused with 409 and a sentence, changing nothing: after the window, twice, and while disputed", async () => {
    const ctx = app();
    const late = await buyer(ctx);
    // Bought eight days ago (moving the clock instead would also end the session).
    await ctx.deps.db
      .update(sales)
      .set({ createdAt: ctx.clock.now() - 8 * DAY })
      .where(eq(sales.id, late.saleId));
    const tooLate = await refund(ctx, late.token, late.saleId);
    expect(tooLate.status).toBe(409);
    expect(failure(tooLate)!.message).toBe(
      "Purchases can be refunded here for 7 days; this one is older. Please contact support.",
    );
    expect((await saleOf(ctx, late.saleId)).status).toBe("paid");

    const twice = await buyer(ctx);
    expect((await refund(ctx, twice.token, twice.saleId)).status).toBe(200);
    const again = await refund(ctx, twice.token, twice.saleId);
    expect(again.status).toBe(409);
    expect(failure(again)!.message).toBe("This purchase has already been refunded.");

    const disputed = await buyer(ctx);
    await ctx.deps.db.update(sales).set({ status: "disputed" }).where(eq(sales.id, disputed.saleId));
    const held = await refund(ctx, disputed.token, disputed.saleId);
    expect(held.status).toBe(409);
    expect(failure(held)!.message).toBe(
      "This payment is disputed with your bank, so it can't be refunded while the dispute is open.",
    );
    expect(await ctx.deps.db.select().from(buyerRefunds).where(eq(buyerRefunds.saleId, disputed.saleId))).toHaveLength(
      0,
    );
  });

  test("only the owner may ask: someone else's purchase is 404", async () => {
    const ctx = app();
    const owner = await buyer(ctx);
    const stranger = await buyer(ctx);
    const answer = await refund(ctx, stranger.token, owner.saleId);
    expect(answer.status).toBe(404);
    expect((await saleOf(ctx, owner.saleId)).status).toBe("paid");
  });

  test("REFUND_WINDOW_DAYS=0 turns it off", async () => {
    const ctx = app({ REFUND_WINDOW_DAYS: "0" });
    const user = await buyer(ctx);
    expect((await purchases(ctx, user.token)).data!.purchases[0].refund.available).toBe(false);
    expect((await refund(ctx, user.token, user.saleId)).status).toBe(409);
  });

  test("is rate limited", async () => {
    const ctx = makeTestApp({ rateLimits: true });
    contexts.push(ctx);
    const user = await buyer(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await refund(ctx, user.token, 999_999)).status);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("refund requests for the admins (SELF_SERVICE_REFUNDS=request)", () => {
  test("the request waits; the buyer and admins are told; Approve refunds it and e-mails the buyer", async () => {
    const ctx = app({ SELF_SERVICE_REFUNDS: "request" });
    const admin = await signInAdmin(ctx);
    const user = await buyer(ctx);
    const asked = await refund(ctx, user.token, user.saleId);
    expect(asked.data!.outcome).toBe("requested");
    expect((await saleOf(ctx, user.saleId)).status).toBe("paid");
    expect(failure(await refund(ctx, user.token, user.saleId))!.message).toBe(
      "A refund for this purchase has already been requested.",
    );
    const list = await api(ctx.app, admin.token).api.admin["refund-requests"].get();
    expect(list.data).toEqual([
      expect.objectContaining({ saleId: user.saleId, status: "pending", email: user.email, amount: 24.99 }),
    ]);
    const approved = await api(ctx.app, admin.token)
      .api.admin["refund-requests"]({ id: list.data![0].id })
      .approve.post();
    expect(approved.data!.status).toBe("refunded");
    expect((await saleOf(ctx, user.saleId)).status).toBe("refunded");
    const outcomes = (await ctx.deps.db.select().from(emails))
      .filter((m) => m.template === "refund-update")
      .map((m) => m.payload.outcome);
    expect(outcomes).toEqual(["requested"]);
    expect(
      (await ctx.deps.db.select().from(emails)).filter((m) => m.to === user.email && m.template === "refund-notice"),
    ).toHaveLength(1);
    expect(
      (await api(ctx.app, admin.token).api.admin["refund-requests"]({ id: list.data![0].id }).approve.post()).status,
    ).toBe(409);
  });

  test("ten Approve and Decline decisions at once: one is made, at most one refund", async () => {
    const ctx = app({ SELF_SERVICE_REFUNDS: "request" });
    const admin = await signInAdmin(ctx);
    const user = await buyer(ctx);
    await refund(ctx, user.token, user.saleId);
    const id = (await ctx.deps.db.select().from(buyerRefunds))[0]!.id;
    // Called side by side, so every call has begun before the first one's decision is written.
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => decideRefundRequest(ctx.deps, admin.user.id, id, i % 2 === 0)),
    );
    const decided = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value.status] : []));
    expect(decided).toHaveLength(1);
    for (const o of outcomes) if (o.status === "rejected") expect((o.reason as AppError).code).toBe("REQUEST_DECIDED");
    expect((await saleOf(ctx, user.saleId)).status).toBe(decided[0] === "refunded" ? "refunded" : "paid");
    expect(await ctx.deps.db.select().from(creditNotes)).toHaveLength(decided[0] === "refunded" ? 1 : 0);
    const audits = (await ctx.deps.db.select().from(auditLog)).filter((row) =>
      row.action.startsWith("refund-request."),
    );
    expect(audits).toHaveLength(1);
  });

  test("Decline leaves the purchase paid and e-mails the buyer; non-admins can't decide", async () => {
    const ctx = app({ SELF_SERVICE_REFUNDS: "request" });
    const admin = await signInAdmin(ctx);
    const user = await buyer(ctx);
    await refund(ctx, user.token, user.saleId);
    const id = (await ctx.deps.db.select().from(buyerRefunds).limit(1))[0]!.id;
    expect((await api(ctx.app, user.token).api.admin["refund-requests"]({ id }).decline.post()).status).toBe(403);
    const declined = await api(ctx.app, admin.token).api.admin["refund-requests"]({ id }).decline.post();
    expect(declined.data!.status).toBe("declined");
    expect((await saleOf(ctx, user.saleId)).status).toBe("paid");
    expect(
      (await ctx.deps.db.select().from(emails)).some(
        (m) => m.template === "refund-update" && m.payload.outcome === "declined",
      ),
    ).toBe(true);
  });
});

describe("the refund link in the product-key e-mail (no account)", () => {
  test("the e-mail carries /refund?key=…; the link shows the purchase and refunds it, once", async () => {
    const ctx = app();
    const bought = await buy(ctx, "no-account@example.com");
    const { renderEmail } = await import("../../src/features/email/templates/render");
    const mail = (await ctx.deps.db.select().from(emails).where(eq(emails.template, "product-key")).limit(1))[0]!;
    const rendered = await renderEmail(mail.template, mail.payload, ctx.deps.config.appUrl);
    expect(rendered.text).toContain(`${ctx.deps.config.appUrl}/refund?key=${bought.key}`);

    const view = await api(ctx.app).api["refund-link"].get({ query: { key: bought.key.toLowerCase() } });
    expect(view.data).toMatchObject({ planName: "4 Month Pro", amount: 24.99, available: true, reason: null });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => api(ctx.app).api["refund-link"].post({ key: bought.key })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(4);
    expect((await saleOf(ctx, bought.saleId)).status).toBe("refunded");
    expect(
      (await ctx.deps.db.select().from(emails)).filter(
        (m) => m.to === "no-account@example.com" && m.template === "refund-notice",
      ),
    ).toHaveLength(1);
  });

  test("after the refund, the link still finds the purchase and says it was refunded (its unused key is gone)", async () => {
    const ctx = app();
    const bought = await buy(ctx, "twice@example.com");
    expect((await api(ctx.app).api["refund-link"].post({ key: bought.key })).status).toBe(200);
    expect(await ctx.deps.db.select().from(productKeys).where(eq(productKeys.key, bought.key))).toHaveLength(0);

    const view = await api(ctx.app).api["refund-link"].get({ query: { key: bought.key } });
    expect(view.status).toBe(200);
    expect(view.data).toMatchObject({ status: "refunded", available: false, reasonCode: "ALREADY_REFUNDED" });
    const again = await api(ctx.app).api["refund-link"].post({ key: bought.key });
    expect(again.status).toBe(409);
    expect(again.error?.value).toMatchObject({ reason: "ALREADY_REFUNDED" });
    expect((await ctx.deps.db.select().from(emails)).filter((m) => m.template === "refund-notice")).toHaveLength(1);
  });

  test("a key already on an account, an unknown key, and a purchase past the window are refused", async () => {
    const ctx = app();
    const user = await buyer(ctx);
    expect((await api(ctx.app).api["refund-link"].post({ key: user.key })).status).toBe(409);
    expect((await api(ctx.app).api["refund-link"].post({ key: "AAAAAAAAAAAA" })).status).toBe(404);
    // A key an admin made was never bought: nothing to refund, and the key stays as it was.
    const handMade = await makeKey(ctx.deps);
    expect((await api(ctx.app).api["refund-link"].get({ query: { key: handMade } })).status).toBe(404);
    expect((await api(ctx.app).api["refund-link"].post({ key: handMade })).status).toBe(404);
    expect(await ctx.deps.db.select().from(productKeys).where(eq(productKeys.key, handMade))).toHaveLength(1);
    const old = await buy(ctx, "old@example.com");
    await ctx.deps.db
      .update(sales)
      .set({ createdAt: ctx.clock.now() - 8 * DAY })
      .where(eq(sales.id, old.saleId));
    const late = await api(ctx.app).api["refund-link"].post({ key: old.key });
    expect(late.status).toBe(409);
    expect((await saleOf(ctx, old.saleId)).status).toBe("paid");
  });
});
