/**
 * `layerlift seed-scale --users N --sales M`: fills an empty database with years of realistic rows
 * (accounts, subscriptions in every state, sales with refunds, disputes and fees, keys used and unused,
 * e-mails, audit rows, tickets, reviews) for measuring the site at scale. Development and test only,
 * and never on a database that already has accounts.
 *
 * One generator makes the rows (rows.ts) and a writer per engine puts them in, each the fast way its
 * engine allows (sqlite-writer.ts, postgres-writer.ts); the password is hashed once for every account.
 * Both leave the books, the key counts and the user search as the triggers would have kept them, so
 * `layerlift books check` matches.
 */
import { count } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { postgresPoolOf, withWriter, type Db } from "../../db";
import {
  auditLog,
  creditNotes,
  emails,
  productKeys,
  promotionCodes,
  reviews,
  sales,
  subscriptions,
  supportTickets,
  users,
} from "../../db/schema";
import { hashPassword } from "../../lib/passwords";
import { SEED_ADMIN_EMAIL, SEED_PASSWORD, seedRows } from "./rows";
import { writeSqliteSeed } from "./sqlite-writer";

export { SEED_ADMIN_EMAIL, SEED_PASSWORD } from "./rows";

export class SeedRefusedError extends Error {}

export interface SeedOptions {
  users: number;
  sales: number;
  env: string;
  now?: number;
  /** The password of every seeded account (the admin's included). */
  password?: string;
}

export interface SeedResult {
  adminEmail: string;
  password: string;
  rows: Record<string, number>;
  ms: number;
}

const rowCount = async (db: Db, table: SQLiteTable) => (await db.select({ n: count() }).from(table))[0]!.n;

export async function seedScale(db: Db, options: SeedOptions): Promise<SeedResult> {
  if (options.env === "production")
    throw new SeedRefusedError("seed-scale makes made-up accounts and sales: it never runs in production.");
  const accounts = await rowCount(db, users);
  if (accounts > 0)
    throw new SeedRefusedError(
      `This database already has ${accounts} ${accounts === 1 ? "account" : "accounts"}: seed-scale only fills an empty one.`,
    );
  if (!Number.isInteger(options.users) || options.users < 1)
    throw new SeedRefusedError("--users must be a whole number of 1 or more.");
  if (!Number.isInteger(options.sales) || options.sales < 0)
    throw new SeedRefusedError("--sales must be a whole number of 0 or more.");

  const started = performance.now();
  const password = options.password ?? SEED_PASSWORD;
  const rows = seedRows(
    { users: options.users, sales: options.sales, now: options.now ?? Date.now() },
    await hashPassword(password),
  );
  const pool = postgresPoolOf(db);
  if (pool) {
    const { writePostgresSeed } = await import("./postgres-writer");
    await writePostgresSeed(pool.client, rows);
    pool.changes.count++;
  } else await withWriter(db, (writer) => writeSqliteSeed(writer, rows));

  const counted = {
    users,
    subscriptions,
    sales,
    product_keys: productKeys,
    emails,
    audit_log: auditLog,
    support_tickets: supportTickets,
    reviews,
    credit_notes: creditNotes,
    promotion_codes: promotionCodes,
  };
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(counted)) result[name] = await rowCount(db, table);
  return { adminEmail: SEED_ADMIN_EMAIL, password, rows: result, ms: Math.round(performance.now() - started) };
}
