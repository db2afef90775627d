/**
 * The e-mails and documents about a sale in the sale's language (the language its checkout was shown in): the
 * renewal and added-seats receipts, the refund notice, the invoice and the credit note. Each is bought through the
 * real app in German or Brazilian Portuguese and read back (the e-mail rendered, the PDF through pdftotext): the
 * subject, the body, `<html lang>`, money and dates through Intl, and no English sentence of theirs left over.
 * English stays as it always read, and e-mails queued before sales kept a language stay English.
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { emails, sales, type Sale } from "../../src/db/schema";
import { renderEmail } from "../../src/features/email/templates/render";
import en from "../../src/shared/locales/en.json";
import de from "../../src/shared/locales/de.json";
import { call, signInAdmin, signUpUser, type TestContext } from "../support/app";
import { eachTestApp } from "../support/each-test";
import { getBytes, pdfToText } from "../support/pdf";
import { SELLER_ENV } from "../support/production-env";
import { paidSecretWithDemoCard } from "../support/purchase";

let ctx: TestContext;
eachTestApp(
  (made) => {
    ctx = made;
  },
  () => ({ env: { ...SELLER_ENV, TAX: "demo" } }),
);

const APP_URL = "http://localhost";

/** Starts a payment at `path` with `body` and pays it with the demo card: the sale. */
async function pay(path: string, body: Record<string, unknown>, token?: string): Promise<Sale> {
  const started = await call(ctx.app, "POST", path, { token, body });
  expect(started.status).toBe(200);
  return paidSecretWithDemoCard(ctx, (started.body as { clientSecret: string }).clientSecret);
}

const buy = (email: string, language?: string, extra: Record<string, unknown> = {}) =>
  pay("/api/create-payment-intent", {
    plan: "pro",
    email,
    country: "DE",
    withdrawalConsent: true,
    ...(language ? { language } : {}),
    ...extra,
  });

/** The newest e-mail of `template` about sale `saleId`. */
async function mailOf(template: string, saleId: number) {
  const found = (await ctx.deps.db.select().from(emails).where(eq(emails.saleId, saleId)).orderBy(emails.id))
    .filter((mail) => mail.template === template)
    .at(-1);
  expect(found).toBeDefined();
  const payload = found!.payload as Record<string, unknown>;
  const rendered = await renderEmail(template, payload, APP_URL);
  return { subject: found!.subject, payload, html: rendered.html, text: rendered.text.replace(/\s+/g, " ") };
}

const pdfText = async (url: string) => {
  const answer = await getBytes(ctx.app, url.replace(/^https?:\/\/[^/]+/, ""));
  expect(answer.status).toBe(200);
  // Intl's money puts a no-break space between amount and symbol ("24,99 $"): read it as a space.
  return pdfToText(answer.bytes).replace(/\u00a0/g, " ");
};

/**
 * The English sentences of the catalogue messages under `prefixes`: each message's words between its parameters
 * and marked parts, three words or more, so a non-English render can be checked to hold none of them.
 */
function englishSentences(...prefixes: string[]): string[] {
  const found: string[] = [];
  for (const [id, message] of Object.entries(en)) {
    if (!prefixes.some((prefix) => id.startsWith(prefix))) continue;
    let text = message;
    while (/\{[^{}]*\}/.test(text)) text = text.replace(/\{[^{}]*\}/g, "¦");
    for (const part of text.split(/¦|<\/?\d+>/)) {
      const words = part.trim().replace(/[.:;,]$/, "");
      if (words.split(/\s+/).length >= 3) found.push(words);
    }
  }
  expect(found.length).toBeGreaterThan(10);
  return found;
}

const EMAIL_SENTENCES = () => englishSentences("email.sale.", "email.footer", "email.invoice", "email.consent");
const INVOICE_SENTENCES = () => englishSentences("invoice.");
const INVOICE_WORDS = ["Invoice", "Credit note", "Number:", "Bill to", "Description", "Net amount", "Total refunded"];

function expectNoEnglish(text: string, sentences: string[]) {
  for (const sentence of sentences) expect(text).not.toContain(sentence);
}

/** Money and a day as the language writes them, through Intl (the expectation is not written by hand either). */
const moneyIn = (tag: string, cents: number) =>
  new Intl.NumberFormat(tag, { style: "currency", currency: "USD" }).format(cents / 100).replace(/\u00a0/g, " ");
const longDayIn = (tag: string, ms: number) =>
  new Date(ms).toLocaleDateString(tag, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const shortDayIn = (tag: string, ms: number) =>
  new Date(ms).toLocaleDateString(tag, { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" });

describe("the renewal receipt", () => {
  test("is German for a renewal bought on a German dashboard: subject, body, money, date, lang", async () => {
    const user = await signUpUser(ctx, "month");
    const sale = await pay(
      "/api/subscription/renew",
      { plan: "month", country: "DE", withdrawalConsent: true, language: "de" },
      user.token,
    );
    expect(sale.language).toBe("de");
    const mail = await mailOf("renewal-receipt", sale.id);
    expect(mail.subject).toBe("1 Month Subscription wurde deinem Layerlift-Konto hinzugefügt");
    expect(mail.html).toContain('lang="de"');
    const end = (mail.payload as { endDate: string }).endDate;
    for (const words of [
      "Danke für deine Verlängerung!",
      `Deine Zahlung von ${moneyIn("de", sale.amountCents)} für 1 Month Subscription ist eingegangen`,
      `Dein Zugang läuft jetzt bis zum ${longDayIn("de", Date.parse(end))} (UTC).`,
      "Dashboard öffnen",
      "Deine Rechnung: PDF herunterladen",
      `("${de["checkout.consent.text"]}")`,
      "Bewahre diese E-Mail als Beleg auf",
    ])
      expect(mail.text).toContain(words.replace(/\u00a0/g, " "));
    expect(mail.text.replace(/\u00a0/g, " ")).toContain("6,99 $");
    expectNoEnglish(mail.text, EMAIL_SENTENCES());
  });

  test("stays English as it always read, for a renewal with no language and for a receipt queued before", async () => {
    const user = await signUpUser(ctx, "month");
    const sale = await pay(
      "/api/subscription/renew",
      { plan: "month", country: "US", postalCode: "10001" },
      user.token,
    );
    const mail = await mailOf("renewal-receipt", sale.id);
    expect(mail.subject).toBe("1 Month Subscription added to your Layerlift account");
    expect(mail.html).toContain('lang="en"');
    const paid = `$${(sale.amountCents / 100).toFixed(2)}`;
    expect(mail.text).toContain(
      `Thank you for renewing! Your payment of ${paid} for 1 Month Subscription went through, and its product key has already been applied to your account. There is nothing to type.`,
    );
    expect(mail.text).toContain("Open your dashboard");
    expect(mail.text).toContain("Keep this e-mail as your receipt; the key above is already used.");
    // Queued before receipts carried cents, currency and language: the amount as written, in English.
    const { amountCents: _cents, currency: _currency, language: _language, ...old } = mail.payload;
    const before = await renderEmail("renewal-receipt", { ...old, amountPaid: "$6.99" }, APP_URL);
    expect(before.text.replace(/\s+/g, " ")).toContain("Your payment of $6.99 for 1 Month Subscription went through");
    expect(before.html).toContain('lang="en"');
  });
});

describe("the added-seats receipt", () => {
  test("is Brazilian Portuguese, with Intl money, for seats added on a Brazilian dashboard; its invoice too", async () => {
    const user = await signUpUser(ctx, "month");
    const sale = await pay("/api/seats/add", { seats: 2, country: "BR", language: "pt-BR" }, user.token);
    const mail = await mailOf("added-seats-receipt", sale.id);
    expect(mail.subject).toBe("1 Month Subscription — 2 assentos adicionados: seu recibo do Layerlift");
    expect(mail.html).toContain('lang="pt-BR"');
    const money = moneyIn("pt-BR", sale.amountCents);
    expect(money).toStartWith("US$ ");
    for (const words of [
      "Seus novos assentos estão prontos",
      `Seu pagamento de ${money} por 1 Month Subscription — 2 assentos adicionados foi aprovado.`,
      "Sua licença agora tem 3 assentos",
      "Abrir seus assentos",
      "Guarde este e-mail como recibo.",
    ])
      expect(mail.text.replace(/\u00a0/g, " ")).toContain(words);
    expectNoEnglish(mail.text, EMAIL_SENTENCES());

    const pdf = await pdfText(mail.payload.invoiceUrl as string);
    for (const words of [
      "Fatura",
      `Data: ${shortDayIn("pt-BR", sale.createdAt)}`,
      "Layerlift 1 Month Subscription — 2 assentos adicionados",
      `Assentos adicionados à assinatura em andamento a partir de ${shortDayIn("pt-BR", sale.createdAt)}`,
      "Preço unitário",
      money,
      "Forma de pagamento: cartão (provedor de pagamento de demonstração",
    ])
      expect(pdf).toContain(words);
    expectNoEnglish(pdf, INVOICE_SENTENCES());
    for (const word of INVOICE_WORDS) expect(pdf).not.toContain(word);
  });
});

describe("the invoice", () => {
  test("is German for a German sale, the seller's details as configured; the accented letters draw", async () => {
    const sale = await buy("kaeufer@example.com", "de", {
      taxId: "DE123456789",
      companyName: "Jürgen Größe Öl Façade São Tomé Lições",
      companyAddress: "Königsallee 1, 40212 Düsseldorf",
    });
    const keyMail = await mailOf("product-key", sale.id);
    const pdf = await pdfText(keyMail.payload.invoiceUrl as string);
    for (const words of [
      "Rechnung",
      `Nummer: ${sale.invoiceNumber}`,
      `Datum: ${shortDayIn("de", sale.createdAt)}`,
      "Von",
      "Rechnung an",
      "Layerlift Ltd",
      "1 Harbour Street",
      "USt-IdNr. / Steuernummer: IE1234567T",
      "Jürgen Größe Öl Façade São Tomé Lições",
      "Königsallee 1",
      "Deutschland (DE)",
      "Beschreibung",
      "Betrag",
      "Layerlift 4 Month Pro: Lizenz (Produktschlüssel)",
      `120 Tage Zugang (${shortDayIn("de", sale.createdAt)} bis`,
      "Nettobetrag",
      "Gesamtbetrag",
      moneyIn("de", sale.amountCents),
      "Währung: USD. Zahlungsart: Karte (Demo-Zahlungsanbieter, es wurde kein Geld bewegt).",
      "sofortige Lieferung verlangt",
    ])
      expect(pdf).toContain(words);
    expect(pdf).toMatch(/USt\. 19 % \(Deutschland\)|Steuerschuldnerschaft des Leistungsempfängers/);
    expectNoEnglish(pdf, INVOICE_SENTENCES());
    for (const word of INVOICE_WORDS) expect(pdf).not.toContain(word);
    expect(pdf).not.toContain("asked for immediate delivery");
  });

  test("downloaded again reads the same, in the language it was issued in, whatever the sale says since", async () => {
    const sale = await buy("kaeufer@example.com", "de");
    const url = (await mailOf("product-key", sale.id)).payload.invoiceUrl as string;
    const first = await pdfText(url);
    expect(first).toContain("Rechnung");
    await ctx.deps.db.update(sales).set({ language: "fr" }).where(eq(sales.id, sale.id));
    expect(await pdfText(url)).toBe(first);
  });

  test("stays English for an English sale", async () => {
    const sale = await buy("buyer@example.com");
    const pdf = await pdfText((await mailOf("product-key", sale.id)).payload.invoiceUrl as string);
    for (const words of [
      "Invoice",
      `Date: ${new Date(sale.createdAt).toISOString().slice(0, 10)}`,
      "Bill to",
      "Germany (DE)",
      "Layerlift 4 Month Pro: licence (product key)",
      `${(sale.amountCents / 100).toFixed(2)} USD`,
      "Currency: USD. Payment method: card (demo payment provider, no money moved).",
    ])
      expect(pdf).toContain(words);
  });
});

describe("the refund notice and the credit note", () => {
  test("are German for a German sale: a partial refund, then the rest", async () => {
    const sale = await buy("kaeufer@example.com", "de");
    const admin = (await signInAdmin(ctx)).token;
    const refund = (body: Record<string, unknown>) =>
      call(ctx.app, "POST", `/api/admin/sales/${sale.id}/refund`, { token: admin, body });
    expect((await refund({ amount: 10 })).status).toBe(200);

    const partial = await mailOf("refund-notice", sale.id);
    expect(partial.subject).toBe("Ein Teil deiner Layerlift-Zahlung wurde erstattet");
    expect(partial.html).toContain('lang="de"');
    const paid = moneyIn("de", sale.amountCents);
    for (const words of [
      "Ein Teil deiner Zahlung wurde erstattet",
      `Wir haben dir ${moneyIn("de", 1000)} der ${paid} erstattet, die du für 4 Month Pro bezahlt hast.`,
      "innerhalb von 5 bis 10 Werktagen",
      "Dein Produktschlüssel",
      "Deine Gutschrift LL-CN-",
      "PDF herunterladen",
      "Fragen zu dieser Erstattung? Schreib uns über die Support-Seite",
    ])
      expect(partial.text.replace(/\u00a0/g, " ")).toContain(words);
    expectNoEnglish(partial.text, EMAIL_SENTENCES());

    const note = await pdfText(partial.payload.creditNoteUrl as string);
    for (const words of [
      "Gutschrift",
      `Zur Rechnung ${sale.invoiceNumber}`,
      "Erstattet insgesamt",
      moneyIn("de", 1000),
      `Diese Gutschrift mindert die Rechnung ${sale.invoiceNumber} um die obigen Beträge.`,
    ])
      expect(note).toContain(words);
    expectNoEnglish(note, INVOICE_SENTENCES());
    for (const word of INVOICE_WORDS) expect(note).not.toContain(word);

    expect((await refund({})).status).toBe(200);
    const rest = await mailOf("refund-notice", sale.id);
    expect(rest.subject).toBe("Deine Layerlift-Zahlung wurde erstattet");
    expect(rest.text.replace(/\u00a0/g, " ")).toContain(
      `Mit früheren Erstattungen hast du jetzt ${paid} zurückbekommen.`,
    );
    expectNoEnglish(rest.text, EMAIL_SENTENCES());
  });

  test("says every outcome for the key and the seats in German, and each as always in English", async () => {
    const base = {
      planName: "4 Month Pro",
      refundedCents: 1000,
      paidCents: 2499,
      totalRefundedCents: 1000,
      key: "K7PX2MQ9TB4W",
      daysRemoved: null,
      endDate: null,
      currency: "usd",
    };
    const cases: Record<string, unknown>[] = [
      { keyOutcome: "kept" },
      { keyOutcome: "removed" },
      { keyOutcome: "days-removed", daysRemoved: 120, endDate: "2027-03-01T12:00:00.000Z" },
      { keyOutcome: "days-removed", daysRemoved: 1, endDate: null },
      { keyOutcome: "lifetime-ended" },
      { keyOutcome: "lifetime-kept" },
      { keyOutcome: "none", key: null },
      { keyOutcome: "seats-ended", addedSeats: 2, seatCount: 3 },
      { keyOutcome: "seats-kept", addedSeats: 1 },
      { keyOutcome: "kept", seatsRefunded: 2, seatCount: 3 },
      { keyOutcome: "seats-ended", seatsRefunded: 1, seatCount: 1 },
    ];
    for (const outcome of cases) {
      const german = await renderEmail("refund-notice", { ...base, ...outcome, language: "de" }, APP_URL);
      expectNoEnglish(german.text.replace(/\s+/g, " "), EMAIL_SENTENCES());
    }
    const days = await renderEmail("refund-notice", { ...base, ...cases[2], language: "de" }, APP_URL);
    expect(days.text.replace(/\s+/g, " ")).toContain(
      "diese 120 Tage wurden wieder abgezogen, dein Zugang läuft jetzt also bis zum 1. März 2027 (UTC).",
    );
    const seats = await renderEmail("refund-notice", { ...base, ...cases[7], language: "de" }, APP_URL);
    expect(seats.text.replace(/\s+/g, " ")).toContain("für 4 Month Pro — 2 zusätzliche Plätze bezahlt hast");
    expect(seats.text.replace(/\s+/g, " ")).toContain("Deine Lizenz hat jetzt 3 Plätze.");

    // English, as these notices always read (a notice queued before has no language, currency or addedSeats).
    const english = async (outcome: Record<string, unknown>) =>
      (await renderEmail("refund-notice", { ...base, ...outcome }, APP_URL)).text.replace(/\s+/g, " ");
    expect(await english(cases[2]!)).toContain(
      "Your product key K7PX2MQ9TB4W added 120 days to your subscription; those 120 days have been taken off, so your access now runs until March 1, 2027 (UTC).",
    );
    expect(await english(cases[3]!)).toContain("added 1 day to your subscription; those 1 day have been taken off");
    expect(await english({ ...cases[7], addedSeats: undefined, planName: "4 Month Pro — 2 added seats" })).toContain(
      "We refunded $10.00 of the $24.99 you paid for 4 Month Pro — 2 added seats. It reaches your card within 5 to 10 business days, depending on your bank. The seats this payment added have ended; your access and your other seats stay as they are. Your licence now has 3 seats.",
    );
    expect(await english(cases[9]!)).toContain(
      "Your product key K7PX2MQ9TB4W and your access stay as they are. 2 of the seats this payment was for were refunded and have ended. Your licence now has 3 seats.",
    );
  });
});

describe("the words of e-mails and invoices", () => {
  test("stay on the server: the SPA's catalogue chunks leave them out", async () => {
    const { catalogueCompiler } = await import("../../src/features/site/catalogues");
    const dir = mkdtempSync(join(tmpdir(), "layerlift-catalogue-"));
    try {
      const entry = join(dir, "entry.ts");
      const locales = join(import.meta.dir, "../../src/shared/locales");
      writeFileSync(
        entry,
        `import de from ${JSON.stringify(`${locales}/de.json`)};\nimport en, { rest } from ${JSON.stringify(`${locales}/en.json`)};\nconsole.log(de, en, rest);\n`,
      );
      const built = await Bun.build({
        entrypoints: [entry],
        outdir: join(dir, "out"),
        splitting: true,
        plugins: [catalogueCompiler],
      });
      expect(built.success).toBe(true);
      const code = (await Promise.all(built.outputs.map((output) => output.text()))).join("\n");
      expect(code).toContain("checkout.tax.vat");
      for (const id of [
        "email.sale.renewal.heading",
        "invoice.title",
        "email.productKey.subject",
        "api.INVALID_CREDENTIALS",
      ])
        expect(code).not.toContain(id);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
