import { afterEach, beforeEach, expect, test } from "bun:test";
import { HOUR } from "../../src/lib/clock";
import { FakeClock } from "../support/fake-clock";
import { api, failure, makeKey, makeTestApp, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp({ clock: new FakeClock(Date.UTC(2026, 10, 1, 12)) });
});
afterEach(() => ctx.cleanup());

test("signup, key, link 123, mismatch 456, reset, cooldown, cancel keeps the end date", async () => {
  const signup = await api(ctx.app).api.auth.signup.post({
    email: "journey@example.com",
    password: "long enough",
    confirmPassword: "long enough",
    productKey: await makeKey(ctx.deps, "pro"),
  });
  expect(signup.status).toBe(200);
  const token = signup.data!.token;
  const endDate = signup.data!.subscription!.endDate;

  const key = await api(ctx.app, token).api.figma["generate-key"].post();
  expect(key.status).toBe(200);
  const pluginKey = key.data!.figmaKey;

  const first = await api(ctx.app).api.plugin.validate.post({ key: pluginKey, robloxUserId: "123" });
  expect(first.status).toBe(200);
  expect(first.data).toMatchObject({ valid: true, code: "VALID", linkedRobloxAccountId: "123" });
  expect((await api(ctx.app, token).api.figma["linked-account"].get()).data!.linkedRobloxAccountId).toBe("123");

  const other = await api(ctx.app).api.plugin.validate.post({ key: pluginKey, robloxUserId: "456" });
  expect(other.status).toBe(409);
  expect(failure(other)).toMatchObject({ valid: false, code: "ACCOUNT_MISMATCH" });

  const reset = await api(ctx.app, token).api.figma["reset-linked-account"].post();
  expect(reset.status).toBe(200);
  expect(reset.data!.linkedRobloxAccountId).toBeNull();

  ctx.clock.advance(HOUR);
  const again = await api(ctx.app, token).api.figma["reset-linked-account"].post();
  expect(again.status).toBe(429);
  expect(failure(again)?.remainingMs).toBe(23 * HOUR);

  const cancel = await api(ctx.app, token).api.subscription.cancel.post();
  expect(cancel.status).toBe(200);
  const dashboard = await api(ctx.app, token).api.dashboard.get();
  expect(dashboard.data!.subscription).toMatchObject({ status: "cancelled", endDate });
});
