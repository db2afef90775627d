/** Invoices, credit notes and the tax report: the routes' contracts. */
import { t } from "./type-system";

export const InvoiceModel = {
  documentParams: t.Object({
    file: t.String({ maxLength: 40, description: "The document number followed by .pdf, e.g. LL-2026-000123.pdf" }),
  }),
  documentQuery: t.Object({
    sig: t.Optional(t.String({ maxLength: 64, description: "The signature of the link in the product-key e-mail" })),
  }),
  pdf: t.Any({ description: "application/pdf" }),
  taxReportQuery: t.Object({
    from: t.String({ maxLength: 10, description: "First day, YYYY-MM-DD (UTC)" }),
    to: t.String({ maxLength: 10, description: "Last day, YYYY-MM-DD (UTC), included" }),
  }),
};
