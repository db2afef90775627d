/**
 * Support: the contact form (public), the ticket's own page reached by the signed link in support e-mails
 * (no account), and the admin panel's tickets: list, one ticket with its sender, answer, status, resend keys.
 */
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { perBody, perIp, rateLimits } from "../../http/rate-limits";
import { failures, jsonBodyFailures } from "@shared/api/common";
import { SupportModel } from "@shared/api/support";
import { normaliseEmail } from "../users/service";
import { createTicket } from "./service";
import { answerLanguage } from "../../http/answer-language";
import { answerByLink, threadByLink } from "./thread";
import { ticketOfLink } from "./links";
import { accountTicketRoutes } from "./account-ticket-routes";

const TOO_MANY = "Too many messages sent. Please wait a minute and try again.";

export function supportRoutes(deps: AppDeps) {
  return new Elysia().use(contactRoutes(deps)).use(ticketLinkRoutes(deps)).use(accountTicketRoutes(deps));
}

function contactRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/support" })
    .use(rateLimits(deps))
    .post("/tickets", ({ body, request }) => createTicket(deps, body, answerLanguage(request)), {
      rateLimit: [
        perIp("support", RATE_RULES.supportTicket, TOO_MANY),
        perBody<{ email: string }>(
          "support",
          RATE_RULES.supportTicketPerAddress,
          (b) => ({ email: normaliseEmail(b.email) }),
          TOO_MANY,
        ),
      ],
      detail: {
        tags: ["Site"],
        summary: "Send a message to support",
        description:
          "The contact form: it opens a ticket and e-mails its sender the ticket's number and a link to its page, where the admins' answers appear.",
      },
      body: SupportModel.createBody,
      response: { 200: SupportModel.ticket, ...jsonBodyFailures },
    });
}

/** The ticket's page, for its sender: the token in the e-mailed link names the ticket; no account needed. */
function ticketLinkRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/support/ticket-link", tags: ["Site"] })
    .use(rateLimits(deps))
    .get("", ({ query }) => threadByLink(deps, query.token), {
      rateLimit: [perIp("support-link", RATE_RULES.supportLink, TOO_MANY)],
      query: SupportModel.linkQuery,
      response: { 200: SupportModel.thread, ...failures(404, 410, 422) },
      detail: {
        summary: "A ticket's thread, by the link in its e-mails",
        description:
          "Every message in order. The token comes from the link in the acknowledgement or an answer; it names one ticket and expires (404 for a token that names none, 410 once expired).",
      },
    })
    .post(
      "/messages",
      async ({ body }) => {
        const link = await ticketOfLink(deps, body.token);
        // Per ticket, once the link has named one.
        await deps.limiter.take(
          "support-answer-ticket",
          { key: String(link.ticket.id) },
          RATE_RULES.supportAnswerPerTicket,
          TOO_MANY,
        );
        return answerByLink(deps, link, body.message);
      },
      {
        rateLimit: [perIp("support-answer", RATE_RULES.supportAnswer, TOO_MANY)],
        body: SupportModel.answerBody,
        response: { 200: SupportModel.thread, ...jsonBodyFailures, ...failures(404, 410) },
        detail: {
          summary: "Answer a ticket, by the link in its e-mails",
          description: "Adds the sender's message to the thread; the ticket is open again, for the admins to answer.",
        },
      },
    );
}
