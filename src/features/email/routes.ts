import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { authGuard } from "../auth/guard";
import { listEmails, resendEmail } from "./service";

export function emailRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/admin/emails" })
    .use(authGuard(deps))
    .get("/", ({ query }) => listEmails(deps, query), {
      admin: true,
      query: t.Object({
        limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200, error: "limit must be a number from 1 to 200." })),
        offset: t.Optional(t.Numeric({ minimum: 0, error: "offset must be a number ≥ 0." })),
      }),
    })
    .post("/:id/resend", ({ params, user }) => resendEmail(deps, params.id, user.id), { admin: true, params: t.Object({ id: t.Numeric({ minimum: 1, error: "The e-mail id must be a number." }) }) });
}
