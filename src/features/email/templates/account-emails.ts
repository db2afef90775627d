/**
 * The account's own e-mails: password reset and change, address confirmation, and e-mail change. Each is written
 * in the account's language (`language`; absent from e-mails queued before they had one: English).
 */
import { createElement } from "react";
import { t } from "elysia";
import { define, emailLanguage, text } from "./definition";
import { pageUrl } from "./links";
import { emailWords } from "./words";

export const ACCOUNT_EMAILS = {
  /** Forgot password: a one-hour, single-use link. */
  "password-reset": define({
    title: "Password reset",
    sentWhen: "When someone asks for a new password.",
    sample: { resetUrl: "https://layerlift.example/reset-password?token=sample" },
    payload: t.Object({ resetUrl: text, language: emailLanguage }),
    subject: ({ language }) => emailWords(language)("email.account.reset.subject"),
    element: async ({ resetUrl, language }) =>
      createElement((await import("./password-reset")).PasswordResetEmail, { resetUrl, language }),
    highlights: ({ resetUrl }) => ({ link: resetUrl }),
    secret: "resetUrl",
  }),
  /** Settings → Change password: tells the account, with a way back if it wasn't them. */
  "password-changed": define({
    title: "Password changed",
    sentWhen: "When the account's password is changed in Settings.",
    sample: { changedAt: "2026-11-01T12:00:00.000Z" },
    payload: t.Object({ changedAt: text, language: emailLanguage }),
    subject: ({ language }) => emailWords(language)("email.account.passwordChanged.subject"),
    element: async ({ changedAt, language }, appUrl) =>
      createElement((await import("./account-notices")).PasswordChangedEmail, {
        changedAt,
        resetUrl: pageUrl(appUrl, language, "/login?forgot=1"),
        language,
      }),
  }),
  /** Settings → Change email: the link that confirms the new address, sent to it. */
  "email-change-confirm": define({
    title: "Confirm new e-mail",
    sentWhen: "To the new address when Settings → Change email is asked for.",
    sample: { confirmUrl: "https://layerlift.example/confirm-email?token=sample", oldEmail: "old@example.com" },
    payload: t.Object({ confirmUrl: text, oldEmail: text, language: emailLanguage }),
    subject: ({ language }) => emailWords(language)("email.account.changeConfirm.subject"),
    element: async ({ confirmUrl, oldEmail, language }) =>
      createElement((await import("./account-notices")).EmailChangeConfirmEmail, { confirmUrl, oldEmail, language }),
    highlights: ({ confirmUrl }) => ({ link: confirmUrl }),
    secret: "confirmUrl",
  }),
  /** After sign-up, and when the dashboard asks for it again: the link that proves the account's address. */
  "address-confirm": define({
    title: "Confirm e-mail address",
    sentWhen: "After sign-up, and when the account asks for the link again from its dashboard.",
    sample: { confirmUrl: "https://layerlift.example/confirm-address?token=sample" },
    payload: t.Object({ confirmUrl: text, language: emailLanguage }),
    subject: ({ language }) => emailWords(language)("email.account.confirm.subject"),
    element: async ({ confirmUrl, language }) =>
      createElement((await import("./account-notices")).AddressConfirmEmail, {
        confirmUrl,
        invitation: false,
        language,
      }),
    highlights: ({ confirmUrl }) => ({ link: confirmUrl }),
    secret: "confirmUrl",
  }),
  /** Once ever, to an account made before addresses were confirmed (`layerlift accounts invite-unconfirmed`). */
  "address-invitation": define({
    title: "Invitation to confirm e-mail address",
    sentWhen: "Once, to each account made before addresses were confirmed, when the operator invites them.",
    sample: { confirmUrl: "https://layerlift.example/confirm-address?token=sample" },
    payload: t.Object({ confirmUrl: text, language: emailLanguage }),
    subject: ({ language }) => emailWords(language)("email.account.invitation.subject"),
    element: async ({ confirmUrl, language }) =>
      createElement((await import("./account-notices")).AddressConfirmEmail, {
        confirmUrl,
        invitation: true,
        language,
      }),
    highlights: ({ confirmUrl }) => ({ link: confirmUrl }),
    secret: "confirmUrl",
  }),
  /** To the old address once the new one is confirmed. */
  "email-changed": define({
    title: "E-mail changed",
    sentWhen: "To the old address once the new one is confirmed.",
    sample: { newEmail: "new@example.com" },
    payload: t.Object({ newEmail: text, language: emailLanguage }),
    subject: ({ language }) => emailWords(language)("email.account.changed.subject"),
    element: async ({ newEmail, language }, appUrl) =>
      createElement((await import("./account-notices")).EmailChangedEmail, {
        newEmail,
        supportUrl: pageUrl(appUrl, language, "/support"),
        language,
      }),
  }),
};
