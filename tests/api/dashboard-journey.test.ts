import { afterEach, beforeEach, expect, test } from "bun:test";
import { HOUR } from "../../src/lib/clock";
import { FakeClock } from "../support/fake-clock";
import { call, makeKey, makeTestApp, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => { ctx = makeTestApp({ clock: new FakeClock(Date.UTC(2026, 10, 1, 12)) }); });
afterEach(() => ctx.cleanup());

test("signup, key, link 123, mismatch 456, reset, cooldown, cancel keeps the end date", async () => {
  const signup = await call(ctx.app, "POST", "/api/auth/signup", {
    body: { email: "journey@example.com", password: "long enough", confirmPassword: "long enough", productKey: makeKey(ctx.deps, "pro") },
  });
  expect(signup.status).toBe(200);
  const token = signup.body.token;
  const endDate = signup.body.subscription.endDate;

  const key = await call(ctx.app, "POST", "/api/figma/generate-key", { token });
  expect(key.status).toBe(200);
  const figmaKey = key.body.figmaKey;

  const first = await call(ctx.app, "POST", "/api/plugin/validate", { body: { key: figmaKey, robloxUserId: "123" } });
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ valid: true, code: "VALID", linkedRobloxAccountId: "123" });
  expect((await call(ctx.app, "GET", "/api/figma/linked-account", { token })).body.linkedRobloxAccountId).toBe("123");

  const other = await call(ctx.app, "POST", "/api/plugin/validate", { body: { key: figmaKey, robloxUserId: "456" } });
  expect(other.status).toBe(409);
  expect(other.body).toMatchObject({ valid: false, code: "ACCOUNT_MISMATCH" });

  const reset = await call(ctx.app, "POST", "/api/figma/reset-linked-account", { token });
  expect(reset.status).toBe(200);
  expect(reset.body.linkedRobloxAccountId).toBeNull();

  ctx.clock.advance(HOUR);
  const again = await call(ctx.app, "POST", "/api/figma/reset-linked-account", { token });
  expect(again.status).toBe(429);
  expect(again.body.remainingMs).toBe(23 * HOUR);

  const cancel = await call(ctx.app, "POST", "/api/subscription/cancel", { token });
  expect(cancel.status).toBe(200);
  const dashboard = await call(ctx.app, "GET", "/api/dashboard", { token });
  expect(dashboard.body.subscription).toMatchObject({ status: "cancelled", endDate });
});
