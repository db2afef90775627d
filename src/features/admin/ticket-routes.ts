/** The admin panel's support tickets: the list, one ticket with its sender, answers, status and lost keys. */
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { RATE_RULES } from "../../lib/rate-limit";
import { failures, idParams, jsonBodyFailures, MessageAnswer } from "@shared/api/common";
import { SupportModel } from "@shared/api/support";
import { authGuard } from "../../http/guard";
import { perUser, rateLimits } from "../../http/rate-limits";
import { signedDocumentPath } from "../invoices/links";
import { listTickets, setTicketStatus } from "../support/service";
import { replyToTicket } from "../support/thread";
import { resendSenderKeys, ticketDetail } from "./ticket-detail";

const TOO_MANY = "Too many messages sent. Please wait a minute and try again.";

export function adminTicketRoutes(deps: AppDeps) {
  const sign = (number: string) => signedDocumentPath(deps.jwtSecret, number);
  return new Elysia({ prefix: "/api/support/tickets" })
    .use(authGuard(deps))
    .use(rateLimits(deps))
    .get("", ({ query }) => listTickets(deps.db, query), {
      admin: true,
      query: SupportModel.ticketsQuery,
      response: { 200: SupportModel.tickets, ...failures(422) },
      detail: { summary: "Support tickets, newest first; all, or those with one status" },
    })
    .get("/:id", ({ params }) => ticketDetail(deps, params.id, sign), {
      admin: true,
      params: idParams,
      response: { 200: SupportModel.detail, ...failures(404, 422) },
      detail: {
        summary: "A ticket with its thread and its sender",
        description:
          "Every message in order, and what is known of the sender by the ticket's address: the account, its subscription, the keys and the purchases (with their refund state).",
      },
    })
    .post(
      "/:id/replies",
      async ({ user, params, body }) => {
        await replyToTicket(deps, user, params.id, body);
        return ticketDetail(deps, params.id, sign);
      },
      {
        admin: true,
        rateLimit: [perUser("support-reply", RATE_RULES.supportReply, TOO_MANY)],
        params: idParams,
        body: SupportModel.replyBody,
        response: { 200: SupportModel.detail, ...jsonBodyFailures, ...failures(404) },
        detail: {
          summary: "Answer a ticket",
          description:
            "The answer joins the thread and is e-mailed to the sender with a fresh link to the ticket's page. The ticket then waits for the buyer, or is closed with `close: true`.",
        },
      },
    )
    .patch("/:id", ({ user, params, body }) => setTicketStatus(deps, user, params.id, body.status), {
      admin: true,
      params: idParams,
      body: SupportModel.statusBody,
      response: { 200: SupportModel.ticket, ...failures(400, 404, 422) },
      detail: { summary: "Set a ticket's status: open, waiting (for the buyer) or closed" },
    })
    .post("/:id/resend-keys", ({ user, params }) => resendSenderKeys(deps, user, params.id), {
      admin: true,
      params: idParams,
      response: { 200: MessageAnswer, ...failures(404, 409, 422) },
      detail: {
        summary: "E-mail the sender every key bought with the ticket's address",
        description: 'The e-mail "Can\'t find your key?" sends; 409 when the address bought no key.',
      },
    });
}
