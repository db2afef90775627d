/**
 * On PostgreSQL the rate limits are shared by every instance of the site on the database
 * (docs/architecture.md#rate-limits): two instances, each with its own pool and limiter, count against the
 * same buckets, which refill with the clock and are deleted once refilled.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { closeDatabase, postgresHandle, type Db } from "../../src/db";
import { parsePostgresTarget } from "../../src/db/postgres/connection";
import type { AppDeps } from "../../src/deps";
import { createApp } from "../../src/app";
import { PostgresRateLimiter, rateLimiterFor } from "../../src/db/rate-limit-store";
import { buildPaymentProvider } from "../../src/server";
import { createOutboxOnlyMailer } from "../../src/features/email/mailer";
import { call, testConfig } from "../support/app";
import { FakeClock } from "../support/fake-clock";
import { describePostgres, freshPostgresDatabase, type TestPostgres } from "../support/postgres";

describePostgres("rate limits shared by the instances on one PostgreSQL", () => {
  let database: TestPostgres;
  const handles: Db[] = [];
  const clock = new FakeClock(Date.UTC(2026, 10, 1, 12));

  beforeEach(async () => {
    database = await freshPostgresDatabase();
  });
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((db) => closeDatabase(db)));
    await database.drop();
  });

  /** One instance of the site: its own pool on the database, its own limiter, as buildDeps makes them. */
  const target = () => parsePostgresTarget(database.url, () => undefined, [])!;
  const open = () => {
    const db = postgresHandle(target());
    handles.push(db);
    return db;
  };
  const instance = () => {
    const db = open();
    const config = { ...testConfig({ TRUST_PROXY: "1" }), databaseUrl: target() };
    const deps: AppDeps = {
      db,
      config,
      clock,
      limiter: rateLimiterFor(db, clock, false),
      jwtSecret: "test-secret-that-is-long-enough-for-hs256-0123456789",
      payments: buildPaymentProvider(config, db, clock),
      mailer: createOutboxOnlyMailer({ print: false }),
      tax: null,
    };
    return createApp(deps);
  };

  // Following an address-confirmation link: 5 at once from one IP (RATE_RULES.passwordReset), then 2 a minute.
  const confirm = (app: ReturnType<typeof instance>, ip = "203.0.113.7") =>
    call(app, "POST", "/api/account/confirm-address", {
      body: { token: "not-a-link-we-sent" },
      headers: { "x-forwarded-for": ip },
    });

  test("the limit used up on one instance refuses the next call on the other, with Retry-After", async () => {
    const [first, second] = [instance(), instance()];
    for (let i = 0; i < 5; i++) expect((await confirm(first)).status).not.toBe(429);
    const refused = await confirm(second);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("RATE_LIMITED");
    expect(refused.headers.get("retry-after")).toBe("30");
    // Another address has its own bucket.
    expect((await confirm(second, "203.0.113.8")).status).not.toBe(429);
  });

  test("the buckets refill with the clock, whichever instance takes", async () => {
    const [first, second] = [instance(), instance()];
    for (let i = 0; i < 5; i++) await confirm(i % 2 ? first : second);
    expect((await confirm(first)).status).toBe(429);
    clock.advance(15_000); // half a token back: still refused, the wait shorter
    const waiting = await confirm(second);
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get("retry-after")).toBe("15");
    clock.advance(15_000); // one whole token
    expect((await confirm(second)).status).not.toBe(429);
    expect((await confirm(first)).status).toBe(429);
    clock.advance(60_000); // two more
    expect((await confirm(first)).status).not.toBe(429);
    expect((await confirm(second)).status).not.toBe(429);
    expect((await confirm(first)).status).toBe(429);
  });

  test("calls at once on both instances get no more than the limit between them", async () => {
    const [first, second] = [instance(), instance()];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => confirm(i % 2 ? first : second)));
    expect(answers.filter((answer) => answer.status !== 429)).toHaveLength(5);
  });

  test("a bucket that has refilled is deleted by the next take a minute on", async () => {
    const app = instance();
    await confirm(app, "203.0.113.20");
    await confirm(app, "203.0.113.21");
    for (let i = 0; i < 5; i++) await confirm(app, "203.0.113.22");
    const keys = async () =>
      ((await database.client.unsafe("SELECT key FROM rate_limit_buckets ORDER BY key")) as { key: string }[]).map(
        (row) => row.key,
      );
    expect(await keys()).toHaveLength(3);
    clock.advance(60_000); // the first two have refilled; the third has two tokens of five
    await confirm(app, "203.0.113.23");
    expect(await keys()).toEqual(["address-confirm|ip:203.0.113.22", "address-confirm|ip:203.0.113.23"]);
  });

  test("several buckets taken in one statement stop at the first that refuses", async () => {
    const limiter = new PostgresRateLimiter(open(), clock);
    const rule = { capacity: 2, perMinute: 1 };
    const take = (ip: string, key: string) => limiter.takeEach("plugin", [{ ip }, { key }], rule);
    await take("203.0.113.30", "key-a");
    await take("203.0.113.30", "key-a");
    // The key's bucket refuses: the address's was taken first.
    const keyRefused = await take("203.0.113.31", "key-a").catch((error) => error);
    expect(keyRefused.status).toBe(429);
    expect(keyRefused.headers["Retry-After"]).toBe("60");
    // The address's bucket refuses: the key's is never touched.
    await expect(take("203.0.113.30", "key-b")).rejects.toMatchObject({ status: 429 });
    const rows = (await database.client.unsafe(
      "SELECT key, tokens FROM rate_limit_buckets WHERE key LIKE 'plugin|%' ORDER BY key",
    )) as { key: string; tokens: number }[];
    expect(rows.map((row) => [row.key, row.tokens])).toEqual([
      ["plugin|ip:203.0.113.30", 0],
      ["plugin|ip:203.0.113.31", 1],
      ["plugin|key:key-a", 0],
    ]);
  });

  test("takes asked at once on two instances, many per statement, grant exactly each bucket's tokens", async () => {
    const [first, second] = [new PostgresRateLimiter(open(), clock), new PostgresRateLimiter(open(), clock)];
    const rule = { capacity: 5, perMinute: 1 };
    // 40 at once: 4 addresses, each with its own key, half on each instance.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? first : second)
          .takeEach("plugin", [{ ip: `198.51.100.${i % 4}` }, { key: `key-${i % 4}` }], rule)
          .then(
            () => ({ i, allowed: true, retryAfter: "" }),
            (error) => ({ i, allowed: false, retryAfter: error.headers["Retry-After"] }),
          ),
      ),
    );
    for (let subject = 0; subject < 4; subject++) {
      const own = answers.filter((answer) => answer.i % 4 === subject);
      expect(own.filter((answer) => answer.allowed)).toHaveLength(5);
      expect(new Set(own.filter((answer) => !answer.allowed).map((answer) => answer.retryAfter))).toEqual(
        new Set(["60"]),
      );
    }
  });
});
