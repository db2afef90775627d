import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { call, makeTestApp, type TestContext } from "../support/app";
import { loadConfig, ConfigError } from "../../src/config";

let ctx: TestContext;
beforeAll(() => { ctx = makeTestApp(); });
afterAll(() => ctx.cleanup());

describe("the API's edges", () => {
  test("GET /api/health answers ok", async () => {
    const answer = await call(ctx.app, "GET", "/api/health");
    expect(answer.status).toBe(200);
    expect(answer.body.ok).toBe(true);
  });

  test("an unknown API path answers 404 JSON for every method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const answer = await call(ctx.app, method, "/api/nope");
      expect(answer.status).toBe(404);
      expect(answer.headers.get("content-type")).toContain("application/json");
      expect(answer.body.error).toBe("NOT_FOUND");
    }
  });

  test("answers carry the security headers", async () => {
    const answer = await call(ctx.app, "GET", "/api/health");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  test("a body over 64 KiB is refused with 413", async () => {
    const answer = await call(ctx.app, "POST", "/api/auth/login", {
      body: { email: "a@example.com", password: "x".repeat(70_000) },
      headers: { "content-length": "70100" },
    });
    expect(answer.status).toBe(413);
  });
});

describe("configuration", () => {
  test("production refuses to start and names each missing variable", () => {
    let message = "";
    try { loadConfig({ NODE_ENV: "production" }); } catch (error) { message = (error as ConfigError).message; }
    for (const name of ["JWT_SECRET", "APP_URL", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "RESEND_API_KEY", "EMAIL_FROM"]) {
      expect(message).toContain(name);
    }
  });

  test("development needs nothing and uses the demo defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: "development", port: 3000, databasePath: "./data/layerlift.db", stripe: null, resend: null });
  });

  test("a short JWT_SECRET is refused", () => {
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow("at least 32 characters");
  });
});

describe("verification is rate limited", () => {
  test("the payment result endpoint answers 429 after 30 quick calls from one address", async () => {
    const limited = makeTestApp({ rateLimits: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        statuses.push((await call(limited.app, "GET", `/api/payment/success?payment_intent=pi_demo_missing_${i}`)).status);
      }
      expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      limited.cleanup();
    }
  });
});
