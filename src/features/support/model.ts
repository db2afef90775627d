import { t } from "elysia";

export const MAX_TICKET_MESSAGE = 5000;

export const SupportModel = {
  createBody: t.Object({
    email: t.String({ format: "email", maxLength: 254, error: "Please enter a valid email address." }),
    subject: t.Optional(t.Union(
      [t.Literal("technical"), t.Literal("billing"), t.Literal("feature"), t.Literal("bug")],
      { error: "Subject must be one of technical, billing, feature or bug." },
    )),
    message: t.String({
      minLength: 1,
      maxLength: MAX_TICKET_MESSAGE,
      error: `Please write a message of 1 to ${MAX_TICKET_MESSAGE} characters.`,
    }),
  }),
  statusBody: t.Object({
    status: t.Union([t.Literal("open"), t.Literal("closed")], { error: "Status must be open or closed." }),
  }),
};
