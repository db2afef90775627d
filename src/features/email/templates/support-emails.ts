/**
 * The e-mails to the sender of a support ticket: its acknowledgement and an admin's answer, each with the link to
 * the ticket's page, in the ticket's language (its owning account's, else the page's it was sent from).
 */
import { createElement } from "react";
import { t } from "elysia";
import { define, emailLanguage, text } from "./definition";
import { emailWords } from "./words";

export const SUPPORT_EMAILS = {
  /** To the sender of a support ticket: its number and the link to its page. */
  "support-received": define({
    title: "Support ticket received",
    sentWhen: "When someone sends a message from the support page.",
    sample: {
      number: "#42",
      subjectLabel: "Billing",
      responseHours: 24,
      ticketUrl: "https://layerlift.example/support/ticket?token=sample",
      linkDays: 30,
    },
    payload: t.Object({
      number: text,
      subjectLabel: t.Union([text, t.Null()]),
      responseHours: t.Integer({ minimum: 1 }),
      ticketUrl: text,
      linkDays: t.Integer({ minimum: 1 }),
      // The ticket's language: its account's, or the page's it was sent from.
      language: emailLanguage,
    }),
    subject: ({ number, language }) => emailWords(language)("email.support.received.subject", { number }),
    element: async (payload) => createElement((await import("./support")).SupportReceivedEmail, payload),
    highlights: ({ number, ticketUrl }) => ({ ticket: number, link: ticketUrl }),
  }),
  /** An admin's answer to a ticket, with the link to answer back. */
  "support-reply": define({
    title: "Support answer",
    sentWhen: "When an admin answers a support ticket.",
    sample: {
      number: "#42",
      reply: "Thanks for the details! The key is on its way again; check your spam folder too.",
      closed: false,
      ticketUrl: "https://layerlift.example/support/ticket?token=sample",
      linkDays: 30,
    },
    payload: t.Object({
      number: text,
      reply: text,
      closed: t.Boolean(),
      ticketUrl: text,
      linkDays: t.Integer({ minimum: 1 }),
      // The ticket's language: its account's, or the page's it was sent from.
      language: emailLanguage,
    }),
    subject: ({ number, language }) => emailWords(language)("email.support.reply.subject", { number }),
    element: async (payload) => createElement((await import("./support")).SupportReplyEmail, payload),
    highlights: ({ number, ticketUrl }) => ({ ticket: number, link: ticketUrl }),
  }),
};
