/**
 * The plain-text part of every e-mail gives each link once, after the words that say what it is: no
 * address printed twice, no bare address standing where a button's words should be. Every template is
 * rendered with every shape of payload it takes; a new template needs samples here (the type says so).
 */
import { describe, expect, test } from "bun:test";
import { EMAIL_TEMPLATES, type EmailPayload, type EmailTemplate } from "../../src/features/email/templates/registry";
import { renderEmail } from "../../src/features/email/templates/render";

const APP_URL = "https://layerlift.example";

const SAMPLES: { [T in EmailTemplate]: EmailPayload<T>[] } = {
  "product-key": [
    { key: "ABCDEFGH2345", plan: "pro", planName: "4 Month Pro", signupEmail: "buyer@example.com" },
    { key: "ABCDEFGH2345", plan: "month", planName: "1 Month" },
  ],
  "renewal-receipt": [
    { key: "ABCDEFGH2345", planName: "4 Month Pro", endDate: "2027-01-01T00:00:00.000Z" },
    { key: "ABCDEFGH2345", planName: "Lifetime", endDate: null },
  ],
  "added-seats-receipt": [
    { description: "4 Month Pro — 2 added seats", seats: 7, amountPaid: "$18.74" },
    {
      description: "Lifetime Access — 1 added seat",
      seats: 2,
      amountPaid: "$49.99",
      invoiceUrl: "https://layerlift.example/api/invoices/LL-2026-000001?sig=x",
    },
  ],
  "lost-keys": [
    {
      email: "buyer@example.com",
      keys: [{ key: "ABCDEFGH2345", planName: "4 Month Pro", boughtAt: "2026-01-01T00:00:00.000Z", used: false }],
    },
    {
      email: "buyer@example.com",
      keys: [
        { key: "ABCDEFGH2345", planName: "4 Month Pro", boughtAt: "2026-01-01T00:00:00.000Z", used: true },
        { key: "ZYXWVUTS6789", planName: "1 Month", boughtAt: "2026-02-01T00:00:00.000Z", used: true },
      ],
    },
  ],
  "payment-alert": [{ headline: "A dispute was opened", lines: ["Sale #4 of buyer@example.com", "Amount: $24.99"] }],
  "backup-alert": [{ headline: "A scheduled backup failed", lines: ["The storage can't be reached."] }],
  "webhook-alert": [{ headline: "A webhook endpoint was turned off", lines: ["Every delivery failed for 5 days."] }],
  "support-alert": [
    { headline: "New support ticket #7", lines: ["buyer@example.com wrote about billing:", "“Help.”"] },
  ],
  "renewal-reminder": [
    { kind: "7-days", planName: "4 Month Pro", endDate: "2027-01-01T00:00:00.000Z" },
    { kind: "1-day", planName: "4 Month Pro", endDate: "2027-01-01T00:00:00.000Z" },
    { kind: "ended", planName: "4 Month Pro", endDate: "2027-01-01T00:00:00.000Z" },
  ],
  test: [{ testKey: "ABCDEFGH2345" }],
  "password-reset": [{ resetUrl: `${APP_URL}/reset-password?token=abc123` }],
  "key-sharing-alert": [
    { attemptedRobloxUserId: "111", linkedRobloxAccountId: "222", dashboardUrl: `${APP_URL}/dashboard?tab=plugin` },
  ],
  "refund-notice": [
    {
      planName: "4 Month Pro",
      refundedCents: 2499,
      paidCents: 2499,
      totalRefundedCents: 2499,
      key: "ABCDEFGH2345",
      keyOutcome: "removed",
      daysRemoved: null,
      endDate: null,
    },
    {
      planName: "4 Month Pro",
      refundedCents: 500,
      paidCents: 2499,
      totalRefundedCents: 500,
      key: "ABCDEFGH2345",
      keyOutcome: "kept",
      daysRemoved: null,
      endDate: null,
    },
    {
      planName: "4 Month Pro",
      refundedCents: 1999,
      paidCents: 2499,
      totalRefundedCents: 2499,
      key: "ABCDEFGH2345",
      keyOutcome: "days-removed",
      daysRemoved: 120,
      endDate: "2027-01-01T00:00:00.000Z",
    },
    {
      planName: "4 Month Pro",
      refundedCents: 1999,
      paidCents: 1999,
      totalRefundedCents: 1999,
      key: "ABCDEFGH2345",
      keyOutcome: "days-removed",
      daysRemoved: 120,
      endDate: "2027-01-01T00:00:00.000Z",
      seatCount: 5,
    },
    {
      planName: "Lifetime Access",
      refundedCents: 14999,
      paidCents: 14999,
      totalRefundedCents: 14999,
      key: null,
      keyOutcome: "none",
      daysRemoved: null,
      endDate: null,
    },
    {
      planName: "4 Month Pro",
      refundedCents: 500,
      paidCents: 2499,
      totalRefundedCents: 500,
      key: "ABCDEFGH2345",
      keyOutcome: "kept",
      daysRemoved: null,
      endDate: null,
      creditNoteNumber: "LL-CN-2026-000001",
      creditNoteUrl: `${APP_URL}/api/invoices/LL-CN-2026-000001.pdf?sig=abc`,
    },
  ],
  cancellation: [{ planName: "4 Month Pro", endDate: "2027-01-01T00:00:00.000Z" }],
  welcome: [
    { planName: "4 Month Pro", endDate: "2027-01-01T00:00:00.000Z" },
    { planName: "Lifetime Access", endDate: null },
  ],
  "access-ended": [{ planName: "4 Month Pro", endDate: "2027-01-01T00:00:00.000Z" }],
  "password-changed": [{ changedAt: "2026-11-01T12:00:00.000Z" }],
  "email-change-confirm": [{ confirmUrl: `${APP_URL}/confirm-email?token=abc123`, oldEmail: "old@example.com" }],
  "email-changed": [{ newEmail: "new@example.com" }],
  "address-confirm": [{ confirmUrl: `${APP_URL}/confirm-address?token=abc123` }],
  "address-invitation": [{ confirmUrl: `${APP_URL}/confirm-address?token=abc123` }],
  "refund-update": [
    { outcome: "requested", planName: "4 Month Pro", amount: "$24.99" },
    { outcome: "refunded", planName: "4 Month Pro", amount: "$24.99" },
    { outcome: "declined", planName: "4 Month Pro", amount: "$24.99" },
  ],
  "support-received": [
    {
      number: "#42",
      subjectLabel: "Billing",
      responseHours: 24,
      ticketUrl: `${APP_URL}/support/ticket?token=42.1.abc`,
      linkDays: 30,
    },
    {
      number: "#43",
      subjectLabel: null,
      responseHours: 24,
      ticketUrl: `${APP_URL}/support/ticket?token=43.1.abc`,
      linkDays: 30,
    },
  ],
  "support-reply": [
    {
      number: "#42",
      reply: "Thanks! Your key is on its way.\n\nCheck https://layerlift.example/docs for the setup.",
      closed: false,
      ticketUrl: `${APP_URL}/support/ticket?token=42.1.abc`,
      linkDays: 30,
    },
    {
      number: "#42",
      reply: "Done.",
      closed: true,
      ticketUrl: `${APP_URL}/support/ticket?token=42.1.abc`,
      linkDays: 30,
    },
  ],
};

const URL_PATTERN = /https?:\/\/[^\s<>()\]]+/g;
const trimPunctuation = (url: string) => url.replace(/[.,:;!?]+$/, "");

/** Each link in a text part: the address, and the words before it on its line. */
function linksOf(text: string) {
  return text.split("\n").flatMap((line) =>
    [...line.matchAll(URL_PATTERN)].map((match) => ({
      url: trimPunctuation(match[0]),
      before: line.slice(0, match.index).trim(),
    })),
  );
}

describe("the text part of every e-mail", () => {
  test("the check sees a repeated address and an address with no words", () => {
    const doubled = linksOf(
      "Create your account at https://a.example/signup https://a.example/signup?key=1: the link.\nCreate your account https://a.example/signup?key=1",
    );
    expect(doubled.map((link) => link.url)).toEqual([
      "https://a.example/signup",
      "https://a.example/signup?key=1",
      "https://a.example/signup?key=1",
    ]);
    expect(doubled[1].before).toEndWith("https://a.example/signup");
    expect(linksOf("https://a.example/alone")[0].before).toBe("");
  });

  for (const template of Object.keys(EMAIL_TEMPLATES) as EmailTemplate[]) {
    test(`${template}: each link once, after its words`, async () => {
      const samples = SAMPLES[template] as Record<string, unknown>[];
      expect(samples.length).toBeGreaterThan(0);
      for (const payload of samples) {
        const { text } = await renderEmail(template, payload, APP_URL);
        const links = linksOf(text);
        expect(links.length).toBeGreaterThan(0);
        const urls = links.map((link) => link.url);
        expect({ payload, repeated: urls.filter((url, i) => urls.indexOf(url) !== i) }).toEqual({
          payload,
          repeated: [],
        });
        for (const link of links) {
          expect({ url: link.url, before: link.before }).toEqual({
            url: link.url,
            before: expect.stringMatching(/[A-Za-z]{2,}[^/\s]*$/),
          });
        }
      }
    });
  }
});
