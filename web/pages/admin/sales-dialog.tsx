import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "../../components/ui/dialog";
import { useSales } from "../../lib/queries/admin";
import { List, usePaging } from "./list-tab";
import { FEE_COLUMN, SALE_COLUMNS, saleKey } from "./sale-columns";
import { RefundDialog } from "./refund-dialog";
import type { Column } from "./data-table";
import type { SaleView } from "../../../src/shared/api-types";

/** Refund, for a sale that still has money to give back. */
const REFUND_COLUMN: Column<SaleView> = {
  name: "Refund",
  cell: (sale) => (sale.status === "paid" && sale.refunded < sale.amount ? <RefundDialog sale={sale} /> : null),
};

const PAGE_SIZE = 25;

function SalesList() {
  const paging = usePaging(PAGE_SIZE);
  const sales = useSales(paging.page);
  return (
    <List query={sales} rows={sales.data?.sales} rowKey={saleKey} paging={paging}
      label="All sales" columns={[...SALE_COLUMNS, FEE_COLUMN, REFUND_COLUMN]} empty="No sales yet." />
  );
}

/** Every sale, newest first, paged; refunded sales are listed but not counted in revenue. */
export function SalesDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">View all sales</Button>
      </DialogTrigger>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>All sales</DialogTitle>
          <DialogDescription>Newest first. Refunded sales are shown but not counted in revenue; partial refunds are subtracted from it.</DialogDescription>
        </DialogHeader>
        <SalesList />
      </DialogContent>
    </Dialog>
  );
}
