/**
 * Account e-mails in the account's language, through the real app: each is queued where the product queues it
 * and rendered from the outbox as the sender would. A German account gets every one of them in German (subject,
 * body, `<html lang="de">`, and no English sentence of the e-mail left); a Brazilian one gets its dates and money
 * through Intl; the lost-keys e-mail follows the asking page, support e-mails the ticket's page (or the account
 * owning the ticket), refund request updates the sale; an English account's e-mails are as they always were.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { emails, productKeys, sales, subscriptions, supportTickets, users, type Email } from "../../src/db/schema";
import { EMAIL_TEMPLATES } from "../../src/features/email/templates/registry";
import { renderEmail } from "../../src/features/email/templates/render";
import { SITE_LANGUAGES } from "../../src/shared/languages";
import { sendDueReminders } from "../../src/features/reminders/service";
import { DAY, HOUR } from "../../src/lib/clock";
import en from "../../src/shared/locales/en.json";
import { api, call, makeKey, makeTestApp, signInAdmin, type TestContext } from "../support/app";
import { paidWithDemoCard } from "../support/purchase";

let ctx: TestContext;
afterEach(() => ctx.cleanup());

const APP_URL = "http://localhost";
const PASSWORD = "correct horse";

/**
 * The English sentences an account e-mail can say: every run of four words or more between the parameters and
 * marked parts of its messages (and the footer every e-mail shares).
 */
const ENGLISH_SENTENCES = Object.entries(en)
  .filter(([id]) => /^email\.(account|reminder|support)\./.test(id) || id === "email.footer")
  .flatMap(([, message]) => message.split(/\{[^{}]*\}|<\/?\d+>|[{}]|\b(?:one|other)\b/))
  .map((part) => part.trim())
  .filter((part) => /\w+ \w+ \w+ \w+/.test(part));

async function signUp(email: string, language?: string) {
  const answer = await call(ctx.app, "POST", "/api/auth/signup", {
    body: { email, password: PASSWORD, confirmPassword: PASSWORD, productKey: await makeKey(ctx.deps, "pro") },
    headers: language ? { "accept-language": language } : {},
  });
  expect(answer.status).toBe(200);
  return answer.body as { token: string; user: { id: number } };
}

const outbox = async (to: string): Promise<Email[]> =>
  ctx.deps.db.select().from(emails).where(eq(emails.to, to)).orderBy(asc(emails.id));

const mailOf = async (to: string, template: string) => {
  const mail = (await outbox(to)).findLast((row) => row.template === template);
  if (!mail) throw new Error(`no ${template} e-mail to ${to}`);
  return mail;
};

/** The e-mail as its reader gets it: subject, text with spaces made single, and its HTML. */
async function rendered(mail: Email) {
  const { html, text } = await renderEmail(mail.template, mail.payload as Record<string, unknown>, APP_URL);
  return { subject: mail.subject, text: text.replace(/\s+/g, " "), html };
}

/** A non-English e-mail: in its language's `<html lang>`, with none of the account e-mails' English sentences. */
async function expectTranslated(mail: Email, lang: string) {
  const { subject, text, html } = await rendered(mail);
  expect(html).toContain(`lang="${lang}"`);
  const leftInEnglish = ENGLISH_SENTENCES.filter((sentence) => text.includes(sentence) || subject.includes(sentence));
  expect({ template: mail.template, leftInEnglish }).toEqual({ template: mail.template, leftInEnglish: [] });
  return { subject, text };
}

describe("a German account's e-mails", () => {
  test("sign-up, address confirmation, password change and reset, e-mail change: all in German", async () => {
    ctx = makeTestApp();
    const { token } = await signUp("konto@example.com", "de-DE,de;q=0.9");
    const [account] = await ctx.deps.db.select().from(users).where(eq(users.email, "konto@example.com"));
    expect(account!.language).toBe("de");

    const welcome = await expectTranslated(await mailOf("konto@example.com", "welcome"), "de");
    expect(welcome.subject).toBe("Willkommen bei Layerlift: So geht es weiter");
    expect(welcome.text).toContain("Willkommen bei Layerlift!");
    expect(welcome.text).toMatch(/mit 4 Month Pro bis zum \d{1,2}\. \p{L}+ \d{4} \(UTC\)/u);
    expect(welcome.text).toContain("„Plugin-Schlüssel erzeugen“");

    const confirm = await expectTranslated(await mailOf("konto@example.com", "address-confirm"), "de");
    expect(confirm.subject).toBe("Bestätige deine Layerlift-E-Mail-Adresse");
    expect(confirm.text).toContain("Meine E-Mail-Adresse bestätigen");

    const changed = await call(ctx.app, "POST", "/api/account/password", {
      token,
      body: { currentPassword: PASSWORD, newPassword: "a brand new secret" },
    });
    expect(changed.status).toBe(200);
    const newToken = (changed.body as { token: string }).token;
    const passwordChanged = await expectTranslated(await mailOf("konto@example.com", "password-changed"), "de");
    expect(passwordChanged.subject).toBe("Dein Layerlift-Passwort wurde geändert");
    expect(passwordChanged.text).toMatch(/am \d{1,2}\. \p{L}+ \d{4} um \d{1,2}:\d{2} UTC in den Einstellungen/u);

    expect((await api(ctx.app).api.auth["forgot-password"].post({ email: "konto@example.com" })).status).toBe(200);
    const reset = await expectTranslated(await mailOf("konto@example.com", "password-reset"), "de");
    expect(reset.subject).toBe("Setze dein Layerlift-Passwort zurück");
    expect(reset.text).toContain("Neues Passwort wählen");

    const asked = await call(ctx.app, "POST", "/api/account/email", {
      token: newToken,
      body: { newEmail: "neu@example.com", password: "a brand new secret" },
    });
    expect(asked.status).toBe(200);
    const confirmNew = await mailOf("neu@example.com", "email-change-confirm");
    const confirmText = await expectTranslated(confirmNew, "de");
    expect(confirmText.text).toContain(
      "Das Layerlift-Konto konto@example.com möchte ab jetzt diese Adresse verwenden.",
    );
    const linkToken = new URL(confirmNew.payload.confirmUrl as string).searchParams.get("token")!;
    expect((await api(ctx.app).api.account.email.confirm.post({ token: linkToken })).status).toBe(200);
    const emailChanged = await expectTranslated(await mailOf("konto@example.com", "email-changed"), "de");
    expect(emailChanged.subject).toBe("Die E-Mail-Adresse deines Layerlift-Kontos wurde geändert");
    expect(emailChanged.text).toContain("meldet sich jetzt mit neu@example.com an");
  });

  test("cancellation, the reminders and the end of access, and the key-sharing alert follow the Settings language", async () => {
    ctx = makeTestApp();
    const { token } = await signUp("abo@example.com");
    // The account chose German in Settings after signing up on an English page.
    expect((await api(ctx.app, token).api.user.settings.put({ language: "de" })).status).toBe(200);

    const generated = await api(ctx.app, token).api.figma["generate-key"].post();
    const pluginKey = generated.data!.figmaKey as string;
    expect((await api(ctx.app).api.plugin.validate.post({ key: pluginKey, robloxUserId: "111" })).status).toBe(200);
    expect((await api(ctx.app).api.plugin.validate.post({ key: pluginKey, robloxUserId: "222" })).status).toBe(409);
    const sharing = await expectTranslated(await mailOf("abo@example.com", "key-sharing-alert"), "de");
    expect(sharing.subject).toBe("Dein Layerlift-Plugin-Schlüssel wurde von einem anderen Konto aus verwendet");
    expect(sharing.text).toContain("mit dem Konto 111 verknüpft");

    expect((await call(ctx.app, "POST", "/api/subscription/cancel", { token })).status).toBe(200);
    const cancelled = await expectTranslated(await mailOf("abo@example.com", "cancellation"), "de");
    expect(cancelled.subject).toBe("Dein Layerlift-Abo ist gekündigt");
    expect(cancelled.text).toMatch(/Du hast 4 Month Pro gekündigt\. .* bis zum \d{1,2}\. \p{L}+ \d{4} \(UTC\)/u);

    const [sub] = await ctx.deps.db.select().from(subscriptions);
    const end = sub!.endDate!;
    await ctx.deps.db.update(subscriptions).set({ status: "active" }).where(eq(subscriptions.id, sub!.id));
    const subjects: Record<string, string> = {};
    for (const at of [end - 6 * DAY, end - 12 * HOUR, end + 10 * 60_000]) {
      for (const reminder of await sendDueReminders(ctx.deps, at)) {
        const template = reminder.kind === "ended" ? "access-ended" : "renewal-reminder";
        const mail = await mailOf("abo@example.com", template);
        const { subject, text } = await expectTranslated(mail, "de");
        subjects[reminder.kind] = subject;
        if (reminder.kind === "1-day") expect(text).toMatch(/endet am \d{1,2}\. \p{L}+ \d{4} um \d{1,2}:\d{2} UTC\./u);
        if (reminder.kind === "ended") expect(text).toContain("Jetzt verlängern");
      }
    }
    expect(subjects).toEqual({
      "7-days": "Dein Layerlift-Zugang endet in 7 Tagen",
      "1-day": "Dein Layerlift-Zugang endet morgen",
      ended: "Dein Layerlift-Zugang ist abgelaufen",
    });
  });
});

describe("e-mails asked for from a page, and about a ticket or a sale", () => {
  test("lost keys follow the asking page; support e-mails the ticket's page, or the account that owns it", async () => {
    ctx = makeTestApp();
    await paidWithDemoCard(ctx, "pro", "kaeufer@example.com");
    const resent = await call(ctx.app, "POST", "/api/keys/resend", {
      body: { email: "kaeufer@example.com" },
      headers: { "accept-language": "de" },
    });
    expect(resent.status).toBe(200);
    const keys = await expectTranslated(await mailOf("kaeufer@example.com", "lost-keys"), "de");
    expect(keys.subject).toBe("Dein Layerlift-Produktschlüssel");
    expect(keys.text).toMatch(/4 Month Pro, gekauft am \d{1,2}\. \p{L}+ \d{4}: unbenutzt/u);

    const opened = await call(ctx.app, "POST", "/api/support/tickets", {
      body: { email: "besucher@example.com", subject: "billing", message: "Wo ist mein Schlüssel?" },
      headers: { "accept-language": "de" },
    });
    expect(opened.status).toBe(200);
    const [ticket] = await ctx.deps.db.select().from(supportTickets);
    expect(ticket!.language).toBe("de");
    const received = await expectTranslated(await mailOf("besucher@example.com", "support-received"), "de");
    expect(received.subject).toBe(`Wir haben deine Nachricht erhalten (Layerlift-Ticket #${ticket!.id})`);
    expect(received.text).toContain("(Thema: Abrechnung)");

    const admin = await signInAdmin(ctx);
    const replied = await call(ctx.app, "POST", `/api/support/tickets/${ticket!.id}/replies`, {
      token: admin.token,
      body: { message: "Ist unterwegs.", close: true },
    });
    expect(replied.status).toBe(200);
    const reply = await expectTranslated(await mailOf("besucher@example.com", "support-reply"), "de");
    expect(reply.subject).toBe(`Re: Dein Layerlift-Ticket #${ticket!.id}`);
    expect(reply.text).toContain("Wir haben das Ticket geschlossen.");

    // A ticket sent from an English page by an account that reads French: the account's language wins.
    const { token } = await signUp("compte@example.com");
    await api(ctx.app, token).api.user.settings.put({ language: "fr" });
    await call(ctx.app, "POST", "/api/account/confirm-address", {
      body: {
        token: new URL(
          (await mailOf("compte@example.com", "address-confirm")).payload.confirmUrl as string,
        ).searchParams.get("token"),
      },
    });
    await call(ctx.app, "POST", "/api/support/tickets", {
      body: { email: "compte@example.com", subject: "bug", message: "Un souci." },
    });
    const french = await expectTranslated(await mailOf("compte@example.com", "support-received"), "fr");
    expect(french.text).toContain("(sujet : Signalement de bug)");
  });

  test("a refund request's updates are in the sale's language, with money and dates through Intl (pt-BR)", async () => {
    ctx = makeTestApp({ env: { SELF_SERVICE_REFUNDS: "request" } });
    const started = await call(ctx.app, "POST", "/api/create-payment-intent", {
      body: { plan: "pro", email: "comprador@example.com", language: "pt-BR" },
    });
    const clientSecret = (started.body as { clientSecret: string }).clientSecret;
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret });
    const [bought] = await ctx.deps.db.select().from(sales);
    const [{ key }] = await ctx.deps.db.select().from(productKeys).where(eq(productKeys.id, bought!.productKeyId!));
    const signup = await call(ctx.app, "POST", "/api/auth/signup", {
      body: { email: "comprador@example.com", password: PASSWORD, confirmPassword: PASSWORD, productKey: key },
      headers: { "accept-language": "pt-BR" },
    });
    const { token } = signup.body as { token: string };
    const [sale] = await ctx.deps.db.select().from(sales);
    expect((await api(ctx.app, token).api.account.purchases({ id: sale!.id }).refund.post()).status).toBe(200);
    const requested = await expectTranslated(await mailOf("comprador@example.com", "refund-update"), "pt-BR");
    expect(requested.subject).toBe("Recebemos seu pedido de reembolso do Layerlift");
    const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "USD" }).format(
      sale!.amountCents / 100,
    );
    expect(money).toMatch(/^US\$\s24,99$/);
    expect(requested.text).toContain(`Você pediu o reembolso de 4 Month Pro (${money.replace(/\s/g, " ")}).`);

    const welcome = await expectTranslated(await mailOf("comprador@example.com", "welcome"), "pt-BR");
    const [sub] = await ctx.deps.db.select().from(subscriptions);
    const day = new Date(sub!.endDate!).toLocaleDateString("pt-BR", {
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    expect(day).toMatch(/^\d{1,2} de \p{L}+ de \d{4}$/u);
    expect(welcome.text).toContain(`com o 4 Month Pro, válido até ${day} (UTC).`);
  });
});

/** The account e-mails this file covers, with payloads that show each of their shapes. */
const ACCOUNT_EMAILS: Record<string, Record<string, unknown>[]> = {
  welcome: [
    { planName: "4 Month Pro", endDate: "2027-03-01T12:00:00.000Z" },
    { planName: "Lifetime Access", endDate: null },
  ],
  "password-reset": [{ resetUrl: `${APP_URL}/reset-password?token=t` }],
  "password-changed": [{ changedAt: "2026-11-01T12:00:00.000Z" }],
  "email-change-confirm": [{ confirmUrl: `${APP_URL}/confirm-email?token=t`, oldEmail: "old@example.com" }],
  "email-changed": [{ newEmail: "new@example.com" }],
  "address-confirm": [{ confirmUrl: `${APP_URL}/confirm-address?token=t` }],
  "address-invitation": [{ confirmUrl: `${APP_URL}/confirm-address?token=t` }],
  "lost-keys": [
    {
      email: "b@example.com",
      keys: [
        { key: "ABCDEFGH2345", planName: "4 Month Pro", boughtAt: "2026-01-01T00:00:00.000Z", used: false },
        { key: "ZYXWVUTS6789", planName: "1 Month", boughtAt: "2026-02-01T00:00:00.000Z", used: true, renewal: true },
      ],
    },
    {
      email: "b@example.com",
      keys: [{ key: "ABCDEFGH2345", planName: "4 Month Pro", boughtAt: "2026-01-01T00:00:00.000Z", used: true }],
    },
  ],
  "key-sharing-alert": [
    { attemptedRobloxUserId: "1", linkedRobloxAccountId: "2", dashboardUrl: `${APP_URL}/dashboard` },
  ],
  "renewal-reminder": ["7-days", "1-day", "ended"].map((kind) => ({
    kind,
    planName: "4 Month Pro",
    endDate: "2027-03-01T12:00:00.000Z",
  })),
  "access-ended": [{ planName: "4 Month Pro", endDate: "2027-03-01T12:00:00.000Z" }],
  cancellation: [{ planName: "4 Month Pro", endDate: "2027-03-01T12:00:00.000Z" }],
  "refund-update": ["requested", "refunded", "declined"].map((outcome) => ({
    outcome,
    planName: "4 Month Pro",
    amountCents: 2499,
    currency: "usd",
  })),
  "support-received": [
    { number: "#4", subjectLabel: "Technical Support", responseHours: 24, ticketUrl: `${APP_URL}/t`, linkDays: 30 },
    { number: "#4", subjectLabel: null, responseHours: 24, ticketUrl: `${APP_URL}/t`, linkDays: 30 },
  ],
  "support-reply": [true, false].map((closed) => ({
    number: "#4",
    reply: "Done.",
    closed,
    ticketUrl: `${APP_URL}/t`,
    linkDays: 30,
  })),
};

describe("every account e-mail in every language", () => {
  test("has its language's <html lang> and no English sentence of the account e-mails in subject or body", async () => {
    const leftInEnglish: string[] = [];
    for (const language of SITE_LANGUAGES.filter((tag) => tag !== "en"))
      for (const [template, payloads] of Object.entries(ACCOUNT_EMAILS))
        for (const payload of payloads) {
          const inLanguage = { ...payload, language };
          const definition = EMAIL_TEMPLATES[template as keyof typeof EMAIL_TEMPLATES];
          const subject = (definition.subject as (p: Record<string, unknown>) => string)(inLanguage);
          const { html, text } = await renderEmail(template, inLanguage, APP_URL);
          expect(html).toMatch(new RegExp(`<html[^>]* lang="${language}"`));
          const flat = `${subject} ${text.replace(/\s+/g, " ")}`;
          for (const sentence of ENGLISH_SENTENCES)
            if (flat.includes(sentence)) leftInEnglish.push(`${language} ${template}: ${sentence}`);
        }
    expect(leftInEnglish).toEqual([]);
  });
});

describe("an English account", () => {
  test("gets its e-mails as they always were, and e-mails queued before they had a language are English", async () => {
    ctx = makeTestApp();
    const { token } = await signUp("english@example.com");
    await api(ctx.app, token).api.figma["generate-key"].post();
    expect((await call(ctx.app, "POST", "/api/subscription/cancel", { token })).status).toBe(200);
    const welcome = await rendered(await mailOf("english@example.com", "welcome"));
    expect(welcome.subject).toBe("Welcome to Layerlift: what to do next");
    expect(welcome.html).toContain('lang="en"');
    expect(welcome.text).toMatch(
      /Your account is ready with 4 Month Pro, running until [A-Z][a-z]+ \d{1,2}, \d{4} \(UTC\)\. Three steps to your first import:/,
    );
    const cancelled = await rendered(await mailOf("english@example.com", "cancellation"));
    expect(cancelled.subject).toBe("Your Layerlift subscription is cancelled");
    expect(cancelled.text).toContain("Changed your mind? Renew from your dashboard");

    const older = await renderEmail("password-changed", { changedAt: "2026-11-01T12:00:00.000Z" }, APP_URL);
    expect(older.text.replace(/\s+/g, " ")).toContain(
      "The password of your Layerlift account was changed from its Settings on Sun, 01 Nov 2026 12:00:00 GMT.",
    );
    const olderRefund = await renderEmail(
      "refund-update",
      { outcome: "declined", planName: "4 Month Pro", amount: "$24.99" },
      APP_URL,
    );
    expect(olderRefund.text.replace(/\s+/g, " ")).toContain("Your request to refund 4 Month Pro ($24.99) was declined");
  });
});
