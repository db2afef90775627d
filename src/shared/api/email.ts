import { t, type Static } from "./type-system";
import { Int, IsoDate, IsoDateOrNull, oneOf } from "./common";

const email = t.Object({
  _id: Int(),
  to: t.String(),
  subject: t.String(),
  template: t.String(),
  status: oneOf(["pending", "sent", "failed"]),
  attempts: Int(),
  lastError: t.Nullable(t.String()),
  createdAt: IsoDate,
  sentAt: IsoDateOrNull,
  text: t.String({ description: "The rendered plain text (a password reset link is hidden)." }),
  resendable: t.Boolean({ description: "Whether Resend is allowed: not for an e-mail that carries a one-time secret (password reset)" }),
});

export const EmailModel = {
  email,
  emails: t.Array(email),
  retried: t.Object({ retried: Int({ description: "Failed e-mails queued again" }), skipped: Int({ description: "Password reset e-mails, whose link is no longer kept" }) }),
};

export type EmailView = Static<typeof EmailModel.email>;
export type RetriedEmails = Static<typeof EmailModel.retried>;
