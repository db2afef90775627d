/**
 * A partial refund of seats: an admin refunds some of a sale's seats (a purchase, a renewal or added seats). That many
 * of the account's seats end, the newest first; the sale remembers them, so the account pays for the rest and a second
 * refund can't end more than the sale paid for. Anything else is a 422 with a sentence, and nothing changes.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { refundRequests, sales } from "../../src/db/schema";
import { recordPartialRefund } from "../../src/features/refunds/record";
import { renderEmail } from "../../src/features/email/templates/render";
import { paidSeats } from "../../src/features/seats/service";
import { auditRowsOf, call, outboxOf, signInAdmin, signUpWithKey, type TestContext } from "../support/app";
import { eachTestApp } from "../support/each-test";
import { LEAD, seatHelpers } from "../support/seats";

let ctx: TestContext;
eachTestApp((made) => {
  ctx = made;
});

const { buySeats, list, validate, keysForSeats, saleOf } = seatHelpers(() => ctx);

const refund = async (saleId: number, body: Record<string, unknown>) =>
  call(ctx.app, "POST", `/api/admin/sales/${saleId}/refund`, { token: (await signInAdmin(ctx)).token, body });

describe("refunding some of a sale's seats", () => {
  test("ends that many seats, the newest first; the sale remembers them and the notice and audit say so", async () => {
    const bought = await buySeats(5);
    const { token, user } = await signUpWithKey(ctx, LEAD, bought.key);
    const keys = await keysForSeats(token);
    const sale = await saleOf(bought.id);

    const answer = await refund(sale.id, { amount: 20, seats: 2 });
    expect(answer).toMatchObject({ status: 200, body: { refunded: 20, refundedSeats: 2, status: "paid" } });
    expect((await list(token)).total).toBe(3);
    expect(await paidSeats(ctx.deps.db, user.id)).toBe(3);
    for (const [index, key] of keys.entries())
      expect((await validate(key, String(index + 2))).status).toBe(index < 2 ? 200 : 403);
    expect((await validate(keys[3]!, "5")).body).toMatchObject({ code: "SEAT_ENDED" });
    expect(await saleOf(bought.id)).toMatchObject({ refundedSeats: 2, refundedCents: 2000 });

    const [audit] = await auditRowsOf(ctx, "sale.partially-refunded");
    expect(JSON.stringify(audit!.detail)).toContain(`2 of its 5 seats refunded, 2 seats of user ${user.id} ended`);
    const notice = (await outboxOf(ctx, "refund-notice", LEAD)).at(-1)!;
    expect(notice.payload).toMatchObject({ keyOutcome: "kept", seatsRefunded: 2, seatCount: 3 });
    const { text } = await renderEmail("refund-notice", notice.payload, "https://layerlift.example");
    expect(text).toContain("2 of the seats this payment was for were refunded and have ended.");
    expect(text).toContain("Your licence now has 3 seats.");
  });

  test("a request tried again after its refund was recorded ends its seats once", async () => {
    const bought = await buySeats(5);
    const { token } = await signUpWithKey(ctx, LEAD, bought.key);
    const sale = await saleOf(bought.id);
    const [request] = await ctx.deps.db
      .insert(refundRequests)
      .values({
        saleId: sale.id,
        amountCents: 1000,
        seats: 2,
        providerKey: "refund-tried-again",
        status: "pending",
        createdAt: ctx.clock.now(),
      })
      .returning();
    const asked = { requestId: request!.id, seats: 2 };
    await recordPartialRefund(ctx.deps, bought.id, 1000, null, asked);
    // Tried again (its answer failed after the refund was recorded): the provider answers the same refund.
    await recordPartialRefund(ctx.deps, bought.id, 1000, null, asked);
    expect((await list(token)).total).toBe(3);
    expect(await saleOf(bought.id)).toMatchObject({ refundedSeats: 2, refundedCents: 1000 });
  });

  test("a second one can't end more than the sale still pays for: 422 with a sentence, nothing changed", async () => {
    const bought = await buySeats(4);
    const { token } = await signUpWithKey(ctx, LEAD, bought.key);
    const sale = await saleOf(bought.id);
    expect((await refund(sale.id, { amount: 10, seats: 2 })).status).toBe(200);

    const before = await saleOf(bought.id);
    for (const seats of [3, 0, -1, 1.5]) {
      const answer = await refund(sale.id, { amount: 5, seats });
      expect(answer).toMatchObject({
        status: 422,
        body: {
          error: "INVALID_SEATS",
          message: "Seats to end must be a whole number from 1 to 2: the seats of this sale not refunded yet.",
        },
      });
    }
    expect(await saleOf(bought.id)).toEqual(before);
    expect((await list(token)).total).toBe(2);

    expect((await refund(sale.id, { amount: 5, seats: 1 })).status).toBe(200);
    expect((await list(token)).total).toBe(1);
    expect(await saleOf(bought.id)).toMatchObject({ refundedSeats: 3 });
  });

  test("a sale of one seat has no seats to end on their own", async () => {
    const bought = await buySeats(1);
    await signUpWithKey(ctx, LEAD, bought.key);
    const sale = await saleOf(bought.id);
    expect(await refund(sale.id, { amount: 5, seats: 1 })).toMatchObject({
      status: 422,
      body: { error: "INVALID_SEATS" },
    });
    const [after] = await ctx.deps.db.select().from(sales).where(eq(sales.id, sale.id));
    expect(after).toMatchObject({ refundedCents: 0, refundedSeats: 0, status: "paid" });
  });

  test("of a renewal, ends the seats beyond what it still pays for; a later full refund gives back the count before it", async () => {
    const { token, user } = await signUpWithKey(ctx, LEAD, (await buySeats(2)).key);
    const renewal = await call(ctx.app, "POST", "/api/subscription/renew", {
      token,
      body: { plan: "pro", seats: 6 },
    });
    const clientSecret = (renewal.body as { clientSecret: string }).clientSecret;
    await call(ctx.app, "POST", "/api/payment/demo/confirm", { body: { clientSecret } });
    const id = clientSecret.split("_secret_")[0]!;
    expect((await list(token)).total).toBe(6);

    expect((await refund((await saleOf(id)).id, { amount: 30, seats: 3 })).status).toBe(200);
    expect((await list(token)).total).toBe(3);
    expect(await paidSeats(ctx.deps.db, user.id)).toBe(3);
    expect((await refund((await saleOf(id)).id, {})).status).toBe(200);
    expect((await list(token)).total).toBe(2);
  });
});
