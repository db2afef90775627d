import { useState } from "react";
import { Download } from "lucide-react";
import { PendingButton } from "../../components/ui/pending-button";
import { failureToast } from "../../lib/failure-toast";
import { downloadFile } from "../../lib/api";
import { useSales } from "../../lib/queries/admin";
import { List, usePaging } from "./list-tab";
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

/** The books: every sale as CSV (date, buyer, plan, gross, fee, refunded, net, currency, provider id). */
function DownloadCsvButton() {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile("/api/admin/sales.csv");
    } catch (error) {
      failureToast("Download Failed", {
        fallback: "Could not download the sales",
        statusPrefix: "Download failed.",
      })(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <PendingButton
      variant="outline"
      size="sm"
      pending={busy}
      pendingText="Preparing…"
      icon={<Download aria-hidden />}
      onClick={download}
    >
      Download CSV
    </PendingButton>
  );
}

/** The Sales tab: every sale, newest first, paged, with the CSV and the tax report; refunded sales are listed but not counted in revenue. */
export function SalesTab() {
  return (
    <section aria-labelledby="sales-heading" className="grid gap-4">
      <div>
        <h2 id="sales-heading" className="text-xl font-semibold">
          Sales
        </h2>
        <p className="text-sm text-muted-foreground">
          Newest first. Refunded sales are shown but not counted in revenue; partial refunds are subtracted from it.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3 lg:justify-end">
        <TaxReportButton />
        <DownloadCsvButton />
      </div>
      <SalesList />
    </section>
  );
}
