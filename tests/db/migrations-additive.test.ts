/**
 * A release's PostgreSQL migration must not break the release before it, which keeps serving from the same
 * database until its last instance is replaced (docs/several-instances.md#upgrading-without-downtime): every
 * migration after the first is read for statements that would (tests/support/migration-safety.ts), and a real
 * server of this code is shown to keep working under a migration the check lets through, and to break under one
 * it refuses.
 *
 * The SQLite migrations (drizzle/*.sql) are not checked. A SQLite site is one process on one file (a second
 * server refuses the file: tests/api/lifecycle.test.ts), so its upgrade stops the old code before the new one
 * migrates, and no older code ever runs on a newer SQLite schema; there drizzle-kit changes a column by
 * rebuilding its table (create, copy, drop, rename), which is right. Every schema change is generated for both engines
 * (tests/db/schema-generation.test.ts), so a change that would break older code is caught in its PostgreSQL form.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sum } from "drizzle-orm";
import { postgresTables as pg } from "../../src/db/postgres/schema";
import { refusedStatements, migrationStatements } from "../support/migration-safety";
import { ADDITIVE_MIGRATION, applyNewerMigration } from "../support/newer-migration";
import { describePostgres, freshPostgresDatabase, POSTGRES_MIGRATIONS, type TestPostgres } from "../support/postgres";
import {
  buyAndSignUp,
  callJson,
  type ServeProcess,
  startServeProcess,
  stopServeProcess,
  waitHealthy,
} from "../support/serve-process";

const journal: { entries: { idx: number; when: number; tag: string }[] } = JSON.parse(
  readFileSync(join(POSTGRES_MIGRATIONS, "meta/_journal.json"), "utf8"),
);

/**
 * Statements of released migrations that the check refuses but that were made on purpose, each with why the
 * release before was safe with it (`statement` is the start of the statement as the check prints it). None so
 * far: 0001 adds the books' functions and triggers (older code wrote no books of its own), 0002 an extension and
 * an index, 0003 the plan prices' rows (ON CONFLICT DO NOTHING), 0004 a table of its own; older code reads none
 * of them and none stops its writes.
 */
const DELIBERATE: { migration: string; statement: string; why: string }[] = [];

describe("the PostgreSQL migrations after the first", () => {
  const later = journal.entries.filter((entry) => entry.idx > 0);

  test("have no statement that breaks the release before them, except the ones made on purpose", () => {
    expect(later.length).toBeGreaterThan(0);
    const refused: string[] = [];
    const allowed = new Set<(typeof DELIBERATE)[number]>();
    for (const { tag } of later) {
      const sql = readFileSync(join(POSTGRES_MIGRATIONS, `${tag}.sql`), "utf8");
      // The check saw the file's statements, not a comment it failed to end.
      expect(migrationStatements(sql).length).toBeGreaterThan(0);
      for (const { statement, reason } of refusedStatements(sql)) {
        const exception = DELIBERATE.find((entry) => entry.migration === tag && statement.startsWith(entry.statement));
        if (exception) allowed.add(exception);
        else refused.push(`${tag}: ${statement}\n  ${reason}`);
      }
    }
    expect(refused).toEqual([]);
    // An exception that no longer matches a statement is a mistake in this list.
    expect(DELIBERATE.filter((entry) => !allowed.has(entry))).toEqual([]);
  });

  test("are dated in order: a database that has a later one would skip an earlier one dated after it", () => {
    const dates = journal.entries.map((entry) => entry.when);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(new Set(dates).size).toBe(dates.length);
  });
});

describe("the check of a migration", () => {
  // [statement, null when older code keeps working, or a piece of the reason it is refused]
  const cases: [string, string | null][] = [
    ['ALTER TABLE "users" ADD COLUMN "nickname" text;', null],
    ['ALTER TABLE "users" ADD COLUMN "visits" integer DEFAULT 0 NOT NULL;', null],
    ['ALTER TABLE "users" ADD COLUMN "ref" integer GENERATED ALWAYS AS IDENTITY NOT NULL;', null],
    ['CREATE INDEX "users_nickname_idx" ON "users" USING btree ("nickname");', null],
    ['ALTER TABLE "users" ALTER COLUMN "theme" DROP NOT NULL;', null],
    [`ALTER TABLE "users" ALTER COLUMN "theme" SET DEFAULT 'light';`, null],
    ['CREATE TABLE "codes" ("code" text NOT NULL);\nCREATE UNIQUE INDEX "codes_code" ON "codes" ("code");', null],
    [
      'CREATE TABLE "notes" ("id" integer PRIMARY KEY, "user_id" integer REFERENCES "users"("id") ON DELETE set null);',
      null,
    ],
    // A unique index or constraint on columns this migration adds: older code leaves them empty, and NULLs differ.
    [
      'ALTER TABLE "sales" ADD COLUMN "receipt" text;\nCREATE UNIQUE INDEX "sales_receipt" ON "sales" USING btree ("receipt");',
      null,
    ],
    [
      'ALTER TABLE "sales" ADD COLUMN "receipt" text;\nALTER TABLE "sales" ADD CONSTRAINT "sales_receipt" UNIQUE("receipt");',
      null,
    ],
    // A function's body is not the migration's own statements.
    [
      "CREATE FUNCTION tidy() RETURNS trigger LANGUAGE plpgsql AS $body$ BEGIN EXECUTE 'DROP TABLE x'; RETURN NULL; END $body$;",
      null,
    ],
    ["-- DROP TABLE users;\n/* ALTER TABLE users DROP COLUMN email; */ SELECT 1;", null],
    ['ALTER TABLE "users" DROP COLUMN "password_hash";', "drops a column"],
    ['DROP TABLE "reviews" CASCADE;', "drops a table"],
    ['DROP INDEX "users_email_search";', "drops an index"],
    ['ALTER TABLE "users" DROP CONSTRAINT "users_email_unique";', "drops a constraint"],
    ['ALTER TABLE "users" RENAME COLUMN "figma_key" TO "plugin_key";', "renames"],
    ['ALTER TABLE "public"."reviews" RENAME TO "ratings";', "renames"],
    ['ALTER TABLE "sales" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;', "type"],
    ['ALTER TABLE "users" ALTER COLUMN "last_seen_at" SET NOT NULL;', "NOT NULL"],
    ['ALTER TABLE "users" ADD COLUMN "nickname" text NOT NULL;', "without a default"],
    ['ALTER TABLE "users" ALTER COLUMN "theme" DROP DEFAULT;', "default"],
    ['ALTER TABLE "reviews" ADD CONSTRAINT "reviews_rating" CHECK ("rating" >= 1);', "adds a constraint"],
    ['CREATE UNIQUE INDEX "users_language" ON "users" ("language");', "unique index"],
    [
      'ALTER TABLE "sales" ADD COLUMN "receipt" text;\nCREATE UNIQUE INDEX "sales_receipt" ON "sales" ("receipt", "email");',
      "unique index",
    ],
    ['CREATE UNIQUE INDEX "users_email_lower" ON "users" (lower("email"));', "unique index"],
    [
      'CREATE TABLE "notes" ("user_id" integer);\nALTER TABLE "notes" ADD CONSTRAINT "notes_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;',
      "foreign key",
    ],
    [
      "CREATE OR REPLACE FUNCTION books_follow_sale() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;",
      "replaces a function",
    ],
    ['TRUNCATE "emails";', "empties"],
    // Written by hand: lower case, unquoted, several actions in one statement.
    ["alter table users add column nickname text, drop column language;", "drops a column"],
  ];

  test.each(cases)("%s", (sql, reason) => {
    const reasons = refusedStatements(sql).map((refused) => refused.reason);
    if (reason === null) expect(reasons).toEqual([]);
    else expect(reasons).toEqual([expect.stringContaining(reason)]);
  });

  test("lets through the newer build's migration that the tests of upgrades apply", () => {
    expect(migrationStatements(ADDITIVE_MIGRATION)).toHaveLength(7);
    expect(refusedStatements(ADDITIVE_MIGRATION)).toEqual([]);
  });
});

describePostgres("a running server of this code while a newer build migrates its database", () => {
  let database: TestPostgres;
  let server: ServeProcess;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    server = startServeProcess("older", { DATABASE_URL: database.url });
    await waitHealthy(server);
  });

  afterAll(async () => {
    if (server) await stopServeProcess(server);
    await database?.drop();
  });

  /** Buys, signs up, signs in, reads the account and validates the plugin key; answers the sign-up's session. */
  async function everyDay(email: string) {
    const { token, pluginKey } = await buyAndSignUp(server.url, email);
    const signIn = await callJson(server.url, "/api/auth/login", { email, password: "correct horse" });
    expect(signIn.status).toBe(200);
    const me = await callJson(server.url, "/api/auth/me", undefined, signIn.body!.token);
    expect(me.body).toMatchObject({ user: { email } });
    const validation = await callJson(server.url, "/api/plugin/validate", { key: pluginKey, robloxUserId: "77" });
    expect(validation.body).toMatchObject({ valid: true });
    return token;
  }

  const paidInBooks = async () =>
    Number((await database.db.select({ paid: sum(pg.booksDaily.paidCount) }).from(pg.booksDaily))[0]!.paid);

  test("an additive migration: it still sells, signs up, signs in and validates; sessions made before hold", async () => {
    // Before: its pooled connections have prepared every statement of the day on the older schema.
    const before = await everyDay("before@example.com");
    expect(await paidInBooks()).toBe(1);

    await applyNewerMigration(database.url, ADDITIVE_MIGRATION);
    const columns = await database.client.unsafe(
      "select table_name || '.' || column_name as name from information_schema.columns where table_name in ('users', 'sales') and column_name in ('display_name', 'sign_in_count', 'channel') order by 1",
    );
    expect(columns.map((row: { name: string }) => row.name)).toEqual([
      "sales.channel",
      "users.display_name",
      "users.sign_in_count",
    ]);

    await everyDay("after@example.com");
    // The sale went through the books' triggers, which take the whole (now wider) row of sales.
    expect(await paidInBooks()).toBe(2);
    expect((await callJson(server.url, "/api/auth/me", undefined, before)).body).toMatchObject({
      user: { email: "before@example.com" },
    });
    // Rows it writes get the new columns' defaults.
    const [row] = await database.client.unsafe(
      "select sign_in_count, display_name from users where email = 'after@example.com'",
    );
    expect(row).toEqual({ sign_in_count: 0, display_name: null });
  });

  // Last: it leaves the server broken.
  test("a migration the check refuses, dropping a column sign-in reads, breaks it at once", async () => {
    const drop = 'ALTER TABLE "users" DROP COLUMN "password_hash";';
    expect(refusedStatements(drop).map((refused) => refused.reason)).toEqual([
      expect.stringContaining("drops a column"),
    ]);
    const signIn = () =>
      callJson(server.url, "/api/auth/login", { email: "before@example.com", password: "correct horse" });
    expect((await signIn()).status).toBe(200);
    await applyNewerMigration(database.url, drop);
    expect((await signIn()).status).toBe(500);
  });
});
