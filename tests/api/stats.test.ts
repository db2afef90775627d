import { afterEach, beforeEach, expect, test } from "bun:test";
import { MINUTE } from "../../src/lib/clock";
import { FakeClock } from "../support/fake-clock";
import { api, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp({ clock: new FakeClock(Date.UTC(2026, 10, 1, 12)) });
});
afterEach(() => ctx.cleanup());

const activeCount = async () => (await api(ctx.app).api.stats["active-users"].get()).data!.count;

test("no one seen means zero active users", async () => {
  expect(await activeCount()).toBe(0);
});

test("users seen in the last five minutes count once each", async () => {
  const first = await signUpUser(ctx);
  const second = await signUpUser(ctx);
  await api(ctx.app, first.token).api.auth.me.get();
  await api(ctx.app, first.token).api.dashboard.get();
  await api(ctx.app, second.token).api.dashboard.get();
  expect(await activeCount()).toBe(2);
});

test("a user not seen for more than five minutes no longer counts", async () => {
  const user = await signUpUser(ctx);
  await api(ctx.app, user.token).api.dashboard.get();
  ctx.clock.advance(5 * MINUTE + 1);
  expect(await activeCount()).toBe(0);
});

test("an authenticated call marks the user as seen again", async () => {
  const user = await signUpUser(ctx);
  ctx.clock.advance(10 * MINUTE);
  await api(ctx.app, user.token).api.dashboard.get();
  expect(await activeCount()).toBe(1);
});

test("an admin at work in the panel is not counted as an active user", async () => {
  const admin = await signInAdmin(ctx);
  const user = await signUpUser(ctx);
  await api(ctx.app, admin.token).api.admin.overview.get();
  await api(ctx.app, user.token).api.dashboard.get();
  expect(await activeCount()).toBe(1);
});
