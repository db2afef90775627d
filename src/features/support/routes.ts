/**
 * Support: the contact form (public), the ticket's own page reached by the signed link in support e-mails
 * (no account), and the admin panel's tickets: list, one ticket with its sender, answer, status, resend keys.
 */
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { clientIp } from "../../http/client-ip";
import { failures, jsonBodyFailures, RateLimitedError } from "@shared/api/common";
import { SupportModel } from "@shared/api/support";
import { normaliseEmail } from "../users/service";
import { createTicket } from "./service";
import { answerByLink, threadByLink } from "./thread";
import { ticketOfLink } from "./links";
import { accountTicketRoutes } from "./account-ticket-routes";

const TOO_MANY = "Too many messages sent. Please wait a minute and try again.";

export function supportRoutes(deps: AppDeps) {
  return new Elysia().use(contactRoutes(deps)).use(ticketLinkRoutes(deps)).use(accountTicketRoutes(deps));
}

function contactRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/support" }).post(
    "/tickets",
    async ({ body, request, server }) => {
      await deps.limiter.take("support", { ip: clientIp(deps, request, server) }, RATE_RULES.supportTicket, TOO_MANY);
      await deps.limiter.take(
        "support",
        { email: normaliseEmail(body.email) },
        RATE_RULES.supportTicketPerAddress,
        TOO_MANY,
      );
      return createTicket(deps, body);
    },
    {
      detail: {
        tags: ["Site"],
        summary: "Send a message to support",
        description:
          "The contact form: it opens a ticket and e-mails its sender the ticket's number and a link to its page, where the admins' answers appear.",
      },
      body: SupportModel.createBody,
      response: { 200: SupportModel.ticket, ...jsonBodyFailures, 429: RateLimitedError },
    },
  );
}

/** The ticket's page, for its sender: the token in the e-mailed link names the ticket; no account needed. */
function ticketLinkRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/support/ticket-link", tags: ["Site"] })
    .get(
      "",
      async ({ query, request, server }) => {
        await deps.limiter.take(
          "support-link",
          { ip: clientIp(deps, request, server) },
          RATE_RULES.supportLink,
          TOO_MANY,
        );
        return threadByLink(deps, query.token);
      },
      {
        query: SupportModel.linkQuery,
        response: { 200: SupportModel.thread, ...failures(404, 410, 422), 429: RateLimitedError },
        detail: {
          summary: "A ticket's thread, by the link in its e-mails",
          description:
            "Every message in order. The token comes from the link in the acknowledgement or an answer; it names one ticket and expires (404 for a token that names none, 410 once expired).",
        },
      },
    )
    .post(
      "/messages",
      async ({ body, request, server }) => {
        await deps.limiter.take(
          "support-answer",
          { ip: clientIp(deps, request, server) },
          RATE_RULES.supportAnswer,
          TOO_MANY,
        );
        const link = await ticketOfLink(deps, body.token);
        await deps.limiter.take(
          "support-answer-ticket",
          { key: String(link.ticket.id) },
          RATE_RULES.supportAnswerPerTicket,
          TOO_MANY,
        );
        return answerByLink(deps, link, body.message);
      },
      {
        body: SupportModel.answerBody,
        response: { 200: SupportModel.thread, ...jsonBodyFailures, ...failures(404, 410), 429: RateLimitedError },
        detail: {
          summary: "Answer a ticket, by the link in its e-mails",
          description: "Adds the sender's message to the thread; the ticket is open again, for the admins to answer.",
        },
      },
    );
}
