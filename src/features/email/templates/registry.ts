/**
 * Every e-mail the site sends, in one table: its subject, what its payload holds (a `t` schema, so the
 * payload's type comes from it and a stored payload is checked before rendering) and its component,
 * imported on first render (importing react-email at start costs about half a second).
 *
 * A new e-mail is one entry here plus its component in this folder; `queueEmail(tx, { to, template,
 * payload }, now)` then takes it, and the compiler checks every payload against the entry.
 */
import { createElement } from "react";
import { t, type Static } from "elysia";
import type { TObject } from "@sinclair/typebox";
import { PRODUCT_NAME } from "@shared/product";
import { oneOf, PlanId } from "@shared/api/common";
import { REMINDER_KINDS } from "@shared/reminders";
import { REFUND_KEY_OUTCOMES } from "@shared/refund-notice";
import { guideUrl, pageUrl, renewUrl } from "./links";
import { emailWords } from "./words";
import { addedSeatsIn, planWithSeatsIn } from "../../../lib/catalogue-words";
import { paidAmount, paidFields } from "./sale-words";
import { reminderHeadline } from "./reminder-headline";
import { define, emailLanguage, text, type EmailDefinition } from "./definition";
import { ACCOUNT_EMAILS } from "./account-emails";
import { SEAT_EMAILS } from "./seat-emails";
import { SUPPORT_EMAILS } from "./support-emails";

const cents = t.Integer({ minimum: 0 });
const SAMPLE_END = "2027-03-01T12:00:00.000Z";

/** When the buyer agreed to immediate supply (ISO) and the wording's version; absent when checkout did not ask. */
const withdrawalConsentFields = {
  withdrawalConsentAt: t.Optional(text),
  withdrawalConsentVersion: t.Optional(text),
};

/** An alert to the admins: a headline, one sentence a line, and the way to the admin panel. */
const alertPayload = t.Object({ headline: text, lines: t.Array(text) });
const adminAlert = {
  payload: alertPayload,
  subject: ({ headline }: Static<typeof alertPayload>) => `${PRODUCT_NAME}: ${headline}`,
  element: async ({ headline, lines }: Static<typeof alertPayload>, appUrl: string) =>
    createElement((await import("./payment-alert")).PaymentAlertEmail, {
      headline,
      lines,
      adminUrl: `${appUrl}/admin`,
    }),
};

export const EMAIL_TEMPLATES = {
  /** After a purchase: the key and the three steps to start. */
  "product-key": define({
    title: "Product key",
    sentWhen: "After a purchase, with the key it bought.",
    sample: { key: "K7PX2MQ9TB4W", plan: "pro", planName: "4 Month Pro", signupEmail: "buyer@example.com" },
    payload: t.Object({
      key: text,
      plan: PlanId,
      planName: text,
      // Absent from e-mails queued before purchases had seats: one seat.
      seats: t.Optional(t.Integer({ minimum: 1 })),
      signupEmail: t.Optional(text),
      invoiceUrl: t.Optional(text),
      ...withdrawalConsentFields,
      // The language of the sale's checkout.
      language: emailLanguage,
    }),
    subject: ({ language }) => emailWords(language)("email.productKey.subject"),
    element: async (
      { key, planName, seats, signupEmail, invoiceUrl, withdrawalConsentAt, withdrawalConsentVersion, language },
      appUrl,
    ) =>
      createElement((await import("./product-key")).ProductKeyEmail, {
        productKey: key,
        planName,
        seats: seats ?? 1,
        appUrl,
        email: signupEmail,
        invoiceUrl,
        withdrawalConsent: { at: withdrawalConsentAt, version: withdrawalConsentVersion },
        language,
      }),
    highlights: ({ key }) => ({ key }),
  }),
  /** After a renewal paid from the dashboard: the key, already applied. */
  "renewal-receipt": define({
    title: "Renewal receipt",
    sentWhen: "After a renewal paid from the dashboard.",
    sample: { key: "R3NW8QK2ZP6D", planName: "4 Month Pro", endDate: SAMPLE_END, amountCents: 2499, currency: "usd" },
    payload: t.Object({
      key: text,
      planName: text,
      endDate: t.Union([text, t.Null()]),
      // Absent from receipts queued before amounts were kept (amountPaid: "$6.99"; nothing before that).
      ...paidFields,
      // Absent from receipts queued before renewals had seats: one seat.
      seats: t.Optional(t.Integer({ minimum: 1 })),
      invoiceUrl: t.Optional(text),
      ...withdrawalConsentFields,
      // The language of the renewal's checkout.
      language: emailLanguage,
    }),
    subject: ({ planName, language }) => emailWords(language)("email.sale.renewal.subject", { plan: planName }),
    element: async ({ key, planName, seats, endDate, invoiceUrl, language, ...payload }, appUrl) =>
      createElement((await import("./renewal-receipt")).RenewalReceiptEmail, {
        productKey: key,
        planName: planWithSeatsIn(language, planName, seats ?? 1),
        endDate,
        amountPaid: paidAmount({ ...payload, language }),
        dashboardUrl: renewUrl(appUrl, language),
        invoiceUrl,
        withdrawalConsent: { at: payload.withdrawalConsentAt, version: payload.withdrawalConsentVersion },
        language,
      }),
    highlights: ({ key }) => ({ key }),
  }),
  /** "Can't find your key?": every key bought with the address. */
  "lost-keys": define({
    title: "Lost keys",
    sentWhen: 'When someone asks "Can\'t find your key?".',
    sample: {
      email: "buyer@example.com",
      keys: [{ key: "K7PX2MQ9TB4W", planName: "4 Month Pro", boughtAt: "2026-11-01T12:00:00.000Z", used: false }],
    },
    payload: t.Object({
      email: text,
      // renewal: bought from the dashboard and applied at once (absent from e-mails queued before it existed).
      keys: t.Array(
        t.Object({ key: text, planName: text, boughtAt: text, used: t.Boolean(), renewal: t.Optional(t.Boolean()) }),
        { minItems: 1 },
      ),
      // The language of the page the keys were asked for from.
      language: emailLanguage,
    }),
    subject: ({ keys, language }) => emailWords(language)("email.account.lostKeys.subject", { count: keys.length }),
    element: async ({ email, keys, language }, appUrl) =>
      createElement((await import("./lost-keys")).LostKeysEmail, { email, keys, appUrl, language }),
    highlights: ({ keys }) => ({ keys: keys.map((k) => `${k.key} (${k.used ? "used" : "unused"})`).join(", ") }),
  }),
  /** To every admin: a dispute opened or ended, or an early fraud warning. */
  "payment-alert": define({
    title: "Payment alert (admins)",
    sentWhen: "To every admin when a dispute opens or ends, or on an early fraud warning.",
    sample: {
      headline: "A payment was disputed",
      lines: [
        "4 Month Pro bought by buyer@example.com for $24.99 is disputed with the buyer's bank.",
        "Answer the dispute in the Stripe Dashboard.",
      ],
    },
    ...adminAlert,
  }),
  /** To every admin with Email notifications on: a new support ticket, or a sender's answer on one. */
  "support-alert": define({
    title: "Support alert (admins)",
    sentWhen:
      "To every admin with Email notifications on, when a support ticket is opened or its sender answers (once per message).",
    sample: {
      headline: "New support ticket #42",
      lines: [
        "buyer@example.com wrote about billing:",
        "“I paid twice for the same plan this morning. Can you refund one of them?”",
        "Answer it in the admin panel's Support tab. (Turn these e-mails off with Email notifications in your dashboard's Settings.)",
      ],
    },
    ...adminAlert,
  }),
  /** To every admin: a scheduled backup or the restore drill failed, or backups are late (once per problem). */
  "backup-alert": define({
    title: "Backup alert (admins)",
    sentWhen: "To every admin when a scheduled backup or the daily restore drill fails, or backups are late.",
    sample: {
      headline: "A scheduled backup failed",
      lines: [
        "Uploading s3://my-backups/layerlift/layerlift-2026-11-27T16-45-00Z-k3x9ab.backup failed: the storage can't be reached.",
        "The server keeps trying. Until a backup succeeds, what changes now exists only on this server.",
      ],
    },
    ...adminAlert,
  }),
  /** To every admin: a webhook endpoint was turned off after its deliveries failed for days (once). */
  "webhook-alert": define({
    title: "Webhook alert (admins)",
    sentWhen: "To every admin when a webhook endpoint is turned off because every delivery failed for 5 days.",
    sample: {
      headline: "A webhook endpoint was turned off",
      lines: [
        "Every delivery to https://hooks.example.com/layerlift has failed since 2026-11-20; the endpoint is now off.",
        "Fix the receiver, then turn the endpoint on again in the admin panel's Webhooks tab.",
      ],
    },
    ...adminAlert,
  }),
  /** 7 days and 1 day before a subscription ends, and when it has ended. */
  "renewal-reminder": define({
    title: "Renewal reminder",
    sentWhen: "7 days and 1 day before a subscription ends, when notifications are on.",
    sample: { kind: "7-days", planName: "4 Month Pro", endDate: SAMPLE_END },
    payload: t.Object({ kind: oneOf(REMINDER_KINDS), planName: text, endDate: text, language: emailLanguage }),
    subject: ({ kind, language }) => reminderHeadline(kind, language),
    element: async ({ kind, planName, endDate, language }, appUrl) =>
      createElement((await import("./renewal-reminder")).RenewalReminderEmail, {
        kind,
        language,
        planName,
        endDate,
        renewUrl: renewUrl(appUrl, language),
        settingsUrl: pageUrl(appUrl, language, "/dashboard?tab=settings"),
      }),
  }),
  /** After every refund (admin, provider, dispute lost, early fraud warning): the amount and what happened to the key. */
  "refund-notice": define({
    title: "Refund notice",
    sentWhen: "After every refund of a payment, full or partial, whoever made it.",
    payload: t.Object({
      planName: text,
      refundedCents: cents,
      paidCents: cents,
      totalRefundedCents: cents,
      key: t.Union([text, t.Null()]),
      keyOutcome: oneOf(REFUND_KEY_OUTCOMES),
      daysRemoved: t.Union([t.Integer({ minimum: 1 }), t.Null()]),
      endDate: t.Union([text, t.Null()]),
      /** The licence's seat count after the refund, when the refund changed it. */
      seatCount: t.Optional(t.Integer({ minimum: 1 })),
      /** A partial refund of seats: how many of the sale's seats it gave back (they ended). */
      seatsRefunded: t.Optional(t.Integer({ minimum: 1 })),
      /** The refund's credit note and its signed link, when the sale had an invoice. */
      creditNoteNumber: t.Optional(text),
      creditNoteUrl: t.Optional(text),
      /** An added-seats sale's seats, said after planName (the plan's alone); before, planName named it all. */
      addedSeats: t.Optional(t.Integer({ minimum: 1 })),
      /** The sale's currency; absent: dollars. */
      currency: t.Optional(text),
      // The language of the sale's checkout.
      language: emailLanguage,
    }),
    sample: {
      planName: "4 Month Pro",
      refundedCents: 2499,
      paidCents: 2499,
      totalRefundedCents: 2499,
      key: "K7PX2MQ9TB4W",
      keyOutcome: "days-removed",
      daysRemoved: 120,
      endDate: SAMPLE_END,
      creditNoteNumber: "LL-CN-2026-000001",
      creditNoteUrl: "https://layerlift.example/api/invoices/LL-CN-2026-000001.pdf?sig=sample",
    },
    subject: ({ totalRefundedCents, paidCents, language }) =>
      emailWords(language)(
        totalRefundedCents >= paidCents ? "email.sale.refund.subjectFull" : "email.sale.refund.subjectPart",
      ),
    element: async ({ key, addedSeats, ...payload }, appUrl) => {
      return createElement((await import("./refund-notice")).RefundNoticeEmail, {
        ...payload,
        planName: addedSeats ? addedSeatsIn(payload.language, payload.planName, addedSeats) : payload.planName,
        productKey: key,
        supportUrl: pageUrl(appUrl, payload.language, "/support"),
      });
    },
  }),
  /** After the owner cancels: access lasts until the end date, and how to renew. */
  cancellation: define({
    title: "Cancellation confirmation",
    sentWhen: "When a subscription is cancelled from the dashboard.",
    payload: t.Object({ planName: text, endDate: text, language: emailLanguage }),
    sample: { planName: "4 Month Pro", endDate: SAMPLE_END },
    subject: ({ language }) => emailWords(language)("email.account.cancelled.subject"),
    element: async ({ planName, endDate, language }, appUrl) =>
      createElement((await import("./cancellation")).CancellationEmail, {
        language,
        planName,
        endDate,
        renewUrl: renewUrl(appUrl, language),
      }),
  }),
  /** After sign-up: what to do next, with the setup guide. */
  welcome: define({
    title: "Welcome",
    sentWhen: "After sign-up.",
    payload: t.Object({ planName: text, endDate: t.Union([text, t.Null()]), language: emailLanguage }),
    sample: { planName: "4 Month Pro", endDate: SAMPLE_END },
    subject: ({ language }) => emailWords(language)("email.account.welcome.subject"),
    element: async ({ planName, endDate, language }, appUrl) =>
      createElement((await import("./welcome")).WelcomeEmail, {
        language,
        planName,
        endDate,
        guideUrl: guideUrl(appUrl, language),
        dashboardUrl: pageUrl(appUrl, language, "/dashboard"),
      }),
  }),
  /** The day a subscription runs out, once, when notifications are on. */
  "access-ended": define({
    title: "Access ended",
    sentWhen: "On the day a subscription runs out, once, when notifications are on.",
    payload: t.Object({ planName: text, endDate: text, language: emailLanguage }),
    sample: { planName: "4 Month Pro", endDate: SAMPLE_END },
    subject: ({ language }) => emailWords(language)("email.account.ended.subject"),
    element: async ({ planName, endDate, language }, appUrl) =>
      createElement((await import("./access-ended")).AccessEndedEmail, {
        language,
        planName,
        endDate,
        renewUrl: renewUrl(appUrl, language),
        settingsUrl: pageUrl(appUrl, language, "/dashboard?tab=settings"),
      }),
  }),
  /** The admin panel's Test Email. */
  test: define({
    title: "Test e-mail",
    sentWhen: "From the admin panel's Test Email.",
    sample: { testKey: "TESTKEY23456" },
    payload: t.Object({ testKey: text }),
    subject: () => `${PRODUCT_NAME} test email`,
    element: async ({ testKey }, appUrl) => createElement((await import("./test")).TestEmail, { testKey, appUrl }),
  }),
  ...ACCOUNT_EMAILS,
  ...SEAT_EMAILS,
  /** The refund guarantee: a request received, a refund made, or a request declined. */
  "refund-update": define({
    title: "Refund request update",
    sentWhen: "When a buyer asks for a refund that waits for an admin, and when an admin declines it.",
    sample: { outcome: "requested", planName: "4 Month Pro", amount: "$24.99" },
    payload: t.Object({
      outcome: oneOf(["requested", "refunded", "declined"]),
      planName: text,
      // The amount and its currency, formatted in the e-mail's language; e-mails queued before had it
      // preformatted in English ("$24.99") in `amount`.
      amountCents: t.Optional(cents),
      currency: t.Optional(text),
      amount: t.Optional(text),
      // The sale's language.
      language: emailLanguage,
    }),
    subject: ({ outcome, language }) => emailWords(language)(`email.account.refund.${outcome}.subject`),
    element: async ({ outcome, planName, amount, amountCents, currency, language }, appUrl) =>
      createElement((await import("./account-notices")).RefundUpdateEmail, {
        outcome,
        planName,
        amount,
        amountCents,
        currency,
        language,
        purchasesUrl: pageUrl(appUrl, language, "/dashboard?tab=purchases"),
      }),
  }),
  ...SUPPORT_EMAILS,
  /** To a key's owner when the plugin key is used from another game account. */
  "key-sharing-alert": define({
    title: "Key sharing alert",
    sentWhen: "When a plugin key is used from another Roblox account (at most once an hour).",
    sample: {
      attemptedRobloxUserId: "987654321",
      linkedRobloxAccountId: "123456789",
      dashboardUrl: "https://layerlift.example/dashboard",
    },
    payload: t.Object({
      attemptedRobloxUserId: text,
      linkedRobloxAccountId: text,
      dashboardUrl: text,
      // The owner's account language.
      language: emailLanguage,
    }),
    subject: ({ language }) => emailWords(language)("email.account.keySharing.subject"),
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
