/**
 * What src/db/postgres/connection.ts promises, on a real cluster: a server that can't be reached is one line
 * naming host and port and never the password; TLS, the pool's size and the statement timeout come from the
 * URL or the variables beside it; a transaction that throws writes nothing.
 */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import {
  DatabaseUnreachableError,
  openPostgres,
  parsePostgresTarget,
  type PostgresTarget,
} from "../../src/db/postgres/connection";
import { postgresTables as pg } from "../../src/db/postgres/schema";
import { RootQueryInTransactionError } from "../../src/db/transaction-scope";
import { describePostgres, eachTestPostgres, openTestDatabase, type TestPostgres } from "../support/postgres";

const PASSWORD = "s3cret-Pa55";

function target(url: string, env: Record<string, string> = {}) {
  const problems: string[] = [];
  const parsed = parsePostgresTarget(url, (name) => env[name], problems);
  return { parsed, problems };
}

/** A loopback port nothing listens on. */
function closedPort(): number {
  const server = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = server.port;
  server.stop(true);
  return port;
}

/** The URL with a user and password, and what else `change` does to it. */
function withPassword(url: string, change: (u: URL) => void = () => {}) {
  const u = new URL(url);
  u.username = "postgres";
  u.password = PASSWORD;
  change(u);
  return u.toString();
}

async function openFailure(url: string): Promise<Error> {
  const { parsed, problems } = target(url);
  expect(problems).toEqual([]);
  return openPostgres(parsed as PostgresTarget, pg).then(
    async (opened) => {
      await opened.client.close();
      throw new Error(`${url} opened`);
    },
    (error: Error) => error,
  );
}

test("a DATABASE_URL that is not a postgres:// URL is one sentence, and no target", () => {
  for (const url of ["not a url", `mysql://u:${PASSWORD}@db:3306/x`]) {
    const { parsed, problems } = target(url);
    expect(parsed).toBeNull();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toStartWith("DATABASE_URL must");
    expect(problems[0]).not.toContain(PASSWORD);
  }
});

test("the pool's size and the statement timeout: the variables win over the URL, bad values are named", () => {
  expect(target("postgres://db/x").parsed).toMatchObject({ poolMax: 10, statementTimeoutMs: 15_000, where: "db:5432" });
  expect(target("postgres://db:6543/x?max=4&statement_timeout=250").parsed).toMatchObject({
    poolMax: 4,
    statementTimeoutMs: 250,
    where: "db:6543",
  });
  const env = { DATABASE_POOL_MAX: "7", DATABASE_STATEMENT_TIMEOUT_MS: "0" };
  expect(target("postgres://db/x?max=4&statement_timeout=250", env).parsed).toMatchObject({
    poolMax: 7,
    statementTimeoutMs: 0,
  });
  // A pool of one or two could be held whole by the periodic rounds' locks (src/db/job-lock.ts).
  for (const small of ["1", "2"])
    expect(target("postgres://db/x", { DATABASE_POOL_MAX: small }).problems).toEqual([
      `DATABASE_POOL_MAX must be a whole number from 3 to 500; got "${small}"`,
    ]);
  const { problems } = target("postgres://db/x?max=0&sslmode=sometimes", { DATABASE_STATEMENT_TIMEOUT_MS: "soon" });
  expect(problems).toEqual([
    'DATABASE_POOL_MAX must be a whole number from 3 to 500; got "0"',
    'DATABASE_STATEMENT_TIMEOUT_MS must be a whole number from 0 to 3600000; got "soon"',
    'DATABASE_URL\'s sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full; got "sometimes"',
  ]);
});

test("a closed port stops the start with one line naming host and port, never the password", async () => {
  const port = closedPort();
  const error = await openFailure(`postgres://layerlift:${PASSWORD}@127.0.0.1:${port}/layerlift`);
  expect(error).toBeInstanceOf(DatabaseUnreachableError);
  expect(error.message).toStartWith(`Can't reach PostgreSQL at 127.0.0.1:${port} (`);
  expect(error.message).not.toContain("\n");
  expect(error.message).not.toContain(PASSWORD);
});

describePostgres("the connection to a running server", () => {
  let database: TestPostgres;
  eachTestPostgres((made) => (database = made));

  test("a database that does not exist is one line naming host and port, never the password", async () => {
    const url = withPassword(database.url, (u) => (u.pathname = "/no_such_database"));
    const error = await openFailure(url);
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    expect(error.message).toContain(`at 127.0.0.1:${new URL(url).port} (`);
    expect(error.message).toContain("no_such_database");
    expect(error.message).not.toContain("\n");
    expect(error.message).not.toContain(PASSWORD);
  });

  test("?sslmode=require is TLS or nothing: this server has no TLS, so the start stops", async () => {
    const error = await openFailure(withPassword(database.url, (u) => u.searchParams.set("sslmode", "require")));
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    expect(error.message).toContain("SSL");
    expect(error.message).not.toContain(PASSWORD);
    const plain = await openTestDatabase(`${database.url}?sslmode=disable`);
    expect((await plain.client`select 1 as one`)[0].one).toBe(1);
    await plain.client.close();
  });

  test("the statement timeout reaches the server, from the URL or from the variable", async () => {
    const fromUrl = await openTestDatabase(`${database.url}?statement_timeout=1234`);
    expect((await fromUrl.client`show statement_timeout`)[0].statement_timeout).toBe("1234ms");
    const stopped = await fromUrl.client`select pg_sleep(5)`.catch((error) => error);
    expect(stopped.errno).toBe("57014");
    await fromUrl.client.close();
    const fromEnv = await openTestDatabase(database.url, { DATABASE_STATEMENT_TIMEOUT_MS: "4321" });
    expect((await fromEnv.client`show statement_timeout`)[0].statement_timeout).toBe("4321ms");
    await fromEnv.client.close();
  });

  test("the pool opens no more connections than its size", async () => {
    const small = await openTestDatabase(`${database.url}?max=3`);
    const pids = await Promise.all(
      Array.from({ length: 6 }, () => small.client`select pg_backend_pid() as pid, pg_sleep(0.05)`),
    );
    expect(new Set(pids.map((rows) => rows[0].pid)).size).toBeLessThanOrEqual(3);
    await small.client.close();
  });

  test("a transaction that throws writes nothing, and the root database can't be used inside it", async () => {
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(pg.users).values({ email: "gone@example.com", passwordHash: "x", createdAt: 1 });
        await Bun.sleep(5);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await db.select().from(pg.users).where(eq(pg.users.email, "gone@example.com"))).toEqual([]);

    const error = await db
      .transaction(async () => {
        await db.select().from(pg.users);
      })
      .catch((e) => e);
    expect(error.cause).toBeInstanceOf(RootQueryInTransactionError);
  });

  test("a JSON column holds the object itself, which PostgreSQL's JSON operators can read", async () => {
    const { db, client } = database;
    await db.insert(pg.emails).values({
      to: "a@example.com",
      template: "welcome",
      subject: "Hi",
      payload: { key: "LL-1", list: [1, 2] },
      createdAt: 1,
    });
    expect(await client.unsafe("select jsonb_typeof(payload) as kind, payload->>'key' as key from emails")).toEqual([
      { kind: "object", key: "LL-1" },
    ]);
    const [row] = await db.select({ payload: pg.emails.payload }).from(pg.emails);
    expect(row!.payload).toEqual({ key: "LL-1", list: [1, 2] });
  });
});
