import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { authGuard } from "../auth/guard";
import { adminBeforeValidation } from "./admin-first";
import { listProductKeys, productKeyView } from "../product-keys/service";
import { AdminModel, idParams, pageQuery } from "./model";
import { adminOverview, deleteProductKey, generateAdminKeys, salesReport, sendTestEmail } from "./service";
import { adminResetLink, searchUsers } from "./users";

export function adminRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/admin" })
    .use(authGuard(deps))
    .use(adminBeforeValidation(deps))
    .get("/overview", () => adminOverview(deps.db), { admin: true })
    .get("/product-keys", ({ query }) => listProductKeys(deps.db, { limit: query.limit ?? 100, offset: query.offset }).map(productKeyView),
      { admin: true, query: pageQuery })
    .post("/generate-product-key", ({ user, body }) => generateAdminKeys(deps, user, body),
      { admin: true, body: AdminModel.generateBody })
    .delete("/product-keys/:id", ({ user, params }) => deleteProductKey(deps, user, params.id),
      { admin: true, params: idParams })
    .get("/sales", ({ query }) => salesReport(deps.db, query), { admin: true, query: pageQuery })
    .post("/test-email", ({ user, body }) => sendTestEmail(deps, user, body),
      { admin: true, body: AdminModel.testEmailBody })
    .get("/users", ({ query }) => searchUsers(deps.db, deps.clock.now(), query), { admin: true, query: AdminModel.usersQuery })
    .post("/users/:id/reset-link", ({ user, params }) => adminResetLink(deps, user, params.id),
      { admin: true, params: idParams });
}
