/**
 * The support page in a real browser: the community and documentation cards, the FAQ (one answer
 * open at a time) and the contact form, whose tickets land in the database the admins read.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { supportTickets } from "../../src/db/schema";
import { COMMUNITY_CHAT_URL, PRODUCT_NAME, REFUND_DAYS } from "../../src/shared/product";
import { DESKTOP, PHONE, screenshot } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { shoot } from "./shots";
import { startTestServer, type TestServer } from "../support/server";

setDefaultTimeout(90_000);

const FAQ_QUESTIONS = [
  `How do I install ${PRODUCT_NAME}?`,
  "Which devices does the imported UI work on?",
  "Can I use it in multiple projects?",
  "What is your refund policy?",
  "How does auto-scaling work?",
  "Are there any import limits?",
] as const;

const suite = browserSuite();

async function openSupport(viewport = DESKTOP, target?: TestServer): Promise<Page> {
  const page = await suite.page(viewport, { server: target });
  await page.goto("/support");
  await page.getByRole("heading", { name: "Frequently Asked Questions" }).waitFor();
  return page;
}

/** The toast region's text (Radix also announces toasts in a hidden copy, which this skips). */
function toastText(page: Page, text: string) {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });
}

function ticketsFrom(email: string) {
  return suite.server.deps.db.select().from(supportTickets).where(eq(supportTickets.email, email));
}

let emailCount = 0;
const uniqueEmail = () => `support${++emailCount}-${Date.now()}@example.com`;

describe("help cards", () => {
  test("the community chat link opens the chat in a new tab", async () => {
    const page = await openSupport();
    const link = page.getByRole("link", { name: /Join the Community/ });
    expect(await link.getAttribute("href")).toBe(COMMUNITY_CHAT_URL);
    expect(await link.getAttribute("target")).toBe("_blank");
    expect((await link.getAttribute("rel"))?.split(" ")).toContain("noopener");
  });

  test("the documentation button opens the documentation index", async () => {
    const page = await openSupport();
    await page.getByRole("link", { name: "Browse Documentation" }).click();
    await page.waitForURL("**/docs");
    await page.getByRole("heading", { name: "Layer Tags", level: 1 }).waitFor();
  });
});

describe("FAQ", () => {
  test("the FAQ has the six questions, all closed at first", async () => {
    const page = await openSupport();
    for (const question of FAQ_QUESTIONS) {
      expect(await page.getByRole("button", { name: question }).getAttribute("aria-expanded")).toBe("false");
    }
  });

  test("opening a question closes the one that was open", async () => {
    const page = await openSupport();
    const install = page.getByRole("button", { name: FAQ_QUESTIONS[0] });
    const refunds = page.getByRole("button", { name: "What is your refund policy?" });

    await install.click();
    await page.getByText("Plugin tab of your dashboard and generate a plugin key").waitFor();
    expect(await install.getAttribute("aria-expanded")).toBe("true");

    await refunds.click();
    await page.getByText(`within ${REFUND_DAYS} days of your purchase`).waitFor();
    // The answer names the ways to refund that exist, and links the policy.
    await page.getByText("Press Request refund in your dashboard's Purchases tab", { exact: false }).waitFor();
    expect(await page.getByRole("link", { name: "Read the refund policy" }).getAttribute("href")).toBe(
      "/refund-policy",
    );
    expect(await refunds.getAttribute("aria-expanded")).toBe("true");
    expect(await install.getAttribute("aria-expanded")).toBe("false");
    expect(await page.locator('[aria-expanded="true"]').count()).toBe(1);
  });

  test("an open question closes again when clicked", async () => {
    const page = await openSupport();
    const limits = page.getByRole("button", { name: "Are there any import limits?" });
    await limits.click();
    await page.getByText("imported and scaled in under a minute").waitFor();
    await limits.click();
    await page.getByText("imported and scaled in under a minute").waitFor({ state: "hidden" });
    expect(await limits.getAttribute("aria-expanded")).toBe("false");
  });

  test("the FAQ opens from the keyboard", async () => {
    const page = await openSupport();
    const devices = page.getByRole("button", { name: "Which devices does the imported UI work on?" });
    await devices.focus();
    await page.keyboard.press("Enter");
    await page.getByText("phones, tablets, desktops and consoles in portrait and landscape").waitFor();
    expect(await devices.getAttribute("aria-expanded")).toBe("true");
  });
});

describe("contact form", () => {
  test("sending an empty form asks for the email and the message and stores nothing", async () => {
    const page = await openSupport();
    const before = (await suite.server.deps.db.select().from(supportTickets)).length;
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Email is required").waitFor();
    await page.getByText("Message is required").waitFor();
    expect(await page.getByLabel("Email").evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await suite.server.deps.db.select().from(supportTickets)).length).toBe(before);
  });

  test("a malformed email address is pointed out before anything is sent", async () => {
    const page = await openSupport();
    await page.getByLabel("Email").fill("not-an-address");
    await page.getByLabel("Message").fill("Hello");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Enter a valid email address").waitFor();
    expect(await ticketsFrom("not-an-address")).toHaveLength(0);
  });

  test("sending the form shows 'Message Sent!', clears the fields and stores the ticket", async () => {
    const page = await openSupport();
    const email = uniqueEmail();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel(/Subject/).selectOption("bug");
    await page.getByLabel("Message").fill("The Buy_button import lost its hover state.");
    await page.getByRole("button", { name: "Send Message" }).click();

    await toastText(page, "Message Sent!").waitFor();
    await toastText(page, "We'll get back to you within 24 hours.").waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe("");
    expect(await page.getByLabel(/Subject/).inputValue()).toBe("");
    expect(await page.getByLabel("Message").inputValue()).toBe("");

    const [ticket] = await ticketsFrom(email);
    expect(ticket).toMatchObject({
      subject: "bug",
      message: "The Buy_button import lost its hover state.",
      status: "open",
    });
    // The number stays on the page once the toast has gone.
    const sent = page.getByRole("status").filter({ hasText: `Message sent: ticket #${ticket!.id}.` });
    await sent.waitFor();
    expect(await sent.innerText()).toContain(`We'll reply to ${email} within 24 hours`);
    await shoot(page, "support-message-sent-1280", false);
  });

  test("the subject is optional", async () => {
    const page = await openSupport();
    const email = uniqueEmail();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Message").fill("Just saying thanks.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await toastText(page, "Message Sent!").waitFor();
    const [ticket] = await ticketsFrom(email);
    expect(ticket.subject).toBeNull();
  });

  test("when the server refuses, a destructive toast shows its message and the form keeps the text", async () => {
    const limited = await startTestServer({ rateLimits: true });
    try {
      // Use up the sender's allowance: the clock is fake, so it does not refill.
      for (let i = 0; i < 10; i++) {
        await fetch(`${limited.url}/api/support/tickets`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "flood@example.com", message: `Message ${i}` }),
        });
      }
      const page = await openSupport(DESKTOP, limited);
      await page.getByLabel("Email").fill("late@example.com");
      await page.getByLabel("Message").fill("Is anyone there?");
      await page.getByRole("button", { name: "Send Message" }).click();

      await toastText(page, "Message Not Sent").waitFor();
      await toastText(page, "Too many messages sent. Please wait a minute and try again.").waitFor();
      const toastRoot = page
        .getByRole("region", { name: /Notifications/ })
        .locator("li", { hasText: "Message Not Sent" });
      expect(await toastRoot.getAttribute("class")).toContain("border-destructive");
      expect(await page.getByLabel("Message").inputValue()).toBe("Is anyone there?");
    } finally {
      await suite.closePages();
      await limited.stop();
    }
  });
});

describe("screens", () => {
  test("the support page has its own title and description", async () => {
    const page = await openSupport();
    expect(await page.title()).toBe(`Support | ${PRODUCT_NAME}`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toContain(
      "answered within 24 hours",
    );
  });

  test("the support page fits a phone without sideways scrolling", async () => {
    const page = await openSupport(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test("screenshots of the support page at desktop and phone width", async () => {
    for (const [viewport, name] of [
      [DESKTOP, "support-desktop"],
      [PHONE, "support-phone"],
    ] as const) {
      const page = await openSupport(viewport);
      await page.getByRole("button", { name: "What is your refund policy?" }).click();
      await page.getByText(`within ${REFUND_DAYS} days of your purchase`).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0)); // keeps the sticky navbar at the top of the full-page shot
      await screenshot(page, name);
    }
  });
});
