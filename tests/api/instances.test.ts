/**
 * Several instances of the server on one PostgreSQL database, as behind a load balancer: real server processes
 * (`layerlift serve` from the source) started at the same moment on an empty database migrate it once and make
 * one session secret and one development admin between them; a change made through one instance is refused by
 * another's plugin validation within a second; a payment confirmed through all of them at once is fulfilled once.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import * as pg from "../../src/db/postgres/schema";
import { KEPT_ROW_MS } from "../../src/db/prepared";
import { closeDatabase, postgresHandle } from "../../src/db";
import { parsePostgresTarget } from "../../src/db/postgres/target";
import type { AppDeps } from "../../src/deps";
import { seedDevelopmentAdmin } from "../../src/server";
import { testConfig } from "../support/app";
import { FakeClock } from "../support/fake-clock";
import { describePostgres, freshPostgresDatabase, type TestPostgres } from "../support/postgres";

const ROOT = join(import.meta.dir, "../..");
const MIGRATIONS = JSON.parse(readFileSync(join(ROOT, "drizzle/postgres/meta/_journal.json"), "utf8")).entries.length;

interface Instance {
  url: string;
  process: Bun.Subprocess<"ignore", "pipe", "pipe">;
}

/** A loopback port nothing listens on now. */
function freePort(): number {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

/** Starts `layerlift serve` on the database, in development (demo payments, the development admin). */
function startInstance(databaseUrl: string): Instance {
  const port = freePort();
  const child = Bun.spawn([process.execPath, "--no-env-file", "src/index.ts", "serve"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "development",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_FORMAT: "json",
      LOG_LEVEL: "warn",
      DISABLE_RATE_LIMITS: "1",
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { url: `http://127.0.0.1:${port}`, process: child };
}

async function waitHealthy(instance: Instance) {
  for (let i = 0; i < 300; i++) {
    if (instance.process.exitCode !== null) {
      throw new Error(`an instance stopped at start: ${await new Response(instance.process.stderr).text()}`);
    }
    const answer = await fetch(`${instance.url}/api/health`).catch(() => undefined);
    if (answer?.ok) return;
    await Bun.sleep(100);
  }
  throw new Error(`${instance.url} never answered /api/health`);
}

async function post(instance: Instance, path: string, body: unknown, token?: string) {
  const answer = await fetch(`${instance.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json().catch(() => null)) as Record<string, any> | null };
}

describePostgres("three instances on one PostgreSQL database", () => {
  let database: TestPostgres;
  let instances: Instance[] = [];

  beforeAll(async () => {
    database = await freshPostgresDatabase({ empty: true });
    // All three at the same moment, on an empty database.
    instances = [0, 1, 2].map(() => startInstance(database.url));
    await Promise.all(instances.map(waitHealthy));
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) instance.process.kill("SIGTERM");
    await Promise.all(instances.map((instance) => instance.process.exited));
    await database?.drop();
  });

  test("starting together, they migrate once and make one session secret and one development admin", async () => {
    const applied = await database.client.unsafe("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(applied[0].n).toBe(MIGRATIONS);
    const secrets = await database.db
      .select({ n: count() })
      .from(pg.appSettings)
      .where(eq(pg.appSettings.key, "jwt_secret"));
    expect(secrets).toEqual([{ n: 1 }]);
    expect(await database.db.select({ n: count() }).from(pg.users).where(eq(pg.users.isAdmin, true))).toEqual([
      { n: 1 },
    ]);
    for (const instance of instances) expect(instance.process.exitCode).toBeNull();
  });

  test("a payment confirmed through all three at once makes one sale, one key and one e-mail", async () => {
    const intent = await post(instances[0]!, "/api/create-payment-intent", { plan: "pro", email: "once@example.com" });
    expect(intent.status).toBe(200);
    const clientSecret = intent.body!.clientSecret as string;
    const answers = await Promise.all(
      Array.from({ length: 21 }, (_, i) => post(instances[i % 3]!, "/api/payment/demo/confirm", { clientSecret })),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const paymentIntentId = clientSecret.split("_secret_")[0]!;
    const made = await database.db.select().from(pg.sales).where(eq(pg.sales.paymentIntentId, paymentIntentId));
    expect(made).toHaveLength(1);
    const keys = await database.db.select().from(pg.productKeys).where(eq(pg.productKeys.saleId, made[0]!.id));
    expect(keys).toHaveLength(1);
    const mails = await database.db.select().from(pg.emails).where(eq(pg.emails.to, "once@example.com"));
    expect(mails).toHaveLength(1);
  });

  test("a refund made through one instance ends validation on another within a second", async () => {
    const [a, b] = instances as [Instance, Instance];
    const intent = await post(a, "/api/create-payment-intent", { plan: "pro", email: "gamer@example.com" });
    const clientSecret = intent.body!.clientSecret as string;
    expect((await post(a, "/api/payment/demo/confirm", { clientSecret })).status).toBe(200);
    const [sale] = await database.db
      .select()
      .from(pg.sales)
      .where(eq(pg.sales.paymentIntentId, clientSecret.split("_secret_")[0]!));
    const [productKey] = await database.db.select().from(pg.productKeys).where(eq(pg.productKeys.saleId, sale!.id));
    const signup = await post(a, "/api/auth/signup", {
      email: "gamer@example.com",
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: productKey!.key,
    });
    expect(signup.status).toBe(200);
    const pluginKey = (await post(a, "/api/figma/generate-key", {}, signup.body!.token)).body!.figmaKey as string;
    const validate = () => post(b, "/api/plugin/validate", { key: pluginKey, robloxUserId: "4242" });
    // B has read the account and keeps its rows for up to a second.
    expect((await validate()).body).toMatchObject({ valid: true });

    // The buyer refunds as an admin here only to reach the refund call; A reads the new flag after its second.
    await database.db.update(pg.users).set({ isAdmin: true }).where(eq(pg.users.email, "gamer@example.com"));
    await Bun.sleep(KEPT_ROW_MS + 100);
    expect((await validate()).body).toMatchObject({ valid: true });
    const refund = await post(a, `/api/admin/sales/${sale!.id}/refund`, {}, signup.body!.token);
    expect(refund.status).toBe(200);
    await Bun.sleep(KEPT_ROW_MS + 100);
    const after = await validate();
    expect(after.body).toMatchObject({ valid: false });
  });
});

describePostgres("the development admin", () => {
  test("two instances seeding it at the same moment make one, and neither fails to start", async () => {
    const database = await freshPostgresDatabase();
    const target = parsePostgresTarget(database.url, () => undefined, [])!;
    const handles = [postgresHandle(target), postgresHandle(target)];
    try {
      const config = { ...testConfig(), seedDevAdmin: true };
      const clock = new FakeClock(Date.UTC(2026, 10, 1));
      const seeds = handles.map((db) => seedDevelopmentAdmin({ db, config, clock } as unknown as AppDeps));
      const outcomes = await Promise.allSettled(seeds);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled"]);
      expect(await database.db.select({ n: count() }).from(pg.users).where(eq(pg.users.isAdmin, true))).toEqual([
        { n: 1 },
      ]);
    } finally {
      await Promise.all(handles.map(closeDatabase));
      await database.drop();
    }
  });
});
