/**
 * GET /api/admin/sales.csv byte for byte: the columns, their order and formats and the headers pinned
 * on a small data set; a history of many pages streamed through a real listening server equal to each
 * sale's row; a sale written while it streams; and a client that goes away stops the reading.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { creditNotes, sales } from "../../src/db/schema";
import { postgresPoolOf } from "../../src/db";
import { csvCell } from "../../src/lib/csv";
import { saleCsvRow, SALES_CSV_COLUMNS } from "../../src/features/admin/sales-csv";
import { createOrPromoteAdmin } from "../../src/features/users/service";
import { call, makeTestApp, signInAdmin, type TestContext } from "../support/app";
import { startTestServer, type TestServer } from "../support/server";

const HEADER = `${SALES_CSV_COLUMNS.join(",")}\r\n`;
/** More sales than several pages of the export hold. */
const MANY = 9_001;

let ctx: TestContext | undefined;
let server: TestServer | undefined;
afterEach(async () => {
  ctx?.cleanup();
  await server?.stop();
  ctx = server = undefined;
});

type SaleValues = typeof sales.$inferInsert;
async function insertSales(
  db: TestContext["deps"]["db"],
  count: number,
  at: number,
  extra: (i: number) => Partial<SaleValues> = () => ({}),
) {
  for (let from = 0; from < count; from += 1000) {
    await db.insert(sales).values(
      Array.from({ length: Math.min(1000, count - from) }, (_, k) => {
        const i = from + k;
        return {
          paymentIntentId: `pi_many_${i}`,
          email: `buyer${i}@example.com`,
          plan: (["month", "pro", "lifetime"] as const)[i % 3],
          amountCents: 699 + (i % 50) * 100,
          feeCents: 50 + (i % 7),
          createdAt: at + i * 37_123,
          ...extra(i),
        };
      }),
    );
  }
}

/**
 * Wide rows, so the whole file (about 30 MB in ten pages) is far more than the sockets' buffers between client and
 * server hold. Few rows for the bytes: each row a database fills costs far more than its width.
 */
const WIDE = 20_000;
const insertWideSales = async (db: TestContext["deps"]["db"]) =>
  insertSales(db, WIDE, Date.UTC(2025, 5, 1), (i) => ({ promotionCode: `${"X".repeat(1400)}${i}` }));

/** The export as one sale's row at a time would write it (asked a hundred at a time: on PostgreSQL each is a round trip). */
async function expectedBody(db: TestContext["deps"]["db"]) {
  const ids = (await db.select({ id: sales.id }).from(sales).orderBy(sales.id)).map((sale) => sale.id);
  const lines: string[] = [];
  for (let from = 0; from < ids.length; from += 100) {
    const rows = await Promise.all(ids.slice(from, from + 100).map((id) => saleCsvRow(db, id)));
    for (const row of rows) lines.push(`${row!.map(csvCell).join(",")}\r\n`);
  }
  return HEADER + lines.join("");
}

describe("GET /api/admin/sales.csv, byte for byte", () => {
  test("the columns, their order and formats, the quoting, the defusing and the headers", async () => {
    ctx = makeTestApp();
    const admin = (await signInAdmin(ctx)).token;
    const db = ctx.deps.db;
    const at = Date.UTC(2026, 0, 2, 3, 4, 5, 67);
    const [, partly, refunded] = await db
      .insert(sales)
      .values([
        {
          paymentIntentId: "pi_plain",
          email: "ann@example.com",
          plan: "month",
          amountCents: 699,
          feeCents: 50,
          createdAt: at,
          invoiceNumber: "LL-2026-000001",
        },
        {
          paymentIntentId: "pi_partly",
          email: "bo@example.com",
          plan: "pro",
          amountCents: 2999,
          feeCents: 117,
          refundedCents: 500,
          currency: "eur",
          country: "DE",
          taxId: "DE123456789",
          taxCents: 479,
          refundedTaxCents: 80,
          taxRate: "19.0",
          promotionCode: "SPRING",
          discountCents: 500,
          invoiceNumber: "LL-2026-000002",
          withdrawalConsentAt: at + 86_399_000,
          withdrawalConsentVersion: "2026-11-27",
          language: "de",
          createdAt: at + 86_399_999,
        },
        {
          paymentIntentId: "pi_refunded",
          email: "cy@example.com",
          plan: "lifetime",
          amountCents: 14999,
          feeCents: 465,
          status: "refunded",
          taxCents: 2500,
          taxRate: "20.00",
          country: "GB",
          invoiceNumber: "LL-2026-000003",
          createdAt: at + 86_400_000,
        },
        {
          paymentIntentId: "pi_disputed",
          email: "di@example.com",
          plan: "month",
          amountCents: 699,
          feeCents: 50,
          status: "disputed",
          disputeAmountCents: 699,
          disputeFeeCents: 1500,
          taxRate: "7.7",
          createdAt: Date.UTC(2026, 11, 31, 23, 59, 59, 999),
        },
        {
          paymentIntentId: "-pi_odd",
          email: '=HYPERLINK("http://evil.example","x")',
          plan: "pro",
          amountCents: 0,
          feeCents: 0,
          promotionCode: "a,b",
          country: "@X",
          taxId: "line\nbreak",
          taxRate: "-5",
          invoiceNumber: "+1",
          createdAt: 0,
        },
      ])
      .returning();
    await db.insert(creditNotes).values([
      { number: "CN-2026-000001", saleId: partly.id, amountCents: 250, createdAt: at },
      { number: "CN-2026-000002", saleId: partly.id, amountCents: 250, createdAt: at },
      { number: "CN-2026-000003", saleId: refunded.id, amountCents: 14999, createdAt: at },
    ]);

    const answer = await call(ctx.app, "GET", "/api/admin/sales.csv", { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="layerlift-sales-2026-11-01.csv"');
    expect(answer.body).toBe(
      [
        "date,buyer,plan,status,gross,fee,refunded,disputed,net,currency,provider_id,promotion_code,discount,country,tax_id,tax,tax_rate,invoice_number,credit_note_number,withdrawal_consent_at,withdrawal_consent_version,seats,language",
        "2026-01-02T03:04:05.067Z,ann@example.com,1 Month Subscription,paid,6.99,0.50,0.00,0.00,6.49,USD,pi_plain,,0.00,,,0.00,,LL-2026-000001,,,,1,en",
        "2026-01-03T03:04:05.066Z,bo@example.com,4 Month Pro,paid,29.99,1.17,5.00,0.00,19.83,EUR,pi_partly,SPRING,5.00,DE,DE123456789,3.99,19,LL-2026-000002,CN-2026-000002,2026-01-03T03:04:04.067Z,2026-11-27,1,de",
        "2026-01-03T03:04:05.067Z,cy@example.com,Lifetime Access,refunded,149.99,4.65,149.99,0.00,-4.65,USD,pi_refunded,,0.00,GB,,0.00,20,LL-2026-000003,CN-2026-000003,,,1,en",
        "2026-12-31T23:59:59.999Z,di@example.com,1 Month Subscription,disputed,6.99,15.50,0.00,6.99,-15.50,USD,pi_disputed,,0.00,,,0.00,7.7,,,,,1,en",
        `1970-01-01T00:00:00.000Z,"'=HYPERLINK(""http://evil.example"",""x"")",4 Month Pro,paid,0.00,0.00,0.00,0.00,0.00,USD,'-pi_odd,"a,b",0.00,'@X,"line\nbreak",0.00,-5,'+1,,,,1,en`,
        "",
      ].join("\r\n"),
    );
  });
});

/** Counts the runs of the export's page query on this database (every read of a page), on either engine. */
function countPageReads(db: TestServer["deps"]["db"]) {
  const reads = { count: 0 };
  const pool = postgresPoolOf(db);
  if (pool) {
    const client = pool.client as unknown as { unsafe: (sql: string, params?: unknown[]) => unknown };
    const unsafe = client.unsafe.bind(client);
    client.unsafe = (sql: string, params?: unknown[]) => {
      if (sql.includes("FROM sales WHERE id > $1")) reads.count++;
      return unsafe(sql, params);
    };
    return reads;
  }
  const client = db.$client.reader;
  const query = client.query.bind(client);
  const counted = new WeakSet<object>();
  client.query = ((sql: string) => {
    const statement = query(sql);
    if (sql.includes("FROM sales WHERE id > ?") && !counted.has(statement)) {
      counted.add(statement);
      const values = statement.values.bind(statement);
      statement.values = ((...args: Parameters<typeof values>) => {
        reads.count++;
        return values(...args);
      }) as typeof statement.values;
    }
    return statement;
  }) as typeof client.query;
  return reads;
}

/** An admin's token, signed in over HTTP. */
async function signInAdminOn(target: TestServer) {
  await createOrPromoteAdmin(
    target.deps.db,
    { email: "admin@example.com", password: "admin password" },
    target.clock.now(),
  );
  const answer = await fetch(`${target.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "admin password" }),
  });
  return ((await answer.json()) as { token: string }).token;
}

/** Filling tens of thousands of sales takes seconds on a loaded machine; no test here measures time. */
const SLOW = 180_000;

describe("GET /api/admin/sales.csv through a listening server", () => {
  test(
    "a history of several pages arrives in chunks, every sale's row once, in order, as one sale's row has it",
    async () => {
      server = await startTestServer();
      const token = await signInAdminOn(server);
      await insertSales(server.deps.db, MANY, Date.UTC(2025, 5, 1), (i) => ({
        status: (["paid", "refunded", "disputed"] as const)[i % 3],
        refundedCents: i % 5 === 0 ? 100 : 0,
        country: i % 4 ? "DE" : null,
        taxCents: i % 4 ? 111 : 0,
        taxRate: i % 4 ? "19.0" : null,
        currency: i % 2 ? "eur" : "usd",
        promotionCode: i % 11 ? null : `P,${i}`,
        invoiceNumber: `LL-2025-${String(i).padStart(6, "0")}`,
      }));
      // Credit notes on the first and last sales of pages, some sales with two (the newest is the one shown).
      const ids = (await server.deps.db.select({ id: sales.id }).from(sales).orderBy(sales.id)).map((sale) => sale.id);
      const noted = [0, 1, 1999, 2000, 2001, 3999, 4000, 5555, MANY - 1];
      await server.deps.db.insert(creditNotes).values(
        [...noted, 1999, 2000, MANY - 1].map((i, n) => ({
          number: `CN-2025-${String(n + 1).padStart(6, "0")}`,
          saleId: ids[i],
          amountCents: 100,
          createdAt: Date.UTC(2025, 6, 1),
        })),
      );
      const reads = countPageReads(server.deps.db);
      const response = await fetch(`${server.url}/api/admin/sales.csv`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      const decoder = new TextDecoder();
      let body = "";
      let chunks = 0;
      for await (const chunk of response.body!) {
        chunks++;
        body += decoder.decode(chunk, { stream: true });
      }
      expect(chunks).toBeGreaterThan(1);
      expect(reads.count).toBeGreaterThan(2);
      expect(body).toBe(await expectedBody(server.deps.db));
      expect(body.split("\r\n")).toHaveLength(MANY + 2);
      expect(body).toContain(",CN-2025-000012,,,1,en\r\n");
    },
    SLOW,
  );
});

/**
 * The two tests below read one history of wide sales through one server: filling it is most of their time. The
 * client that goes away reads without writing, so it comes first; the sale made during an export writes last.
 */
describe("GET /api/admin/sales.csv of a long history, through a listening server", () => {
  let wide: { server: TestServer; token: string } | undefined;
  beforeAll(async () => {
    const started = await startTestServer();
    wide = { server: started, token: await signInAdminOn(started) };
    await insertWideSales(started.deps.db);
  }, SLOW);
  afterAll(async () => {
    await wide?.server.stop();
  });

  test(
    "a client that goes away mid-way stops the reading of pages",
    async () => {
      const { server, token } = wide!;
      const reads = countPageReads(server.deps.db);
      const abort = new AbortController();
      const response = await fetch(`${server.url}/api/admin/sales.csv`, {
        headers: { authorization: `Bearer ${token}` },
        signal: abort.signal,
      });
      const reader = response.body!.getReader();
      await reader.read();
      abort.abort();
      await reader.read().catch(() => undefined);
      // Give the server time to notice; then the count must stand still, far short of every page.
      await Bun.sleep(500);
      const afterAbort = reads.count;
      await Bun.sleep(500);
      expect(reads.count).toBe(afterAbort);
      expect(afterAbort).toBeGreaterThan(0);
      expect(afterAbort * 2000).toBeLessThan(WIDE / 2);
    },
    SLOW,
  );
  test(
    "a sale made while the export streams comes last, once; a sale already sent keeps what was sent",
    async () => {
      const { server, token } = wide!;
      const db = server.deps.db;
      const response = await fetch(`${server.url}/api/admin/sales.csv`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let body = "";
      while (!body.includes(",pi_many_1,")) {
        const { value, done } = await reader.read();
        if (done) break;
        body += decoder.decode(value, { stream: true });
      }
      // The first sale has gone out; now a buyer pays, and the first sale is refunded.
      await db.insert(sales).values({
        paymentIntentId: "pi_during_export",
        email: "late@example.com",
        plan: "pro",
        amountCents: 2499,
        createdAt: Date.UTC(2026, 10, 1),
      });
      await db.update(sales).set({ status: "refunded" }).where(eq(sales.paymentIntentId, "pi_many_0"));
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        body += decoder.decode(value, { stream: true });
      }
      const lines = body.split("\r\n");
      expect(lines).toHaveLength(1 + WIDE + 1 + 1);
      expect(lines[0]).toBe(HEADER.trimEnd());
      for (let i = 0; i < WIDE; i++)
        if (!lines[1 + i].includes(`,pi_many_${i},`)) throw new Error(`line ${1 + i} is not pi_many_${i}'s`);
      expect(lines[1]).toContain(",paid,");
      const late = (
        await db.select({ id: sales.id }).from(sales).where(eq(sales.paymentIntentId, "pi_during_export")).limit(1)
      )[0]!;
      expect(lines[1 + WIDE]).toBe((await saleCsvRow(db, late.id))!.map(csvCell).join(","));
      expect(lines[2 + WIDE]).toBe("");
    },
    SLOW,
  );
});
