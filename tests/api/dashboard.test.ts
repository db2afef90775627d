import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { DAY, HOUR } from "../../src/lib/clock";
import { FakeClock } from "../support/fake-clock";
import { refundPayment, recordPartialRefund } from "../../src/features/refunds/record";
import { api, makeTestApp, signInAdmin, signUpUser, signUpWithKey, type TestContext } from "../support/app";
import { paidWithDemoCard } from "../support/purchase";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp({ clock: new FakeClock(Date.UTC(2026, 10, 1, 12)) });
});
afterEach(() => ctx.cleanup());

test("the dashboard shows plan, status, end date and time remaining", async () => {
  const user = await signUpUser(ctx, "month");
  ctx.clock.advance(DAY + 2 * HOUR + 3_000);
  const answer = await api(ctx.app, user.token).api.dashboard.get();
  expect(answer.status).toBe(200);
  expect(answer.data!.subscription).toMatchObject({
    plan: "month",
    planName: "1 Month Subscription",
    status: "active",
    endDate: new Date(Date.UTC(2026, 11, 1, 12)).toISOString(),
    timeRemaining: { days: 28, hours: 21, minutes: 59, seconds: 57 },
  });
});

test("lifetime access has no end date and no time remaining", async () => {
  const user = await signUpUser(ctx, "lifetime");
  const answer = await api(ctx.app, user.token).api.dashboard.get();
  expect(answer.data!.subscription).toMatchObject({ plan: "lifetime", endDate: null, timeRemaining: null });
});

test("past its end the subscription is expired with zero time remaining", async () => {
  const user = await signUpUser(ctx, "month");
  ctx.clock.advance(30 * DAY);
  const login = await api(ctx.app).api.auth.login.post({ email: user.email, password: user.password });
  const answer = await api(ctx.app, login.data!.token).api.dashboard.get();
  expect(answer.data!.subscription!.status).toBe("expired");
  expect(answer.data!.subscription!.timeRemaining!.total).toBe(0);
});

test("an admin without a subscription gets a null subscription", async () => {
  const admin = await signInAdmin(ctx);
  const answer = await api(ctx.app, admin.token).api.dashboard.get();
  expect(answer.status).toBe(200);
  expect(answer.data).toEqual({ subscription: null });
});

test("the dashboard needs a signed-in user", async () => {
  expect((await api(ctx.app).api.dashboard.get()).status).toBe(401);
});

describe("a subscription whose purchase was refunded", () => {
  test("says when the full refund ended it, on the dashboard and in the current user's answer", async () => {
    const bought = await paidWithDemoCard(ctx, "month", "refunded@example.com");
    const { token } = await signUpWithKey(ctx, "refunded@example.com", bought.key);
    ctx.clock.advance(3 * DAY);
    const refundedAt = new Date(ctx.clock.now()).toISOString();
    await refundPayment(ctx.deps, bought.id);
    ctx.clock.advance(HOUR);

    const answer = await api(ctx.app, token).api.dashboard.get();
    expect(answer.data!.subscription).toMatchObject({ status: "expired", endDate: refundedAt, refundedAt });
    expect((await api(ctx.app, token).api.auth.me.get()).data!.subscription).toMatchObject({ refundedAt });
  });

  test("a subscription that ran out on its own, or kept running, has no refund date", async () => {
    const ranOut = await signUpUser(ctx, "month");
    const bought = await paidWithDemoCard(ctx, "month", "partly@example.com");
    await signUpWithKey(ctx, "partly@example.com", bought.key);
    await recordPartialRefund(ctx.deps, bought.id, 200);
    ctx.clock.advance(31 * DAY);
    for (const email of [ranOut.email, "partly@example.com"]) {
      const login = await api(ctx.app).api.auth.login.post({ email, password: "correct horse" });
      const answer = await api(ctx.app, login.data!.token).api.dashboard.get();
      expect(answer.data!.subscription).toMatchObject({ status: "expired", refundedAt: null });
    }
  });

  test("a refund that leaves time from another key keeps the subscription active", async () => {
    const bought = await paidWithDemoCard(ctx, "month", "twice@example.com");
    const { token } = await signUpWithKey(ctx, "twice@example.com", bought.key);
    const other = await paidWithDemoCard(ctx, "month", "twice@example.com");
    expect((await api(ctx.app, token).api.subscription.redeem.post({ productKey: other.key })).status).toBe(200);
    await refundPayment(ctx.deps, bought.id);
    const answer = await api(ctx.app, token).api.dashboard.get();
    expect(answer.data!.subscription).toMatchObject({ status: "active", refundedAt: null });
  });
});
