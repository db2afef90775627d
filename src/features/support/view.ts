/** Support tickets and their threads as the admin panel and the ticket's page show them (ISO times). */
import type { SupportMessage, SupportTicket } from "../../db/schema";
import { toIso } from "../../lib/clock";
import type { SupportTicketView, TicketThreadView } from "@shared/api/support";
import { ticketNumber } from "@shared/support";

export function ticketView(row: SupportTicket, messageCount: number): SupportTicketView {
  return {
    _id: row.id,
    subject: row.subject,
    message: row.message,
    email: row.email,
    status: row.status,
    createdAt: toIso(row.createdAt)!,
    lastMessageAt: toIso(row.lastMessageAt ?? row.createdAt)!,
    messageCount,
  };
}

type ThreadMessage = TicketThreadView["messages"][number];

/**
 * The whole thread in order: the ticket's own message first, then every answer. `beside` adds what a reader
 * sees with each message (given null for the ticket's own): the admin panel, who wrote each support answer.
 */
export function threadMessages(ticket: SupportTicket, answers: SupportMessage[]): ThreadMessage[];
export function threadMessages<Extra extends object>(
  ticket: SupportTicket,
  answers: SupportMessage[],
  beside: (answer: SupportMessage | null) => Extra,
): (ThreadMessage & Extra)[];
export function threadMessages(
  ticket: SupportTicket,
  answers: SupportMessage[],
  beside: (answer: SupportMessage | null) => object = () => ({}),
): ThreadMessage[] {
  return [
    { author: "buyer", body: ticket.message, createdAt: toIso(ticket.createdAt)!, ...beside(null) },
    ...answers.map((answer) => ({
      author: answer.author,
      body: answer.body,
      createdAt: toIso(answer.createdAt)!,
      ...beside(answer),
    })),
  ];
}

/** The ticket as its sender sees it through its link. */
export function threadView(ticket: SupportTicket, answers: SupportMessage[], linkExpiresAt: number): TicketThreadView {
  return {
    number: ticketNumber(ticket.id),
    subject: ticket.subject,
    status: ticket.status,
    createdAt: toIso(ticket.createdAt)!,
    messages: threadMessages(ticket, answers),
    linkExpiresAt: toIso(linkExpiresAt)!,
  };
}
