/**
 * Dashboard → Support in a real browser: a buyer who wrote to support before signing up confirms the address,
 * and the dashboard shows the ticket with support's answer; the buyer answers from there and the ticket is
 * open again for the admins. The tab fits a phone.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { emails, supportMessages, supportTickets } from "../../src/db/schema";
import { DESKTOP, PHONE, openSignedIn, screenshot } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import type { Mailer } from "../../src/features/email/mailer";
import { postJson, signInAdminOn } from "../support/server";

setDefaultTimeout(150_000);

const BUYER = "lena.berg@studio.example";

/**
 * The buyer's address-confirmation link, as the server e-mails it. The outbox drops a link from its row once
 * the e-mail is sent, so the row alone can't be read for it after the sender's round.
 */
let confirmLinkSent: (link: string) => void = () => {};
const confirmLink = new Promise<string>((resolve) => {
  confirmLinkSent = resolve;
});
const mailer: Mailer = {
  name: "outbox",
  async send(email) {
    if (email.template === "address-confirm" && email.to === BUYER) confirmLinkSent(email.payload.confirmUrl as string);
    return { id: `test-${email.outboxId}` };
  },
};

const suite = browserSuite({ overrides: { mailer } });
let buyerToken: string;
let ticketId: number;

const post = <T>(path: string, body: unknown, token?: string) => postJson<T>(suite.server, path, body, token);

async function lastEmail(template: string) {
  const sent = await suite.server.deps.db
    .select()
    .from(emails)
    .where(and(eq(emails.template, template), eq(emails.to, BUYER)))
    .orderBy(emails.id);
  return sent.at(-1)!;
}

const toastText = (page: Page, text: string) => page.locator("li[data-state=open]").getByText(text, { exact: true });

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

beforeAll(async () => {
  const admin = await signInAdminOn(suite.server);
  const { clientSecret } = await post<{ clientSecret: string }>("/api/create-payment-intent", {
    plan: "pro",
    email: BUYER,
  });
  await post("/api/payment/demo/confirm", { clientSecret });
  const ticket = await post<{ _id: number }>("/api/support/tickets", {
    email: BUYER,
    subject: "technical",
    message: "Nested frames lose their constraints.",
  });
  ticketId = ticket._id;
  await post(`/api/support/tickets/${ticketId}/replies`, { message: "Which plugin version do you run?" }, admin);
  const productKey = (await lastEmail("product-key")).payload.key as string;
  const signup = await post<{ token: string }>("/api/auth/signup", {
    email: BUYER,
    password: "correct horse",
    confirmPassword: "correct horse",
    productKey,
  });
  buyerToken = signup.token;
  const link = new URL(await confirmLink);
  await post("/api/account/confirm-address", { token: link.searchParams.get("token") });
});

describe("the dashboard's Support tab", () => {
  test("shows the account's ticket with support's answer, and sends the buyer's answer", async () => {
    const page = await suite.page(DESKTOP);
    await openSignedIn(page, buyerToken, "/dashboard?tab=support");
    const card = page.getByRole("region", { name: `Ticket #${ticketId}` });
    await card.waitFor();
    const thread = card.getByRole("list", { name: `Messages of ticket #${ticketId}` });
    await thread.getByText("Nested frames lose their constraints.").waitFor();
    await thread.getByText("Which plugin version do you run?").waitFor();
    await card.getByText("Waiting for your answer").waitFor();
    await screenshot(page, "dashboard-support");

    await card.getByRole("button", { name: "Send Answer" }).click();
    await card.getByText("Write your answer first").waitFor();
    await card.getByRole("textbox", { name: "Your answer" }).fill("Version 1.4.2, on Windows.");
    await card.getByRole("button", { name: "Send Answer" }).click();
    await toastText(page, "Answer Sent").waitFor();
    await thread.getByText("Version 1.4.2, on Windows.").waitFor();
    await card.getByText("Open", { exact: true }).waitFor();
    const [stored] = await suite.server.deps.db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
    expect(stored!.status).toBe("open");
    const answers = await suite.server.deps.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.ticketId, ticketId));
    expect(answers.map((answer) => [answer.author, answer.body])).toEqual([
      ["support", "Which plugin version do you run?"],
      ["buyer", "Version 1.4.2, on Windows."],
    ]);
  });

  test("fits a phone, in the light theme too", async () => {
    const page = await suite.page(PHONE);
    await openSignedIn(page, buyerToken, "/dashboard?tab=support");
    await page.getByRole("region", { name: `Ticket #${ticketId}` }).waitFor();
    expect(await overflow(page)).toBe(0);
    await screenshot(page, "dashboard-support-phone");
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    await page.evaluate(() => document.documentElement.classList.add("light"));
    await screenshot(page, "dashboard-support-phone-light");
  });
});
