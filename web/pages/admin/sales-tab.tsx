import { Download } from "lucide-react";
import { useSales } from "../../lib/queries/admin";
import { CsvDownloadButton } from "./csv-download-button";
import { List, TabSection, usePaging } from "./list-tab";
import { DOCUMENTS_COLUMN, FEE_COLUMN, PROMOTION_COLUMN, SALE_COLUMNS, TAX_COLUMN, saleKey } from "./sale-columns";
import { TaxReportButton } from "./tax-report-button";
import { RefundDialog } from "./refund-dialog";
import type { Column } from "./data-table";
import type { SaleView } from "@shared/api-types";

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
    // Nine columns fit side by side only on a wide screen: below it each sale is a card, so Refund never
    // sits past the screen's edge.
    <List
      query={sales}
      rows={sales.data?.sales}
      rowKey={saleKey}
      paging={paging}
      tableFrom="xl"
      label="All sales"
      columns={[...SALE_COLUMNS, PROMOTION_COLUMN, TAX_COLUMN, FEE_COLUMN, DOCUMENTS_COLUMN, REFUND_COLUMN]}
      empty="No sales yet."
    />
  );
}

/** The Sales tab: every sale, newest first, paged, with the CSV and the tax report; refunded sales are listed but not counted in revenue. */
export function SalesTab() {
  return (
    <TabSection
      id="sales"
      title="Sales"
      description="Newest first. Refunded sales are shown but not counted in revenue; partial refunds are subtracted from it."
    >
      <div className="flex flex-wrap items-end gap-3 lg:justify-end">
        <TaxReportButton />
        {/* The books: every sale as CSV (date, buyer, plan, gross, fee, refunded, net, currency, provider id). */}
        <CsvDownloadButton path="/api/admin/sales.csv" what="the sales" icon={<Download aria-hidden />}>
          Download CSV
        </CsvDownloadButton>
      </div>
      <SalesList />
    </TabSection>
  );
}
