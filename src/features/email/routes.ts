import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { failures, idParams, pageQuery } from "../../shared/api/common";
import { authGuard } from "../auth/guard";
import { EmailModel } from "../../shared/api/email";
import { getEmail, listEmails, resendEmail, retryFailedEmails } from "./service";

export function emailRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/admin/emails" })
    .use(authGuard(deps))
    .get("", ({ query }) => listEmails(deps, query),
      { admin: true, query: pageQuery, response: { 200: EmailModel.emails, ...failures(422) } })
    .get("/:id", ({ params }) => getEmail(deps, params.id),
      { admin: true, params: idParams, response: { 200: EmailModel.email, ...failures(404, 422) }, detail: { summary: "One outbox e-mail with its rendered text" } })
    .post("/retry-failed", ({ user }) => retryFailedEmails(deps, user.id),
      { admin: true, response: { 200: EmailModel.retried }, detail: { summary: "Queue every failed e-mail again (password reset e-mails excepted)" } })
    .post("/:id/resend", ({ params, user }) => resendEmail(deps, params.id, user.id),
      { admin: true, params: idParams, response: { 200: EmailModel.email, ...failures(404, 409, 422) } });
}
