/** Support tickets' words, shared by the server, the admin panel and the ticket's own page. */

export const TICKET_SUBJECTS = ["technical", "billing", "feature", "bug"] as const;
export type TicketSubjectId = (typeof TICKET_SUBJECTS)[number];

/** A subject as the contact form, the e-mails and the ticket's pages name it. */
export const TICKET_SUBJECT_LABELS: Record<TicketSubjectId, string> = {
  technical: "Technical Support",
  billing: "Billing",
  feature: "Feature Request",
  bug: "Bug Report",
};

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
