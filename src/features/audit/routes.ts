import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { failures, pageQuery } from "../../lib/schemas";
import { authGuard } from "../auth/guard";
import { AuditModel } from "./model";
import { listAuditWithActors } from "./service";

export function auditRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/admin" })
    .use(authGuard(deps))
    .get("/audit", ({ query }) => listAuditWithActors(deps.db, query),
      { admin: true, query: pageQuery, response: { 200: AuditModel.entries, ...failures(422) } });
}
