/**
 * Several instances of the server on one PostgreSQL database, as behind a load balancer: real server processes
 * (`layerlift serve` from the source) started at the same moment on an empty database migrate it once and make
 * one session secret, one lease key and one development admin between them; requests spread over them pay a
 * sale once, hold a promotion code's uses no more than it has, and send every e-mail once, even when one of
 * them is killed half-way; a change made through one instance is refused by another's plugin validation within
 * a second. Rate limits, shared by the instances, have their own servers (limits on): instances-limits.test.ts.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, count, eq, inArray, like } from "drizzle-orm";
import { postgresTables as pg } from "../../src/db/postgres/schema";
import { KEPT_ROW_MS } from "../../src/db/prepared";
import { closeDatabase, postgresHandle } from "../../src/db";
import { parsePostgresTarget } from "../../src/config/postgres";
import type { AppDeps } from "../../src/deps";
import { usesHeld } from "../../src/features/pricing/promotion-codes";
import { seedDevelopmentAdmin } from "../../src/server";
import { testConfig } from "../support/app";
import { captureLog } from "../support/log";
import { FakeClock } from "../support/fake-clock";
import { startFakeResend, type FakeResend } from "../support/fake-resend";
import { describePostgres, freshPostgresDatabase, type TestPostgres } from "../support/postgres";
import {
  callJson,
  type ServeProcess,
  startServeProcess,
  stopServeProcess,
  waitFor,
  waitHealthy,
} from "../support/serve-process";

const MIGRATIONS = JSON.parse(readFileSync(join(import.meta.dir, "../../drizzle/postgres/meta/_journal.json"), "utf8"))
  .entries.length;
const NAMES = ["a", "b", "c"] as const;

/** `layerlift serve` on the database, in development with its development admin (rate limits off). */
function startInstance(name: string, databaseUrl: string, env: Record<string, string>): ServeProcess {
  return startServeProcess(name, { DATABASE_URL: databaseUrl, SEED_DEV_ADMIN: "1", ...env });
}

const post = (instance: ServeProcess, path: string, body: unknown, token?: string) =>
  callJson(instance.url, path, body, token);

/**
 * In front of the fake Resend: each instance sends through its own path (/a, /b, /c), so the test knows which
 * instance has a send in flight; a delay keeps sends in flight long enough to kill an instance during one.
 */
function startResendFront(resend: FakeResend) {
  const inFlight: Record<string, number> = { a: 0, b: 0, c: 0 };
  const front = {
    delayMs: 0,
    inFlight,
    server: Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      async fetch(request) {
        const [, name = "", ...rest] = new URL(request.url).pathname.split("/");
        inFlight[name] = (inFlight[name] ?? 0) + 1;
        try {
          const body = await request.text();
          if (front.delayMs) await Bun.sleep(front.delayMs);
          // Forwarded even when the sender died meanwhile: the provider took an e-mail whose answer was lost.
          const headers: Record<string, string> = {};
          for (const header of ["authorization", "content-type", "idempotency-key", "user-agent"]) {
            const value = request.headers.get(header);
            if (value) headers[header] = value;
          }
          const answer = await fetch(`${resend.url}/${rest.join("/")}`, { method: request.method, headers, body });
          return new Response(await answer.text(), {
            status: answer.status,
            headers: { "content-type": "application/json" },
          });
        } finally {
          inFlight[name]!--;
        }
      },
    }),
  };
  return front;
}

describePostgres("three instances on one PostgreSQL database", () => {
  let database: TestPostgres;
  let resend: FakeResend;
  let front: ReturnType<typeof startResendFront>;
  let instances: ServeProcess[] = [];

  beforeAll(async () => {
    database = await freshPostgresDatabase({ empty: true });
    resend = startFakeResend();
    front = startResendFront(resend);
    const frontUrl = `http://127.0.0.1:${front.server.port}`;
    // All three at the same moment, on an empty database.
    instances = NAMES.map((name) =>
      startInstance(name, database.url, { ...resend.env, RESEND_BASE_URL: `${frontUrl}/${name}` }),
    );
    await Promise.all(instances.map((instance) => waitHealthy(instance, 120_000)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map(stopServeProcess));
    front?.server.stop(true);
    await resend?.stop();
    await database?.drop();
  });

  const [a, b, c] = [0, 1, 2].map((i) => () => instances[i]!);
  const deliveredTo = (address: string) =>
    resend.delivered.filter((mail) => mail.to === address || mail.to[0] === address);

  test("starting together, they migrate once and make one session secret and one development admin", async () => {
    const applied = await database.client.unsafe("select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(applied[0].n).toBe(MIGRATIONS);
    const secrets = await database.db
      .select({ n: count() })
      .from(pg.appSettings)
      .where(eq(pg.appSettings.key, "jwt_secret"));
    expect(secrets).toEqual([{ n: 1 }]);
    const admins = await database.db.select({ email: pg.users.email }).from(pg.users).where(eq(pg.users.isAdmin, true));
    expect(admins).toEqual([{ email: "admin@layerlift.local" }]);
    for (const instance of instances) expect(instance.process.exitCode).toBeNull();
    // Its password is printed once, by the instance that made it.
    const printed = () => instances.filter((instance) => instance.output.join("").includes("Development admin"));
    await waitFor(() => printed().length > 0, 5_000, "the development admin's password");
    expect(printed()).toHaveLength(1);
    expect(printed()[0]!.output.join("")).toMatch(/Development admin created: admin@layerlift\.local \/ \w{12,} /);
  });

  test("20 confirmations of one payment spread over the three make one sale, one key and one e-mail sent", async () => {
    const intent = await post(a(), "/api/create-payment-intent", { plan: "pro", email: "once@example.com" });
    expect(intent.status).toBe(200);
    const clientSecret = intent.body!.clientSecret as string;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(instances[i % 3]!, "/api/payment/demo/confirm", { clientSecret })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const paymentIntentId = clientSecret.split("_secret_")[0]!;
    const made = await database.db.select().from(pg.sales).where(eq(pg.sales.paymentIntentId, paymentIntentId));
    expect(made).toHaveLength(1);
    const keys = await database.db.select().from(pg.productKeys).where(eq(pg.productKeys.saleId, made[0]!.id));
    expect(keys).toHaveLength(1);
    const queued = await database.db.select().from(pg.emails).where(eq(pg.emails.to, "once@example.com"));
    expect(queued).toHaveLength(1);
    await waitFor(() => deliveredTo("once@example.com").length > 0, 15_000, "the key e-mail at the provider");
    // Two more rounds of every instance's sender: none sends it again.
    await Bun.sleep(2_500);
    expect(deliveredTo("once@example.com")).toHaveLength(1);
  });

  test("12 checkouts at once on a 3-use promotion code, spread over the three, leave exactly 3 holding it", async () => {
    const [code] = await database.db
      .insert(pg.promotionCodes)
      .values({ code: "TRIO", percentOff: 20, maxRedemptions: 3, oncePerBuyer: true, createdAt: Date.now() })
      .returning();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(instances[i % 3]!, "/api/create-payment-intent", {
          plan: "pro",
          email: `racer${i}@example.com`,
          promotionCode: "TRIO",
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body!.error)).toEqual(
      Array(9).fill("PROMOTION_CODE_USED_UP"),
    );
    expect(await usesHeld(database.db as never, code!.id, Date.now())).toBe(3);
    const holding = await database.db
      .select({ n: count() })
      .from(pg.checkouts)
      .where(eq(pg.checkouts.promotionCodeId, code!.id));
    expect(holding).toEqual([{ n: 3 }]);
  });

  test("a refund made through one instance ends validation on another within a second; one lease key for all", async () => {
    const intent = await post(a(), "/api/create-payment-intent", { plan: "pro", email: "gamer@example.com" });
    const clientSecret = intent.body!.clientSecret as string;
    expect((await post(a(), "/api/payment/demo/confirm", { clientSecret })).status).toBe(200);
    const [sale] = await database.db
      .select()
      .from(pg.sales)
      .where(eq(pg.sales.paymentIntentId, clientSecret.split("_secret_")[0]!));
    const [productKey] = await database.db.select().from(pg.productKeys).where(eq(pg.productKeys.saleId, sale!.id));
    const signup = await post(a(), "/api/auth/signup", {
      email: "gamer@example.com",
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: productKey!.key,
    });
    expect(signup.status).toBe(200);
    const pluginKey = (await post(a(), "/api/figma/generate-key", {}, signup.body!.token)).body!.figmaKey as string;
    const validateOn = (instance: ServeProcess) =>
      post(instance, "/api/plugin/validate", { key: pluginKey, robloxUserId: "4242" });

    // The first leases of all three at once: one lease key between them, and every lease signed with it.
    const first = await Promise.all(instances.map(validateOn));
    for (const answer of first) expect([answer.body!.valid, typeof answer.body!.lease]).toEqual([true, "string"]);
    const leaseKeys = await database.db.select().from(pg.leaseKeys);
    expect(leaseKeys).toHaveLength(1);
    const kids = first.map(
      (answer) => JSON.parse(Buffer.from(answer.body!.lease.split(".")[0], "base64url").toString()).kid,
    );
    expect(kids).toEqual(Array(3).fill(leaseKeys[0]!.kid));

    // B has read the account and keeps its rows for up to a second.
    expect((await validateOn(b())).body).toMatchObject({ valid: true });

    // The buyer refunds as an admin here only to reach the refund call; A reads the new flag after its second.
    await database.db.update(pg.users).set({ isAdmin: true }).where(eq(pg.users.email, "gamer@example.com"));
    await Bun.sleep(KEPT_ROW_MS + 100);
    expect((await validateOn(b())).body).toMatchObject({ valid: true });
    const refund = await post(a(), `/api/admin/sales/${sale!.id}/refund`, {}, signup.body!.token);
    expect(refund.status).toBe(200);
    await Bun.sleep(KEPT_ROW_MS + 100);
    expect((await validateOn(b())).body).toMatchObject({ valid: false });
  });

  // Last: it kills instance C.
  test("100 e-mails are each sent once while one instance is killed half-way", async () => {
    const addresses = Array.from({ length: 100 }, (_, i) => `bulk${i}@example.com`);
    const bulk = () => resend.delivered.filter((mail) => String(mail.to).startsWith("bulk"));
    front.delayMs = 200;
    const now = Date.now();
    await database.db.insert(pg.emails).values(
      addresses.map((to, i) => ({
        to,
        template: "test",
        subject: "Layerlift test email",
        payload: { testKey: `TESTKEY${String(i).padStart(5, "2")}` },
        status: "pending" as const,
        nextAttemptAt: now,
        createdAt: now,
        deliveryKey: `email-instances-${i}-${now}`,
      })),
    );
    const bulkRows = () => database.db.select().from(pg.emails).where(like(pg.emails.to, "bulk%"));

    // Half-way, while C has a send in flight: killed, no chance to hand its e-mails back.
    await waitFor(() => bulk().length >= 30 && front.inFlight.c! > 0, 30_000, "C sending, 30 e-mails sent");
    c().process.kill("SIGKILL");
    await c().process.exited;

    // A and B send all the rest; what C had leased stays leased for minutes (LEASE_MS), not sent twice.
    let lastSent = -1;
    await waitFor(
      async () => {
        const rows = await bulkRows();
        const sent = rows.filter((row) => row.status === "sent").length;
        const due = rows.filter((row) => row.status === "pending" && row.nextAttemptAt! <= Date.now()).length;
        const settled = sent === lastSent && due === 0 && front.inFlight.a === 0 && front.inFlight.b === 0;
        lastSent = sent;
        return settled;
      },
      60_000,
      "A and B to send every e-mail they can",
    );
    const stuck = (await bulkRows()).filter((row) => row.status !== "sent");
    expect(stuck.length).toBeGreaterThan(0);
    for (const row of stuck) {
      expect(row.status).toBe("pending");
      expect(row.nextAttemptAt!).toBeGreaterThan(Date.now() + 60_000);
    }

    // C died during a send the provider took: its answer was lost, the e-mail is still leased, not marked sent.
    const takenBeforeKill = stuck.filter((row) => bulk().some((mail) => mail.idempotencyKey === row.deliveryKey));
    expect(takenBeforeKill.length).toBeGreaterThan(0);

    // The lease is two minutes and fixed; the test moves its end to now instead of waiting it out.
    await database.db
      .update(pg.emails)
      .set({ nextAttemptAt: Date.now() })
      .where(
        and(
          eq(pg.emails.status, "pending"),
          inArray(
            pg.emails.id,
            stuck.map((row) => row.id),
          ),
        ),
      );
    await waitFor(
      async () => (await bulkRows()).every((row) => row.status === "sent"),
      30_000,
      "A and B to send what C had leased",
    );

    // Each address got one e-mail at the provider; a send C made before dying was recognised by its key.
    const delivered = bulk();
    expect(delivered.map((mail) => String(mail.to)).sort()).toEqual([...addresses].sort());
    const byKey = new Map(delivered.map((mail) => [mail.idempotencyKey, mail.id]));
    for (const row of await bulkRows()) expect(row.providerMessageId).toBe(byKey.get(row.deliveryKey)!);
    for (const instance of [a(), b()]) expect(instance.process.exitCode).toBeNull();
  }, 90_000);
});

describePostgres("the development admin", () => {
  // Which of the two loses, and where (its insert refused, or its update finding the other's row), varies: a few rounds.
  test("two instances seeding it at the same moment make one, print one password, and neither fails to start", async () => {
    const log = captureLog("info");
    try {
      for (let round = 0; round < 4; round++) {
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
      }
      const notices = log.lines.map((line) => String(line.msg)).filter((msg) => msg.startsWith("Development admin"));
      expect(notices).toHaveLength(4);
      for (const notice of notices)
        expect(notice).toMatch(/^Development admin created: admin@layerlift\.local \/ \w{12,} /);
    } finally {
      log.restore();
    }
  });
});
