/**
 * Every e-mail the site sends, in one table: its subject, what its payload holds (a `t` schema, so the
 * payload's type comes from it and a stored payload is checked before rendering) and its component,
 * imported on first render (importing react-email at start costs about half a second).
 *
 * A new e-mail is one entry here plus its component in this folder; `queueEmail(tx, { to, template,
 * payload }, now)` then takes it, and the compiler checks every payload against the entry.
 */
import { createElement, type ReactElement } from "react";
import { t, type Static } from "elysia";
import type { TObject } from "@sinclair/typebox";
import { PRODUCT_NAME } from "../shared/product";
import { oneOf, PlanId } from "../shared/api/common";
import { REMINDER_KINDS } from "../shared/reminders";
import { renewUrl } from "./links";
import { reminderHeadline } from "./reminder-headline";

const text = t.String({ minLength: 1 });

interface EmailDefinition<Payload extends TObject> {
  payload: Payload;
  subject: (payload: Static<Payload>) => string;
  /** The rendered e-mail; `appUrl` is the site's public address. */
  element: (payload: Static<Payload>, appUrl: string) => Promise<ReactElement>;
  /** Printed by the development console mailer beside to and subject, so a developer can use the e-mail. */
  highlights?: (payload: Static<Payload>) => Record<string, string>;
  /**
   * A payload field that signs someone in: admins never see it, the outbox drops it once the e-mail is
   * sent or given up on, and the e-mail can't be resent.
   */
  secret?: keyof Static<Payload> & string;
}

const define = <Payload extends TObject>(definition: EmailDefinition<Payload>) => definition;

export const EMAIL_TEMPLATES = {
  /** After a purchase: the key and the three steps to start. */
  "product-key": define({
    payload: t.Object({ key: text, plan: PlanId, planName: text, signupEmail: t.Optional(text), invoiceUrl: t.Optional(text) }),
    subject: () => `Your ${PRODUCT_NAME} product key`,
    element: async ({ key, planName, signupEmail, invoiceUrl }, appUrl) =>
      createElement((await import("./product-key")).ProductKeyEmail, { productKey: key, planName, appUrl, email: signupEmail, invoiceUrl }),
    highlights: ({ key }) => ({ key }),
  }),
  /** After a renewal paid from the dashboard: the key, already applied. */
  "renewal-receipt": define({
    payload: t.Object({ key: text, planName: text, endDate: t.Union([text, t.Null()]), invoiceUrl: t.Optional(text) }),
    subject: ({ planName }) => `${planName} added to your ${PRODUCT_NAME} account`,
    element: async ({ key, planName, endDate, invoiceUrl }, appUrl) =>
      createElement((await import("./renewal-receipt")).RenewalReceiptEmail, { productKey: key, planName, endDate, dashboardUrl: renewUrl(appUrl), invoiceUrl }),
    highlights: ({ key }) => ({ key }),
  }),
  /** "Can't find your key?": every key bought with the address. */
  "lost-keys": define({
    payload: t.Object({
      email: text,
      keys: t.Array(t.Object({ key: text, planName: text, boughtAt: text, used: t.Boolean() }), { minItems: 1 }),
    }),
    subject: ({ keys }) => `Your ${PRODUCT_NAME} product ${keys.length === 1 ? "key" : "keys"}`,
    element: async ({ email, keys }, appUrl) => createElement((await import("./lost-keys")).LostKeysEmail, { email, keys, appUrl }),
    highlights: ({ keys }) => ({ keys: keys.map((k) => `${k.key} (${k.used ? "used" : "unused"})`).join(", ") }),
  }),
  /** To every admin: a dispute opened or ended, or an early fraud warning. */
  "payment-alert": define({
    payload: t.Object({ headline: text, lines: t.Array(text) }),
    subject: ({ headline }) => `${PRODUCT_NAME}: ${headline}`,
    element: async ({ headline, lines }, appUrl) =>
      createElement((await import("./payment-alert")).PaymentAlertEmail, { headline, lines, adminUrl: `${appUrl}/admin` }),
  }),
  /** 7 days and 1 day before a subscription ends, and when it has ended. */
  "renewal-reminder": define({
    payload: t.Object({ kind: oneOf(REMINDER_KINDS), planName: text, endDate: text }),
    subject: ({ kind }) => reminderHeadline(kind),
    element: async ({ kind, planName, endDate }, appUrl) =>
      createElement((await import("./renewal-reminder")).RenewalReminderEmail, {
        kind, planName, endDate, renewUrl: renewUrl(appUrl), settingsUrl: `${appUrl}/dashboard?tab=settings`,
      }),
  }),
  /** The admin panel's Test Email. */
  test: define({
    payload: t.Object({ testKey: text }),
    subject: () => `${PRODUCT_NAME} test email`,
    element: async ({ testKey }, appUrl) => createElement((await import("./test")).TestEmail, { testKey, appUrl }),
  }),
  /** Forgot password: a one-hour, single-use link. */
  "password-reset": define({
    payload: t.Object({ resetUrl: text }),
    subject: () => `Reset your ${PRODUCT_NAME} password`,
    element: async ({ resetUrl }) => createElement((await import("./password-reset")).PasswordResetEmail, { resetUrl }),
    highlights: ({ resetUrl }) => ({ link: resetUrl }),
    secret: "resetUrl",
  }),
  /** Settings → Change password: tells the account, with a way back if it wasn't them. */
  "password-changed": define({
    payload: t.Object({ changedAt: text }),
    subject: () => `Your ${PRODUCT_NAME} password was changed`,
    element: async ({ changedAt }, appUrl) =>
      createElement((await import("./account-notices")).PasswordChangedEmail, { changedAt, resetUrl: `${appUrl}/login?forgot=1` }),
  }),
  /** Settings → Change email: the link that confirms the new address, sent to it. */
  "email-change-confirm": define({
    payload: t.Object({ confirmUrl: text, oldEmail: text }),
    subject: () => `Confirm your new ${PRODUCT_NAME} email address`,
    element: async ({ confirmUrl, oldEmail }) => createElement((await import("./account-notices")).EmailChangeConfirmEmail, { confirmUrl, oldEmail }),
    highlights: ({ confirmUrl }) => ({ link: confirmUrl }),
    secret: "confirmUrl",
  }),
  /** To the old address once the new one is confirmed. */
  "email-changed": define({
    payload: t.Object({ newEmail: text }),
    subject: () => `Your ${PRODUCT_NAME} account's email changed`,
    element: async ({ newEmail }, appUrl) => createElement((await import("./account-notices")).EmailChangedEmail, { newEmail, supportUrl: `${appUrl}/support` }),
  }),
  /** The refund guarantee: a request received, a refund made, or a request declined. */
  "refund-update": define({
    payload: t.Object({ outcome: oneOf(["requested", "refunded", "declined"]), planName: text, amount: text }),
    subject: ({ outcome }) => ({ requested: "We got your refund request", refunded: "Your purchase was refunded", declined: "Your refund request was declined" })[outcome],
    element: async ({ outcome, planName, amount }, appUrl) =>
      createElement((await import("./account-notices")).RefundUpdateEmail, { outcome, planName, amount, purchasesUrl: `${appUrl}/dashboard?tab=purchases` }),
  }),
  /** To a key's owner when the plugin key is used from another game account. */
  "key-sharing-alert": define({
    payload: t.Object({ attemptedRobloxUserId: text, linkedRobloxAccountId: text, dashboardUrl: text }),
    subject: () => `Your ${PRODUCT_NAME} plugin key was used from another account`,
    element: async (payload) => createElement((await import("./key-sharing-alert")).KeySharingAlertEmail, payload),
  }),
};

export type EmailTemplate = keyof typeof EMAIL_TEMPLATES;
export type EmailPayload<T extends EmailTemplate> = Static<(typeof EMAIL_TEMPLATES)[T]["payload"]>;


/** The entry of a stored template name, or null for a name this version does not know. */
export function emailDefinition(template: string): EmailDefinition<TObject> | null {
  return Object.hasOwn(EMAIL_TEMPLATES, template)
    ? (EMAIL_TEMPLATES[template as EmailTemplate] as unknown as EmailDefinition<TObject>)
    : null;
}
