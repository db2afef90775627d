import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { auditLog, emails, users } from "../../src/db/schema";
import { DAY, HOUR, MINUTE } from "../../src/lib/clock";
import { FakeClock } from "../support/fake-clock";
import { api, failure, call, makeTestApp, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp({ clock: new FakeClock(Date.UTC(2026, 10, 1, 12)) });
});
afterEach(() => ctx.cleanup());

async function userWithKey(plan: "month" | "pro" | "lifetime" = "pro") {
  const user = await signUpUser(ctx, plan);
  const generated = await api(ctx.app, user.token).api.figma["generate-key"].post();
  return { ...user, pluginKey: generated.data!.figmaKey as string };
}

const validate = (key: string, robloxUserId: string | number, headers: Record<string, string> = {}) =>
  api(ctx.app).api.plugin.validate.post({ key, robloxUserId }, { headers: headers });

const userRow = async (id: number) => (await ctx.deps.db.select().from(users).where(eq(users.id, id)))[0]!;
const alertEmails = () =>
  ctx.deps.db.select().from(emails).where(eq(emails.template, "key-sharing-alert")).orderBy(asc(emails.id));

describe("plugin key", () => {
  test("generating a key gives an ll_ key that the current user shows", async () => {
    const user = await userWithKey();
    expect(user.pluginKey).toMatch(/^ll_[a-z2-7]{32}$/);
    const me = await api(ctx.app, user.token).api.auth.me.get();
    expect(me.data!.user.figmaKey).toBe(user.pluginKey);
  });

  test("regenerating the key makes the old key answer 401 INVALID_KEY", async () => {
    const user = await userWithKey();
    const fresh = await api(ctx.app, user.token).api.figma["generate-key"].post();
    expect(fresh.data!.figmaKey).not.toBe(user.pluginKey);
    const old = await validate(user.pluginKey, "123");
    expect(old.status).toBe(401);
    expect(failure(old)).toMatchObject({ valid: false, code: "INVALID_KEY" });
    expect((await validate(fresh.data!.figmaKey, "123")).status).toBe(200);
  });

  test("generating a key needs a signed-in user", async () => {
    expect((await api(ctx.app).api.figma["generate-key"].post()).status).toBe(401);
  });
});

describe("POST /api/plugin/validate", () => {
  test("a valid key answers 200 VALID with the subscription and links the account", async () => {
    const user = await userWithKey("pro");
    const answer = await validate(user.pluginKey, "123");
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({
      valid: true,
      code: "VALID",
      plan: "pro",
      status: "active",
      endDate: new Date(ctx.clock.now() + 120 * DAY).toISOString(),
      timeRemaining: { total: 120 * DAY, days: 120, hours: 0, minutes: 0, seconds: 0 },
      linkedRobloxAccountId: "123",
      lease: expect.any(String),
    });
    expect((await userRow(user.user.id)).linkedRobloxAccountId).toBe("123");
  });

  test("the first link is written to the audit log", async () => {
    const user = await userWithKey();
    await validate(user.pluginKey, "123");
    const entries = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "link.linked"));
    expect(entries).toHaveLength(1);
    expect(entries[0].subject).toBe(`user:${user.user.id}`);
  });

  test("a numeric robloxUserId is accepted like its digits", async () => {
    const user = await userWithKey();
    expect((await validate(user.pluginKey, 123)).data!.linkedRobloxAccountId).toBe("123");
    expect((await validate(user.pluginKey, "123")).status).toBe(200);
  });

  test("the same account validates again and again", async () => {
    const user = await userWithKey();
    await validate(user.pluginKey, "123");
    expect((await validate(user.pluginKey, "123")).status).toBe(200);
  });

  test("a lifetime key answers with null endDate and timeRemaining", async () => {
    const user = await userWithKey("lifetime");
    const answer = await validate(user.pluginKey, "1");
    expect(answer.data).toMatchObject({ valid: true, plan: "lifetime", endDate: null, timeRemaining: null });
  });

  test("a cancelled subscription still validates until its end, with status cancelled", async () => {
    const user = await userWithKey("month");
    await api(ctx.app, user.token).api.subscription.cancel.post();
    const answer = await validate(user.pluginKey, "1");
    expect(answer.status).toBe(200);
    expect(answer.data!.status).toBe("cancelled");
  });

  test("an unknown key answers 401 INVALID_KEY", async () => {
    const answer = await validate("ll_notarealkey", "123");
    expect(answer.status).toBe(401);
    expect(failure(answer)).toMatchObject({ valid: false, code: "INVALID_KEY" });
    expect(failure(answer)?.message).toContain("not valid");
  });

  test("an expired subscription answers 403 SUBSCRIPTION_EXPIRED", async () => {
    const user = await userWithKey("month");
    ctx.clock.advance(30 * DAY + 1);
    const answer = await validate(user.pluginKey, "123");
    expect(answer.status).toBe(403);
    expect(failure(answer)).toMatchObject({ valid: false, code: "SUBSCRIPTION_EXPIRED" });
  });

  test("a second Roblox account answers 409 ACCOUNT_MISMATCH telling the user to reset from the dashboard", async () => {
    const user = await userWithKey();
    await validate(user.pluginKey, "123");
    const answer = await validate(user.pluginKey, "456");
    expect(answer.status).toBe(409);
    expect(failure(answer)).toMatchObject({ valid: false, code: "ACCOUNT_MISMATCH" });
    expect(failure(answer)?.message).toContain("dashboard");
    expect((await userRow(user.user.id)).linkedRobloxAccountId).toBe("123");
  });

  test("a mismatch e-mails the owner an alert with both accounts and the dashboard link", async () => {
    const user = await userWithKey();
    await validate(user.pluginKey, "123");
    await validate(user.pluginKey, "456");
    const sent = await alertEmails();
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe(user.email);
    expect(sent[0].subject).toBe("Your Layerlift plugin key was used from another account");
    expect(sent[0].payload).toEqual({
      attemptedRobloxUserId: "456",
      linkedRobloxAccountId: "123",
      dashboardUrl: `${ctx.deps.config.appUrl}/dashboard`,
      language: "en",
    });
  });

  test("first calls from two accounts at once: one is linked, the other is a mismatch", async () => {
    const user = await userWithKey();
    const answers = await Promise.all([validate(user.pluginKey, "123"), validate(user.pluginKey, "456")]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)!.data as { linkedRobloxAccountId: string };
    expect((await userRow(user.user.id)).linkedRobloxAccountId).toBe(winner.linkedRobloxAccountId);
    expect(await ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "link.linked"))).toHaveLength(1);
  });

  test("mismatches arriving at once send one alert", async () => {
    const user = await userWithKey();
    await validate(user.pluginKey, "123");
    const answers = await Promise.all(["456", "789", "1011", "1213"].map((id) => validate(user.pluginKey, id)));
    expect(answers.map((a) => a.status)).toEqual([409, 409, 409, 409]);
    expect(await alertEmails()).toHaveLength(1);
  });

  test("the owner gets at most one mismatch alert an hour", async () => {
    const user = await userWithKey();
    await validate(user.pluginKey, "123");
    await validate(user.pluginKey, "456");
    ctx.clock.advance(30 * MINUTE);
    await validate(user.pluginKey, "789");
    expect(await alertEmails()).toHaveLength(1);
    ctx.clock.advance(30 * MINUTE);
    await validate(user.pluginKey, "789");
    expect(await alertEmails()).toHaveLength(2);
  });

  test("no mismatch alert is sent when the owner turned notifications off", async () => {
    const user = await userWithKey();
    await api(ctx.app, user.token).api.user.settings.put({ notifications: false });
    await validate(user.pluginKey, "123");
    expect((await validate(user.pluginKey, "456")).status).toBe(409);
    expect(await alertEmails()).toHaveLength(0);
  });

  test("a robloxUserId that is not digits answers 422 INVALID_REQUEST and links nothing", async () => {
    const user = await userWithKey();
    const answer = await validate(user.pluginKey, "12a");
    expect(answer.status).toBe(422);
    expect(failure(answer)).toMatchObject({ valid: false, code: "INVALID_REQUEST" });
    expect((await userRow(user.user.id)).linkedRobloxAccountId).toBeNull();
  });

  test("a body that is not JSON answers 400 INVALID_REQUEST", async () => {
    const answer = await call(ctx.app, "POST", "/api/plugin/validate", {
      body: "{oops",
      headers: { "content-type": "application/json" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ valid: false, code: "INVALID_REQUEST" });
  });

  test("validation marks the key's owner as an active user", async () => {
    const user = await userWithKey();
    ctx.clock.advance(HOUR);
    expect((await api(ctx.app).api.stats["active-users"].get()).data!.count).toBe(0);
    await validate(user.pluginKey, "123");
    expect((await api(ctx.app).api.stats["active-users"].get()).data!.count).toBe(1);
  });
});

describe("plugin API rate limit", () => {
  test("too many calls with one key answer 429 RATE_LIMITED with Retry-After", async () => {
    ctx.cleanup();
    ctx = makeTestApp({ rateLimits: true });
    const user = await userWithKey();
    let last = await validate(user.pluginKey, "123");
    for (let i = 0; i < 70 && last.status === 200; i++) last = await validate(user.pluginKey, "123");
    expect(last.status).toBe(429);
    expect(failure(last)).toMatchObject({ valid: false, code: "RATE_LIMITED" });
    expect(Number(last.response.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("the limit is per IP too: one address trying many keys is stopped", async () => {
    ctx.cleanup();
    ctx = makeTestApp({ rateLimits: true });
    let last = await validate("ll_guess0", "1");
    for (let i = 1; i < 70 && last.status === 401; i++) last = await validate(`ll_guess${i}`, "1");
    expect(last.status).toBe(429);
    expect(failure(last)?.code).toBe("RATE_LIMITED");
  });
});

describe("CORS", () => {
  test("the plugin API answers a preflight with 204 and open CORS headers", async () => {
    const response = await ctx.app.handle(
      new Request("http://localhost/api/plugin/validate", {
        method: "OPTIONS",
        headers: { origin: "https://www.figma.com", "access-control-request-method": "POST" },
      }),
    );
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
    expect(response.headers.get("access-control-allow-headers")).toContain("Content-Type");
  });

  test("plugin answers carry CORS headers, errors included", async () => {
    const answer = await validate("ll_unknown", "1", { origin: "https://www.figma.com" });
    expect(answer.status).toBe(401);
    expect(answer.response.headers.get("access-control-allow-origin")).toBe("*");
    // What only a preflight reads stays on the preflight's answer.
    expect(answer.response.headers.get("access-control-allow-methods")).toBeNull();
    expect(answer.response.headers.get("access-control-max-age")).toBeNull();
  });

  test("the rest of the API has no CORS headers", async () => {
    const user = await signUpUser(ctx);
    const answer = await api(ctx.app, user.token).api.dashboard.get({ headers: { origin: "https://evil.example" } });
    expect(answer.response.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("plugin API description", () => {
  test("the OpenAPI document describes validate with every answer code", async () => {
    const answer = await api(ctx.app).api.plugin["openapi.json"].get();
    expect(answer.status).toBe(200);
    expect(answer.data!.openapi).toBe("3.1.0");
    const responses = (answer.data as any).paths["/api/plugin/validate"].post.responses;
    expect(Object.keys(responses).sort()).toEqual(["200", "400", "401", "403", "409", "422", "429"]);
  });

  test("the readable page names every code, CORS and the rate limit", async () => {
    const response = await ctx.app.handle(new Request("http://localhost/api/plugin/docs"));
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    for (const code of [
      "VALID",
      "INVALID_KEY",
      "SUBSCRIPTION_EXPIRED",
      "ACCOUNT_MISMATCH",
      "RATE_LIMITED",
      "CORS",
      "Rate limit",
    ]) {
      expect(html).toContain(code);
    }
  });
});
