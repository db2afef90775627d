/**
 * Renewing with another seat count: the dashboard's renewal is priced like a purchase (the plan's price times the
 * seats, then the code), and once paid the account has the renewal's seats: more gives new ones, fewer ends the
 * newest (never seat 1), an admin's goodwill stays on top, and fulfilling the same payment again changes nothing.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { emails, promotionCodes, sales } from "../../src/db/schema";
import { renderEmail } from "../../src/features/email/templates/render";
import { fulfilPayment } from "../../src/features/checkout/fulfilment";
import { refundPayment } from "../../src/features/refunds/record";
import { paidSeats } from "../../src/features/seats/service";
import { api, call, outboxOf, signInAdmin, signUpWithKey, type TestContext } from "../support/app";
import { eachTestApp } from "../support/each-test";
import { LEAD, seatHelpers } from "../support/seats";
import { getBytes, pdfToText } from "../support/pdf";
import { SELLER_ENV } from "../support/production-env";

let ctx: TestContext;
eachTestApp(
  (made) => {
    ctx = made;
  },
  () => ({ env: SELLER_ENV }),
);

const { buySeats, list, validate, keysForSeats } = seatHelpers(() => ctx);

type Quote = { seats: number; unitPrice: number; listPrice: number; discount: number; total: number };

/** Renews from the dashboard with `body` and pays with the demo card: the intent's id and the quote it was for. */
async function renew(token: string, body: Record<string, unknown>) {
  const answer = await call(ctx.app, "POST", "/api/subscription/renew", { token, body: { plan: "pro", ...body } });
  expect(answer.status).toBe(200);
  const { clientSecret, quote } = answer.body as { clientSecret: string; quote: Quote };
  expect((await api(ctx.app).api.payment.demo.confirm.post({ clientSecret })).status).toBe(200);
  return { id: clientSecret.split("_secret_")[0]!, clientSecret, quote };
}

describe("renewing from the dashboard with seats", () => {
  test("is priced like a purchase: the plan's price times the seats, the code on the total; the sale keeps them", async () => {
    const { token } = await signUpWithKey(ctx, LEAD, (await buySeats(2)).key);
    await ctx.deps.db.insert(promotionCodes).values({ code: "RENEW20", percentOff: 20, createdAt: ctx.clock.now() });
    const { id, clientSecret, quote } = await renew(token, { seats: 4, promotionCode: "renew20" });
    expect(quote).toMatchObject({ seats: 4, unitPrice: 24.99, listPrice: 99.96, discount: 19.99, total: 79.97 });
    const [sale] = await ctx.deps.db.select().from(sales).where(eq(sales.paymentIntentId, id));
    expect(sale).toMatchObject({ seats: 4, amountCents: 7997, promotionCode: "RENEW20" });
    const result = await api(ctx.app).api.payment.success.get({
      query: { payment_intent: id, payment_intent_client_secret: clientSecret },
    });
    expect(result.data).toMatchObject({ success: true, seats: 4, amountPaid: 79.97 });

    const admin = (await signInAdmin(ctx)).token;
    const listed = (await api(ctx.app, admin).api.admin.sales.get({ query: {} })).data!.sales;
    const renewal = listed.find((row) => row.amount === 79.97)!;
    expect(renewal).toMatchObject({ seats: 4, plan: "pro" });
    const invoice = pdfToText((await getBytes(ctx.app, renewal.invoiceUrl!)).bytes);
    for (const expected of ["Layerlift 4 Month Pro × 4 seats", "24.99 USD", "99.96 USD"])
      expect(invoice).toContain(expected);
    // The receipt names the seats the renewal paid for.
    const [receipt] = await ctx.deps.db.select().from(emails).where(eq(emails.template, "renewal-receipt"));
    expect(receipt!.payload.seats).toBe(4);
    const { text } = await renderEmail("renewal-receipt", receipt!.payload, "https://layerlift.example");
    expect(text).toContain("Your payment of $79.97 for 4 Month Pro × 4 seats went through");
  });

  test("with more seats gives the new ones; absent renews one seat", async () => {
    const { token } = await signUpWithKey(ctx, LEAD, (await buySeats(2)).key);
    await renew(token, { seats: 5 });
    expect((await list(token)).total).toBe(5);
    await renew(token, {});
    expect((await list(token)).total).toBe(1);
  });

  test("with fewer seats ends the newest when paid: their keys answer SEAT_ENDED, the others and seat 1 keep working", async () => {
    const { token, user } = await signUpWithKey(ctx, LEAD, (await buySeats(4)).key);
    const own = (await api(ctx.app, token).api.figma["generate-key"].post()).data!.figmaKey;
    const keys = await keysForSeats(token);
    const seatIds = (await list(token)).seats.map((seat) => seat.id);
    const started = await call(ctx.app, "POST", "/api/subscription/renew", { token, body: { plan: "pro", seats: 2 } });
    // Nothing ends before the renewal is paid.
    expect(started.status).toBe(200);
    expect((await list(token)).total).toBe(4);

    const clientSecret = (started.body as { clientSecret: string }).clientSecret;
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret });
    expect((await list(token)).seats.map((seat) => seat.id)).toEqual(seatIds.slice(0, 2));
    expect((await validate(keys[0]!, "2")).status).toBe(200);
    for (const key of keys.slice(1))
      expect(await validate(key, "3")).toMatchObject({ status: 403, body: { code: "SEAT_ENDED" } });
    expect((await validate(own, "1")).status).toBe(200);
    expect(await paidSeats(ctx.deps.db, user.id)).toBe(2);
  });

  test("keeps an admin's goodwill seats on top, also when the account's earlier purchase had more", async () => {
    const { token, user } = await signUpWithKey(ctx, LEAD, (await buySeats(5)).key);
    await renew(token, { seats: 2 });
    const admin = (await signInAdmin(ctx)).token;
    // One seat of goodwill beyond the two the renewal pays for.
    const set = await call(ctx.app, "PUT", `/api/admin/users/${user.id}/seats`, { token: admin, body: { seats: 3 } });
    expect(set.body).toMatchObject({ seats: 3 });
    await renew(token, { seats: 2 });
    expect((await list(token)).total).toBe(3);
    await renew(token, { seats: 4 });
    expect((await list(token)).total).toBe(5);
  });

  test("fulfilled again (a replayed webhook, the result page) changes the seats no more", async () => {
    const { token, user } = await signUpWithKey(ctx, LEAD, (await buySeats(4)).key);
    const { id } = await renew(token, { seats: 2 });
    const admin = (await signInAdmin(ctx)).token;
    await call(ctx.app, "PUT", `/api/admin/users/${user.id}/seats`, { token: admin, body: { seats: 6 } });
    const [before] = await ctx.deps.db.select().from(sales).where(eq(sales.paymentIntentId, id));

    await fulfilPayment(ctx.deps, id, { refreshFee: true });
    await fulfilPayment(ctx.deps, id);
    expect((await list(token)).total).toBe(6);
    expect(await ctx.deps.db.select().from(sales).where(eq(sales.paymentIntentId, id))).toEqual([before!]);
  });

  test("refunded, ends only the seats it gave beyond what the purchase before it pays for", async () => {
    const { token } = await signUpWithKey(ctx, LEAD, (await buySeats(2)).key);
    const { id } = await renew(token, { seats: 5 });
    await keysForSeats(token);
    await refundPayment(ctx.deps, id);
    expect((await list(token)).total).toBe(2);
  });

  test("refunded after lowering the count, gives back the seats paid for before it, free, with the goodwill on top", async () => {
    const { token, user } = await signUpWithKey(ctx, LEAD, (await buySeats(4)).key);
    const admin = (await signInAdmin(ctx)).token;
    // One seat of goodwill on top of the four paid for.
    await call(ctx.app, "PUT", `/api/admin/users/${user.id}/seats`, { token: admin, body: { seats: 5 } });
    const { id } = await renew(token, { seats: 1 });
    expect((await list(token)).total).toBe(2);

    await refundPayment(ctx.deps, id);
    const after = await list(token);
    expect(after.total).toBe(5);
    expect(after.total).toBe((await paidSeats(ctx.deps.db, user.id)) + 1);
    expect(after.used).toBe(0);
    const notices = await outboxOf(ctx, "refund-notice", LEAD);
    expect(notices.at(-1)!.payload).toMatchObject({ keyOutcome: "days-removed", seatCount: 5 });
    const { text } = await renderEmail("refund-notice", notices.at(-1)!.payload, "https://layerlift.example");
    expect(text).toContain("have been taken off, so your access now runs until");
    expect(text).toContain("Your licence now has 5 seats.");
    // Recorded once: the provider's refund event after it gives nothing more.
    await refundPayment(ctx.deps, id);
    expect((await list(token)).total).toBe(5);
  });

  test("refunded without changing the count, says nothing of seats", async () => {
    const { token } = await signUpWithKey(ctx, LEAD, (await buySeats(3)).key);
    const { id } = await renew(token, { seats: 3 });
    await refundPayment(ctx.deps, id);
    expect((await list(token)).total).toBe(3);
    const notices = await outboxOf(ctx, "refund-notice", LEAD);
    expect(notices.at(-1)!.payload).not.toHaveProperty("seatCount");
  });

  test("anything but a whole number from 1 to 100 is 422 INVALID_SEATS and starts nothing", async () => {
    const { token } = await signUpWithKey(ctx, LEAD, (await buySeats(2)).key);
    for (const seats of [0, 101, 2.5, "3"]) {
      const answer = await call(ctx.app, "POST", "/api/subscription/renew", { token, body: { plan: "pro", seats } });
      expect(answer).toMatchObject({
        status: 422,
        body: { error: "INVALID_SEATS", message: "Seats must be a whole number from 1 to 100." },
      });
    }
    expect((await list(token)).total).toBe(2);
  });
});
