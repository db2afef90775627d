import { t, type Static } from "./type-system";
import { emailField, Int, IsoDate, oneOf } from "./common";

export const MAX_TICKET_MESSAGE = 5000;

const subject = oneOf(["technical", "billing", "feature", "bug"], {
  error: "Subject must be one of technical, billing, feature or bug.",
});
const status = oneOf(["open", "closed"], { error: "Status must be open or closed." });

const ticket = t.Object({
  _id: Int(),
  subject: t.Nullable(subject),
  message: t.String(),
  email: t.String(),
  status,
  createdAt: IsoDate,
});

export const SupportModel = {
  subject,
  ticket,
  tickets: t.Array(ticket),
  createBody: t.Object({
    email: emailField,
    subject: t.Optional(subject),
    message: t.String({
      minLength: 1,
      maxLength: MAX_TICKET_MESSAGE,
      error: `Please write a message of 1 to ${MAX_TICKET_MESSAGE} characters.`,
    }),
  }),
  statusBody: t.Object({ status }),
};

export type TicketSubject = Static<typeof SupportModel.subject>;
export type SupportTicketView = Static<typeof SupportModel.ticket>;
export type TicketBody = Static<typeof SupportModel.createBody>;
