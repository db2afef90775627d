import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { notFound } from "../../lib/errors";
import { failures } from "@shared/api/common";
import { InvoiceModel } from "@shared/api/invoices";
import { userFromRequest } from "../../http/guard";
import { documentPdf } from "./service";

export function invoiceRoutes(deps: AppDeps) {
  return new Elysia({ tags: ["Invoices"] }).get(
    "/api/invoices/:file",
    async ({ params, query, request }) => {
      const number = /^(.+)\.pdf$/.exec(params.file)?.[1];
      if (!number) throw notFound("No such invoice or credit note.");
      const pdf = await documentPdf(deps, number, { user: await userFromRequest(deps, request), signature: query.sig });
      return new Response(Buffer.from(pdf), {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition": `inline; filename="${number}.pdf"`,
          "Cache-Control": "private, no-store",
        },
      });
    },
    {
      params: InvoiceModel.documentParams,
      query: InvoiceModel.documentQuery,
      response: { 200: InvoiceModel.pdf, ...failures(404, 422) },
      detail: {
        summary: "An invoice or credit note as PDF",
        description:
          "For an admin, the account that paid for the sale (Bearer token; not one given its key by someone else), or anyone with the signed link from the product-key e-mail. Anyone else gets 404.",
      },
    },
  );
}
