import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { api, call, invalid, makeTestApp, signInAdmin, type TestContext } from "../support/app";
import { loadConfig, type ConfigError } from "../../src/config";
import { startTestServer } from "../support/server";

let ctx: TestContext;
beforeAll(() => {
  ctx = makeTestApp();
});
afterAll(() => ctx.cleanup());

describe("the API's edges", () => {
  test("GET /api/health answers ok", async () => {
    const answer = await api(ctx.app).api.health.get();
    expect(answer.status).toBe(200);
    expect(answer.data!.ok).toBe(true);
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
    const answer = await api(ctx.app).api.health.get();
    expect(answer.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(answer.response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  test("JSON answers get the API's policy (nothing may load), pages the site's, documents under /api the site's too", async () => {
    const headersOf = async (path: string) => (await ctx.app.handle(new Request(`http://localhost${path}`))).headers;
    for (const path of ["/api/health", "/api/plans", "/api/nope", "/api/plugin/openapi.json"]) {
      const headers = await headersOf(path);
      expect({ path, policy: headers.get("content-security-policy") }).toEqual({
        path,
        policy: "default-src 'none'; frame-ancestors 'none'",
      });
      expect(headers.get("x-content-type-options")).toBe("nosniff");
      expect(headers.get("x-frame-options")).toBeNull();
    }
    for (const path of ["/", "/pricing", "/docs", "/api/docs", "/api/plugin/docs"]) {
      const headers = await headersOf(path);
      expect({ path, policy: headers.get("content-security-policy") }).toEqual({
        path,
        policy: expect.stringContaining("script-src 'self'"),
      });
      expect({ path, frame: headers.get("x-frame-options") }).toEqual({ path, frame: "DENY" });
      expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  test("a body over 64 KiB is refused with a JSON 413 that carries the security headers", async () => {
    const answer = await call(ctx.app, "POST", "/api/auth/login", {
      body: { email: "a@example.com", password: "x".repeat(70_000) },
      headers: { "content-length": "70100" },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      error: "BODY_TOO_LARGE",
      message: "The request body is too large (the limit is 64 KiB).",
    });
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  const chunked = (text: string) =>
    new ReadableStream({
      start(controller) {
        for (let at = 0; at < text.length; at += 8192)
          controller.enqueue(new TextEncoder().encode(text.slice(at, at + 8192)));
        controller.close();
      },
    });
  const postChunked = (path: string, text: string) =>
    ctx.app.handle(
      new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
        body: chunked(text),
        duplex: "half",
      } as RequestInit),
    );

  test("a chunked body (no Content-Length, so its size is unknown) gets a JSON 411 with the security headers, unread", async () => {
    const answer = await postChunked(
      "/api/auth/login",
      JSON.stringify({ email: "a@example.com", password: "x".repeat(200_000) }),
    );
    expect(answer.status).toBe(411);
    expect(await answer.json()).toEqual({
      error: "LENGTH_REQUIRED",
      message: "Send the request body with a Content-Length header.",
    });
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("an unknown API path is a JSON 404 whatever its slashes or case, never the site's page", async () => {
    // A trailing slash is the route itself: JSON too.
    const slashed = await ctx.app.handle(new Request("http://localhost/api/admin/users/"));
    expect(slashed.status).toBe(401);
    expect(slashed.headers.get("content-type")).toContain("application/json");
    for (const path of ["/API/health", "/Api/nope", "/API/admin/users/", "//api/x", "/api//x", "/api"]) {
      const answer = await ctx.app.handle(new Request(`http://localhost${path}`));
      expect({ path, status: answer.status, type: answer.headers.get("content-type") }).toEqual({
        path,
        status: 404,
        type: "application/json",
      });
      expect((await answer.json()).error).toBe("NOT_FOUND");
    }
  });
});

describe("body limits on a real listening server (Bun's own bare 413 never answers)", () => {
  test("a 2 MB body gets the JSON 413 with the security headers; a chunked one the JSON 411", async () => {
    const server = await startTestServer();
    try {
      const big = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "x".repeat(2_000_000),
      });
      expect(big.status).toBe(413);
      expect(big.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect((await big.json()).error).toBe("BODY_TOO_LARGE");
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("{}"));
          controller.close();
        },
      });
      const chunkedAnswer = await fetch(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit);
      expect(chunkedAnswer.status).toBe(411);
      expect((await chunkedAnswer.json()).error).toBe("LENGTH_REQUIRED");
    } finally {
      await server.stop();
    }
  });
});

describe("configuration", () => {
  test("production refuses to start and names each missing variable", () => {
    let message = "";
    try {
      loadConfig({ NODE_ENV: "production" });
    } catch (error) {
      message = (error as ConfigError).message;
    }
    for (const name of [
      "JWT_SECRET",
      "APP_URL",
      "STRIPE_SECRET_KEY",
      "STRIPE_PUBLISHABLE_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "RESEND_API_KEY",
      "EMAIL_FROM",
      "PLUGIN_INSTALL_URL",
    ]) {
      expect(message).toContain(name);
    }
  });

  test("development needs nothing and uses the demo defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: "development",
      port: 3000,
      databasePath: "./data/layerlift.db",
      stripe: null,
      resend: null,
    });
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
        statuses.push(
          (await api(limited.app).api.payment.success.get({ query: { payment_intent: `pi_demo_missing_${i}` } }))
            .status,
        );
      }
      expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      limited.cleanup();
    }
  });
});

describe("odd input never answers 500", () => {
  test("a malformed percent-escape in a page path gets the 404 page, not an error", async () => {
    for (const path of ["/foo%", "/%E0%A4%A"]) {
      const answer = await call(ctx.app, "GET", path);
      expect(answer.status).toBe(404);
      expect(answer.headers.get("content-type")).toContain("text/html");
      expect(answer.body).toContain("404 - Page Not Found");
    }
  });

  test("paging takes whole numbers only: 0.5, 1e300 and words answer 422", async () => {
    const admin = await signInAdmin(ctx);
    for (const query of ["offset=0.5", "offset=1e300", "limit=2.5", "limit=abc"]) {
      const answer = await call(ctx.app, "GET", `/api/admin/product-keys?${query}`, { token: admin.token });
      expect(answer.status).toBe(422);
    }
    expect(
      (await api(ctx.app, admin.token).api.admin["product-keys"].get({ query: { limit: 7, offset: 0 } })).status,
    ).toBe(200);
  });

  test("moderation routes answer 401 to strangers before looking at their input", async () => {
    expect(
      (
        await api(ctx.app)
          .api.reviews({ id: "abc" })
          .patch(invalid({ hidden: "maybe" }))
      ).status,
    ).toBe(401);
    expect((await api(ctx.app).api.reviews.all.get()).status).toBe(401);
  });
});

describe("rate limits behind a proxy", () => {
  test("with TRUST_PROXY the address is the hop our proxy added, so a forged first entry doesn't dodge the limit", async () => {
    const limited = makeTestApp({ rateLimits: true, env: { TRUST_PROXY: "1" } });
    try {
      let last: { status: number } | undefined;
      for (let i = 0; i < 11; i++) {
        last = await api(limited.app).api.auth.login.post(
          { email: `x${i}@example.com`, password: "whatever1" },
          { headers: { "x-forwarded-for": `10.0.0.${i}, 203.0.113.7` } },
        );
      }
      expect(last!.status).toBe(429);
    } finally {
      limited.cleanup();
    }
  });

  test("one address can't lock an account out for everyone else", async () => {
    const limited = makeTestApp({ rateLimits: true, env: { TRUST_PROXY: "1" } });
    try {
      for (let i = 0; i < 11; i++) {
        await api(limited.app).api.auth.login.post(
          { email: "victim@example.com", password: "wrong guess" },
          { headers: { "x-forwarded-for": "198.51.100.1" } },
        );
      }
      const fromElsewhere = await api(limited.app).api.auth.login.post(
        { email: "victim@example.com", password: "wrong guess" },
        { headers: { "x-forwarded-for": "198.51.100.2" } },
      );
      expect(fromElsewhere.status).toBe(401);
    } finally {
      limited.cleanup();
    }
  });
});
