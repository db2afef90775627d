/**
 * What an operator sees: one JSON log line per request (no bodies, tokens or secrets), a request id on
 * every answer and every error line, webhook signature failures with their reason, and Prometheus
 * metrics behind a token.
 */
import { VERSION } from "../../src/version";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { t } from "elysia";
import { createApp } from "../../src/app";
import { queueEmail } from "../../src/features/email/outbox";
import { startEmailSender } from "../../src/features/email/sender";
import { api, call, makeKey, makeTestApp, signUpUser, type TestContext } from "../support/app";
import { startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { captureLog } from "../support/log";
import { onPostgres } from "../support/postgres-pass";

let ctx: TestContext;
let log: ReturnType<typeof captureLog>;
beforeEach(() => {
  ctx = makeTestApp({ env: { METRICS_TOKEN: "metrics-token-0123456789" } });
  log = captureLog();
});
afterEach(() => {
  log.restore();
  ctx.cleanup();
});

/** A request's log line and metrics sample are written just after its answer leaves: wait for them. */
const settle = () => Bun.sleep(10);
const requestLines = () => log.lines.filter((line) => line.msg === "request");

describe("request ids", () => {
  test("every answer carries an X-Request-Id, the caller's own when it is sane", async () => {
    const fresh = await call(ctx.app, "GET", "/api/health");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const given = await call(ctx.app, "GET", "/api/nope", { headers: { "x-request-id": "lb-1234.abc" } });
    expect(given.headers.get("x-request-id")).toBe("lb-1234.abc");
    const insane = await call(ctx.app, "GET", "/api/health", {
      headers: { "x-request-id": `<script>${"x".repeat(100)}` },
    });
    expect(insane.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("an error line carries the request id of the answer", async () => {
    const broken = createApp(ctx.deps).get(
      "/api/broken",
      () => {
        throw new Error("disk on fire");
      },
      { response: { 200: t.Object({}) } },
    );
    const answer = await call(broken, "GET", "/api/broken");
    expect(answer.status).toBe(500);
    const errorLine = log.lines.find((line) => line.level === "error")!;
    expect(errorLine).toMatchObject({
      reqId: answer.headers.get("x-request-id"),
      msg: "request failed",
      path: "/api/broken",
    });
    expect(JSON.stringify(errorLine.err)).toContain("disk on fire");
  });
});

describe("request log", () => {
  test("one JSON line per request: time, id, method, route pattern, status and ms", async () => {
    const user = await signUpUser(ctx);
    const answer = await call(ctx.app, "GET", "/api/roblox/profile/12ab", {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(answer.status).toBe(422);
    await settle();
    const line = requestLines().at(-1)!;
    expect(Object.keys(line).sort()).toEqual([
      "ip",
      "level",
      "method",
      "ms",
      "msg",
      "reqId",
      "route",
      "status",
      "time",
    ]);
    expect(line).toMatchObject({
      level: "info",
      method: "GET",
      route: "/api/roblox/profile/:id",
      status: 422,
      reqId: answer.headers.get("x-request-id"),
    });
    expect(new Date(line.time as string).toISOString()).toBe(line.time as string);
    expect(line.ms).toBeNumber();
  });

  test("the line carries the client's address: with TRUST_PROXY, the last X-Forwarded-For entry", async () => {
    const behindProxy = makeTestApp({ env: { TRUST_PROXY: "1" } });
    try {
      await call(behindProxy.app, "GET", "/api/health", {
        headers: { "x-forwarded-for": "203.0.113.9, 198.51.100.7" },
      });
      await settle();
      expect(requestLines().at(-1)).toMatchObject({ route: "/api/health", ip: "198.51.100.7" });
    } finally {
      behindProxy.cleanup();
    }
  });

  test("over a real connection with no proxy, the line and the rate limits take the socket's address", async () => {
    // The app alone on a socket: a whole test server would start the background jobs, whose counts are the process's.
    const direct = makeTestApp({ rateLimits: true });
    const subjects: unknown[] = [];
    const limiter = direct.deps.limiter;
    const [take, takeEach] = [limiter.take.bind(limiter), limiter.takeEach.bind(limiter)];
    limiter.take = (name, subject, rule, message) => {
      subjects.push(subject);
      return take(name, subject, rule, message);
    };
    limiter.takeEach = (name, each, rule, message) => {
      subjects.push(...each);
      return takeEach(name, each, rule, message);
    };
    const listening = direct.app.listen({ port: 0, hostname: "127.0.0.1" });
    try {
      const answer = await fetch(`http://127.0.0.1:${listening.server!.port}/api/plugin/validate`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ key: "ll_nothing", robloxUserId: "123" }),
      });
      expect(answer.status).toBe(401);
      await settle();
      expect(requestLines().at(-1)).toMatchObject({ route: "/api/plugin/validate", ip: "127.0.0.1" });
      expect(subjects).toContainEqual({ ip: "127.0.0.1" });
    } finally {
      await listening.stop();
      direct.cleanup();
    }
  });

  test("no body, password, token or key ever reaches the log", async () => {
    const user = await signUpUser(ctx, "pro", "secretive@example.com");
    await api(ctx.app).api.auth.login.post({ email: user.email, password: "correct horse battery" });
    await api(ctx.app, user.token).api.auth.me.get();
    const key = await makeKey(ctx.deps, "pro");
    await api(ctx.app, user.token).api.subscription.redeem.post({ productKey: key });
    await settle();
    const text = log.text();
    for (const secret of ["correct horse battery", user.token, key, "secretive@example.com"])
      expect(text).not.toContain(secret);
    expect(requestLines().map((line) => `${line.method} ${line.route} ${line.status}`)).toContain(
      "POST /api/auth/login 401",
    );
  });

  test("unmatched paths are logged under a few fixed routes, so ids in paths don't multiply them", async () => {
    await call(ctx.app, "GET", "/api/nope/123");
    await call(ctx.app, "GET", "/no-such-page-456");
    await settle();
    expect(requestLines().map((line) => [line.route, line.status])).toEqual([
      ["/api/*", 404],
      ["/*", 404],
    ]);
  });
});

describe("plugin validation's log", () => {
  test("whatever validation answers, it writes its request line, with the answer's id, and no other line", async () => {
    const owner = await signUpUser(ctx);
    const { figmaKey: pluginKey } = (await api(ctx.app, owner.token).api.figma["generate-key"].post()).data!;
    const validate = (body: string) =>
      call(ctx.app, "POST", "/api/plugin/validate", { body, headers: { "content-type": "application/json" } });
    await settle();
    log.lines.length = 0; // what sign-up and the new key wrote
    const answers = [
      await validate(JSON.stringify({ key: pluginKey, robloxUserId: "111" })), // links the account
      await validate(JSON.stringify({ key: pluginKey, robloxUserId: "111" })), // valid
      await validate(JSON.stringify({ key: pluginKey, robloxUserId: "222" })), // another account: the owner is alerted
      await validate(JSON.stringify({ key: "ll_nosuchkey", robloxUserId: "111" })),
      await validate(JSON.stringify({ key: pluginKey })),
      await validate("not json"),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 409, 401, 422, 400]);
    await settle();
    expect(log.lines.map((line) => [line.msg, line.reqId])).toEqual(
      answers.map((answer) => ["request", answer.headers.get("x-request-id")]),
    );
  });
});

describe("/api/auth/me's log", () => {
  test("signed in, signed out or with a broken token, it writes its request line, with the answer's id, and no other line", async () => {
    const user = await signUpUser(ctx);
    await settle();
    log.lines.length = 0; // what the sign-up wrote
    const me = (token?: string) =>
      call(ctx.app, "GET", "/api/auth/me", token ? { headers: { authorization: `Bearer ${token}` } } : {});
    const answers = [await me(user.token), await me(), await me("not-a-token"), await me(user.token)];
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 401, 200]);
    await settle();
    expect(log.lines.map((line) => [line.msg, line.reqId])).toEqual(
      answers.map((answer) => ["request", answer.headers.get("x-request-id")]),
    );
  });
});

describe("webhook signature failures", () => {
  let stripe: FakeStripe;
  beforeAll(() => {
    stripe = startFakeStripe();
  });
  afterAll(() => stripe.stop());

  test("are logged with the reason, so a wrong STRIPE_WEBHOOK_SECRET shows", async () => {
    const withStripe = makeTestApp({ env: stripe.env });
    try {
      const answer = await api(withStripe.app).api.stripe.webhook.post('{"id":"evt_1"}', {
        headers: { "stripe-signature": "t=1,v1=deadbeef" },
      });
      expect(answer.status).toBe(400);
      const line = log.lines.find((entry) => entry.msg === "webhook signature check failed; the event was refused")!;
      expect(line).toMatchObject({ level: "warn", signed: true });
      expect(String(line.reason).length).toBeGreaterThan(10);
    } finally {
      withStripe.cleanup();
    }
  });
});

describe("GET /metrics", () => {
  test("is not there without METRICS_TOKEN, and refuses a wrong token", async () => {
    const off = makeTestApp();
    try {
      expect((await call(off.app, "GET", "/metrics")).status).toBe(404);
    } finally {
      off.cleanup();
    }
    expect((await call(ctx.app, "GET", "/metrics")).status).toBe(401);
    const wrong = await call(ctx.app, "GET", "/metrics", {
      headers: { authorization: "Bearer metrics-token-0123456788" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
  });

  test("shows requests by route and status, plugin validations by code, the outbox and sales", async () => {
    const user = await signUpUser(ctx);
    await api(ctx.app).api.plugin.validate.post({ key: "ll_nosuchkey", robloxUserId: "1" } as never);
    await call(ctx.app, "POST", "/api/plugin/validate", { body: "{broken" });
    await queueEmail(
      ctx.deps.db,
      { to: "a@example.com", template: "test", payload: { testKey: "ABCDEFGH2345" } },
      ctx.clock.now(),
    );
    const intent = await api(ctx.app).api["create-payment-intent"].post({ plan: "pro", email: "buyer@example.com" });
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: intent.data!.clientSecret });
    await api(ctx.app, user.token).api.auth.me.get();
    await settle();
    const answer = await call(ctx.app, "GET", "/metrics", {
      headers: { authorization: "Bearer metrics-token-0123456789" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    const text = answer.body as string;
    expect(text).toContain('http_requests_total{method="GET",route="/api/auth/me",status="200",app="layerlift"} 1');
    expect(text).toContain(
      'http_request_duration_seconds_count{app="layerlift",method="GET",route="/api/auth/me",status="200"} 1',
    );
    expect(text).toContain('plugin_validations_total{code="INVALID_KEY",app="layerlift"} 1');
    expect(text).toContain('plugin_validations_total{code="INVALID_REQUEST",app="layerlift"} 1');
    // The database's own counts carry site_, so a sum over instances is not mistaken for them.
    expect(text).toMatch(/^site_email_outbox\{status="pending",app="layerlift"\} [1-9]/m);
    expect(text).toContain('\nsite_sales{plan="pro",status="paid",app="layerlift"} 1');
    expect(text).toContain('\nsite_sales_revenue_cents{kind="gross",app="layerlift"} 2499');
    expect(text).not.toMatch(/^(sales|sales_revenue_cents|email_outbox)\{/m);
    expect(text).toContain('\ndatabase_up{app="layerlift"} 1');
    expect(text).toContain(`\nbuild_info{version="${VERSION}",app="layerlift"} 1`);
  });

  test("names the database engine; on PostgreSQL adds the pool's size and the server's connections, and leaves out the SQLite file's backups", async () => {
    const answer = await call(ctx.app, "GET", "/metrics", {
      headers: { authorization: "Bearer metrics-token-0123456789" },
    });
    const text = answer.body as string;
    expect(text).toContain(`database_info{engine="${onPostgres ? "postgres" : "sqlite"}",app="layerlift"} 1`);
    if (onPostgres) {
      // The test pool's size (tests/support/postgres-pass.ts).
      expect(text).toContain('database_pool_max{app="layerlift"} 4');
      // The scrape's own query is one active connection at least.
      expect(text).toMatch(/site_database_connections\{state="active",app="layerlift"\} [1-9]/);
      expect(text).toMatch(/site_database_connections\{state="idle",app="layerlift"\} \d+/);
      expect(text).not.toContain("backup_age_seconds");
    } else {
      expect(text).not.toContain("database_pool_max");
      expect(text).not.toContain("database_connections");
      expect(text).toContain('backup_age_seconds{app="layerlift"} -1');
    }
  });

  test("counts each background job's rounds by outcome and says when one last worked", async () => {
    // The counts are the process's, like its memory: other files in this worker may have run the sender before.
    const scrape = async () =>
      (await call(ctx.app, "GET", "/metrics", { headers: { authorization: "Bearer metrics-token-0123456789" } }))
        .body as string;
    const rounds = (text: string, outcome: string) =>
      Number(
        new RegExp(`job_rounds_total\\{job="e-mail sender",outcome="${outcome}",app="layerlift"\\} (\\d+)`).exec(
          text,
        )?.[1] ?? 0,
      );
    const before = await scrape();
    // The sender's first round runs at start; stop() waits for it.
    await startEmailSender(ctx.deps, 60_000).stop();
    const text = await scrape();
    expect(text).toContain('job_rounds_total{job="e-mail sender",outcome="ok",app="layerlift"}');
    expect(rounds(text, "ok") - rounds(before, "ok")).toBe(1);
    expect(rounds(text, "failed") - rounds(before, "failed")).toBe(0);
    expect(text).toContain(
      `job_last_success_timestamp_seconds{job="e-mail sender",app="layerlift"} ${Math.round(ctx.clock.now() / 1000)}`,
    );
  });
});
