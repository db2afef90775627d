import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { failures, pageQuery } from "@shared/api/common";
import { authGuard } from "../../http/guard";
import { AuditModel } from "@shared/api/audit";
import { listAuditWithActors } from "./service";

export function auditRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/admin" })
    .use(authGuard(deps))
    .get("/audit", ({ query }) => listAuditWithActors(deps.db, query), {
      admin: true,
      query: pageQuery,
      response: { 200: AuditModel.entries, ...failures(422) },
      detail: {
        summary: "The audit log, newest first",
        description: "Who changed what in the admin panel and on accounts: keys, refunds, e-mails, moderation.",
      },
    });
}
