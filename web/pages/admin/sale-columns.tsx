import type { SaleView } from "../../../src/shared/api-types";
import { PLANS } from "../../../src/shared/plans";
import { Badge } from "../../components/ui/badge";
import { dateColumn, type Column } from "./data-table";
import { formatMoney } from "./format";

/** A sale's date, buyer, plan and amount; refunded and partly refunded ones are marked. */
export const SALE_COLUMNS: Column<SaleView>[] = [
  dateColumn("Date", (sale) => sale.createdAt),
  { name: "Buyer", cell: (sale) => sale.email },
  { name: "Plan", cell: (sale) => PLANS[sale.plan].name },
  {
    name: "Amount",
    cell: (sale) => (
      <>
        <span className="font-medium tabular-nums">{formatMoney(sale.amount)}</span>
        {sale.status === "refunded" && <Badge variant="destructive" className="ml-2">Refunded</Badge>}
        {sale.status === "disputed" && <Badge variant="destructive" className="ml-2">Disputed</Badge>}
        {sale.status === "paid" && sale.refunded > 0 && (
          <Badge variant="secondary" className="ml-2">{formatMoney(sale.refunded)} refunded</Badge>
        )}
      </>
    ),
  },
];

/** What the payment provider kept of a sale. */
export const FEE_COLUMN: Column<SaleView> = { name: "Fee", className: "tabular-nums text-muted-foreground", cell: (sale) => formatMoney(sale.fee) };

export const saleKey = (sale: SaleView) => sale._id;
