import { afterEach, beforeEach, expect, test } from "bun:test";
import { api, invalid, failure, makeTestApp, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp();
});
afterEach(() => ctx.cleanup());

type SettingsBody = Parameters<ReturnType<typeof api>["api"]["user"]["settings"]["put"]>[0];
const put = (token: string | undefined, body: SettingsBody) => api(ctx.app, token).api.user.settings.put(body);

test("turning notifications off answers the whole settings object", async () => {
  const user = await signUpUser(ctx);
  const answer = await put(user.token, { notifications: false });
  expect(answer.status).toBe(200);
  expect(answer.data).toEqual({ notifications: false, autoSync: true, theme: null, language: "en" });
});

test("a new account has no theme of its own until its user chooses one, Dark included", async () => {
  const user = await signUpUser(ctx);
  expect(user.user.settings.theme).toBeNull();
  expect((await api(ctx.app, user.token).api.auth.me.get()).data!.user.settings.theme).toBeNull();
  expect((await put(user.token, { autoSync: false })).data!.theme).toBeNull();
  expect((await put(user.token, { theme: "dark" })).data!.theme).toBe("dark");
  const login = await api(ctx.app).api.auth.login.post({ email: user.email, password: user.password });
  expect(login.data!.user.settings.theme).toBe("dark");
});

test("a change is kept: the current user shows it", async () => {
  const user = await signUpUser(ctx);
  await put(user.token, { autoSync: false });
  const me = await api(ctx.app, user.token).api.auth.me.get();
  expect(me.data!.user.settings.autoSync).toBe(false);
});

test("several fields change at once, theme and language included", async () => {
  const user = await signUpUser(ctx);
  const answer = await put(user.token, { notifications: false, autoSync: false, theme: "light", language: "en" });
  expect(answer.data).toEqual({ notifications: false, autoSync: false, theme: "light", language: "en" });
});

test("the theme can follow the device: 'system' is kept and shown by the current user", async () => {
  const user = await signUpUser(ctx);
  expect((await put(user.token, { theme: "system" })).data!.theme).toBe("system");
  const me = await api(ctx.app, user.token).api.auth.me.get();
  expect(me.data!.user.settings.theme).toBe("system");
});

test("an unknown theme answers 422 with the choices and changes nothing", async () => {
  const user = await signUpUser(ctx);
  const answer = await put(user.token, invalid({ theme: "sepia" }));
  expect(answer.status).toBe(422);
  expect(failure(answer)?.message).toBe("theme must be 'dark', 'light' or 'system'.");
  const me = await api(ctx.app, user.token).api.auth.me.get();
  expect(me.data!.user.settings.theme).toBeNull();
});

test("a non-boolean switch answers 422 and changes nothing", async () => {
  const user = await signUpUser(ctx);
  const answer = await put(user.token, invalid({ notifications: "no", autoSync: false }));
  expect(answer.status).toBe(422);
  expect(failure(answer)?.message).toBe("notifications must be true or false.");
  const me = await api(ctx.app, user.token).api.auth.me.get();
  expect(me.data!.user.settings.autoSync).toBe(true);
});

test("an empty body answers 422", async () => {
  const user = await signUpUser(ctx);
  expect((await put(user.token, {})).status).toBe(422);
});

test("an unknown field answers 422", async () => {
  const user = await signUpUser(ctx);
  expect((await put(user.token, invalid({ isAdmin: true }))).status).toBe(422);
});

test("an unknown field beside a known one answers 422 naming it, and changes nothing", async () => {
  const user = await signUpUser(ctx);
  const answer = await put(user.token, invalid({ notifications: false, notificaitons: true }));
  expect(answer.status).toBe(422);
  expect(failure(answer)?.message).toBe(
    "Unknown setting: notificaitons. The settings are notifications, autoSync, theme, language.",
  );
  const me = await api(ctx.app, user.token).api.auth.me.get();
  expect(me.data!.user.settings.notifications).toBe(true);
});

test("only a language the site is written in is accepted", async () => {
  const user = await signUpUser(ctx);
  // BCP 47 tags exactly as the site writes them: "pt-BR", not "pt-br" or "pt".
  for (const language of ["xx-YY", "fr-FR", "pt-br", "pt", "DE", ""]) {
    const answer = await put(user.token, invalid({ language }));
    expect(answer.status).toBe(422);
    expect(failure(answer)?.message).toBe("language must be one the site is written in: en, pt-BR, es, de, fr.");
  }
  for (const language of ["de", "pt-BR", "en"] as const) expect((await put(user.token, { language })).status).toBe(200);
});

test("settings need a signed-in user", async () => {
  expect((await put(undefined, { notifications: false })).status).toBe(401);
});
