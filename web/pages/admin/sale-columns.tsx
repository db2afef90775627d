import type { SaleView } from "../../../src/shared/api-types";
import { PLANS } from "../../../src/shared/plans";
import { Badge } from "../../components/ui/badge";
import { dateColumn, type Column } from "./data-table";
import { formatMoney } from "./format";

/** A sale's date, buyer, plan and amount; refunded and partly refunded ones are marked. */
export const SALE_COLUMNS: Column<SaleView>[] = [
  dateColumn("Date", (sale) => sale.createdAt),
  { name: "Buyer", className: "break-all", cell: (sale) => sale.email },
  { name: "Plan", cell: (sale) => PLANS[sale.plan].name },
  {
    name: "Amount",
    cell: (sale) => (
      // The badge goes under the amount: beside it, it widened the column and pushed the row's buttons out of view.
      <span className="inline-flex flex-col items-end gap-1 md:items-start">
        <span className="font-medium tabular-nums">{formatMoney(sale.amount)}</span>
        {sale.status === "refunded" && <Badge variant="destructive">Refunded</Badge>}
        {sale.status === "disputed" && <Badge variant="destructive">Disputed</Badge>}
        {sale.status === "paid" && sale.refunded > 0 && (
          <Badge variant="secondary">{formatMoney(sale.refunded)} refunded</Badge>
        )}
      </span>
    ),
  },
];

/** What the payment provider kept of a sale. */
export const FEE_COLUMN: Column<SaleView> = { name: "Fee", className: "tabular-nums text-muted-foreground", cell: (sale) => formatMoney(sale.fee) };

export const saleKey = (sale: SaleView) => sale._id;
