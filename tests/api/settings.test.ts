import { afterEach, beforeEach, expect, test } from "bun:test";
import { call, makeTestApp, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => { ctx = makeTestApp(); });
afterEach(() => ctx.cleanup());

const put = (token: string | undefined, body: unknown) => call(ctx.app, "PUT", "/api/user/settings", { token, body });

test("turning notifications off answers the whole settings object", async () => {
  const user = await signUpUser(ctx);
  const answer = await put(user.token, { notifications: false });
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ notifications: false, autoSync: true, theme: "dark", language: "en" });
});

test("a change is kept: the current user shows it", async () => {
  const user = await signUpUser(ctx);
  await put(user.token, { autoSync: false });
  const me = await call(ctx.app, "GET", "/api/auth/me", { token: user.token });
  expect(me.body.user.settings.autoSync).toBe(false);
});

test("several fields change at once, theme and language included", async () => {
  const user = await signUpUser(ctx);
  const answer = await put(user.token, { notifications: false, autoSync: false, theme: "light", language: "de" });
  expect(answer.body).toEqual({ notifications: false, autoSync: false, theme: "light", language: "de" });
});

test("the theme can follow the device: 'system' is kept and shown by the current user", async () => {
  const user = await signUpUser(ctx);
  expect((await put(user.token, { theme: "system" })).body.theme).toBe("system");
  const me = await call(ctx.app, "GET", "/api/auth/me", { token: user.token });
  expect(me.body.user.settings.theme).toBe("system");
});

test("an unknown theme answers 422 with the choices and changes nothing", async () => {
  const user = await signUpUser(ctx);
  const answer = await put(user.token, { theme: "sepia" });
  expect(answer.status).toBe(422);
  expect(answer.body.message).toBe("theme must be 'dark', 'light' or 'system'.");
  const me = await call(ctx.app, "GET", "/api/auth/me", { token: user.token });
  expect(me.body.user.settings.theme).toBe("dark");
});

test("a non-boolean switch answers 422 and changes nothing", async () => {
  const user = await signUpUser(ctx);
  const answer = await put(user.token, { notifications: "no", autoSync: false });
  expect(answer.status).toBe(422);
  expect(answer.body.message).toBe("notifications must be true or false.");
  const me = await call(ctx.app, "GET", "/api/auth/me", { token: user.token });
  expect(me.body.user.settings.autoSync).toBe(true);
});

test("an empty body answers 422", async () => {
  const user = await signUpUser(ctx);
  expect((await put(user.token, {})).status).toBe(422);
});

test("an unknown field answers 422", async () => {
  const user = await signUpUser(ctx);
  expect((await put(user.token, { isAdmin: true })).status).toBe(422);
});

test("settings need a signed-in user", async () => {
  expect((await put(undefined, { notifications: false })).status).toBe(401);
});
