/**
 * A check of a hot path right after its rows were read anew. On PostgreSQL a row read is kept for KEPT_ROW_MS of
 * real time (src/db/prepared.ts), and a hot path answers at once only while it is kept; on a busy machine the calls
 * before a check can take longer than that. So every kept row is made stale (as any write makes it), `read` reads
 * them again, and `check` runs at once; when the two took KEPT_ROW_MS or more and `check` still had something to
 * wait for, both run again. Something to wait for within the second is returned as it is, and fails the test.
 */
import { expect } from "bun:test";
import { Database } from "bun:sqlite";
import { eq } from "drizzle-orm";
import { postgresPoolOf, type Db } from "../../src/db";
import type { SqliteConnections } from "../../src/db/sqlite/connection";
import type { AppError } from "../../src/lib/errors";
import { KEPT_ROW_MS } from "../../src/db/prepared";
import { subscriptions } from "../../src/db/schema";

export async function rightAfterRead<T>(
  db: Db,
  read: () => unknown,
  check: () => T,
  waitingIn: (answer: T) => unknown[] = (answer) => [answer],
): Promise<{ answer: T }> {
  const pool = postgresPoolOf(db);
  for (let tries = 1; ; tries++) {
    const started = performance.now();
    if (pool) pool.changes.count++;
    await read();
    const answer = check();
    const waiting = waitingIn(answer).filter((value) => value instanceof Promise);
    const late = pool && performance.now() - started >= KEPT_ROW_MS;
    if (!waiting.length || !late || tries === 10) return { answer };
    await Promise.allSettled(waiting);
  }
}

/** Counts the statements run on SQLite's reader from now on (its kept-row statements are made anew on it). */
export function countReads(connections: SqliteConnections) {
  const reader = new Database(connections.reader.filename, { readonly: true, strict: true });
  const counted = { statements: 0 };
  const query = reader.query.bind(reader);
  reader.query = ((sql: string) => {
    const statement = query(sql);
    for (const method of ["get", "all", "values", "run"] as const) {
      const run = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        counted.statements++;
        return run(...args);
      };
    }
    return statement;
  }) as typeof reader.query;
  const before = connections.reader;
  connections.reader = reader;
  before.close();
  return counted;
}

/** A hot path fails at once or by a promise: the failure's code either way, null when it answered. */
export const failureCode = async (run: () => unknown) => {
  try {
    await run();
  } catch (error) {
    return (error as AppError).code;
  }
  return null;
};

/** Suspends, then ends, the licence of `userId`: `validate` refuses each on its very next call, with its code. */
export async function expectSuspensionAndEndSeen(db: Db, now: number, userId: number, validate: () => unknown) {
  const where = eq(subscriptions.userId, userId);
  await db.update(subscriptions).set({ suspendedAt: now }).where(where);
  expect(await failureCode(validate)).toBe("SUBSCRIPTION_SUSPENDED");
  await db
    .update(subscriptions)
    .set({ suspendedAt: null, endDate: now - 1 })
    .where(where);
  expect(await failureCode(validate)).toBe("SUBSCRIPTION_EXPIRED");
}
