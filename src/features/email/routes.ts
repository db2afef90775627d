import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { idParams, pageQuery } from "../../lib/schemas";
import { adminBeforeValidation } from "../admin/admin-first";
import { authGuard } from "../auth/guard";
import { listEmails, resendEmail } from "./service";

export function emailRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/admin/emails" })
    .use(authGuard(deps))
    .use(adminBeforeValidation(deps))
    .get("/", ({ query }) => listEmails(deps, query), { admin: true, query: pageQuery })
    .post("/:id/resend", ({ params, user }) => resendEmail(deps, params.id, user.id), { admin: true, params: idParams });
}
