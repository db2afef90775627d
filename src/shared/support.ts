/** Support tickets' words, shared by the server, the admin panel and the ticket's own page. */

/** open: ours to answer; waiting: answered, waiting for the buyer; closed. */
export const TICKET_STATUSES = ["open", "waiting", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  waiting: "Waiting for the buyer",
  closed: "Closed",
};

/** The longest message, the first one or any answer after it, in characters. */
export const MAX_TICKET_MESSAGE = 5000;

/** How a ticket is named to people: in e-mails, on its page and in the admin panel. */
export const ticketNumber = (id: number) => `#${id}`;
