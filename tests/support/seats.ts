/**
 * What the seat tests do again and again (docs/accounts.md#seats): buy seats with the demo card, sign up a studio
 * with them, list the seats, give them keys, validate a key, redeem another key. `seatHelpers(() => ctx)` binds them
 * to the file's test app, read at each call (a file makes a new one for every test).
 */
import { and, eq, isNull } from "drizzle-orm";
import { sales, seats } from "../../src/db/schema";
import { generateProductKeys } from "../../src/features/product-keys/service";
import type { SeatsResponse } from "../../src/shared/api/seats";
import type { PlanId } from "../../src/shared/plans";
import { api, call, signUpWithKey, type TestContext } from "./app";

/** The studio lead every seat test buys for, unless it says otherwise. */
export const LEAD = "lead@studio.example";

export function seatHelpers(context: () => TestContext) {
  /** `count` seats of `plan` paid with the demo card, not yet fulfilled: the intent's id and its client secret. */
  async function payForSeats(count: number, email = LEAD, plan: PlanId = "pro") {
    const { data } = await api(context().app).api["create-payment-intent"].post({ plan, email, seats: count });
    await api(context().app).api.payment.demo.confirm.post({ clientSecret: data!.clientSecret });
    return { id: data!.clientSecret.split("_secret_")[0]!, clientSecret: data!.clientSecret };
  }

  /** `count` seats of `plan` bought with the demo card by `email`: the intent's id and the product key. */
  async function buySeats(count: number, email = LEAD, plan: PlanId = "pro") {
    const { id, clientSecret } = await payForSeats(count, email, plan);
    const result = await api(context().app).api.payment.success.get({
      query: { payment_intent: id, payment_intent_client_secret: clientSecret },
    });
    return { id, key: result.data!.productKey! };
  }

  /** A studio lead's account, signed up with a key of `count` seats an admin made. */
  async function studio(count: number, email = LEAD) {
    const ctx = context();
    const [key] = await generateProductKeys(ctx.deps.db, ctx.clock.now(), {
      plan: "pro",
      count: 1,
      source: "admin",
      seats: count,
    });
    const { token, user } = await signUpWithKey(ctx, email, key!.key);
    return { token, userId: user.id };
  }

  const list = async (token: string) =>
    (await call(context().app, "GET", "/api/seats", { token })).body as SeatsResponse;
  /** POST /api/seats/:id/key, its answer as it is. */
  const keyCall = (token: string, id: number) => call(context().app, "POST", `/api/seats/${id}/key`, { token });
  /** A new key for seat `id`: the key. */
  const giveKey = async (token: string, id: number) => ((await keyCall(token, id)).body as { key: string }).key;
  const validate = (key: string, robloxUserId: string) =>
    call(context().app, "POST", "/api/plugin/validate", { body: { key, robloxUserId } });
  const redeem = (token: string, productKey: string) =>
    call(context().app, "POST", "/api/subscription/redeem", { token, body: { productKey } });

  /** A key for every seat after the first, in seat order (seat 2 first). */
  async function keysForSeats(token: string) {
    const keys: string[] = [];
    for (const seat of (await list(token)).seats.slice(1)) keys.push(await giveKey(token, seat.id));
    return keys;
  }

  /** The account's seats that exist, read from the database. */
  const liveSeats = (userId: number) =>
    context()
      .deps.db.select()
      .from(seats)
      .where(and(eq(seats.userId, userId), isNull(seats.endedAt)));
  /** The sale paid by intent `id`. */
  const saleOf = async (id: string) =>
    (await context().deps.db.select().from(sales).where(eq(sales.paymentIntentId, id)))[0]!;

  return { payForSeats, buySeats, studio, list, keyCall, giveKey, validate, redeem, keysForSeats, liveSeats, saleOf };
}
