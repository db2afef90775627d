/**
 * The e-mails a store sends beside the key itself: welcome after sign-up, the cancellation
 * confirmation and the refund notice (its every wording of what happened to the key), each queued
 * once in the outbox with the action that causes it, rendered with HTML and text parts, each link
 * once with its words. Also the admin panel's list of every e-mail with a preview made from a sample.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { emails, type Email } from "../../src/db/schema";
import { recordPartialRefund } from "../../src/features/refunds/record";
import { getBytes, pdfToText } from "../support/pdf";
import { renderEmail } from "../../src/features/email/templates/render";
import { EMAIL_TEMPLATES } from "../../src/features/email/templates/registry";
import { REFUND_KEY_OUTCOMES } from "../../src/shared/refund-notice";
import { api, failure, makeTestApp, signInAdmin, signUpUser, type TestContext, signUpWithKey } from "../support/app";
import { paidWithDemoCard } from "../support/purchase";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp();
});
afterEach(() => ctx.cleanup());

const outbox = async (template: string, to?: string): Promise<Email[]> =>
  (await ctx.deps.db.select().from(emails).where(eq(emails.template, template)).orderBy(emails.id)).filter(
    (e) => !to || e.to === to,
  );

const render = (mail: Pick<Email, "template" | "payload">) =>
  renderEmail(mail.template, mail.payload, ctx.deps.config.appUrl);

/** Each address in the text part appears once, right after its words. */
function linksOnce(text: string): string[] {
  const urls = (text.match(/https?:\/\/[^\s)]+/g) ?? []).map((url) => url.replace(/[.,;:]+$/, ""));
  expect(new Set(urls).size).toBe(urls.length);
  return urls;
}

describe("welcome", () => {
  test("sign-up queues one welcome e-mail that says what to do next and links the setup guide", async () => {
    const user = await signUpUser(ctx, "pro", "new@example.com");
    const rows = await outbox("welcome", "new@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: "pending",
      subject: "Welcome to Layerlift: what to do next",
      payload: { planName: "4 Month Pro" },
    });
    const { html, text } = await render(rows[0]);
    const app = ctx.deps.config.appUrl;
    expect(text).toContain("Your account is ready with 4 Month Pro, running until March 1, 2027 (UTC).");
    expect(text).toContain("open the Plugin tab and press Generate Plugin Key");
    expect(text).toContain(`Read the setup guide ${app}/docs/getting-started`);
    expect(text).toContain(`your dashboard ${app}/dashboard`);
    expect(linksOnce(text)).toEqual([`${app}/dashboard`, `${app}/docs/getting-started`]);
    expect(html).toContain(`href="${app}/docs/getting-started"`);

    // A second sign-up attempt with the same address is refused and sends nothing.
    const again = await api(ctx.app).api.auth.signup.post({
      email: "new@example.com",
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: "AAAAAAAAAAAA",
    });
    expect(again.status).not.toBe(200);
    expect(await outbox("welcome", "new@example.com")).toHaveLength(1);
    expect(user.user.email).toBe("new@example.com");
  });

  test("lifetime access is written as such", async () => {
    await signUpUser(ctx, "lifetime", "forever@example.com");
    const { text } = await render((await outbox("welcome", "forever@example.com"))[0]);
    expect(text).toContain("Your account is ready with Lifetime Access, for life.");
  });
});

describe("cancellation confirmation", () => {
  test("cancelling queues one e-mail: access lasts until the date, in words, and how to renew", async () => {
    const user = await signUpUser(ctx, "month", "leaving@example.com");
    expect((await api(ctx.app, user.token).api.subscription.cancel.post()).status).toBe(200);
    const rows = await outbox("cancellation", "leaving@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "pending", subject: "Your Layerlift subscription is cancelled" });
    const { text } = await render(rows[0]);
    const app = ctx.deps.config.appUrl;
    expect(text).toContain(
      "You cancelled 1 Month Subscription. Nothing stops today: the plugin keeps working with your plugin key until December 1, 2026 (UTC)",
    );
    expect(text).toContain(`Renew from your dashboard ${app}/dashboard?tab=subscription at any time`);
    expect(linksOnce(text)).toEqual([`${app}/dashboard?tab=subscription`]);

    const again = await api(ctx.app, user.token).api.subscription.cancel.post();
    expect(again.status).toBe(409);
    expect(failure(again)?.error).toBe("ALREADY_CANCELLED");
    expect(await outbox("cancellation", "leaving@example.com")).toHaveLength(1);
  });

  test("lifetime access can't be cancelled, and nothing is sent", async () => {
    const user = await signUpUser(ctx, "lifetime", "stay@example.com");
    expect((await api(ctx.app, user.token).api.subscription.cancel.post()).status).toBe(409);
    expect(await outbox("cancellation")).toHaveLength(0);
  });
});

describe("refund notice wording", () => {
  const base = {
    planName: "4 Month Pro",
    refundedCents: 2499,
    paidCents: 2499,
    totalRefundedCents: 2499,
    key: "K7PX2MQ9TB4W",
    daysRemoved: null,
    endDate: null,
  };
  const cases: Array<[string, Record<string, unknown>, string]> = [
    [
      "kept",
      { refundedCents: 500, totalRefundedCents: 500 },
      "Your product key K7PX2MQ9TB4W and the access it gives stay exactly as they are.",
    ],
    [
      "removed",
      {},
      "Your product key K7PX2MQ9TB4W was never used, so it has been removed: it can no longer create an account or be redeemed.",
    ],
    [
      "days-removed",
      { daysRemoved: 120, endDate: "2027-01-15T08:00:00.000Z" },
      "Your product key K7PX2MQ9TB4W added 120 days to your subscription; those 120 days have been taken off, so your access now runs until January 15, 2027 (UTC).",
    ],
    ["days-removed", { daysRemoved: 120 }, "those 120 days have been taken off, so your access has ended."],
    ["lifetime-ended", {}, "Your product key K7PX2MQ9TB4W gave your account lifetime access, which has now ended."],
    [
      "lifetime-kept",
      {},
      "was redeemed on an account that has lifetime access from another key, so your access does not change.",
    ],
    ["none", { key: null }, "No product key was issued for this payment."],
    [
      "seats-ended",
      { key: null },
      "The seats this payment added have ended; your access and your other seats stay as they are.",
    ],
    ["seats-kept", { key: null }, "The seats this payment added stay exactly as they are."],
  ];
  for (const [keyOutcome, overrides, sentence] of cases) {
    test(`${keyOutcome}${overrides.endDate ? " (still running)" : ""}: the amount, what happened to the key and the support link`, async () => {
      const payload = { ...base, keyOutcome, ...overrides };
      const { text, html } = await renderEmail("refund-notice", payload, "https://layerlift.example");
      const partial = (payload.totalRefundedCents as number) < payload.paidCents;
      expect(text).toContain(partial ? "Part of your payment was refunded" : "Your payment was refunded");
      expect(text).toContain(
        `We refunded $${((payload.refundedCents as number) / 100).toFixed(2)} of the $24.99 you paid for 4 Month Pro.`,
      );
      expect(text).toContain(sentence);
      expect(text).toContain("through the Support page https://layerlift.example/support.");
      expect(linksOnce(text)).toEqual(["https://layerlift.example/support"]);
      expect(html).toContain('href="https://layerlift.example/support"');
    });
  }

  test("every outcome has a wording above", () => {
    expect(new Set(cases.map(([outcome]) => outcome))).toEqual(new Set(REFUND_KEY_OUTCOMES));
  });

  test("a later refund says what came back in all", async () => {
    const { text } = await renderEmail(
      "refund-notice",
      { ...base, keyOutcome: "days-removed", refundedCents: 1999, totalRefundedCents: 2499, daysRemoved: 120 },
      "https://layerlift.example",
    );
    expect(text).toContain(
      "We refunded $19.99 of the $24.99 you paid for 4 Month Pro. With earlier refunds, $24.99 has now come back to you.",
    );
  });
});

describe("refund notice and the credit note", () => {
  /** A demo purchase of Pro by `email`, signed up with its key: answers the sale and the session. */
  async function boughtAndSignedUp(email: string) {
    const { sale, key } = await paidWithDemoCard(ctx, "pro", email);
    const { token } = await signUpWithKey(ctx, email, key);
    return { sale: await sale(), token };
  }

  test("each refund's notice links its own credit note, in the HTML and once with its words in the text; the link opens the PDF", async () => {
    const partly = await boughtAndSignedUp("partly@example.com");
    const whole = await boughtAndSignedUp("whole@example.com");
    const app = ctx.deps.config.appUrl;
    await recordPartialRefund(ctx.deps, partly.sale.paymentIntentId, 500);
    // A full refund through the buyer's own Request refund, which records it through the same code as every refund.
    expect((await api(ctx.app, whole.token).api.account.purchases({ id: whole.sale.id }).refund.post()).status).toBe(
      200,
    );
    const rows = [
      ...(await outbox("refund-notice", "partly@example.com")),
      ...(await outbox("refund-notice", "whole@example.com")),
    ];
    expect(rows.map((row) => row.payload.creditNoteNumber)).toEqual(["LL-CN-2026-000001", "LL-CN-2026-000002"]);
    for (const row of rows) {
      const number = row.payload.creditNoteNumber as string;
      const url = row.payload.creditNoteUrl as string;
      expect(url).toStartWith(`${app}/api/invoices/${number}.pdf?sig=`);
      const { html, text } = await render(row);
      expect(html).toContain(`href="${url.replaceAll("&", "&amp;")}"`);
      expect(text).toContain(`Your credit note ${number} for this refund: download the PDF ${url}.`);
      expect(linksOnce(text)).toEqual([url, `${app}/support`]);
      const pdf = await getBytes(ctx.app, url.slice(app.length));
      expect(pdf.status).toBe(200);
      expect(pdfToText(pdf.bytes)).toContain(`Number: ${number}`);
    }
  });

  test("a refund with no invoice behind it (refunded before fulfilment) has no credit note link", async () => {
    const { text } = await renderEmail(
      "refund-notice",
      {
        planName: "1 Month",
        refundedCents: 499,
        paidCents: 499,
        totalRefundedCents: 499,
        key: null,
        keyOutcome: "none",
        daysRemoved: null,
        endDate: null,
      },
      "https://layerlift.example",
    );
    expect(text).not.toContain("credit note");
  });
});

describe("the admin panel's list of e-mails", () => {
  test("lists every e-mail of the registry with when it is sent, and previews each from its sample", async () => {
    const { token } = await signInAdmin(ctx);
    const list = await api(ctx.app, token).api.admin.emails.templates.get();
    expect(list.status).toBe(200);
    expect(list.data!.map((t) => t.template).sort()).toEqual(Object.keys(EMAIL_TEMPLATES).sort());
    for (const name of ["refund-notice", "cancellation", "welcome", "access-ended"])
      expect(list.data!.map((t) => t.template)).toContain(name);

    for (const { template } of list.data!) {
      const preview = await api(ctx.app, token).api.admin.emails.templates({ template }).preview.get();
      expect(preview.status).toBe(200);
      expect(preview.data!.html).toStartWith("<!DOCTYPE html");
      expect(preview.data!.text.length).toBeGreaterThan(50);
      expect(preview.data!.subject).toContain("Layerlift");
    }
    const refund = (await api(ctx.app, token).api.admin.emails.templates({ template: "refund-notice" }).preview.get())
      .data!;
    expect(refund.subject).toBe("Your Layerlift payment was refunded");
    expect(refund.text).toContain("We refunded $24.99 of the $24.99 you paid for 4 Month Pro.");
    // Previews write nothing to the outbox.
    expect((await ctx.deps.db.select().from(emails)).filter((e) => e.template !== "welcome")).toHaveLength(0);
  });

  test("an unknown template is a 404; members and visitors are refused", async () => {
    const { token } = await signInAdmin(ctx);
    expect((await api(ctx.app, token).api.admin.emails.templates({ template: "nope" }).preview.get()).status).toBe(404);
    const member = await signUpUser(ctx);
    expect((await api(ctx.app, member.token).api.admin.emails.templates.get()).status).toBe(403);
    expect((await api(ctx.app).api.admin.emails.templates.get()).status).toBe(401);
  });
});
