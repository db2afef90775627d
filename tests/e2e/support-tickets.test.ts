/**
 * A support ticket's whole thread in a real browser: a buyer writes through the contact form, the admin opens
 * the ticket beside what the buyer bought, e-mails the keys again and answers; the buyer reads the answer
 * through the link in its e-mail, without an account, and answers back; the admin sees that answer in order.
 * The ticket's page and the admin's ticket fit a phone.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { emails, supportTickets } from "../../src/db/schema";
import { DESKTOP, PHONE, openSignedIn, screenshot } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { axeViolations, describeFindings } from "../support/axe";
import { postJson, signInAdminOn } from "../support/server";

// One walk through three pages, on a machine that may be shared.
setDefaultTimeout(150_000);

const suite = browserSuite();
const BUYER = "maria.rossi@studio.example";
let adminToken: string;

const post = <T>(path: string, body: unknown) => postJson<T>(suite.server, path, body);

/** The newest e-mail of a template to an address, as queued. */
async function lastEmail(template: string, to = BUYER) {
  const sent = await suite.server.deps.db
    .select()
    .from(emails)
    .where(and(eq(emails.template, template), eq(emails.to, to)))
    .orderBy(emails.id);
  return sent.at(-1);
}

/** The ticket page's path from the link in an e-mail. */
async function linkIn(template: string) {
  const url = new URL((await lastEmail(template))!.payload.ticketUrl as string);
  return `${url.pathname}${url.search}`;
}

const toastText = (page: Page, text: string) => page.locator("li[data-state=open]").getByText(text, { exact: true });

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function openTicketAsAdmin(viewport = DESKTOP) {
  const page = await suite.page(viewport);
  await openSignedIn(page, adminToken, "/admin?tab=support");
  await page.getByRole("heading", { name: "Admin Panel" }).waitFor();
  await page.getByRole("button", { name: new RegExp(`^View ticket .* from ${BUYER}$`) }).click();
  await page.getByRole("list", { name: "Messages" }).waitFor();
  return page;
}

beforeAll(async () => {
  adminToken = await signInAdminOn(suite.server);
  const { clientSecret } = await post<{ clientSecret: string }>("/api/create-payment-intent", {
    plan: "pro",
    email: BUYER,
  });
  await post("/api/payment/demo/confirm", { clientSecret });
});

describe("a ticket's thread", () => {
  test("the buyer writes, the admin answers beside the purchase, the buyer answers through the e-mailed link", async () => {
    // The buyer writes through the contact form and is e-mailed the ticket's number and link.
    const visitor = await suite.page();
    await visitor.goto("/support");
    await visitor.getByRole("textbox", { name: "Email" }).fill(BUYER);
    await visitor.getByLabel(/Subject/).selectOption("billing");
    await visitor.getByRole("textbox", { name: "Message" }).fill("My key never arrived.");
    await visitor.getByRole("button", { name: "Send Message" }).click();
    await toastText(visitor, "Message Sent!").waitFor();
    const [ticket] = await suite.server.deps.db.select().from(supportTickets).where(eq(supportTickets.email, BUYER));
    expect(await lastEmail("support-received")).toBeDefined();

    // The admin opens it: the message, and beside it the key and the purchase made with that address.
    const admin = await openTicketAsAdmin();
    await admin.getByRole("list", { name: "Messages" }).getByText("My key never arrived.").waitFor();
    const sender = admin.getByRole("region", { name: "Keys" });
    await sender.getByText((await lastEmail("product-key"))!.payload.key as string).waitFor();
    await admin.getByRole("region", { name: "Purchases" }).getByText("Pro").waitFor();
    await admin.getByRole("button", { name: `Resend keys to ${BUYER}` }).click();
    await toastText(admin, "Keys sent").waitFor();

    // The answer goes by e-mail; the ticket now waits for the buyer.
    await admin.getByRole("textbox", { name: "Your answer" }).fill("Sorry about that!\nIt's on its way again.");
    await admin.getByRole("button", { name: "Send answer" }).click();
    await toastText(admin, "Answer sent").waitFor();
    await admin.getByText("Waiting for the buyer", { exact: true }).first().waitFor();
    expect(await lastEmail("support-reply")).toBeDefined();

    // The buyer opens the answer's link (no account) and reads the thread in order, then answers.
    const buyer = await suite.page(PHONE);
    await buyer.goto(await linkIn("support-reply"));
    await buyer.getByRole("heading", { level: 1, name: /^Ticket / }).waitFor();
    const thread = buyer.getByRole("list", { name: "Messages" });
    await thread.getByText("It's on its way again.", { exact: false }).waitFor();
    expect(await thread.getByRole("listitem").allInnerTexts()).toEqual([
      expect.stringContaining("My key never arrived."),
      expect.stringContaining("Sorry about that!"),
    ]);
    await buyer.getByText("Waiting for your answer", { exact: true }).waitFor();
    expect(await overflow(buyer)).toBeLessThanOrEqual(0);
    await screenshot(buyer, "support-ticket-phone");
    await buyer.getByRole("textbox", { name: "Your answer" }).fill("Got it, thank you!");
    await buyer.getByRole("button", { name: "Send Answer" }).click();
    await toastText(buyer, "Answer Sent").waitFor();
    await thread.getByText("Got it, thank you!").waitFor();
    expect(await thread.getByRole("listitem").count()).toBe(3);

    // Back with the admin: the answer is last in the thread, and the ticket is open again.
    await admin.reload();
    const messages = admin.getByRole("list", { name: "Messages" });
    await messages.getByText("Got it, thank you!").waitFor();
    expect(await messages.getByRole("listitem").count()).toBe(3);
    expect(
      (await suite.server.deps.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id)))[0]!.status,
    ).toBe("open");
  });

  test("the admin's ticket fits a phone", async () => {
    const admin = await openTicketAsAdmin(PHONE);
    await admin.getByRole("region", { name: "Purchases" }).waitFor();
    expect(await overflow(admin)).toBeLessThanOrEqual(0);
    await screenshot(admin, "admin-ticket-phone");
  });

  test("a link that was tampered with shows no ticket", async () => {
    const page = await suite.page();
    const link = await linkIn("support-received");
    await page.goto(`${link.slice(0, -2)}xx`);
    await page.getByRole("heading", { level: 1, name: "Ticket not found" }).waitFor();
    await page.getByRole("link", { name: "Go to Support" }).waitFor();
    expect(await page.getByRole("list", { name: "Messages" }).count()).toBe(0);
  });
});

describe("the admin's Support tab", () => {
  test("counts the tickets waiting for an answer, and the count follows them", async () => {
    for (const message of ["Is there a student price?", "The import button is grey."]) {
      await post("/api/support/tickets", { email: "counted@example.com", message });
    }
    const open = async () =>
      (await suite.server.deps.db.select().from(supportTickets).where(eq(supportTickets.status, "open"))).length;
    const before = await open();
    expect(before).toBeGreaterThanOrEqual(2);
    const page = await suite.page(DESKTOP);
    await openSignedIn(page, adminToken, "/admin");
    await page.getByRole("tab", { name: `Support ${before} to answer` }).waitFor();
    await screenshot(page, "admin-support-count");
    for (const theme of ["light", "dark"] as const) {
      await fetch(`${suite.server.url}/api/user/settings`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
        body: JSON.stringify({ theme }),
      });
      const themed = await suite.page(PHONE);
      await themed.addInitScript((choice) => localStorage.setItem("theme", choice), theme);
      await openSignedIn(themed, adminToken, "/admin");
      await themed.getByRole("tab", { name: `Support ${before} to answer` }).waitFor();
      expect(describeFindings(`admin tabs, ${theme}`, await axeViolations(themed))).toBe("");
      await screenshot(themed, `admin-support-count-${theme}-390`);
    }
    await suite.server.deps.db
      .update(supportTickets)
      .set({ status: "closed" })
      .where(eq(supportTickets.email, "counted@example.com"));
    await page.reload();
    const after = before - 2;
    await page.getByRole("tab", { name: after ? `Support ${after} to answer` : "Support", exact: true }).waitFor();
  });
});
