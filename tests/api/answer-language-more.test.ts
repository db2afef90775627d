/**
 * More of the API's sentences in the caller's language: the refund link's and the account's refund refusals
 * (with their stable reason codes), a refund's outcome, promotion code refusals (thrown, and in the look-up's
 * answer), the payment result's failures, the link-reset cooldown (its minutes a field of the answer) and a
 * seat label's refusal. In German for `Accept-Language: de`; English exactly as before.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import german from "../../src/shared/locales/de.json";
import portuguese from "../../src/shared/locales/pt-BR.json";
import { promotionCodes, sales } from "../../src/db/schema";
import { DAY } from "../../src/lib/clock";
import { call, makeTestApp, signUpUser, signUpWithKey } from "../support/app";
import { paidWithDemoCard } from "../support/purchase";

const ctx = makeTestApp();
afterAll(() => ctx.cleanup());

const GERMAN = { "accept-language": "de-DE,de;q=0.9" };
/** A catalogue message formatted as the server formats it, for the simple parameters these use. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

async function bought(email: string) {
  const { sale, key } = await paidWithDemoCard(ctx, "pro", email);
  return { saleId: (await sale()).id, key };
}

const ageSale = (saleId: number, days: number) =>
  ctx.deps.db
    .update(sales)
    .set({ createdAt: ctx.clock.now() - days * DAY })
    .where(eq(sales.id, saleId));

describe("the refund link's sentences", () => {
  test("a purchase past the window: the view's reason and the 409 in German, with its code; English unchanged", async () => {
    const { saleId, key } = await bought("late@example.com");
    await ageSale(saleId, 8);
    const days = ctx.deps.config.refundWindowDays;
    const english = `Purchases can be refunded here for ${days} days; this one is older. Please contact support.`;

    const view = await call(ctx.app, "GET", `/api/refund-link?key=${key}`, { headers: GERMAN });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      available: false,
      reasonCode: "WINDOW_OVER",
      refundWindowDays: days,
      reason: fill(german["api.REFUND_NOT_POSSIBLE.windowOver"], { days }),
    });
    expect((await call(ctx.app, "GET", `/api/refund-link?key=${key}`)).body.reason).toBe(english);

    const refused = await call(ctx.app, "POST", "/api/refund-link", { body: { key }, headers: GERMAN });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: "REFUND_NOT_POSSIBLE",
      reason: "WINDOW_OVER",
      days,
      message: fill(german["api.REFUND_NOT_POSSIBLE.windowOver"], { days }),
    });
    const inEnglish = await call(ctx.app, "POST", "/api/refund-link", { body: { key } });
    expect(inEnglish.body).toEqual({ error: "REFUND_NOT_POSSIBLE", reason: "WINDOW_OVER", days, message: english });
  });

  test("an unknown link, a link without its key, and the refund's outcome", async () => {
    const unknown = await call(ctx.app, "GET", "/api/refund-link?key=AAAAAAAAAAAA", { headers: GERMAN });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: "NOT_FOUND", message: german["api.NOT_FOUND.refundLink"] });
    const incomplete = await call(ctx.app, "POST", "/api/refund-link", { body: { key: "" }, headers: GERMAN });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.message).toBe(german["api.VALIDATION.refundLink"]);

    const { key } = await bought("refund-me@example.com");
    const refunded = await call(ctx.app, "POST", "/api/refund-link", { body: { key }, headers: GERMAN });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toEqual({ outcome: "refunded", message: german["api.REFUND_OUTCOME.refunded"] });
    // The refunded key is cancelled, but its link still finds the purchase and says it was refunded.
    const again = await call(ctx.app, "GET", `/api/refund-link?key=${key}`, { headers: GERMAN });
    expect(again.status).toBe(200);
    expect(again.body.reason).toBe(german["api.REFUND_NOT_POSSIBLE.alreadyRefunded"]);
    const twice = await call(ctx.app, "POST", "/api/refund-link", { body: { key }, headers: GERMAN });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(german["api.REFUND_NOT_POSSIBLE.alreadyRefunded"]);
  });

  test("a partly refunded purchase's note in the account's purchases, in German and in English", async () => {
    const { saleId, key } = await bought("partly@example.com");
    const { token } = await signUpWithKey(ctx, "partly@example.com", key);
    await ctx.deps.db.update(sales).set({ refundedCents: 500 }).where(eq(sales.id, saleId));
    const note = async (headers: Record<string, string>) =>
      (await call(ctx.app, "GET", "/api/account/purchases", { token, headers })).body.purchases[0].refund.reason;
    expect(await note(GERMAN)).toBe(german["api.REFUND_NOT_POSSIBLE.partlyRefunded"]);
    expect(await note({ "accept-language": "pt-BR" })).toBe(portuguese["api.REFUND_NOT_POSSIBLE.partlyRefunded"]);
    expect(await note({})).toBe(
      "Part of this purchase has already been refunded. Please contact support about the rest.",
    );
    // The stable code beside it, so a page can say it in its own words with the support page linked.
    const { body } = await call(ctx.app, "GET", "/api/account/purchases", { token, headers: GERMAN });
    expect(body.purchases[0].refund.reasonCode).toBe("PARTLY_REFUNDED");
  });
});

describe("promotion codes and the payment result", () => {
  test("a code that ended and one not started yet: the payment's 422 and the look-up, naming the code", async () => {
    const now = ctx.clock.now();
    await ctx.deps.db.insert(promotionCodes).values([
      { code: "OVER", percentOff: 20, createdAt: now, endsAt: now - DAY },
      { code: "LATER", percentOff: 20, createdAt: now, startsAt: Date.UTC(2030, 0, 2) },
    ]);
    const start = (promotionCode: string, headers: Record<string, string> = {}) =>
      call(ctx.app, "POST", "/api/create-payment-intent", {
        body: { plan: "pro", email: "promo@example.com", promotionCode },
        headers,
      });
    const ended = await start("over", GERMAN);
    expect(ended.status).toBe(422);
    expect(ended.body).toEqual({
      error: "PROMOTION_CODE_ENDED",
      message: fill(german["api.PROMOTION_CODE_ENDED"], { promotionCode: "OVER" }),
    });
    expect((await start("OVER")).body.message).toBe("The promotion code OVER has ended.");
    const later = await start("LATER", GERMAN);
    expect(later.body.message).toBe(
      fill(german["api.PROMOTION_CODE_NOT_STARTED"], { promotionCode: "LATER", startsOn: "2030-01-02" }),
    );

    const lookup = await call(ctx.app, "GET", "/api/promotion-codes/nope?plan=pro", { headers: GERMAN });
    expect(lookup.body).toMatchObject({
      applies: false,
      reason: "PROMOTION_CODE_UNKNOWN",
      message: fill(german["api.PROMOTION_CODE_UNKNOWN"], { promotionCode: "NOPE" }),
    });
    expect((await call(ctx.app, "GET", "/api/promotion-codes/nope?plan=pro")).body.message).toBe(
      "There is no promotion code NOPE. Please check how it is spelled.",
    );
  });

  test("the result page's sentence for a payment it can't find", async () => {
    const path = "/api/payment/success?payment_intent=pi_nothing_here";
    const inGerman = await call(ctx.app, "GET", path, { headers: GERMAN });
    expect(inGerman.body).toEqual({ success: false, error: german["api.PAYMENT_RESULT.notFound"] });
    expect((await call(ctx.app, "GET", path)).body.error).toBe(
      "We couldn't find this payment. If you were charged, please contact support.",
    );
  });
});

describe("seats", () => {
  test("the reset cooldown names its minutes, which the answer carries", async () => {
    const user = await signUpUser(ctx);
    const key = (await call(ctx.app, "POST", "/api/figma/generate-key", { token: user.token })).body.figmaKey;
    await call(ctx.app, "POST", "/api/plugin/validate", { body: { key, robloxUserId: "123" } });
    const reset = (headers: Record<string, string> = {}) =>
      call(ctx.app, "POST", "/api/figma/reset-linked-account", { token: user.token, headers });
    expect((await reset()).status).toBe(200);
    ctx.clock.advance(DAY / 2);
    const minutes = (ctx.deps.config.linkResetCooldownHours * 60) / 2;
    const inGerman = await reset(GERMAN);
    expect(inGerman.status).toBe(429);
    expect(inGerman.body).toMatchObject({
      error: "COOLDOWN_ACTIVE",
      minutes,
      message: fill(german["api.COOLDOWN_ACTIVE"], { minutes }),
    });
    expect((await reset()).body.message).toBe(`You can reset the linked account again in about ${minutes} min.`);
  });

  test("a seat label that is too long", async () => {
    const user = await signUpUser(ctx);
    const seat = (await call(ctx.app, "GET", "/api/seats", { token: user.token })).body.seats[0];
    const label = (headers: Record<string, string> = {}) =>
      call(ctx.app, "PATCH", `/api/seats/${seat.id}`, { token: user.token, body: { label: "x".repeat(61) }, headers });
    const inGerman = await label(GERMAN);
    expect(inGerman.status).toBe(422);
    expect(inGerman.body).toEqual({
      error: "VALIDATION",
      message: fill(german["api.VALIDATION.seatLabel"], { max: 60 }),
    });
    expect((await label()).body.message).toBe("A seat's label is at most 60 characters.");
  });
});
