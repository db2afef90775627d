import { afterEach, beforeEach, expect, test } from "bun:test";
import { MINUTE } from "../../src/lib/clock";
import { FakeClock } from "../support/fake-clock";
import { call, makeTestApp, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => { ctx = makeTestApp({ clock: new FakeClock(Date.UTC(2026, 10, 1, 12)) }); });
afterEach(() => ctx.cleanup());

const activeCount = async () => (await call(ctx.app, "GET", "/api/stats/active-users")).body.count;

test("no one seen means zero active users", async () => {
  expect(await activeCount()).toBe(0);
});

test("users seen in the last five minutes count once each", async () => {
  const first = await signUpUser(ctx);
  const second = await signUpUser(ctx);
  await call(ctx.app, "GET", "/api/auth/me", { token: first.token });
  await call(ctx.app, "GET", "/api/dashboard", { token: first.token });
  await call(ctx.app, "GET", "/api/dashboard", { token: second.token });
  expect(await activeCount()).toBe(2);
});

test("a user not seen for more than five minutes no longer counts", async () => {
  const user = await signUpUser(ctx);
  await call(ctx.app, "GET", "/api/dashboard", { token: user.token });
  ctx.clock.advance(5 * MINUTE + 1);
  expect(await activeCount()).toBe(0);
});

test("an authenticated call marks the user as seen again", async () => {
  const user = await signUpUser(ctx);
  ctx.clock.advance(10 * MINUTE);
  await call(ctx.app, "GET", "/api/dashboard", { token: user.token });
  expect(await activeCount()).toBe(1);
});
