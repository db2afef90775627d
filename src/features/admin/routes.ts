import { Elysia, t } from "elysia";
import { SALES_CSV_COLUMNS, salesCsvStream } from "./sales-csv";
import { revenueByDay } from "./revenue";
import type { AppDeps } from "../../deps";
import { failures, idParams, jsonBodyFailures, pageQuery } from "@shared/api/common";
import { authGuard } from "../../http/guard";
import { listAdminKeys } from "./keys";
import { AdminModel } from "@shared/api/admin";
import { adminOverview, deleteProductKey, generateAdminKeys, salesReport, sendTestEmail } from "./service";
import { signedDocumentPath } from "../invoices/links";
import { TAX_REPORT_COLUMNS, taxReportCsv } from "../tax/report";
import { InvoiceModel } from "@shared/api/invoices";
import { adminResetLink, searchUsers } from "./users";

/** One part of the admin's routes: its prefix and the guard's macros. */
const adminPart = (deps: AppDeps) => new Elysia({ prefix: "/api/admin" }).use(authGuard(deps));

/** A signer for links to invoices and credit notes in what the admin reads. */
const signer = (deps: AppDeps) => (number: string) => signedDocumentPath(deps.jwtSecret, number);

/** The parts in the order their routes were always registered in (the API reference lists them so). */
export function adminRoutes(deps: AppDeps) {
  return new Elysia()
    .use(overviewRoutes(deps))
    .use(productKeyRoutes(deps))
    .use(salesRoutes(deps))
    .use(accountToolRoutes(deps));
}

function overviewRoutes(deps: AppDeps) {
  const sign = signer(deps);
  return adminPart(deps).get("/overview", () => adminOverview(deps.db, sign), {
    admin: true,
    response: { 200: AdminModel.overview },
    detail: {
      summary: "The admin overview: revenue, keys, open tickets and recent sales",
      description:
        "Revenue is what was paid less refunds and open disputes; net revenue (`adminRevenue`) is that less the provider's fees.",
    },
  });
}

/** Product keys: the list by state, generating a batch, deleting an unused one. */
function productKeyRoutes(deps: AppDeps) {
  return adminPart(deps)
    .get("/product-keys", ({ query }) => listAdminKeys(deps.db, query), {
      admin: true,
      query: AdminModel.productKeysQuery,
      response: { 200: AdminModel.adminProductKeys, ...failures(422) },
      detail: { summary: "Product keys, newest first, by state" },
    })
    .post("/generate-product-key", ({ user, body }) => generateAdminKeys(deps, user, body), {
      admin: true,
      body: AdminModel.generateBody,
      response: { 200: AdminModel.productKeys, ...jsonBodyFailures },
      detail: { summary: "Generate 1 to 100 product keys for a plan" },
    })
    .delete("/product-keys/:id", ({ user, params }) => deleteProductKey(deps, user, params.id), {
      admin: true,
      params: idParams,
      response: { 200: AdminModel.deleted, ...failures(404, 409, 422) },
      detail: {
        summary: "Delete an unused product key",
        description:
          "A used key stays (it proves a subscription), and so does a bought one (a refund is what takes it back): both are a 409.",
      },
    });
}

/** Sales and the books: the list, revenue per day, and the CSV files for the accounts and the tax return. */
function salesRoutes(deps: AppDeps) {
  const sign = signer(deps);
  return adminPart(deps)
    .get("/sales", ({ query }) => salesReport(deps.db, query, sign), {
      admin: true,
      query: pageQuery,
      response: { 200: AdminModel.sales, ...failures(422) },
      detail: { summary: "Sales, newest first, with the totals over every paid sale" },
    })
    .get("/revenue", ({ query }) => revenueByDay(deps.db, deps.clock.now(), query.days ?? 30), {
      admin: true,
      query: AdminModel.revenueQuery,
      response: { 200: AdminModel.revenue, ...failures(422) },
      detail: { summary: "Revenue per day over the last 30 or 90 days" },
    })
    .get(
      "/sales.csv",
      () =>
        new Response(salesCsvStream(deps.db), {
          headers: {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": `attachment; filename="layerlift-sales-${new Date(deps.clock.now()).toISOString().slice(0, 10)}.csv"`,
          },
        }),
      {
        admin: true,
        response: { 200: t.String({ description: `text/csv with the columns ${SALES_CSV_COLUMNS.join(", ")}` }) },
        detail: {
          summary: "Every sale as CSV, for the books",
          description:
            "Streamed; dollars with 2 decimals; cells starting with = + - @ are prefixed with an apostrophe.",
        },
      },
    )
    .get(
      "/tax-report.csv",
      async ({ query }) =>
        new Response(await taxReportCsv(deps.db, query.from, query.to), {
          headers: {
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": `attachment; filename="layerlift-tax-${query.from}-to-${query.to}.csv"`,
          },
        }),
      {
        admin: true,
        query: InvoiceModel.taxReportQuery,
        response: {
          200: t.String({ description: `text/csv with the columns ${TAX_REPORT_COLUMNS.join(", ")}` }),
          ...failures(422),
        },
        detail: {
          summary: "Net and tax per country and rate, for a tax return",
          description: "Invoices issued in the period less the credit notes issued in it; dollars with 2 decimals.",
        },
      },
    );
}

/** Helping with e-mail and accounts: a test e-mail, finding an account, unlinking its Roblox account. */
function accountToolRoutes(deps: AppDeps) {
  return adminPart(deps)
    .post("/test-email", ({ user, body }) => sendTestEmail(deps, user, body), {
      admin: true,
      body: AdminModel.testEmailBody,
      response: { 200: AdminModel.testEmailSent, ...jsonBodyFailures },
      detail: {
        summary: "Send a test e-mail",
        description: "Queued in the outbox; the E-mails tab shows whether it was delivered.",
      },
    })
    .get("/users", ({ query }) => searchUsers(deps.db, deps.clock.now(), query), {
      admin: true,
      query: AdminModel.usersQuery,
      response: { 200: AdminModel.users, ...failures(422) },
      detail: {
        summary: "Find accounts by e-mail address",
        description: "`q` matches any part of the address, case-insensitive; `%` and `_` match themselves.",
      },
    })
    .post("/users/:id/reset-link", ({ user, params }) => adminResetLink(deps, user, params.id), {
      admin: true,
      params: idParams,
      response: { 200: AdminModel.user, ...failures(404, 422) },
      detail: {
        summary: "Unlink a user's Roblox account",
        description: "Without the owner's cooldown, and without starting a new one for them.",
      },
    });
}
