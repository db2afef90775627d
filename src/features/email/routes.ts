import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { failures, idParams, pageQuery } from "@shared/api/common";
import { authGuard } from "../../http/guard";
import { EmailModel } from "@shared/api/email";
import { countFailedEmails, getEmail, listEmails, resendEmail, retryFailedEmails } from "./service";
import { EmailTemplateModel } from "@shared/api/email-templates";
import { listEmailTemplates, previewEmailTemplate } from "./previews";

export function emailRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/admin/emails" })
    .use(authGuard(deps))
    .get("", ({ query }) => listEmails(deps, query), {
      admin: true,
      query: pageQuery,
      response: { 200: EmailModel.emails, ...failures(422) },
      detail: { summary: "The e-mail outbox, newest first" },
    })
    .get("/templates", () => listEmailTemplates(), {
      admin: true,
      response: { 200: EmailTemplateModel.templates },
      detail: { summary: "Every e-mail the site sends, with when it is sent" },
    })
    .get("/templates/:template/preview", ({ params }) => previewEmailTemplate(deps, params.template), {
      admin: true,
      params: EmailTemplateModel.params,
      response: { 200: EmailTemplateModel.preview, ...failures(404, 422) },
      detail: { summary: "An e-mail rendered from a made-up sample" },
    })
    .get("/failed-count", () => countFailedEmails(deps), {
      admin: true,
      response: { 200: EmailModel.failedCount },
      detail: { summary: "How many e-mails failed after every retry" },
    })
    .get("/:id", ({ params }) => getEmail(deps, params.id), {
      admin: true,
      params: idParams,
      response: { 200: EmailModel.email, ...failures(404, 422) },
      detail: { summary: "One outbox e-mail with its rendered text" },
    })
    .post("/retry-failed", ({ user }) => retryFailedEmails(deps, user.id), {
      admin: true,
      response: { 200: EmailModel.retried },
      detail: { summary: "Queue every failed e-mail again (password reset e-mails excepted)" },
    })
    .post("/:id/resend", ({ params, user }) => resendEmail(deps, params.id, user.id), {
      admin: true,
      params: idParams,
      response: { 200: EmailModel.email, ...failures(404, 409, 422) },
      detail: {
        summary: "Send an e-mail again, as a new copy",
        description:
          "A password reset e-mail can't be sent again (409): its link is not kept; the user asks for a new one.",
      },
    });
}
