/**
 * Plugin validation's hot path answers without a promise (src/features/plugin/validate.ts): a key linked to
 * the caller's Roblox account, its rows at hand, nothing to write and its lease kept. It gives the answer the
 * whole way gives, and whatever has to be written, signed or waited for still goes the whole way.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../src/db/schema";
import { createLeaseIssuer, type LeaseIssuer } from "../../src/features/leases/issuer";
import { limitAndValidate, validatePluginKey, type ValidateInput } from "../../src/features/plugin/validate";
import { MINUTE } from "../../src/lib/clock";
import { MemoryRateLimiter } from "../../src/lib/rate-limit";
import type { SqliteConnections } from "../../src/db/sqlite/connection";
import { KEPT_ROW_MS } from "../../src/db/prepared";
import { postgresPoolOf } from "../../src/db";
import { markedLately, markOnceAMinute } from "../../src/lib/minute-marks";
import { FakeClock } from "../support/fake-clock";
import { api, makeTestApp, signUpUser, type TestContext } from "../support/app";
import { onPostgres } from "../support/postgres-pass";
import {
  countReads,
  expectSuspensionAndEndSeen,
  failureCode,
  rightAfterRead as rightAfterReadOf,
} from "../support/kept-rows";

let ctx: TestContext;
let leases: LeaseIssuer;
beforeEach(() => {
  ctx = makeTestApp({ clock: new FakeClock(Date.UTC(2026, 10, 1, 12)) });
  leases = createLeaseIssuer(ctx.deps);
});
afterEach(() => ctx.cleanup());

async function linkedKey(): Promise<ValidateInput & { userId: number }> {
  const user = await signUpUser(ctx, "pro");
  const generated = await api(ctx.app, user.token).api.figma["generate-key"].post();
  const input = { key: generated.data!.figmaKey as string, robloxUserId: "123", nonce: undefined };
  // The first call links, writes and signs; the second reads the rows the first wrote (PostgreSQL keeps them then).
  await validatePluginKey(ctx.deps, leases, input);
  await validatePluginKey(ctx.deps, leases, input);
  return { ...input, userId: user.user.id };
}

/** `check` at once after a validation read the rows anew (tests/support/kept-rows.ts). */
function rightAfterRead<T>(input: ValidateInput, check: () => T, waitingIn?: (answer: T) => unknown[]) {
  return rightAfterReadOf(ctx.deps.db, () => validatePluginKey(ctx.deps, leases, input), check, waitingIn);
}

describe("the hot path", () => {
  test("a linked key answers at once, with the answer the whole way gives", async () => {
    const input = await linkedKey();
    const whole = await validatePluginKey(ctx.deps, createLeaseIssuer(ctx.deps), input);
    const { answer: again } = await rightAfterRead(input, () => validatePluginKey(ctx.deps, leases, input));
    expect(again).not.toBeInstanceOf(Promise);
    expect(again).toEqual({ ...whole, lease: expect.any(String) });
    // The lease kept by the first call, sent again.
    expect(await validatePluginKey(ctx.deps, leases, input)).toEqual(await again);
    expect(leases.counts).toMatchObject({ signed: 1 });
  });

  test("the rate limits are taken on it, at once in memory", async () => {
    const input = await linkedKey();
    const { answer: taken } = await rightAfterRead(
      input,
      () => {
        const deps = { ...ctx.deps, limiter: new MemoryRateLimiter(ctx.clock) };
        return {
          deps,
          answers: Array.from({ length: 60 }, () => limitAndValidate(deps, leases, "203.0.113.9", input)),
        };
      },
      ({ answers }) => answers,
    );
    for (const answer of taken.answers) expect(answer).not.toBeInstanceOf(Promise);
    const { deps } = taken;
    expect(() => limitAndValidate(deps, leases, "203.0.113.9", input)).toThrow(
      expect.objectContaining({ code: "RATE_LIMITED", status: 429 }),
    );
  });

  test("a new nonce is signed at once, a lease of its own", async () => {
    const input = await linkedKey();
    const kept = await validatePluginKey(ctx.deps, leases, input);
    // A new nonce for each try, and the signatures counted from the last one's start.
    let tries = 0;
    let signedBefore = 0;
    const { answer: fresh } = await rightAfterRead(input, () => {
      signedBefore = leases.counts.signed;
      return validatePluginKey(ctx.deps, leases, { ...input, nonce: `a-new-nonce-${++tries}` });
    });
    expect(fresh).not.toBeInstanceOf(Promise);
    expect((await fresh).lease).not.toBe(kept.lease);
    expect(leases.counts.signed).toBe(signedBefore + 1);
  });

  test("lease keys not read yet send the call the whole way, which reads them", async () => {
    const input = await linkedKey();
    const unread = createLeaseIssuer(ctx.deps);
    const first = validatePluginKey(ctx.deps, unread, input);
    expect(first).toBeInstanceOf(Promise);
    await first;
    const { answer } = await rightAfterRead(input, () => validatePluginKey(ctx.deps, unread, input));
    expect(answer).not.toBeInstanceOf(Promise);
  });

  test("a minute later the call goes the whole way and writes when the key was last seen and validated", async () => {
    const input = await linkedKey();
    ctx.clock.advance(2 * MINUTE);
    const later = validatePluginKey(ctx.deps, leases, input);
    expect(later).toBeInstanceOf(Promise);
    await later;
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, input.userId));
    expect(row!.lastSeenAt).toBe(ctx.clock.now());
    expect(row!.pluginValidatedAt).toBe(ctx.clock.now());
  });

  test("validations under way the moment the minute falls due write its two marks once between them", async () => {
    const input = await linkedKey();
    ctx.clock.advance(2 * MINUTE);
    const writes = writeCount();
    const answers = await Promise.all(Array.from({ length: 20 }, () => validatePluginKey(ctx.deps, leases, input)));
    expect(answers.map((answer) => answer.code)).toEqual(Array(20).fill("VALID"));
    expect(writeCount() - writes).toBe(2);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, input.userId));
    expect([row!.lastSeenAt, row!.pluginValidatedAt]).toEqual([ctx.clock.now(), ctx.clock.now()]);
    // Marked, calls are on the hot path again: on PostgreSQL once a call has read the rows the marks changed.
    const { answer } = await rightAfterRead(input, () => validatePluginKey(ctx.deps, leases, input));
    expect(answer).not.toBeInstanceOf(Promise);
  });

  test("another Roblox account goes the whole way and is refused", async () => {
    const input = await linkedKey();
    expect(await failureCode(() => validatePluginKey(ctx.deps, leases, { ...input, robloxUserId: "456" }))).toBe(
      "ACCOUNT_MISMATCH",
    );
  });

  test("a suspension or an end shows on the very next call", async () => {
    const input = await linkedKey();
    const { answer } = await rightAfterRead(input, () => validatePluginKey(ctx.deps, leases, input));
    expect(answer).not.toBeInstanceOf(Promise);
    await expectSuspensionAndEndSeen(ctx.deps.db, ctx.clock.now(), input.userId, () =>
      validatePluginKey(ctx.deps, leases, input),
    );
  });
});

describe("the minute's marks", () => {
  test("a dashboard's calls under way the moment the minute falls due mark its account seen once", async () => {
    const user = await signUpUser(ctx, "month");
    expect((await api(ctx.app, user.token).api.auth.me.get()).status).toBe(200);
    ctx.clock.advance(2 * MINUTE);
    const writes = writeCount();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async () => (await api(ctx.app, user.token).api.auth.me.get()).status),
    );
    expect(statuses).toEqual(Array(10).fill(200));
    expect(writeCount() - writes).toBe(1);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row!.lastSeenAt).toBe(ctx.clock.now());
  });

  test("a mark whose write failed is written by the next call, and a minute later again", async () => {
    const db = {};
    const writes: number[] = [];
    const failing = () => Promise.reject(new Error("the database is away"));
    await expect(markOnceAMinute(db, "seen 1", null, 1_000, failing)).rejects.toThrow("the database is away");
    expect(markedLately(db, "seen 1", null, 1_000)).toBe(false);
    await markOnceAMinute(db, "seen 1", null, 2_000, async () => writes.push(2_000));
    await markOnceAMinute(db, "seen 1", null, 2_000 + MINUTE - 1, async () => writes.push(2_000 + MINUTE - 1));
    expect(markedLately(db, "seen 1", null, 2_000 + MINUTE - 1)).toBe(true);
    await markOnceAMinute(db, "seen 1", null, 2_000 + MINUTE, async () => writes.push(2_000 + MINUTE));
    expect(writes).toEqual([2_000, 2_000 + MINUTE]);
    // Another database's marks are its own.
    expect(markedLately({}, "seen 1", null, 2_000 + MINUTE)).toBe(false);
  });
});

/**
 * Statements outside a transaction that could change the database so far, on either engine: SQLite's counter moves
 * once for each, PostgreSQL's twice (when it is sent and when it is answered, src/db/postgres/connection.ts).
 */
const writeCount = () => {
  const pool = postgresPoolOf(ctx.deps.db);
  if (pool) return pool.changes.count / 2;
  return (ctx.deps.db as unknown as { $client: SqliteConnections }).$client.changes.count;
};

describe.if(!onPostgres)("statements on SQLite", () => {
  test("a linked key's validation and a signed-in /api/auth/me read kept rows and write nothing", async () => {
    const input = await linkedKey();
    const user = await signUpUser(ctx, "month");
    await api(ctx.app, user.token).api.auth.me.get();
    const connections = (ctx.deps.db as unknown as { $client: SqliteConnections }).$client;
    const counted = countReads(connections);
    const writes = connections.changes.count;
    const started = performance.now();
    for (let i = 0; i < 20; i++) {
      expect((await api(ctx.app).api.plugin.validate.post(input)).status).toBe(200);
      expect((await api(ctx.app, user.token).api.auth.me.get()).status).toBe(200);
    }
    // A kept row is read again once its second is over (src/db/prepared.ts): four rows here (the key's owner and
    // subscription, the session's account and subscription), each at most once a second; 80 reads were none kept.
    const seconds = Math.ceil((performance.now() - started) / KEPT_ROW_MS);
    expect(counted.statements).toBeLessThanOrEqual(4 * (seconds + 1));
    expect(connections.changes.count - writes).toBe(0);
  });
});

describe("what Elysia adds to every request", () => {
  // A hook or handler that names `server` in its context makes Elysia define a getter on the context of every
  // request of its routes: 3-4 % of validation's requests a second over HTTP. The address look-up is the request
  // hook's, which takes the server from the app (src/app.ts); routes read the address with requestIp.
  test("no route's composed handler defines the server on the request's context", () => {
    const routes = (ctx.app as unknown as { routes: { method: string; path: string; compile(): unknown }[] }).routes;
    expect(routes.length).toBeGreaterThan(50);
    const definingServer = routes
      .filter((route) => /defineProperty\(c,\s*'server'/.test(String(route.compile())))
      .map((route) => `${route.method} ${route.path}`);
    expect(definingServer).toEqual([]);
  });
});
