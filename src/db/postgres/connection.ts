/**
 * PostgreSQL through Bun's built-in client (`import { SQL } from "bun"`) and Drizzle's bun-sql driver:
 * measured the fastest of the three drivers here (docs/performance.md), and no dependency.
 *
 * What the URL or the environment sets: the pool's size (DATABASE_POOL_MAX or `?max=`), a statement
 * timeout (DATABASE_STATEMENT_TIMEOUT_MS or `?statement_timeout=`, milliseconds) and TLS (`?sslmode=`,
 * as libpq spells it). A server that can't be reached is one sentence naming host and port, never the
 * password.
 */
import { SQL } from "bun";
import { drizzle } from "drizzle-orm/bun-sql";
import { PgJsonb } from "drizzle-orm/pg-core";
import { inTransactionScope, refuseRootQueryInTransaction } from "../transaction-scope";
import { DatabaseUnreachableError, type PostgresTarget } from "../../config/postgres";

export { DatabaseUnreachableError, parsePostgresTarget, type PostgresTarget } from "../../config/postgres";

// Bun's SQL encodes a jsonb parameter itself: given Drizzle's JSON text, it stored a JSON *string* (a
// scalar holding the text), which PostgreSQL's JSON operators can't look into. So the value goes as it is.
// tests/db/postgres-connection.test.ts holds a stored object to being an object.
PgJsonb.prototype.mapToDriverValue = (value: unknown) => value as string;

/** The URL without what this program reads itself (max, statement_timeout), for the client. */
function clientUrl(raw: string): string {
  const url = new URL(raw);
  url.searchParams.delete("max");
  url.searchParams.delete("statement_timeout");
  return url.toString();
}

const isRead = (sql: string) => /^\s*(select|with)\b/i.test(sql);

type UnsafeClient = Pick<SQL, "unsafe">;

type Statement = ReturnType<SQL["unsafe"]>;

/**
 * A write's statement that moves `changes` again when it is answered. A read sent while the write waited (for a
 * lock, say) sees the row as it was, yet carries the count of after the write was sent: without the second move,
 * src/db/prepared.ts would keep that row, and serve it for a second after the write.
 */
function countedWhenAnswered(statement: Statement, changes: { count: number }): Statement {
  return new Proxy(statement, {
    get(target, property) {
      if (property === "then")
        return (onAnswer?: (rows: unknown) => unknown, onFailure?: (error: unknown) => unknown) =>
          target
            .then(
              (rows: unknown) => {
                changes.count++;
                return rows;
              },
              (error: unknown) => {
                changes.count++;
                throw error;
              },
            )
            .then(onAnswer, onFailure);
      // Drizzle asks for rows as arrays (`values()`), which answers the statement itself, to be awaited.
      if (property === "values") return () => countedWhenAnswered(target.values(), changes);
      const member = Reflect.get(target, property, target);
      return typeof member === "function" ? member.bind(target) : member;
    },
  });
}

/** A client whose statements move `changes` when they can change the database: when sent and when answered. */
function counting<C extends UnsafeClient>(client: C, changes: { count: number }, guard: boolean): C {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (query: string, params?: unknown[]) => {
          if (guard) refuseRootQueryInTransaction();
          const statement = target.unsafe(query, params as never);
          if (isRead(query)) return statement;
          changes.count++;
          return countedWhenAnswered(statement, changes);
        };
      }
      if (property === "begin") {
        return (body: (client: SQL) => Promise<unknown>) =>
          (target as unknown as SQL).begin((reserved: SQL) => body(counting(reserved, changes, false)));
      }
      const member = Reflect.get(target, property, receiver);
      return typeof member === "function" ? member.bind(target) : member;
    },
  });
}

/** SQLSTATEs after which the whole transaction is safely run again: a serialization failure, a deadlock. */
const RETRYABLE = new Set(["40001", "40P01"]);
const RETRIES = 5;

export function sqlState(error: unknown): string | undefined {
  for (let e = error as { errno?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.errno === "string") return e.errno;
  }
  return undefined;
}

/**
 * The pool and the Drizzle handle over it, without touching the server: connections open on first use.
 * `openPostgres` is this plus a check that the server answers.
 */
export function connectPostgres<Schema extends Record<string, unknown>>(target: PostgresTarget, schema: Schema) {
  const client = new SQL(clientUrl(target.url), {
    max: target.poolMax,
    connectionTimeout: 10,
    idleTimeout: 60,
    connection: target.statementTimeoutMs ? { statement_timeout: target.statementTimeoutMs } : undefined,
  });
  const changes = { count: 0 };
  const db = drizzle({ client: counting(client, changes, true), schema });
  const transaction = db.transaction.bind(db);
  (db as { transaction: unknown }).transaction = async <T>(body: (tx: unknown) => Promise<T>) => {
    refuseRootQueryInTransaction();
    for (let attempt = 1; ; attempt++) {
      try {
        return await inTransactionScope(() => transaction(body as never) as Promise<T>);
      } catch (error) {
        if (attempt >= RETRIES || !RETRYABLE.has(sqlState(error) ?? "")) throw error;
        await Bun.sleep(Math.random() * 10 * attempt);
      } finally {
        // Its writes become visible now: a row read and kept while it ran is stale from here.
        changes.count++;
      }
    }
  };
  return { db, client, changes };
}

/** Opens the pool and checks that the server answers; the Drizzle handle over it. */
export async function openPostgres<Schema extends Record<string, unknown>>(target: PostgresTarget, schema: Schema) {
  const opened = connectPostgres(target, schema);
  try {
    await opened.client`select 1`;
  } catch (error) {
    await opened.client.close().catch(() => {});
    const reason = (error as Error).message?.replace(target.url, "…") ?? String(error);
    throw new DatabaseUnreachableError(
      `Can't reach PostgreSQL at ${target.where} (${reason}). Check DATABASE_URL and that the server is running.`,
    );
  }
  return opened;
}
