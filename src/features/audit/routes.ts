import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { authGuard } from "../auth/guard";
import { pageQuery } from "../admin/model";
import { adminBeforeValidation } from "../admin/admin-first";
import { listAuditWithActors } from "./service";

export function auditRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/admin" })
    .use(authGuard(deps))
    .use(adminBeforeValidation(deps))
    .get("/audit", ({ query }) => listAuditWithActors(deps.db, query), { admin: true, query: pageQuery });
}
