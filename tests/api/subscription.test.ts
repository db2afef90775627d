import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { productKeys } from "../../src/db/schema";
import { DAY } from "../../src/lib/clock";
import { FakeClock } from "../support/fake-clock";
import {
  api,
  failure,
  makeKey,
  makeTestApp,
  outboxOf,
  signInAdmin,
  signUpUser,
  type TestContext,
} from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp({ clock: new FakeClock(Date.UTC(2026, 10, 1, 12)) });
});
afterEach(() => ctx.cleanup());

const cancel = (token: string) => api(ctx.app, token).api.subscription.cancel.post();
const redeem = (token: string, productKey: string) => api(ctx.app, token).api.subscription.redeem.post({ productKey });
const iso = (ms: number) => new Date(ms).toISOString();
/** Sessions last 7 days, so after moving the clock further the user signs in again. */
const signIn = async (user: { email: string; password: string }) =>
  (await api(ctx.app).api.auth.login.post({ email: user.email, password: user.password })).data!.token as string;

describe("POST /api/subscription/cancel", () => {
  test("cancelling sets status cancelled and cancelledAt and keeps the end date", async () => {
    const user = await signUpUser(ctx, "month");
    const answer = await cancel(user.token);
    expect(answer.status).toBe(200);
    expect(answer.data!.subscription).toMatchObject({
      status: "cancelled",
      cancelledAt: iso(ctx.clock.now()),
      endDate: user.subscription!.endDate,
    });
  });

  test("cancelling twice answers 409", async () => {
    const user = await signUpUser(ctx, "pro");
    await cancel(user.token);
    const again = await cancel(user.token);
    expect(again.status).toBe(409);
    expect(failure(again)?.error).toBe("ALREADY_CANCELLED");
  });

  test("two cancels at once: one cancels, the other is told it already is; one e-mail", async () => {
    const user = await signUpUser(ctx, "pro");
    const answers = await Promise.all([cancel(user.token), cancel(user.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await outboxOf(ctx, "cancellation", user.email)).toHaveLength(1);
  });

  test("lifetime access has nothing to cancel: 409", async () => {
    const user = await signUpUser(ctx, "lifetime");
    const answer = await cancel(user.token);
    expect(answer.status).toBe(409);
    expect(failure(answer)?.message).toBe("Lifetime access has no renewal to cancel.");
  });

  test("an ended subscription can't be cancelled", async () => {
    const user = await signUpUser(ctx, "month");
    ctx.clock.advance(31 * DAY);
    expect((await cancel(await signIn(user))).status).toBe(409);
  });

  test("an account without a subscription gets 404", async () => {
    const admin = await signInAdmin(ctx);
    expect((await cancel(admin.token)).status).toBe(404);
  });

  test("cancelling needs a signed-in user", async () => {
    expect((await api(ctx.app).api.subscription.cancel.post()).status).toBe(401);
  });

  test("after the end date a cancelled subscription shows expired", async () => {
    const user = await signUpUser(ctx, "month");
    await cancel(user.token);
    ctx.clock.advance(30 * DAY);
    const dashboard = await api(ctx.app, await signIn(user)).api.dashboard.get();
    expect(dashboard.data!.subscription!.status).toBe("expired");
  });
});

describe("POST /api/subscription/redeem", () => {
  test("a key's days are added to the current end date while it is running", async () => {
    const user = await signUpUser(ctx, "month");
    ctx.clock.advance(10 * DAY);
    const answer = await redeem(await signIn(user), await makeKey(ctx.deps, "month"));
    expect(answer.status).toBe(200);
    expect(answer.data!.subscription!.endDate!).toBe(iso(Date.parse(user.subscription!.endDate!) + 30 * DAY));
  });

  test("three keys redeemed at once each add their days", async () => {
    const user = await signUpUser(ctx, "month");
    const keys = [await makeKey(ctx.deps, "month"), await makeKey(ctx.deps, "month"), await makeKey(ctx.deps, "pro")];
    const answers = await Promise.all(keys.map((key) => redeem(user.token, key)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const after = (await api(ctx.app, user.token).api.dashboard.get()).data!.subscription!;
    expect(after.endDate).toBe(iso(Date.parse(user.subscription!.endDate!) + (30 + 30 + 120) * DAY));
  });

  test("after the end date the key's days count from now", async () => {
    const user = await signUpUser(ctx, "month");
    ctx.clock.advance(40 * DAY);
    const answer = await redeem(await signIn(user), await makeKey(ctx.deps, "pro"));
    expect(answer.data!.subscription).toMatchObject({
      plan: "pro",
      status: "active",
      endDate: iso(ctx.clock.now() + 120 * DAY),
    });
  });

  test("a lifetime key makes the end date null", async () => {
    const user = await signUpUser(ctx, "pro");
    const answer = await redeem(user.token, await makeKey(ctx.deps, "lifetime"));
    expect(answer.data!.subscription).toMatchObject({
      plan: "lifetime",
      endDate: null,
      timeRemaining: null,
      status: "active",
    });
  });

  test("a cancelled subscription becomes active again", async () => {
    const user = await signUpUser(ctx, "month");
    await cancel(user.token);
    const answer = await redeem(user.token, await makeKey(ctx.deps, "month"));
    expect(answer.data!.subscription).toMatchObject({ status: "active", cancelledAt: null });
  });

  test("a pro key on a running month subscription shows the pro plan", async () => {
    const user = await signUpUser(ctx, "month");
    expect((await redeem(user.token, await makeKey(ctx.deps, "pro"))).data!.subscription!.plan).toBe("pro");
  });

  test("an account without a subscription gets one", async () => {
    const admin = await signInAdmin(ctx);
    const answer = await redeem(admin.token, await makeKey(ctx.deps, "month"));
    expect(answer.data!.subscription).toMatchObject({
      plan: "month",
      status: "active",
      endDate: iso(ctx.clock.now() + 30 * DAY),
    });
  });

  test("the key is marked used by the redeeming user", async () => {
    const user = await signUpUser(ctx, "month");
    const key = await makeKey(ctx.deps, "month");
    await redeem(user.token, key.toLowerCase());
    const [row] = await ctx.deps.db.select().from(productKeys).where(eq(productKeys.key, key));
    expect(row).toMatchObject({ isUsed: true, usedByUserId: user.user.id });
  });

  test("an unknown key answers 400 'Invalid product key' and changes nothing", async () => {
    const user = await signUpUser(ctx, "month");
    const answer = await redeem(user.token, "ZZZZZZZZZZZZ");
    expect(answer.status).toBe(400);
    expect(failure(answer)?.message).toBe("Invalid product key");
    expect((await api(ctx.app, user.token).api.dashboard.get()).data!.subscription!.endDate).toBe(
      user.subscription!.endDate!,
    );
  });

  test("a used key answers 409 'This product key has already been used'", async () => {
    const user = await signUpUser(ctx, "month");
    const key = await makeKey(ctx.deps, "month");
    await redeem(user.token, key);
    const again = await redeem(user.token, key);
    expect(again.status).toBe(409);
    expect(failure(again)?.message).toBe("This product key has already been used");
  });

  test("lifetime access refuses another key and leaves the key unused", async () => {
    const user = await signUpUser(ctx, "lifetime");
    const key = await makeKey(ctx.deps, "pro");
    const answer = await redeem(user.token, key);
    expect(answer.status).toBe(409);
    expect(failure(answer)?.error).toBe("ALREADY_LIFETIME");
    const [row] = await ctx.deps.db.select().from(productKeys).where(eq(productKeys.key, key));
    expect(row!.isUsed).toBe(false);
  });

  test("an empty key answers 422", async () => {
    const user = await signUpUser(ctx, "month");
    expect((await redeem(user.token, "")).status).toBe(422);
  });

  test("redeeming is rate limited", async () => {
    ctx.cleanup();
    ctx = makeTestApp({ rateLimits: true });
    const user = await signUpUser(ctx, "month");
    let last = await redeem(user.token, "ZZZZZZZZZZZZ");
    for (let i = 0; i < 15 && last.status === 400; i++) last = await redeem(user.token, "ZZZZZZZZZZZZ");
    expect(last.status).toBe(429);
  });
});
