import { afterEach, beforeEach, expect, test } from "bun:test";
import { DAY, HOUR } from "../../src/lib/clock";
import { FakeClock } from "../support/fake-clock";
import { api, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";

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
