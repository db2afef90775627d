/**
 * The PostgreSQL migrations (drizzle/postgres/) on a real cluster: they build what the PostgreSQL schema
 * file describes, a second run changes nothing, and the books kept by the PL/pgSQL triggers are the books
 * SQLite's triggers keep for the same sales, refunds and disputes.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { asc, eq, getTableColumns, getTableName, is } from "drizzle-orm";
import { migrate } from "drizzle-orm/bun-sql/migrator";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { openDatabase } from "../../src/db";
import { postgresTables as pg } from "../../src/db/postgres/schema";
import * as sqlite from "../../src/db/schema";
import { DAY } from "../../src/lib/clock";
import { PLAN_IDS } from "@shared/plans";
import {
  describePostgres,
  eachTestPostgres,
  type freshPostgresDatabase,
  POSTGRES_MIGRATIONS,
} from "../support/postgres";

const journal = JSON.parse(readFileSync(join(POSTGRES_MIGRATIONS, "meta/_journal.json"), "utf8"));
const pgTables = (Object.values(pg) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

describePostgres("the PostgreSQL migrations on an empty database", () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  eachTestPostgres((made) => (database = made), { empty: true });
  const apply = () => migrate(database.db, { migrationsFolder: POSTGRES_MIGRATIONS });

  test("build every table and column of src/db/postgres/schema.ts, its indexes and the triggers", async () => {
    await apply();
    const { client } = database;
    const columns = await client`
      select table_name, column_name, is_nullable, data_type from information_schema.columns
      where table_schema = 'public' order by table_name, column_name`;
    const built = columns.map(
      (c: Record<string, string>) =>
        `${c.table_name}.${c.column_name} ${c.data_type}${c.is_nullable === "NO" ? " not null" : ""}`,
    );
    const described = pgTables.flatMap((table) =>
      Object.values(getTableColumns(table)).map(
        (c) => `${getTableName(table)}.${c.name} ${c.getSQLType()}${c.notNull ? " not null" : ""}`,
      ),
    );
    // PostgreSQL's own helper table, in neither schema file: the shared rate-limit buckets, unlogged.
    const helpers = [
      "rate_limit_buckets.asked integer not null",
      "rate_limit_buckets.at bigint not null",
      "rate_limit_buckets.capacity double precision not null",
      "rate_limit_buckets.granted integer not null",
      "rate_limit_buckets.key text not null",
      "rate_limit_buckets.per_minute double precision not null",
      "rate_limit_buckets.tokens double precision not null",
    ];
    expect(built.sort()).toEqual([...described, ...helpers].sort());
    const [buckets] = await client`select relpersistence from pg_class where relname = 'rate_limit_buckets'`;
    expect(buckets.relpersistence).toBe("u");

    const indexes = (await client`select indexname from pg_indexes where schemaname = 'public'`).map(
      (row: { indexname: string }) => row.indexname,
    );
    const namedInSchema = pgTables.flatMap((table) => {
      const config = getTableConfig(table);
      return [
        ...config.indexes.map((index) => index.config.name!),
        ...config.columns.filter((c) => c.isUnique).map((c) => c.uniqueName!),
      ];
    });
    expect(indexes).toEqual(expect.arrayContaining([...namedInSchema, "users_email_search"]));

    const triggers = await client`select tgname from pg_trigger where not tgisinternal order by tgname`;
    expect(triggers.map((row: { tgname: string }) => row.tgname)).toEqual([
      "books_sale_insert_delete",
      "books_sale_update",
      "product_key_counts_available_follow",
      "product_key_counts_follow",
    ]);

    const prices = await database.db.select().from(pg.planPrices).orderBy(asc(pg.planPrices.priceCents));
    expect(prices.map((p) => [p.plan, p.priceCents, p.compareAtCents, p.badge, p.visible])).toEqual([
      ["month", 699, 999, "30% OFF!", true],
      ["pro", 2499, null, null, true],
      ["lifetime", 14999, null, null, true],
    ]);
    const applied = await client`select count(*)::int as n from drizzle.__drizzle_migrations`;
    expect(applied[0].n).toBe(journal.entries.length);
  });

  test("the e-mail search index serves a search for any part of an address", async () => {
    await apply();
    const plan = await database.client.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      return tx`explain select id from users where email like '%example%'`;
    });
    expect(plan.map((row: { "QUERY PLAN": string }) => row["QUERY PLAN"]).join("\n")).toContain("users_email_search");
  });

  test("run a second time, they change nothing", async () => {
    await apply();
    await database.db.insert(pg.users).values({ email: "kept@example.com", passwordHash: "x", createdAt: 1 });
    await database.db.update(pg.planPrices).set({ priceCents: 799 }).where(eq(pg.planPrices.plan, "month"));
    await apply();
    const applied = await database.client`select count(*)::int as n from drizzle.__drizzle_migrations`;
    expect(applied[0].n).toBe(journal.entries.length);
    expect((await database.db.select().from(pg.users)).map((u) => u.email)).toEqual(["kept@example.com"]);
    const [month] = await database.db.select().from(pg.planPrices).where(eq(pg.planPrices.plan, "month"));
    expect(month.priceCents).toBe(799);
  });
});

type SaleValues = typeof sqlite.sales.$inferInsert;
type KeyValues = typeof sqlite.productKeys.$inferInsert;
type Step =
  | { insert: SaleValues }
  | { update: string; set: Partial<SaleValues> }
  | { remove: string }
  | { insertKey: KeyValues }
  | { updateKey: string; set: Partial<KeyValues> }
  | { removeKey: string }
  /** Gives a key to the sale of a payment (sold), or to none (null: available again). */
  | { sellKey: string; to: string | null };

const T0 = Date.UTC(2026, 0, 5, 10);
const sale = (
  id: string,
  plan: SaleValues["plan"],
  amountCents: number,
  day: number,
  more: Partial<SaleValues> = {},
) => ({
  insert: {
    paymentIntentId: id,
    email: `${id}@example.com`,
    plan,
    amountCents,
    feeCents: 30 + Math.round(amountCents * 0.03),
    createdAt: T0 + day * DAY + 1000,
    ...more,
  },
});
const key = (k: string, plan: KeyValues["plan"]) => ({
  insertKey: { key: k, plan, source: "cli" as const, createdAt: T0 },
});

/** Sales, renewals, partial and full refunds, disputes won and lost, a deleted sale, moved days and plans. */
const STEPS: Step[] = [
  sale("pi_1", "month", 699, 0),
  sale("pi_2", "pro", 2499, 0, { taxCents: 399, country: "DE", taxRate: "19.0" }),
  sale("pi_9", "pro", 2499, 0, { taxCents: 399 }),
  sale("pi_3", "lifetime", 14999, 1),
  sale("pi_4", "month", 699, 1, { renewalUserId: 7 }),
  { update: "pi_2", set: { refundedCents: 1000, refundedTaxCents: 160 } },
  { update: "pi_1", set: { status: "refunded", refundedCents: 699 } },
  {
    update: "pi_3",
    set: {
      status: "disputed",
      disputeId: "dp_3",
      disputeAmountCents: 14999,
      disputeFeeCents: 1500,
      disputedAt: T0 + 2 * DAY,
    },
  },
  // A later dispute fee alone.
  { update: "pi_3", set: { disputeFeeCents: 2000 } },
  sale("pi_5", "pro", 2499, 2, { taxCents: 399 }),
  { update: "pi_5", set: { status: "disputed", disputeAmountCents: 2000, disputeFeeCents: 1500 } },
  { update: "pi_5", set: { status: "paid", disputeStatus: "won", disputeClosedAt: T0 + 3 * DAY } },
  { update: "pi_4", set: { status: "disputed", disputeAmountCents: 699, disputeFeeCents: 1500 } },
  { update: "pi_4", set: { status: "refunded", disputeStatus: "lost", refundedCents: 699 } },
  sale("pi_6", "month", 699, 2),
  { remove: "pi_6" },
  sale("pi_7", "month", 699, 3, { discountCents: 100, promotionCode: "SPRING" }),
  { update: "pi_7", set: { createdAt: T0 + 4 * DAY } },
  { update: "pi_7", set: { plan: "pro", amountCents: 2499 } },
  { update: "pi_7", set: { country: "FR", companyName: "Not money" } },
  sale("pi_8", "pro", 2499, 4, { taxCents: 399 }),
  { update: "pi_8", set: { refundedCents: 2499, refundedTaxCents: 399, status: "refunded" } },
  key("k1", "month"),
  key("k2", "month"),
  key("k3", "pro"),
  key("k4", "lifetime"),
  { updateKey: "k1", set: { isUsed: true, usedAt: T0 } },
  { updateKey: "k3", set: { isUsed: true, usedAt: T0 } },
  { updateKey: "k3", set: { isUsed: false, usedAt: null } },
  { updateKey: "k2", set: { plan: "pro" } },
  { removeKey: "k4" },
  // Sold keys are not available; one given back is again.
  key("k5", "pro"),
  { sellKey: "k5", to: "pi_5" },
  key("k6", "month"),
  { sellKey: "k6", to: "pi_7" },
  { sellKey: "k6", to: null },
  key("k7", "lifetime"),
  { sellKey: "k7", to: "pi_3" },
  { updateKey: "k7", set: { isUsed: true, usedAt: T0 } },
];

type Lite = ReturnType<typeof openDatabase>;
type Postgres = Awaited<ReturnType<typeof freshPostgresDatabase>>;

/** One step, written the same way into the SQLite and the PostgreSQL database. */
async function both(lite: Lite, postgres: Postgres, step: Step) {
  if ("insert" in step) {
    await lite.insert(sqlite.sales).values(step.insert);
    await postgres.db.insert(pg.sales).values(step.insert);
  } else if ("update" in step) {
    await lite.update(sqlite.sales).set(step.set).where(eq(sqlite.sales.paymentIntentId, step.update));
    await postgres.db.update(pg.sales).set(step.set).where(eq(pg.sales.paymentIntentId, step.update));
  } else if ("remove" in step) {
    await lite.delete(sqlite.sales).where(eq(sqlite.sales.paymentIntentId, step.remove));
    await postgres.db.delete(pg.sales).where(eq(pg.sales.paymentIntentId, step.remove));
  } else if ("insertKey" in step) {
    await lite.insert(sqlite.productKeys).values(step.insertKey);
    await postgres.db.insert(pg.productKeys).values(step.insertKey);
  } else if ("updateKey" in step) {
    await lite.update(sqlite.productKeys).set(step.set).where(eq(sqlite.productKeys.key, step.updateKey));
    await postgres.db.update(pg.productKeys).set(step.set).where(eq(pg.productKeys.key, step.updateKey));
  } else if ("removeKey" in step) {
    await lite.delete(sqlite.productKeys).where(eq(sqlite.productKeys.key, step.removeKey));
    await postgres.db.delete(pg.productKeys).where(eq(pg.productKeys.key, step.removeKey));
  } else {
    const [liteSale] = step.to
      ? await lite.select().from(sqlite.sales).where(eq(sqlite.sales.paymentIntentId, step.to))
      : [];
    const [pgSale] = step.to
      ? await postgres.db.select().from(pg.sales).where(eq(pg.sales.paymentIntentId, step.to))
      : [];
    const liteSaleId = liteSale?.id ?? null;
    const pgSaleId = pgSale?.id ?? null;
    await lite.update(sqlite.productKeys).set({ saleId: liteSaleId }).where(eq(sqlite.productKeys.key, step.sellKey));
    await postgres.db.update(pg.productKeys).set({ saleId: pgSaleId }).where(eq(pg.productKeys.key, step.sellKey));
  }
}

async function books(lite: Lite, postgres: Postgres) {
  const liteBooks = await lite
    .select()
    .from(sqlite.booksDaily)
    .orderBy(asc(sqlite.booksDaily.day), asc(sqlite.booksDaily.plan));
  const pgBooks = await postgres.db
    .select()
    .from(pg.booksDaily)
    .orderBy(asc(pg.booksDaily.day), asc(pg.booksDaily.plan));
  return { liteBooks, pgBooks };
}

describePostgres("the books on PostgreSQL", () => {
  let postgres: Postgres;
  eachTestPostgres((made) => (postgres = made));
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "layerlift-books-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("the PL/pgSQL triggers keep the same books as SQLite's for the same sales, refunds and disputes", async () => {
    const lite = openDatabase(join(dir, "books.db"));
    try {
      for (const step of STEPS) await both(lite, postgres, step);
      const { liteBooks, pgBooks } = await books(lite, postgres);
      expect(pgBooks).toEqual(liteBooks);
      // The sequence reaches every part of the books, so equal books prove something.
      const total = (field: keyof (typeof liteBooks)[number]) =>
        liteBooks.reduce((sum, row) => sum + Number(row[field]), 0);
      for (const field of [
        "paidCount",
        "refundCount",
        "disputeCount",
        "refundedCents",
        "disputedCents",
        "taxCents",
      ] as const) {
        expect(total(field)).toBeGreaterThan(0);
      }
      expect(new Set(liteBooks.map((row) => row.day)).size).toBeGreaterThan(3);

      const liteCounts = await lite.select().from(sqlite.productKeyCounts).orderBy(asc(sqlite.productKeyCounts.plan));
      const pgCounts = await postgres.db.select().from(pg.productKeyCounts).orderBy(asc(pg.productKeyCounts.plan));
      expect(pgCounts).toEqual(liteCounts);
      expect(liteCounts).toEqual([
        { plan: "lifetime", total: 1, unused: 0, available: 0 },
        { plan: "month", total: 2, unused: 1, available: 1 },
        { plan: "pro", total: 3, unused: 3, available: 2 },
      ]);
    } finally {
      lite.$client.close();
    }
  });

  test("and for any sequence of sale writes", async () => {
    const lite = openDatabase(join(dir, "random.db"));
    const ids = ["pi_a", "pi_b", "pi_c"];
    const plan = fc.constantFrom(...PLAN_IDS);
    const cents = fc.integer({ min: 0, max: 30_000 });
    const fields = {
      status: fc.constantFrom("paid" as const, "refunded" as const, "disputed" as const),
      plan,
      createdAt: fc.integer({ min: 0, max: 1 }).map((day) => T0 + day * DAY),
      amountCents: cents,
      feeCents: cents,
      refundedCents: cents,
      taxCents: cents,
      refundedTaxCents: cents,
      disputeAmountCents: fc.option(cents),
      disputeFeeCents: fc.option(cents),
      country: fc.constantFrom("DE", "FR"),
    };
    // Mostly one column at a time: a trigger that misses a column is caught only by a write of that column alone.
    const change = fc.oneof(
      ...Object.entries(fields).map(([name, value]) => (value as fc.Arbitrary<unknown>).map((v) => ({ [name]: v }))),
      fc.record(fields, { requiredKeys: [] }).filter((set) => Object.keys(set).length > 0),
    ) as fc.Arbitrary<Partial<SaleValues>>;
    const { plan: _plan, createdAt: _day, ...money } = fields;
    const step = fc.oneof(
      fc
        .record({
          id: fc.constantFrom(...ids),
          plan,
          amount: cents,
          day: fc.integer({ min: 0, max: 1 }),
          more: fc.record(money, { requiredKeys: [] }),
        })
        .map(({ id, plan, amount, day, more }) => ({
          kind: "insert" as const,
          step: sale(id, plan, amount, day, more as Partial<SaleValues>),
        })),
      fc.record({ update: fc.constantFrom(...ids), set: change }).map((step) => ({ kind: "update" as const, step })),
      fc.record({ update: fc.constantFrom(...ids), set: change }).map((step) => ({ kind: "update" as const, step })),
      fc.constantFrom(...ids).map((remove) => ({ kind: "remove" as const, step: { remove } })),
    );
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40 }), async (steps) => {
          const present = new Set<string>();
          for (const { kind, step } of steps) {
            const id = "insert" in step ? step.insert.paymentIntentId : "update" in step ? step.update : step.remove;
            // An insert of a sale already there would fail on both engines alike; it says nothing about the books.
            if (kind === "insert" && present.has(id)) continue;
            if (kind === "insert") present.add(id);
            if (kind === "remove") present.delete(id);
            await both(lite, postgres, step);
          }
          const { liteBooks, pgBooks } = await books(lite, postgres);
          expect(pgBooks).toEqual(liteBooks);
          await lite.delete(sqlite.sales);
          await lite.delete(sqlite.booksDaily);
          await postgres.db.delete(pg.sales);
          await postgres.db.delete(pg.booksDaily);
        }),
        { numRuns: 15 },
      );
    } finally {
      lite.$client.close();
    }
  });
});
