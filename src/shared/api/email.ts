import { t, type Static } from "./type-system";
import { Int, IsoDate, IsoDateOrNull, oneOf } from "./common";

const fields = {
  _id: Int(),
  to: t.String(),
  subject: t.String(),
  template: t.String(),
  status: oneOf(["pending", "sent", "failed"]),
  printed: t.Boolean({
    description:
      "Sent by the outbox-only mailer (no e-mail provider configured, as in development): printed to the server's console, never delivered",
  }),
  attempts: Int(),
  lastError: t.Nullable(t.String()),
  createdAt: IsoDate,
  sentAt: IsoDateOrNull,
  resendable: t.Boolean({
    description: "Whether Resend is allowed: not for an e-mail that carries a one-time secret (password reset)",
  }),
};

/** One e-mail with its rendered text (GET /api/admin/emails/:id, and a resend's answer). */
const email = t.Object({
  ...fields,
  text: t.String({ description: "The rendered plain text (a password reset link is hidden)." }),
});

/** A row of the outbox list: rendering each row's text would cost a page tens of milliseconds per row. */
const listed = t.Object(fields);

export const EmailModel = {
  email,
  listed,
  emails: t.Array(listed),
  retried: t.Object({
    retried: Int({ description: "Failed e-mails queued again" }),
    skipped: Int({ description: "Password reset e-mails, whose link is no longer kept" }),
  }),
  failedCount: t.Object({ failed: Int({ description: "E-mails that gave up after their retries" }) }),
};

export type EmailView = Static<typeof EmailModel.email>;
export type ListedEmailView = Static<typeof EmailModel.listed>;
export type RetriedEmails = Static<typeof EmailModel.retried>;
export type FailedEmailCount = Static<typeof EmailModel.failedCount>;
