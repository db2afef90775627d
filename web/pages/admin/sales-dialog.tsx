import { useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "../../components/ui/dialog";
import { useSales } from "../../lib/queries/admin";
import { PLANS } from "../../../src/shared/plans";
import { Cell, DataTable, EmptyState, ErrorState, Pager, Row, TableSkeleton } from "./data-table";
import { formatDateTime, formatMoney } from "./format";

const PAGE_SIZE = 25;

function SalesList() {
  const [offset, setOffset] = useState(0);
  const sales = useSales({ limit: PAGE_SIZE, offset });
  if (sales.isError) return <ErrorState message={sales.error.message} onRetry={() => sales.refetch()} />;
  if (!sales.data) return <TableSkeleton />;
  if (sales.data.sales.length === 0 && offset === 0) return <EmptyState>No sales yet.</EmptyState>;
  return (
    <>
      <DataTable label="All sales" columns={["Date", "Buyer", "Plan", "Amount", "Fee"]}>
        {sales.data.sales.map((sale) => (
          <Row key={sale._id}>
            <Cell label="Date" className="md:whitespace-nowrap">{formatDateTime(sale.createdAt)}</Cell>
            <Cell label="Buyer">{sale.email}</Cell>
            <Cell label="Plan">{PLANS[sale.plan].name}</Cell>
            <Cell label="Amount">
              <span className="tabular-nums">{formatMoney(sale.amount)}</span>
              {sale.status === "refunded" && <Badge variant="destructive" className="ml-2">Refunded</Badge>}
            </Cell>
            <Cell label="Fee" className="tabular-nums text-muted-foreground">{formatMoney(sale.fee)}</Cell>
          </Row>
        ))}
      </DataTable>
      <Pager offset={offset} limit={PAGE_SIZE} shown={sales.data.sales.length} onChange={setOffset} />
    </>
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
          <DialogDescription>Newest first. Refunded sales are shown but not counted in revenue.</DialogDescription>
        </DialogHeader>
        <SalesList />
      </DialogContent>
    </Dialog>
  );
}
