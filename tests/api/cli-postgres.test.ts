/**
 * The command line on PostgreSQL: with DATABASE_URL set, every command that works on the site's data works
 * there (tests/api/cli.test.ts runs them on a SQLite file), `serve` says which database it uses, and a
 * server that can't be reached is one line naming host and port, never the password.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { join } from "node:path";
import { count, eq } from "drizzle-orm";
import { postgresTables as pg } from "../../src/db/postgres/schema";
import { describePostgres, freshPostgresDatabase, type TestPostgres } from "../support/postgres";
import { freePort } from "../support/ports";
import { pollHealth } from "../support/health";

// Each command runs in a process of its own, started afresh: seconds alone, up to a minute beside a full run.
setDefaultTimeout(120_000);

const root = join(import.meta.dir, "../..");

describePostgres("the command line with DATABASE_URL", () => {
  let database: TestPostgres;
  beforeAll(async () => {
    database = await freshPostgresDatabase({ empty: true });
  });
  afterAll(() => database?.drop());

  const run = (...args: string[]) => {
    const child = Bun.spawnSync([process.execPath, "src/index.ts", ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "development", DATABASE_URL: database.url, DATABASE_PATH: "/nonexistent/x.db" },
    });
    return { code: child.exitCode, out: child.stdout.toString(), err: child.stderr.toString() };
  };
  const where = () => new URL(database.url).host;

  test("migrate makes the empty database the site's, naming it by host and port", () => {
    const { code, out } = run("migrate");
    expect(code).toBe(0);
    expect(out.trim()).toBe(`Database PostgreSQL at ${where()} is up to date.`);
  });

  test("admin create, keys generate and keys list work on it", async () => {
    expect(run("admin", "create", "--email", "Boss@Example.com", "--password", "a long password").code).toBe(0);
    const made = run("keys", "generate", "--plan", "pro", "--count", "3");
    expect(made.code).toBe(0);
    const keys = made.out.trim().split("\n");
    expect(keys).toHaveLength(3);
    const listed = run("keys", "list", "--unused");
    for (const key of keys) expect(listed.out).toContain(`${key}\tpro\tavailable`);
    const [admin] = await database.db.select().from(pg.users).where(eq(pg.users.email, "boss@example.com"));
    expect(admin?.isAdmin).toBe(true);
    expect(await database.db.select({ n: count() }).from(pg.productKeys)).toEqual([{ n: 3 }]);
  });

  test("books check, reminders, lease keys and the invitation round work on it", () => {
    const books = run("books", "check");
    expect(books.code).toBe(0);
    expect(books.out).toStartWith("The books match the sales");
    expect(run("reminders", "--dry-run").out).toStartWith("0 renewal reminders due at");
    expect(run("lease-keys", "rotate").code).toBe(0);
    expect(run("lease-keys", "list").out).toContain("current");
    expect(run("accounts", "invite-unconfirmed").code).toBe(0);
  });

  test("serve starts on it and says so; SIGTERM stops it", async () => {
    const port = freePort();
    const server = Bun.spawn([process.execPath, "src/index.ts", "serve"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "development",
        LOG_FORMAT: "json",
        PORT: String(port),
        DATABASE_URL: database.url,
        DATABASE_PATH: "/nonexistent/x.db",
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    try {
      const health = await pollHealth(`http://127.0.0.1:${port}`, { process: server });
      expect(health?.status).toBe(200);
    } finally {
      server.kill("SIGTERM");
    }
    expect(await server.exited).toBe(0);
    const lines = (await new Response(server.stdout).text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const listening = lines.find((line) => String(line.msg).includes("listening on"));
    expect(listening?.database).toBe(`PostgreSQL at ${where()}`);
  });
});

test("a PostgreSQL that can't be reached is one line naming host and port, never the password", () => {
  const closed = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const port = closed.port;
  closed.stop(true);
  const child = Bun.spawnSync([process.execPath, "src/index.ts", "keys", "list"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "development",
      DATABASE_URL: `postgres://shop:Very-s3cret@127.0.0.1:${port}/shop`,
    },
  });
  const output = child.stdout.toString() + child.stderr.toString();
  expect(child.exitCode).toBe(1);
  expect(output.trim().split("\n")).toHaveLength(1);
  expect(output).toStartWith(`Can't reach PostgreSQL at 127.0.0.1:${port}`);
  expect(output).not.toContain("Very-s3cret");
});
