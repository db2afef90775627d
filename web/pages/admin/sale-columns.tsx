import type { SaleView } from "@shared/api-types";
import { PLANS } from "@shared/plans";
import { addedSeatsText, planWithSeats } from "@shared/seats";
import { Badge } from "../../components/ui/badge";
import { dateColumn, type Column } from "./data-table";
import { EmailAddress } from "./email-address";
import { formatDateTime, formatMoney } from "./format";

/** A sale's date, buyer, plan and amount; refunded and partly refunded ones are marked. */
export const SALE_COLUMNS: Column<SaleView>[] = [
  dateColumn("Date", (sale) => sale.createdAt),
  { name: "Buyer", cell: (sale) => <EmailAddress email={sale.email} /> },
  {
    name: "Plan",
    cell: (sale) =>
      sale.kind === "added-seats"
        ? addedSeatsText(PLANS[sale.plan].name, sale.seats)
        : planWithSeats(PLANS[sale.plan].name, sale.seats),
  },
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

/** The sale's invoice and its newest credit note, as PDFs (signed links, so a plain link opens them). */
export const DOCUMENTS_COLUMN: Column<SaleView> = {
  name: "Documents",
  cell: (sale) => (
    <span className="flex flex-col gap-0.5 text-xs">
      {sale.invoiceUrl && (
        <a
          className="whitespace-nowrap text-brand underline-offset-4 hover:underline"
          href={sale.invoiceUrl}
          target="_blank"
          rel="noreferrer"
          aria-label={`Invoice ${sale.invoiceNumber}`}
          title={sale.invoiceNumber ?? undefined}
        >
          Invoice
        </a>
      )}
      {sale.creditNoteUrl && (
        <a
          className="whitespace-nowrap text-brand underline-offset-4 hover:underline"
          href={sale.creditNoteUrl}
          target="_blank"
          rel="noreferrer"
          aria-label={`Credit note ${sale.creditNoteNumber}`}
          title={sale.creditNoteNumber ?? undefined}
        >
          Credit note
        </a>
      )}
      {sale.withdrawalConsentAt && (
        // The buyer's consent to immediate supply (the EU right of withdrawal), as the invoice confirms it.
        <span
          className="whitespace-nowrap text-muted-foreground"
          title={`Wording version ${sale.withdrawalConsentVersion ?? "unknown"}, shown in ${sale.language}`}
        >
          Immediate supply agreed {formatDateTime(sale.withdrawalConsentAt)} ({sale.language})
        </span>
      )}
    </span>
  ),
};

/** The promotion code the buyer used, if any. */
export const PROMOTION_COLUMN: Column<SaleView> = {
  name: "Promotion code",
  cell: (sale) =>
    sale.promotionCode ? (
      <span className="font-mono text-xs">{sale.promotionCode}</span>
    ) : (
      <span className="text-muted-foreground">None</span>
    ),
};

/** The tax contained in the amount, with the buyer's billing country when tax applies. */
export const TAX_COLUMN: Column<SaleView> = {
  name: "Tax",
  className: "tabular-nums",
  cell: (sale) => (sale.country ? `${formatMoney(sale.tax)} (${sale.country})` : formatMoney(sale.tax)),
};

/** What the payment provider kept of a sale. */
export const FEE_COLUMN: Column<SaleView> = {
  name: "Fee",
  className: "tabular-nums text-muted-foreground",
  cell: (sale) => formatMoney(sale.fee),
};

export const saleKey = (sale: SaleView) => sale._id;
