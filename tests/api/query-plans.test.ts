/**
 * The query plans stay right: every query the hot paths (sign-in, /api/auth/me, the dashboard, the account's
 * purchases and an invoice, plugin validation, /api/health, the e-mail sender, the reminder scheduler) and the admin panel (every GET,
 * each list's first, keyset and offset page, the CSV, /metrics) run is captured as the app runs it,
 * then EXPLAIN QUERY PLAN must show no SCAN of a large table: without ANALYZE statistics, as a new
 * deployment has, and with them, as PRAGMA optimize leaves them. A walk along an index (or along the
 * table itself in id order) in the order asked, cut by a LIMIT, is a page, not a scan. The data set is
 * small so the test stays quick.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Database } from "bun:sqlite";
import { eq } from "drizzle-orm";
import { users } from "../../src/db/schema";
import { withWriter, type SqliteConnections } from "../../src/db";
import { seedScale, SEED_ADMIN_EMAIL, SEED_PASSWORD } from "../../src/features/seed/scale";
import { deliverDueEmails } from "../../src/features/email/sender";
import { dueReminders, REMINDER_BATCH } from "../../src/features/reminders/service";
import { call, makeTestApp, type TestContext } from "../support/app";

const LARGE_TABLES = [
  "users",
  "subscriptions",
  "sales",
  "product_keys",
  "emails",
  "audit_log",
  "renewal_reminders",
  "reviews",
  "support_tickets",
  "password_resets",
];
const WHOLE_TABLE = new RegExp(`^SCAN (${LARGE_TABLES.join("|")})\\b`);

let ctx: TestContext;
const captured = new Set<string>();

/** Notes every statement the app prepares or queries on its two connections from now on. */
function capture({ writer, reader }: SqliteConnections) {
  for (const client of new Set([writer, reader])) {
    for (const method of ["prepare", "query"] as const) {
      const original = (client[method] as (...args: unknown[]) => unknown).bind(client);
      (client as unknown as Record<string, unknown>)[method] = (sql: string, ...rest: unknown[]) => {
        captured.add(sql);
        return original(sql, ...rest);
      };
    }
  }
}

beforeAll(async () => {
  ctx = makeTestApp({ env: { METRICS_TOKEN: "metrics-token-for-tests" } });
  await seedScale(ctx.deps.db, { users: 300, sales: 3000, env: "test", now: ctx.clock.now() });
  capture(ctx.deps.db.$client);
  const get = async (path: string, token?: string) => {
    const answer = await call(ctx.app, "GET", path, { token });
    expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    return answer.body as any;
  };
  const signIn = async (email: string) =>
    (await call(ctx.app, "POST", "/api/auth/login", { body: { email, password: SEED_PASSWORD } })).body as {
      token: string;
    };
  const admin = (await signIn(SEED_ADMIN_EMAIL)).token;
  const [buyer] = await ctx.deps.db.select().from(users).where(eq(users.email, "buyer7@example.com")).limit(1);
  const buyerToken = (await signIn(buyer.email)).token;

  await get("/api/auth/me", buyerToken);
  await get("/api/dashboard", buyerToken);
  // The account's purchases (what it owns: keys it redeemed, renewals, its confirmed address's) and an invoice as issued.
  const purchases = (await get("/api/account/purchases", buyerToken)).purchases as { invoiceUrl: string | null }[];
  expect(purchases.length).toBeGreaterThan(0);
  const invoice = await ctx.app.handle(
    new Request(`http://localhost${purchases[0].invoiceUrl}`, { headers: { authorization: `Bearer ${buyerToken}` } }),
  );
  expect(invoice.status).toBe(200);
  if (buyer.pluginKey)
    await call(ctx.app, "POST", "/api/plugin/validate", {
      body: { key: buyer.pluginKey, robloxUserId: buyer.linkedRobloxAccountId ?? "123" },
    });
  await get("/api/health");
  await deliverDueEmails(ctx.deps);
  await dueReminders(ctx.deps.db, ctx.clock.now());
  await dueReminders(ctx.deps.db, ctx.clock.now(), REMINDER_BATCH);
  await get("/api/admin/overview", admin);
  await get("/api/admin/revenue?days=90", admin);
  await get("/api/admin/users?q=buyer1", admin);
  // One account in the whole set holds this piece: without the trigram index, the search walks every account.
  expect((await get("/api/admin/users?q=buyer299@", admin)).map((user: { email: string }) => user.email)).toEqual([
    "buyer299@example.com",
  ]);
  await get("/api/admin/sales.csv", admin);
  // A ticket of a seeded buyer: the ticket, its thread and its sender's account, keys and purchases.
  const tickets = (await get("/api/support/tickets?limit=20", admin)) as { _id: number; email: string }[];
  await get("/api/support/tickets?status=closed&limit=20", admin);
  expect(tickets.length).toBeGreaterThan(0);
  await get(`/api/support/tickets/${tickets[0]._id}`, admin);
  for (const path of [
    "/api/admin/plans",
    "/api/admin/promotion-codes",
    "/api/reviews",
    "/api/reviews/all",
    "/api/stats/active-users",
    "/api/plans",
  ])
    await get(path, admin);
  await call(ctx.app, "GET", "/metrics", { headers: { authorization: "Bearer metrics-token-for-tests" } });
  for (const path of [
    "/api/admin/sales",
    "/api/admin/product-keys",
    "/api/admin/emails",
    "/api/admin/audit",
    "/api/admin/users",
    "/api/support/tickets",
  ]) {
    const first = await get(`${path}?limit=20`, admin);
    const rows = (Array.isArray(first) ? first : first.sales) as { _id?: number; id?: number }[];
    await get(`${path}?limit=20&before=${rows.at(-1)!._id ?? rows.at(-1)!.id}`, admin);
    await get(`${path}?limit=20&offset=40`, admin);
  }
}, 120_000);
afterAll(() => ctx?.cleanup());

/** The plan's lines that read a large table whole. */
function wholeTableReads(client: Database, sql: string): string[] {
  const plan = client.query(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[];
  const ordered = !plan.some((step) => step.detail.includes("TEMP B-TREE"));
  return plan
    .map((step) => step.detail)
    .filter((detail) => {
      const table = WHOLE_TABLE.exec(detail)?.[1];
      if (!table) return false;
      // A newest-first page: an index, or the table's own b-tree in id order, walked in order and stopped by the LIMIT.
      const inOrder = /USING (COVERING )?INDEX/.test(detail) || sql.includes(`order by "${table}"."id" desc`);
      return !(inOrder && ordered && /\blimit\b/i.test(sql));
    });
}

/**
 * Reads allowed to take a whole table, each for its reason. The admin review list is unpaged: every
 * review, a few per hundred accounts.
 */
const WHOLE_BY_DESIGN = [/^select .* from "reviews" order by "reviews"."created_at" desc, "reviews"."id" desc$/];

const reads = () =>
  [...captured].filter((sql) => /^\s*select\b/i.test(sql) && !WHOLE_BY_DESIGN.some((allowed) => allowed.test(sql)));

/** The user search's read of the accounts the trigram index names: by id, never along the whole table. */
function searchReads(client: Database) {
  return reads()
    .filter((sql) => /from "users".*"users"\."id" in \(select rowid from users_email_search/.test(sql))
    .map((sql) => ({
      sql,
      plan: (client.query(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((step) => step.detail),
    }));
}

describe("query plans", () => {
  test("the hot and admin paths ran their queries", () => {
    expect(reads().length).toBeGreaterThan(25);
    expect(reads().some((sql) => sql.includes('"books_daily"'))).toBe(true);
  });

  test("a user search looks its piece up in the trigram index and reads only the accounts it names", () => {
    const client = ctx.deps.db.$client.reader;
    expect(reads().filter((sql) => sql.includes("users_email_search match")).length).toBeGreaterThan(0);
    const searches = searchReads(client);
    expect(searches.length).toBeGreaterThan(0);
    for (const { plan } of searches) {
      expect(plan.filter((detail) => /^SCAN users\b/.test(detail))).toEqual([]);
      expect(plan).toContain("SEARCH users USING INTEGER PRIMARY KEY (rowid=?)");
    }
  });

  test("no query reads a large table whole, without ANALYZE statistics", () => {
    const client = ctx.deps.db.$client.reader;
    expect(client.query("SELECT name FROM sqlite_master WHERE name = 'sqlite_stat1'").get()).toBeNull();
    expect(
      reads()
        .map((sql) => ({ sql, scans: wholeTableReads(client, sql) }))
        .filter((r) => r.scans.length),
    ).toEqual([]);
  });

  test("no query reads a large table whole, with ANALYZE statistics", async () => {
    await withWriter(ctx.deps.db, (writer) => writer.run("ANALYZE"));
    // As the optimizer does: the reader, where reads run, is opened anew to plan with the statistics.
    ctx.deps.db.$client.reopenReader();
    const client = ctx.deps.db.$client.reader;
    expect(client.query("SELECT count(*) AS n FROM sqlite_stat1").get()).not.toEqual({ n: 0 });
    for (const { plan } of searchReads(client))
      expect(plan.filter((detail) => /^SCAN users\b/.test(detail))).toEqual([]);
    expect(
      reads()
        .map((sql) => ({ sql, scans: wholeTableReads(client, sql) }))
        .filter((r) => r.scans.length),
    ).toEqual([]);
  });
});
