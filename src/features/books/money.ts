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
    paid: `(${c("status")} = 'paid')`,
    refundedOrPartly: `(${c("status")} = 'refunded' OR ${c("refunded_cents")} > 0)`,
    open: `(${c("status")} = 'disputed')`,
  };
}

const money = saleMoneySql();
const expr = (text: string) => sql.raw(text) as SQL<number>;

/** The same expressions as drizzle fields, for selects over `sales`. */
export const saleMoneyFields = {
  gross: expr(money.gross),
  fee: expr(money.fee),
  refunded: expr(money.refunded),
  disputed: expr(money.disputed),
  tax: expr(money.tax),
  net: expr(money.net),
};

/** The daily summary's rows, computed from the sales themselves (what the triggers should have kept). */
export const REBUILD_BOOKS_SQL = `
  SELECT ${money.day} AS day, sales.plan AS plan, count(*) AS sales,
    sum(${money.paid}) AS paid_count, sum(${money.refundedOrPartly}) AS refund_count, sum(${money.open}) AS dispute_count,
    sum(${money.gross}) AS gross_cents, sum(${money.fee}) AS fee_cents, sum(${money.refunded}) AS refunded_cents,
    sum(${money.disputed}) AS disputed_cents, sum(${money.tax}) AS tax_cents, sum(${money.net}) AS net_cents
  FROM sales GROUP BY 1, 2`;
