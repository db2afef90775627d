/**
 * The dashboard's Support tab: the tickets recorded as the account's (ownership/service.ts), each with its
 * thread, and the account's answer to one of them. An answer follows the rules of an answer through the
 * ticket's link: the same message limits, the ticket open again for the admins, and the same per-ticket
 * limit, shared with the link.
 */
import { desc } from "drizzle-orm";
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { supportTickets, type SupportTicket } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { RATE_RULES } from "../../lib/rate-limit";
import { toIso } from "../../lib/clock";
import { failures, idParams, jsonBodyFailures, RateLimitedError } from "@shared/api/common";
import { SupportModel, type AccountTicketView } from "@shared/api/support";
import { ticketNumber } from "@shared/support";
import { authGuard } from "../../http/guard";
import { perUser, rateLimits } from "../../http/rate-limits";
import { ownedCondition, ownerOf } from "../ownership/service";
import { messageText } from "./service";
import { addMessage, ticketAnswers } from "./thread";
import { threadMessages } from "./view";

const TOO_MANY = "Too many messages sent. Please wait a minute and try again.";
const NO_SUCH_TICKET = "This support ticket does not exist.";

async function accountTicketView(deps: Pick<AppDeps, "db">, ticket: SupportTicket): Promise<AccountTicketView> {
  return {
    id: ticket.id,
    number: ticketNumber(ticket.id),
    subject: ticket.subject,
    status: ticket.status,
    createdAt: toIso(ticket.createdAt)!,
    messages: threadMessages(ticket, await ticketAnswers(deps.db, ticket.id)),
  };
}

/** The account's tickets, newest first. */
export async function accountTickets(deps: Pick<AppDeps, "db">, userId: number): Promise<AccountTicketView[]> {
  const rows = await deps.db
    .select()
    .from(supportTickets)
    .where(ownedCondition(userId, "ticket", supportTickets.id))
    .orderBy(desc(supportTickets.id));
  return Promise.all(rows.map((ticket) => accountTicketView(deps, ticket)));
}

/** The account's answer to its ticket: 404 for a ticket that is not its own, as for one that doesn't exist. */
export async function answerAsOwner(
  deps: Pick<AppDeps, "db" | "clock">,
  userId: number,
  ticketId: number,
  message: string,
): Promise<AccountTicketView> {
  const body = messageText(message);
  const now = deps.clock.now();
  const ticket = await deps.db.transaction(async (tx) => {
    if ((await ownerOf(tx, "ticket", ticketId))?.userId !== userId) throw notFound(NO_SUCH_TICKET);
    return addMessage(tx, ticketId, { author: "buyer", adminUserId: null, body }, "open", now);
  });
  return accountTicketView(deps, ticket);
}

export function accountTicketRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/account/tickets", tags: ["Account"] })
    .use(authGuard(deps))
    .use(rateLimits(deps))
    .get("", async ({ user }) => ({ tickets: await accountTickets(deps, user.id) }), {
      signedIn: true,
      response: { 200: SupportModel.accountTickets },
      detail: { summary: "The account's support tickets, newest first, each with its thread" },
    })
    .post(
      "/:id/messages",
      async ({ user, params, body }) => {
        // Someone else's ticket is refused before its per-ticket limit is touched.
        if ((await ownerOf(deps.db, "ticket", params.id))?.userId !== user.id) throw notFound(NO_SUCH_TICKET);
        await deps.limiter.take(
          "support-answer-ticket",
          { key: String(params.id) },
          RATE_RULES.supportAnswerPerTicket,
          TOO_MANY,
        );
        return answerAsOwner(deps, user.id, params.id, body.message);
      },
      {
        signedIn: true,
        rateLimit: [perUser("support-answer", RATE_RULES.supportAnswer, TOO_MANY)],
        params: idParams,
        body: SupportModel.accountAnswerBody,
        response: {
          200: SupportModel.accountTicket,
          ...jsonBodyFailures,
          ...failures(404, 422),
          429: RateLimitedError,
        },
        detail: {
          summary: "Answer one of the account's tickets",
          description:
            "Adds the account's message to the thread, as the link in the ticket's e-mails does; the ticket is open again, for the admins to answer. 404 for a ticket that is not the account's.",
        },
      },
    );
}
