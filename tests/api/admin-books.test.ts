/**
 * The books: GET /api/admin/sales.csv, streamed, admin-only, safe to open in a spreadsheet, and in
 * agreement with the overview's figures after refunds.
 */
import { describe, expect, test } from "bun:test";
import { creditNotes, sales } from "../../src/db/schema";
import { recordPartialRefund, refundPayment } from "../../src/features/refunds/record";
import { csvCell } from "../../src/lib/csv";
import { saleCsvRow, SALES_CSV_COLUMNS } from "../../src/features/admin/sales-csv";
import { api, call, signUpUser, type TestContext } from "../support/app";
import { eachTestWithAdmin } from "../support/each-test";

let ctx: TestContext;
let admin: string;
eachTestWithAdmin((made) => ({ ctx, admin } = made));

async function buy(plan: "month" | "pro" | "lifetime", email: string) {
  const { data } = await api(ctx.app).api["create-payment-intent"].post({ plan, email });
  await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: data!.clientSecret });
  return data!.clientSecret.split("_secret_")[0];
}

/** RFC 4180 rows, for the test only: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

const cents = (dollars: string) => Math.round(Number(dollars) * 100);

describe("GET /api/admin/sales.csv", () => {
  test("every sale with gross, fee, refunded and net; the paid rows add up to the overview's figures", async () => {
    await buy("month", "one@example.com");
    const partly = await buy("pro", "two@example.com");
    const refunded = await buy("lifetime", "three@example.com");
    await recordPartialRefund(ctx.deps, partly, 500);
    await refundPayment(ctx.deps, refunded);

    const answer = await call(ctx.app, "GET", "/api/admin/sales.csv", { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="layerlift-sales-2026-11-01.csv"');
    const [header, ...rows] = parseCsv(answer.body as string);
    expect(header).toEqual([...SALES_CSV_COLUMNS]);
    expect(rows.map((r) => [r[1], r[2], r[3], r[4], r[6]])).toEqual([
      ["one@example.com", "1 Month Subscription", "paid", "6.99", "0.00"],
      ["two@example.com", "4 Month Pro", "paid", "24.99", "5.00"],
      ["three@example.com", "Lifetime Access", "refunded", "149.99", "149.99"],
    ]);
    for (const r of rows) expect(cents(r[8])).toBe(cents(r[4]) - cents(r[6]) - cents(r[7]) - cents(r[5]));
    expect(rows[0][9]).toBe("USD");
    expect(rows[0][10]).toMatch(/^pi_demo_/);

    const overview = (await api(ctx.app, admin).api.admin.overview.get()).data!;
    const paid = rows.filter((r) => r[3] === "paid");
    expect(paid.reduce((sum, r) => sum + cents(r[4]) - cents(r[6]), 0) / 100).toBe(overview.totalRevenue);
    // Net revenue counts every sale's net: a refunded sale's kept fee too.
    expect(rows.reduce((sum, r) => sum + cents(r[8]), 0) / 100).toBe(overview.adminRevenue);
    expect(paid.length).toBe(overview.salesCount);
  });

  test("cells a spreadsheet would run as a formula are defused, and quoting follows RFC 4180", async () => {
    expect(["=1+2", "+1", "-1+cmd", "@SUM(A1)", "\tx", "plain", 'say "hi", ok', "-4.65"].map(csvCell)).toEqual([
      "'=1+2",
      "'+1",
      "'-1+cmd",
      "'@SUM(A1)",
      "'\tx",
      "plain",
      '"say ""hi"", ok"',
      "-4.65",
    ]);
    await ctx.deps.db.insert(sales).values({
      paymentIntentId: "pi_formula",
      email: '=HYPERLINK("http://evil.example","x")',
      plan: "pro",
      amountCents: 2499,
      createdAt: ctx.clock.now(),
    });
    const body = (await call(ctx.app, "GET", "/api/admin/sales.csv", { token: admin })).body as string;
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
  });

  test("a long history streams in pages and every sale is there once", async () => {
    const now = ctx.clock.now();
    await ctx.deps.db.insert(sales).values(
      Array.from({ length: 4203 }, (_, i) => ({
        paymentIntentId: `pi_bulk_${i}`,
        email: `bulk${i}@example.com`,
        plan: "month" as const,
        amountCents: 699,
        feeCents: 50,
        createdAt: now + i,
      })),
    );
    const rows = parseCsv((await call(ctx.app, "GET", "/api/admin/sales.csv", { token: admin })).body as string).slice(
      1,
    );
    expect(rows).toHaveLength(4203);
    expect(new Set(rows.map((r) => r[10])).size).toBe(4203);
  });

  test("the streamed lines are each sale's cells as one sale's row has them, whatever its fields hold", async () => {
    const now = ctx.clock.now();
    const odd = ["=cmd", "-5", "-5.5", "-5.", "-1+2", 'a,"b"', "line\nbreak", "+1", "@x", "\tt", "plain", null];
    const inserted = await ctx.deps.db
      .insert(sales)
      .values(
        odd.map((value, i) => ({
          paymentIntentId: `pi_odd_${i}${value ?? ""}`,
          email: `${value ?? ""}odd${i}@example.com`,
          plan: (["month", "pro", "lifetime"] as const)[i % 3],
          status: (["paid", "refunded", "disputed"] as const)[i % 3],
          amountCents: 999 + i * 1001,
          feeCents: 31 + i,
          refundedCents: i % 3 === 0 ? 100 : 0,
          promotionCode: value,
          discountCents: i * 7,
          country: value,
          taxId: value,
          taxCents: i * 13,
          taxRate: i % 2 ? "0.20" : null,
          invoiceNumber: value === null ? null : `INV-${i}${value}`,
          currency: i % 2 ? "eur" : "usd",
          createdAt: now - i * 86_399_999,
        })),
      )
      .returning();
    await ctx.deps.db.insert(creditNotes).values([
      { number: "CN-1", saleId: inserted[1]!.id, amountCents: 10, createdAt: now },
      { number: "=CN-2", saleId: inserted[1]!.id, amountCents: 10, createdAt: now },
    ]);
    const body = (await call(ctx.app, "GET", "/api/admin/sales.csv", { token: admin })).body as string;
    let expected = "";
    for (const sale of inserted) expected += `${(await saleCsvRow(ctx.deps.db, sale.id))!.map(csvCell).join(",")}\r\n`;
    expect(body).toBe(`${SALES_CSV_COLUMNS.join(",")}\r\n${expected}`);
    expect(body).toContain(",'=CN-2,");
  });

  test("only admins get it", async () => {
    expect((await call(ctx.app, "GET", "/api/admin/sales.csv")).status).toBe(401);
    const user = await signUpUser(ctx);
    expect((await call(ctx.app, "GET", "/api/admin/sales.csv", { token: user.token })).status).toBe(403);
  });

  test("revenue by day: every one of the last 30 or 90 days, gross and net as the CSV counts them, and the overview's refund figures", async () => {
    await buy("month", "day1@example.com");
    const partly = await buy("pro", "day1b@example.com");
    await recordPartialRefund(ctx.deps, partly, 500);
    ctx.clock.advance(2 * 86_400_000);
    const refunded = await buy("lifetime", "day3@example.com");
    await refundPayment(ctx.deps, refunded);

    const month = (await api(ctx.app, admin).api.admin.revenue.get({ query: { days: 30 } })).data!;
    expect(month.days).toHaveLength(30);
    expect(month.days.at(-1)!.date).toBe("2026-11-03");
    const csv = parseCsv((await call(ctx.app, "GET", "/api/admin/sales.csv", { token: admin })).body as string).slice(
      1,
    );
    const byDay = (date: string) => csv.filter((r) => r[0].startsWith(date));
    for (const day of month.days.filter((d) => d.sales > 0)) {
      expect(day.gross).toBe(byDay(day.date).reduce((sum, r) => sum + cents(r[4]), 0) / 100);
      expect(day.net).toBe(byDay(day.date).reduce((sum, r) => sum + cents(r[8]), 0) / 100);
    }
    expect(month.days.find((d) => d.date === "2026-11-01")).toMatchObject({ gross: 31.98, sales: 2 });
    // The chart's revenue is the overview's: paid, less refunds, open disputes and tax, from the sales still paid.
    const overviewFigures = (await api(ctx.app, admin).api.admin.overview.get()).data!;
    const inMonth = month.days.reduce(
      (sum, d) => ({ revenue: sum.revenue + d.revenue, paid: sum.paid + d.paidSales }),
      {
        revenue: 0,
        paid: 0,
      },
    );
    expect(Math.round(inMonth.revenue * 100) / 100).toBe(overviewFigures.totalRevenue);
    expect(inMonth.paid).toBe(overviewFigures.salesCount);
    expect(month.days.find((d) => d.date === "2026-11-03")).toMatchObject({
      gross: 149.99,
      revenue: 0,
      sales: 1,
      paidSales: 0,
    });
    expect(month.days.find((d) => d.date === "2026-11-02")).toMatchObject({ gross: 0, net: 0, sales: 0 });
    expect((await api(ctx.app, admin).api.admin.revenue.get({ query: { days: 90 } })).data!.days).toHaveLength(90);
    expect((await api(ctx.app, admin).api.admin.revenue.get({ query: { days: 7 as 30 } })).status).toBe(422);

    const overview = (await api(ctx.app, admin).api.admin.overview.get()).data!;
    expect(overview).toMatchObject({ refunded: 154.99, refundCount: 2, disputed: 0, disputeCount: 0 });
  });
});
