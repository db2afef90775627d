/**
 * What a sale is worth to the books: the one definition of gross, fee, refunded, disputed and net.
 * The CSV selects these expressions, `layerlift books check` rebuilds the daily summary with them, and
 * the triggers that keep the summary (drizzle/0009_books_triggers.sql) spell the same expressions
 * for NEW and OLD; the check is what proves the two agree.
 *
 * Refunded: everything for a refunded sale (a lost dispute too), the refunded part of a paid one.
 * Disputed: what the bank holds back while a dispute is open. Fee: the provider's, dispute fees
 * included (the provider keeps them whatever happens to the sale). Tax: the tax a paid sale still holds
 * after its credit notes: the tax authority's money, never revenue. Net: the gross after all four.
 */
import { sql, type SQL } from "drizzle-orm";
import { booksDaily } from "../../db/schema";
import { DAY } from "../../lib/clock";

/** The expressions over a `sales` row; `row` is a table alias or NEW/OLD in a trigger. */
export function saleMoneySql(row = "sales") {
  const c = (column: string) => `${row}.${column}`;
  const refunded = `(CASE WHEN ${c("status")} = 'refunded' THEN ${c("amount_cents")} ELSE ${c("refunded_cents")} END)`;
  const disputed = `(CASE WHEN ${c("status")} = 'disputed' THEN coalesce(${c("dispute_amount_cents")}, ${c("amount_cents")}) ELSE 0 END)`;
  const fee = `(${c("fee_cents")} + coalesce(${c("dispute_fee_cents")}, 0))`;
  const tax = `(CASE WHEN ${c("status")} = 'paid' THEN ${c("tax_cents")} - ${c("refunded_tax_cents")} ELSE 0 END)`;
  return {
    day: `(${c("created_at")} - ${c("created_at")} % ${DAY})`,
    gross: c("amount_cents"),
    fee,
    refunded,
    disputed,
    tax,
    net: `(${c("amount_cents")} - ${refunded} - ${disputed} - ${fee} - ${tax})`,
    // Counts as 1 or 0 per sale, so a sum of them counts sales (sum over a comparison is SQLite's alone).
    paid: `(CASE WHEN ${c("status")} = 'paid' THEN 1 ELSE 0 END)`,
    refundedOrPartly: `(CASE WHEN ${c("status")} = 'refunded' OR ${c("refunded_cents")} > 0 THEN 1 ELSE 0 END)`,
    open: `(CASE WHEN ${c("status")} = 'disputed' THEN 1 ELSE 0 END)`,
  };
}

const money = saleMoneySql();
const expr = (text: string) => sql.raw(text).mapWith(Number) as SQL<number>;

/** The same expressions as drizzle fields, for selects over `sales`. */
export const saleMoneyFields = {
  gross: expr(money.gross),
  fee: expr(money.fee),
  refunded: expr(money.refunded),
  disputed: expr(money.disputed),
  tax: expr(money.tax),
  net: expr(money.net),
};

/** The daily summary's columns, each as what the day's sales of a plan add up to. */
const REBUILT_COLUMNS = {
  sales: "count(*)",
  paidCount: `sum(${money.paid})`,
  refundCount: `sum(${money.refundedOrPartly})`,
  disputeCount: `sum(${money.open})`,
  grossCents: `sum(${money.gross})`,
  feeCents: `sum(${money.fee})`,
  refundedCents: `sum(${money.refunded})`,
  disputedCents: `sum(${money.disputed})`,
  taxCents: `sum(${money.tax})`,
  netCents: `sum(${money.net})`,
} as const;

/** The day a sale counts on, as a field (its UTC day's start, ms). */
export const saleDay = expr(money.day);

/**
 * The summary's columns as drizzle fields over `sales`, grouped by `saleDay` and plan (daily-ledger/service.ts),
 * named and ordered as books_daily's columns, so the rebuilt rows can be inserted as they are selected.
 */
export const rebuiltBookFields = Object.fromEntries(
  Object.entries(REBUILT_COLUMNS).map(([name, text]) => [
    name,
    expr(text).as(booksDaily[name as keyof typeof REBUILT_COLUMNS].name),
  ]),
) as { [Name in keyof typeof REBUILT_COLUMNS]: SQL.Aliased<number> };

/**
 * The same summary as SQL text, for the bulk load that writes over a raw connection with the triggers off
 * (daily-ledger/service.ts `rebuildBooks`).
 */
export const REBUILD_BOOKS_SQL = `
  SELECT ${money.day} AS day, sales.plan AS plan, ${Object.entries(REBUILT_COLUMNS)
    .map(([name, text]) => `${text} AS ${booksDaily[name as keyof typeof REBUILT_COLUMNS].name}`)
    .join(", ")}
  FROM sales GROUP BY 1, 2`;

/** Product keys not yet used, counted per group (a sum over the boolean itself is SQLite's alone). */
export const UNUSED_KEYS_SQL = "sum(CASE WHEN is_used THEN 0 ELSE 1 END)";

/**
 * Product keys available to hand out, counted per group: neither used nor bought (no sale holds them). The
 * admin key list's "unsold" state is the same keys (admin/keys.ts), and the triggers of
 * drizzle/0027_available_keys_triggers.sql (postgres/0009) keep the same count row by row.
 */
export const AVAILABLE_KEYS_SQL = "sum(CASE WHEN is_used OR sale_id IS NOT NULL THEN 0 ELSE 1 END)";
