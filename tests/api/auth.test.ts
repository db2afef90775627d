import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users, productKeys, subscriptions } from "../../src/db/schema";
import { DAY } from "../../src/lib/clock";
import { insertUser } from "../../src/features/users/service";
import { api, failure, call, invalid, makeKey, makeTestApp, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp();
});
afterEach(() => ctx.cleanup());

const signupBody = (productKey: string, email = "dev@example.com", password = "long enough") => ({
  email,
  password,
  confirmPassword: password,
  productKey,
});

describe("signup", () => {
  test("a valid key creates the account and a subscription of the key's plan", async () => {
    const key = await makeKey(ctx.deps, "month");
    const answer = await api(ctx.app).api.auth.signup.post(signupBody(key));
    expect(answer.status).toBe(200);
    expect(typeof answer.data!.token).toBe("string");
    expect(answer.data!.user).toMatchObject({
      email: "dev@example.com",
      isAdmin: false,
      figmaKey: null,
      settings: { notifications: true, autoSync: true, theme: null, language: "en" },
    });
    expect(answer.data!.subscription).toMatchObject({ plan: "month", status: "active" });
    expect(new Date(answer.data!.subscription!.endDate!).getTime()).toBe(ctx.clock.now() + 30 * DAY);
    const row = (await ctx.deps.db.select().from(productKeys).where(eq(productKeys.key, key)))[0]!;
    expect(row.isUsed).toBe(true);
    expect(row.usedByUserId).toBe(answer.data!.user.id);
  });

  test("the key is normalised the way the signup form does (lower case, dashes, spaces)", async () => {
    const key = await makeKey(ctx.deps, "pro");
    const messy = ` ${key.slice(0, 4).toLowerCase()}-${key.slice(4, 8)} ${key.slice(8)} `;
    const answer = await api(ctx.app).api.auth.signup.post(signupBody(messy));
    expect(answer.status).toBe(200);
    expect(answer.data!.subscription!.plan).toBe("pro");
  });

  test("a lifetime key gives a subscription with no end", async () => {
    const answer = await api(ctx.app).api.auth.signup.post(signupBody(await makeKey(ctx.deps, "lifetime")));
    expect(answer.data!.subscription).toMatchObject({ plan: "lifetime", endDate: null, timeRemaining: null });
  });

  test("an unknown key answers 400 'Invalid product key' and creates nothing", async () => {
    const answer = await api(ctx.app).api.auth.signup.post(signupBody("ZZZZZZZZZZZZ"));
    expect(answer.status).toBe(400);
    expect(failure(answer)).toEqual({ error: "INVALID_PRODUCT_KEY", message: "Invalid product key" });
    expect(await ctx.deps.db.select().from(users)).toHaveLength(0);
  });

  test("a used key answers 409 'This product key has already been used'", async () => {
    const key = await makeKey(ctx.deps);
    expect((await api(ctx.app).api.auth.signup.post(signupBody(key, "first@example.com"))).status).toBe(200);
    const again = await api(ctx.app).api.auth.signup.post(signupBody(key, "second@example.com"));
    expect(again.status).toBe(409);
    expect(failure(again)?.message).toBe("This product key has already been used");
    expect(await ctx.deps.db.select().from(users)).toHaveLength(1);
  });

  test("a duplicate e-mail answers 409 and leaves the new key unused", async () => {
    await signUpUser(ctx, "pro", "taken@example.com");
    const key = await makeKey(ctx.deps);
    const answer = await api(ctx.app).api.auth.signup.post(signupBody(key, "TAKEN@example.com"));
    expect(answer.status).toBe(409);
    expect(failure(answer)?.error).toBe("EMAIL_TAKEN");
    expect((await ctx.deps.db.select().from(productKeys).where(eq(productKeys.key, key)))[0]!.isUsed).toBe(false);
  });

  test("a password under 8 characters is rejected with a sentence and nothing is written", async () => {
    const answer = await api(ctx.app).api.auth.signup.post(
      signupBody(await makeKey(ctx.deps), "a@example.com", "short"),
    );
    expect(answer.status).toBe(422);
    expect(failure(answer)?.message).toBe("Password must be at least 8 characters.");
    expect(await ctx.deps.db.select().from(users)).toHaveLength(0);
  });

  test("mismatched passwords are rejected", async () => {
    const answer = await api(ctx.app).api.auth.signup.post({
      email: "a@example.com",
      password: "long enough",
      confirmPassword: "different one",
      productKey: await makeKey(ctx.deps),
    });
    expect(answer.status).toBe(400);
    expect(failure(answer)?.message).toBe("Passwords don't match");
  });

  test("a malformed e-mail or a missing field answers 422, never 500", async () => {
    const bad = await api(ctx.app).api.auth.signup.post(signupBody(await makeKey(ctx.deps), "not-an-email"));
    expect(bad.status).toBe(422);
    expect(failure(bad)?.message).toBe("Please enter a valid email address.");
    const missing = await api(ctx.app).api.auth.signup.post(invalid({ email: "a@example.com" }));
    expect(missing.status).toBe(422);
    const garbage = await call(ctx.app, "POST", "/api/auth/signup", { body: "{not json" });
    expect(garbage.status).toBe(400);
  });

  test("a key signs up one account even when twenty race for it", async () => {
    const key = await makeKey(ctx.deps);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api(ctx.app).api.auth.signup.post(signupBody(key, `racer${i}@example.com`))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await ctx.deps.db.select().from(users)).toHaveLength(1);
    expect(await ctx.deps.db.select().from(subscriptions)).toHaveLength(1);
  });

  test("an address signs up one account even when several race for it, each with its own key", async () => {
    const keys = await Promise.all(Array.from({ length: 6 }, () => makeKey(ctx.deps)));
    const answers = await Promise.all(
      keys.map((key) => api(ctx.app).api.auth.signup.post(signupBody(key, "same@example.com"))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => failure(a)?.error)).toEqual(Array(5).fill("EMAIL_TAKEN"));
    expect(await ctx.deps.db.select().from(users)).toHaveLength(1);
    expect(await ctx.deps.db.select().from(productKeys).where(eq(productKeys.isUsed, true))).toHaveLength(1);
  });

  test("an address already stored is the same 409 at the insert itself, not a database error", async () => {
    await insertUser(ctx.deps.db, { email: "twice@example.com", passwordHash: "x" }, ctx.clock.now());
    const again = insertUser(ctx.deps.db, { email: "Twice@Example.com", passwordHash: "x" }, ctx.clock.now());
    await expect(again).rejects.toMatchObject({ status: 409, code: "EMAIL_TAKEN" });
    expect(await ctx.deps.db.select().from(users)).toHaveLength(1);
  });
});

describe("login", () => {
  test("the right password signs in, e-mail case does not matter", async () => {
    const user = await signUpUser(ctx);
    const answer = await api(ctx.app).api.auth.login.post({ email: user.email.toUpperCase(), password: user.password });
    expect(answer.status).toBe(200);
    expect(answer.data!.user.email).toBe(user.email);
    expect(answer.data!.subscription!.plan).toBe("pro");
  });

  test("unknown e-mail and wrong password give the same 401 'Invalid email or password'", async () => {
    const user = await signUpUser(ctx);
    const wrong = await api(ctx.app).api.auth.login.post({ email: user.email, password: "not the password" });
    const unknown = await api(ctx.app).api.auth.login.post({ email: "nobody@example.com", password: "whatever1" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.data).toEqual(unknown.data);
    expect(failure(wrong)?.message).toBe("Invalid email or password");
  });

  test("a session lasts 7 days, or 30 with rememberMe", async () => {
    const user = await signUpUser(ctx);
    const short = await api(ctx.app).api.auth.login.post({ email: user.email, password: user.password });
    const long = await api(ctx.app).api.auth.login.post({
      email: user.email,
      password: user.password,
      rememberMe: true,
    });
    ctx.clock.advance(8 * DAY);
    expect((await api(ctx.app, short.data!.token).api.auth.me.get()).status).toBe(401);
    expect((await api(ctx.app, long.data!.token).api.auth.me.get()).status).toBe(200);
    ctx.clock.advance(23 * DAY);
    expect((await api(ctx.app, long.data!.token).api.auth.me.get()).status).toBe(401);
  });

  test("login is rate limited per address with Retry-After", async () => {
    const limited = makeTestApp({ rateLimits: true });
    try {
      const statuses: number[] = [];
      let last: { status: number; response: Response } | undefined;
      for (let i = 0; i < 12; i++) {
        last = await api(limited.app).api.auth.login.post({ email: `x${i}@example.com`, password: "whatever1" });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(last!.status).toBe(429);
      expect(Number(last!.response.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      limited.cleanup();
    }
  });
});

describe("current user", () => {
  test("/api/auth/me answers user and subscription for a valid token", async () => {
    const user = await signUpUser(ctx, "month");
    const me = await api(ctx.app, user.token).api.auth.me.get();
    expect(me.status).toBe(200);
    expect(me.data!.user.email).toBe(user.email);
    expect(me.data!.subscription).toMatchObject({ plan: "month", status: "active", timeRemaining: { days: 30 } });
    expect(JSON.stringify(me.data)).not.toContain("passwordHash");
  });

  test("no token, a tampered token, or a token of a bumped tokenVersion answers 401", async () => {
    const user = await signUpUser(ctx);
    expect((await api(ctx.app).api.auth.me.get()).status).toBe(401);
    const tampered = user.token.slice(0, -2) + (user.token.endsWith("A") ? "BB" : "AA");
    expect((await api(ctx.app, tampered).api.auth.me.get()).status).toBe(401);
    await ctx.deps.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, user.user.id));
    const answer = await api(ctx.app, user.token).api.auth.me.get();
    expect(answer.status).toBe(401);
    expect(failure(answer)?.error).toBe("UNAUTHORIZED");
  });

  test("a token already in use still expires on time and still ends when the account's sessions are revoked", async () => {
    const user = await signUpUser(ctx);
    expect((await api(ctx.app, user.token).api.auth.me.get()).status).toBe(200);
    ctx.clock.advance(8 * DAY);
    expect((await api(ctx.app, user.token).api.auth.me.get()).status).toBe(401);

    const fresh = await api(ctx.app).api.auth.login.post({ email: user.email, password: user.password });
    expect((await api(ctx.app, fresh.data!.token).api.auth.me.get()).status).toBe(200);
    await ctx.deps.db.update(users).set({ tokenVersion: 5 }).where(eq(users.id, user.user.id));
    expect((await api(ctx.app, fresh.data!.token).api.auth.me.get()).status).toBe(401);
  });

  test("a subscription past its end shows as expired with zero time remaining", async () => {
    const user = await signUpUser(ctx, "month");
    ctx.clock.advance(31 * DAY);
    const login = await api(ctx.app).api.auth.login.post({ email: user.email, password: user.password });
    expect(login.data!.subscription).toMatchObject({ status: "expired", timeRemaining: { total: 0 } });
  });
});
