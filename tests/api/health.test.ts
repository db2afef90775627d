/**
 * /api/health tells the truth: degraded when e-mails fail or back up, or the database can't be written
 * (or, on PostgreSQL, reached), with the reasons and the database's engine for an admin or the metrics
 * token only; it costs no write per call, and says "stopping" (503) once the server drains.
 */
import { VERSION } from "../../src/version";
import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import { Database } from "bun:sqlite";
import { eq } from "drizzle-orm";
import { sqliteTables as schema } from "../../src/db/sqlite/schema";
import { sqliteDrizzle } from "../../src/db/sqlite/connection";
import { WriteGate } from "../../src/db/sqlite/write-gate";
import { emails } from "../../src/db/schema";
import { queueEmail } from "../../src/features/email/outbox";
import { createApp } from "../../src/app";
import { MINUTE } from "../../src/lib/clock";
import { closeDatabase, postgresHandle, postgresPoolOf, type Db } from "../../src/db";
import { parsePostgresTarget } from "../../src/db/postgres/connection";
import { POSTGRES_BACKUP_WARNING } from "../../src/features/backups/postgres";
import { appSettings } from "../../src/db/schema";
import { startDraining } from "../../src/features/health/drain";
import { WRITE_PROBE_INTERVAL_MS } from "../../src/features/health/service";
import { runCli } from "../../src/cli";
import { startTestServer } from "../support/server";
import { api, call, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";
import { onPostgres } from "../support/postgres-pass";

const METRICS_TOKEN = "metrics-token-0123456789";
let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp({ env: { METRICS_TOKEN } });
});
afterEach(() => ctx.cleanup());

/** The detailed answer, as monitoring asks for it. */
const details = (query: { strict?: "1" } = {}, app = ctx.app) =>
  api(app).api.health.get({ query, headers: { authorization: `Bearer ${METRICS_TOKEN}` } });

const queueKeyEmail = () =>
  queueEmail(
    ctx.deps.db,
    {
      to: "buyer@example.com",
      template: "product-key",
      payload: { key: "ABCDEFGH2345", plan: "pro", planName: "4 Month Pro" },
    },
    ctx.clock.now(),
  );

describe("GET /api/health", () => {
  test("is ok on a working site", async () => {
    const answer = await details({ strict: "1" });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      ok: true,
      status: "ok",
      reasons: [],
      email: { pending: 0, failed: 0, oldestPendingMinutes: null },
    });
  });

  test("is degraded while an e-mail has failed for good, and ?strict=1 answers 503 then", async () => {
    const row = await queueKeyEmail();
    await ctx.deps.db.update(emails).set({ status: "failed", nextAttemptAt: null }).where(eq(emails.id, row.id));
    const relaxed = await details();
    expect(relaxed.status).toBe(200);
    expect(relaxed.data).toMatchObject({
      ok: false,
      status: "degraded",
      reasons: ["1 e-mail has failed for good; retry them from the admin E-mails tab"],
      email: { failed: 1 },
    });
    const strict = await details({ strict: "1" });
    expect(strict.status).toBe(503);
    expect(strict.error!.value).toMatchObject({ status: "degraded" });
  });

  test("is degraded when the oldest unsent e-mail has waited 10 minutes", async () => {
    await queueKeyEmail();
    ctx.clock.advance(9 * MINUTE);
    expect((await details({ strict: "1" })).status).toBe(200);
    ctx.clock.advance(MINUTE);
    const answer = await details({ strict: "1" });
    expect(answer.status).toBe(503);
    expect(answer.error!.value).toMatchObject({
      reasons: ["the oldest of 1 unsent e-mail has waited 10 minutes"],
      email: { pending: 1, oldestPendingMinutes: 10 },
    });
  });

  /** The test's database opened again read-only: a read-only file, or PostgreSQL sessions that can't write (a standby's). */
  async function readOnlyDatabase(): Promise<{ db: Db; close: () => Promise<void> }> {
    const pool = postgresPoolOf(ctx.deps.db);
    if (pool) {
      // Sessions opened from here on can't write; the test's own pool keeps its sessions (and the test database is dropped after).
      await pool.client.unsafe(
        "do $$ begin execute format('alter database %I set default_transaction_read_only = on', current_database()); end $$",
      );
      const db = postgresHandle(pool.target);
      return { db, close: () => closeDatabase(db) };
    }
    const readOnly = new Database(ctx.deps.config.databasePath, { readonly: true });
    const connections = {
      writer: readOnly,
      reader: readOnly,
      gate: new WriteGate(),
      changes: { count: 0 },
      reopenReader: () => {},
      close: () => readOnly.close(),
    };
    const db = Object.assign(sqliteDrizzle(connections, schema), { $client: connections }) as Db;
    return { db, close: async () => readOnly.close() };
  }

  test("is degraded when the database can't be written", async () => {
    const readOnly = await readOnlyDatabase();
    const app = createApp({ ...ctx.deps, db: readOnly.db });
    try {
      const answer = await details({ strict: "1" }, app);
      expect(answer.status).toBe(503);
      const reasons = (answer.error!.value as { reasons: string[] }).reasons;
      expect(reasons).toHaveLength(1);
      expect(reasons[0]).toStartWith("the database can't be written: ");
    } finally {
      await readOnly.close();
    }
  });
});

describe.if(onPostgres)("GET /api/health on PostgreSQL", () => {
  test("a server that can't be reached is the one reason, naming host and port but never the password; 503 with ?strict=1", async () => {
    const closed = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    const port = closed.port;
    closed.stop(true);
    const problems: string[] = [];
    const target = parsePostgresTarget(
      `postgres://shop:Very-s3cret@127.0.0.1:${port}/shop`,
      () => undefined,
      problems,
    )!;
    const db = postgresHandle(target);
    try {
      const app = createApp({ ...ctx.deps, db });
      const strict = await details({ strict: "1" }, app);
      expect(strict.status).toBe(503);
      const report = strict.error!.value as Record<string, unknown> & { reasons: string[] };
      expect(report).toMatchObject({
        ok: false,
        status: "degraded",
        database: { engine: "postgres" },
        email: null,
        backup: null,
      });
      expect(report.reasons).toHaveLength(1);
      expect(report.reasons[0]).toStartWith(`the database can't be reached: PostgreSQL at 127.0.0.1:${port}: `);
      expect(JSON.stringify(report)).not.toContain("Very-s3cret");
      // Without ?strict the answer is 200 and degraded, as for a database that can't be written; anyone sees only that.
      expect((await call(app, "GET", "/api/health")).body).toEqual({ ok: false, status: "degraded" });
    } finally {
      await closeDatabase(db);
    }
  });
});

describe("who sees what", () => {
  test("anyone gets {ok, status} and nothing else, degraded or not", async () => {
    const healthy = await call(ctx.app, "GET", "/api/health");
    expect(healthy.status).toBe(200);
    expect(healthy.body).toEqual({ ok: true, status: "ok" });
    const row = await queueKeyEmail();
    await ctx.deps.db.update(emails).set({ status: "failed", nextAttemptAt: null }).where(eq(emails.id, row.id));
    expect((await call(ctx.app, "GET", "/api/health")).body).toEqual({ ok: false, status: "degraded" });
    const strict = await call(ctx.app, "GET", "/api/health?strict=1");
    expect(strict.status).toBe(503);
    expect(strict.body).toEqual({ ok: false, status: "degraded" });
  });

  test("an admin's session and the metrics token get the reasons, uptime, e-mail queue and backups; a user's session or a wrong token does not", async () => {
    const admin = await signInAdmin(ctx);
    const user = await signUpUser(ctx);
    // The two pending e-mails are the welcome e-mail and the address confirmation the sign-up queued.
    const detailed = {
      ok: true,
      status: "ok",
      reasons: [],
      // Which release answers: during a rolling upgrade, which instance runs which.
      version: VERSION,
      uptimeSeconds: 0,
      database: { engine: onPostgres ? "postgres" : "sqlite" },
      email: { pending: 2, failed: 0, oldestPendingMinutes: 0 },
      backup: {
        scheduled: false,
        everySeconds: 21_600,
        lastGood: null,
        lastFailure: null,
        drill: null,
        // On PostgreSQL the site's own backups don't apply: it says whose job they are instead.
        warning: onPostgres
          ? POSTGRES_BACKUP_WARNING
          : "Backups don't leave this server: set BACKUP_URL to send them to S3-compatible storage.",
      },
    };
    expect((await call(ctx.app, "GET", "/api/health", { token: admin.token })).body).toEqual(detailed);
    expect((await call(ctx.app, "GET", "/api/health", { token: METRICS_TOKEN })).body).toEqual(detailed);
    expect((await call(ctx.app, "GET", "/api/health", { token: user.token })).body).toEqual({ ok: true, status: "ok" });
    expect((await call(ctx.app, "GET", "/api/health", { token: "metrics-token-wrong" })).body).toEqual({
      ok: true,
      status: "ok",
    });
  });

  test("without METRICS_TOKEN set, no bearer token opens the details", async () => {
    const open = makeTestApp();
    try {
      expect((await call(open.app, "GET", "/api/health", { token: "" })).body).toEqual({ ok: true, status: "ok" });
      expect((await call(open.app, "GET", "/api/health", { headers: { authorization: "Bearer " } })).body).toEqual({
        ok: true,
        status: "ok",
      });
    } finally {
      open.cleanup();
    }
  });

  test("the public answer is the same before and after lost-key and forgot-password calls, for known and unknown addresses", async () => {
    const user = await signUpUser(ctx);
    const before = await call(ctx.app, "GET", "/api/health");
    for (const email of [user.email, "nobody@example.com"]) {
      expect((await call(ctx.app, "POST", "/api/keys/resend", { body: { email } })).status).toBe(200);
      expect((await call(ctx.app, "POST", "/api/auth/forgot-password", { body: { email } })).status).toBe(200);
    }
    const after = await call(ctx.app, "GET", "/api/health");
    expect({ status: after.status, body: JSON.stringify(after.body) }).toEqual({
      status: before.status,
      body: JSON.stringify(before.body),
    });
    expect(before.body).toEqual({ ok: true, status: "ok" });
    // The calls did queue e-mails: the details (for the operator) show them.
    expect(((await details()).data as { email: { pending: number } }).email.pending).toBeGreaterThan(0);
  });
});

describe("cost", () => {
  const lastProbe = async () =>
    (await ctx.deps.db.select().from(appSettings).where(eq(appSettings.key, "health_checked_at")))[0]?.value;

  test("the database write is probed at most once every 30 s, however often health is asked", async () => {
    await call(ctx.app, "GET", "/api/health");
    const first = await lastProbe();
    expect(first).toBe(String(ctx.clock.now()));
    for (let i = 0; i < 20; i++) {
      ctx.clock.advance(1_000);
      await call(ctx.app, "GET", "/api/health");
    }
    expect(await lastProbe()).toBe(first);
    ctx.clock.advance(WRITE_PROBE_INTERVAL_MS - 20_000);
    await call(ctx.app, "GET", "/api/health");
    expect(await lastProbe()).toBe(String(ctx.clock.now()));
  });
});

describe("stopping", () => {
  test("once the server drains, health answers 503 'stopping' at once, with or without ?strict", async () => {
    startDraining(ctx.deps);
    for (const path of ["/api/health", "/api/health?strict=1"]) {
      const answer = await call(ctx.app, "GET", path);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ ok: false, status: "stopping" });
    }
    expect((await details()).error!.value).toMatchObject({ ok: false, status: "stopping", reasons: [] });
  });
});

describe("layerlift health", () => {
  async function runHealth(args: string[], env: Record<string, string> = {}) {
    const printed: string[] = [];
    const log = spyOn(console, "log").mockImplementation((...parts: unknown[]) => {
      printed.push(parts.join(" "));
    });
    // What it says when the server does not answer goes to stderr: kept too, so a failure shows it.
    const error = spyOn(console, "error").mockImplementation((...parts: unknown[]) => {
      printed.push(`stderr: ${parts.join(" ")}`);
    });
    try {
      return { code: await runCli(["health", ...args], env), printed };
    } finally {
      log.mockRestore();
      error.mockRestore();
    }
  }

  test("prints the reasons when given the metrics token (--token or $METRICS_TOKEN), and only the status without it", async () => {
    const server = await startTestServer({ env: { METRICS_TOKEN } });
    try {
      // Queued and failed in one transaction: the listening server's outbox worker must never see it pending,
      // or a send already under way could mark it sent after the test marked it failed.
      await server.deps.db.transaction(async (tx) => {
        const row = await queueEmail(
          tx,
          {
            to: "buyer@example.com",
            template: "product-key",
            payload: { key: "ABCDEFGH2345", plan: "pro", planName: "4 Month Pro" },
          },
          server.clock.now(),
        );
        await tx.update(emails).set({ status: "failed", nextAttemptAt: null }).where(eq(emails.id, row.id));
      });
      const reason = "- 1 e-mail has failed for good; retry them from the admin E-mails tab";

      const withFlag = await runHealth(["--url", server.url, "--token", METRICS_TOKEN]);
      expect(withFlag.code).toBe(1);
      expect(withFlag.printed[0]).toStartWith('503 {"ok":false,"status":"degraded","reasons":');
      expect(withFlag.printed.slice(1)).toEqual([reason]);

      const fromEnv = await runHealth(["--url", server.url], { METRICS_TOKEN });
      expect(fromEnv.printed.slice(1)).toEqual([reason]);

      const without = await runHealth(["--url", server.url]);
      expect(without).toEqual({ code: 1, printed: ['503 {"ok":false,"status":"degraded"}'] });
    } finally {
      await server.stop();
    }
  });
});
