/**
 * `/api/auth/me`'s hot path answers without a promise (src/http/guard.ts, src/features/auth/service.ts): a token
 * whose signature was checked already, the account's rows at hand and nothing to write. A signed-out token, a
 * new token version and a subscription a refund may have ended still show on the next call.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { subscriptions, users } from "../../src/db/schema";
import { meResponse } from "../../src/features/auth/service";
import { userFromRequest } from "../../src/http/guard";
import { MINUTE } from "../../src/lib/clock";
import { FakeClock } from "../support/fake-clock";
import { api, makeTestApp, signUpUser, type TestContext } from "../support/app";
import { rightAfterRead } from "../support/kept-rows";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp({ clock: new FakeClock(Date.UTC(2026, 10, 1, 12)) });
});
afterEach(() => ctx.cleanup());

const meRequest = (token: string) =>
  new Request("http://localhost/api/auth/me", { headers: { authorization: `Bearer ${token}` } });

/** A signed-in account whose token was checked and whose rows were read (and kept) by two calls. */
async function signedIn() {
  const user = await signUpUser(ctx, "pro");
  for (let i = 0; i < 2; i++) expect((await api(ctx.app, user.token).api.auth.me.get()).status).toBe(200);
  return user;
}

describe("the signed-in user's look-up", () => {
  test("a known token of an account at hand answers at once, the user the whole way finds", async () => {
    const { token, user } = await signedIn();
    const me = () => api(ctx.app, token).api.auth.me.get();
    const whole = await me();
    const { answer: found } = await rightAfterRead(ctx.deps.db, me, () => userFromRequest(ctx.deps, meRequest(token)));
    expect(found).not.toBeInstanceOf(Promise);
    expect((found as { id: number }).id).toBe(user.id);
    const { answer: atOnce } = await rightAfterRead(ctx.deps.db, me, () =>
      meResponse(ctx.deps, found as Parameters<typeof meResponse>[1]),
    );
    expect(atOnce).not.toBeInstanceOf(Promise);
    expect(atOnce).toEqual(whole.data!);
  });

  test("a token not seen yet, or a minute since the account was last seen, goes the whole way", async () => {
    const { token, user } = await signedIn();
    expect(userFromRequest(ctx.deps, meRequest(`${token}x`))).toBeInstanceOf(Promise);
    ctx.clock.advance(2 * MINUTE);
    const later = userFromRequest(ctx.deps, meRequest(token));
    expect(later).toBeInstanceOf(Promise);
    expect((await later)?.id).toBe(user.id);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.lastSeenAt).toBe(ctx.clock.now());
  });

  test("a new token version ends the session on the very next call", async () => {
    const { token, user } = await signedIn();
    await ctx.deps.db.update(users).set({ tokenVersion: 7 }).where(eq(users.id, user.id));
    expect(await userFromRequest(ctx.deps, meRequest(token))).toBeNull();
    expect((await api(ctx.app, token).api.auth.me.get()).status).toBe(401);
  });

  test("a subscription that has ended is looked at the whole way, so a refund's end still shows", async () => {
    const { token, user } = await signedIn();
    await ctx.deps.db
      .update(subscriptions)
      .set({ endDate: ctx.clock.now() - 1 })
      .where(eq(subscriptions.userId, user.id));
    const found = userFromRequest(ctx.deps, meRequest(token));
    const answer = meResponse(ctx.deps, (await found)!);
    expect(answer).toBeInstanceOf(Promise);
    expect((await answer).subscription).toMatchObject({ status: "expired", refundedAt: null });
  });
});
