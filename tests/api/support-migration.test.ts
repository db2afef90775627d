/**
 * Tickets written before tickets had threads survive the migration that adds them: a database made by
 * the migrations before it, holding such tickets, is migrated by the app's own start, and each ticket's
 * message is the first of its thread, which an admin answers and its sender then reads through the link.
 */
import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { openDatabase } from "../../src/db";
import { createApp } from "../../src/app";
import { api, makeTestDeps, signInAdmin } from "../support/app";

const made: { cleanup: () => void }[] = [];
afterEach(() => {
  for (const one of made.splice(0)) one.cleanup();
});

const MIGRATIONS = readMigrationFiles({ migrationsFolder: join(import.meta.dir, "../../drizzle") });
const THREADS = MIGRATIONS.findIndex((migration) =>
  migration.sql.some((statement) => statement.includes("CREATE TABLE `support_messages`")),
);

test("a ticket from before threads keeps its message as the first of its thread", async () => {
  expect(THREADS).toBeGreaterThan(0);
  const base = makeTestDeps();
  made.push(base);
  const path = join(base.dir, "older.db");
  const older = new Database(path, { create: true, strict: true });
  const internal = drizzle(older) as unknown as {
    dialect: { migrate: (...args: unknown[]) => unknown };
    session: unknown;
  };
  internal.dialect.migrate(MIGRATIONS.slice(0, THREADS), internal.session, {});
  older.run(
    "INSERT INTO support_tickets (email, subject, message, status, created_at) VALUES ('before@example.com', 'bug', 'Written before threads.', 'open', 1767225600000), ('closed@example.com', NULL, 'An old closed one.', 'closed', 1767225660000)",
  );
  older.close();

  const db = openDatabase(path);
  const deps = { ...base.deps, db };
  const app = createApp(deps);
  made.push({ cleanup: () => db.$client.close() });
  const admin = (await signInAdmin({ app, deps })).token;

  const list = await api(app, admin).api.support.tickets.get();
  expect(list.data!.map((t) => [t.email, t.message, t.status, t.messageCount])).toEqual([
    ["closed@example.com", "An old closed one.", "closed", 1],
    ["before@example.com", "Written before threads.", "open", 1],
  ]);
  const id = list.data![1]._id;
  const detail = await api(app, admin).api.support.tickets({ id }).get();
  expect(detail.data!.messages.map((m) => [m.author, m.body])).toEqual([["buyer", "Written before threads."]]);

  await api(app, admin).api.support.tickets({ id }).replies.post({ message: "Thanks for waiting." });
  const mail = db.$client.reader.query("SELECT payload FROM emails WHERE template = 'support-reply'").get() as {
    payload: string;
  };
  const token = new URL(JSON.parse(mail.payload).ticketUrl).searchParams.get("token")!;
  const page = await api(app).api.support["ticket-link"].get({ query: { token } });
  expect(page.data!.messages.map((m) => m.body)).toEqual(["Written before threads.", "Thanks for waiting."]);
});
