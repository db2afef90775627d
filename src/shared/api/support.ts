import { t, type Static } from "./type-system";
import { emailField, Int, IsoDate, oneOf, pageQuery } from "./common";
import { MAX_TICKET_MESSAGE, TICKET_STATUSES, TICKET_SUBJECTS } from "../support";
import { AdminModel } from "./admin";

export { MAX_TICKET_MESSAGE } from "../support";

const subject = oneOf(TICKET_SUBJECTS, {
  error: "Subject must be one of technical, billing, feature or bug.",
});
const status = oneOf(TICKET_STATUSES, { error: "Status must be open, waiting or closed." });

const MESSAGE_ERROR = `Please write a message of 1 to ${MAX_TICKET_MESSAGE} characters.`;
const messageField = t.String({ minLength: 1, maxLength: MAX_TICKET_MESSAGE, error: MESSAGE_ERROR });

const ticket = t.Object({
  _id: Int(),
  subject: t.Nullable(subject),
  message: t.String({ description: "The sender's first message" }),
  email: t.String(),
  status,
  createdAt: IsoDate,
  lastMessageAt: t.Optional(IsoDate),
  messageCount: t.Optional(Int({ description: "Messages in the thread, the first one included" })),
});

/** One message of a thread; the first is the ticket's own message. */
const threadMessage = t.Object({
  author: oneOf(["buyer", "support"]),
  body: t.String(),
  createdAt: IsoDate,
});

/** A ticket as its sender sees it through the link in their e-mail. */
const thread = t.Object({
  number: t.String({ description: 'The ticket number people see, e.g. "#42"' }),
  subject: t.Nullable(subject),
  status,
  createdAt: IsoDate,
  messages: t.Array(threadMessage),
  linkExpiresAt: IsoDate,
});

/** A ticket on its sender's dashboard: the thread as the link shows it, by the ticket's id. */
const accountTicket = t.Object({
  id: Int({ description: "The ticket's id, for answering it" }),
  number: t.String({ description: 'The ticket number people see, e.g. "#42"' }),
  subject: t.Nullable(subject),
  status,
  createdAt: IsoDate,
  messages: t.Array(threadMessage),
});

/** What an admin sees beside a ticket: the sender's account, subscription, keys and purchases, matched by address. */
const senderContext = t.Object({
  account: t.Nullable(AdminModel.user),
  keys: AdminModel.productKeys,
  purchases: t.Array(AdminModel.sale),
});

const adminMessage = t.Object({
  ...threadMessage.properties,
  adminEmail: t.Nullable(t.String({ description: "The admin who wrote a support answer" })),
});

const detail = t.Object({
  ticket,
  messages: t.Array(adminMessage),
  sender: senderContext,
});

const token = t.String({
  minLength: 1,
  maxLength: 2000,
  error: "This link is not complete. Open it again from the e-mail.",
});

export const SupportModel = {
  subject,
  status,
  ticket,
  tickets: t.Array(ticket),
  detail,
  sender: senderContext,
  thread,
  ticketsQuery: t.Object({ ...pageQuery.properties, status: t.Optional(status) }),
  createBody: t.Object({
    email: emailField,
    subject: t.Optional(subject),
    message: messageField,
  }),
  statusBody: t.Object({ status }),
  replyBody: t.Object({
    message: messageField,
    close: t.Optional(t.Boolean({ description: "Close the ticket with this answer (else it waits for the buyer)" })),
  }),
  linkQuery: t.Object({ token }),
  answerBody: t.Object({ token, message: messageField }),
  accountTicket,
  accountTickets: t.Object({ tickets: t.Array(accountTicket) }),
  accountAnswerBody: t.Object({ message: messageField }),
};

export type TicketSubject = Static<typeof SupportModel.subject>;
export type SupportTicketView = Static<typeof SupportModel.ticket>;
export type TicketBody = Static<typeof SupportModel.createBody>;
export type TicketThreadView = Static<typeof SupportModel.thread>;
export type TicketDetailView = Static<typeof SupportModel.detail>;
export type TicketSenderView = Static<typeof SupportModel.sender>;
export type TicketReplyBody = Static<typeof SupportModel.replyBody>;
export type AccountTicketView = Static<typeof SupportModel.accountTicket>;
export type AccountTicketsResponse = Static<typeof SupportModel.accountTickets>;
