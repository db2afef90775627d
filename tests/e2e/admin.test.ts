/**
 * The admin panel in a real browser: who may see it, every tab at desktop and phone width,
 * generate → copy → delete, the test e-mail toasts, closing a ticket and resetting a user's link. A ticket's
 * thread is walked in support-tickets.test.ts.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { emails, productKeys, sales, supportTickets, users } from "../../src/db/schema";
import { queueEmail } from "../../src/features/email/outbox";
import { writeAudit } from "../../src/features/audit/service";
import { generateProductKeys } from "../../src/features/product-keys/service";
import type { AuthResponse } from "../../src/shared/api-types";
import { makeKey } from "../support/app";
import { DESKTOP, PHONE, openSignedIn, screenshot } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { fieldDescription } from "./field-description";
import { axeViolations, describeFindings } from "../support/axe";
import { postJson, signInAdminOn } from "../support/server";

setDefaultTimeout(90_000);

const suite = browserSuite();
let adminToken: string;

const post = <T>(path: string, body: unknown) => postJson<T>(suite.server, path, body);

let userCount = 0;
async function signUp(email = `member${++userCount}@example.com`) {
  const password = "correct horse";
  return post<AuthResponse>("/api/auth/signup", {
    email,
    password,
    confirmPassword: password,
    productKey: await makeKey(suite.server.deps, "pro"),
  });
}

async function seed() {
  const { db, clock } = suite.server.deps;
  const now = clock.now();
  const plans = [
    ["month", 699, 50],
    ["pro", 2499, 102],
    ["lifetime", 14999, 465],
    ["pro", 2499, 102],
    ["month", 699, 50],
    ["pro", 2499, 102],
  ] as const;
  for (const [i, [plan, amountCents, feeCents]] of plans.entries()) {
    await db.insert(sales).values({
      paymentIntentId: `pi_seed_${i}`,
      email: `buyer${i}@example.com`,
      plan,
      amountCents,
      feeCents,
      createdAt: now - (plans.length - i) * 3_600_000,
    });
  }
  await db.insert(supportTickets).values([
    {
      email: "stuck@example.com",
      subject: "technical",
      message: "The import stops at 80% on a large frame.",
      createdAt: now - 7_200_000,
    },
    {
      email: "billing@example.com",
      subject: "billing",
      message: "Can I get an invoice for my lifetime purchase?",
      createdAt: now - 3_600_000,
    },
  ]);
  await queueEmail(db, { to: "buyer0@example.com", template: "test", payload: { testKey: "SEEDKEY23456" } }, now);
  await db.insert(emails).values({
    to: "bounced@example.com",
    template: "product-key",
    subject: "Your Layerlift product key",
    payload: { key: "SEEDKEY65432" },
    status: "failed",
    attempts: 5,
    lastError: "Mailbox does not exist",
    createdAt: now - 600_000,
  });
  await writeAudit(db, {
    actorUserId: null,
    action: "link.linked",
    subject: "user:1",
    detail: { robloxUserId: "42" },
    at: now - 60_000,
  });
}

beforeAll(async () => {
  adminToken = await signInAdminOn(suite.server);
  await makeKey(suite.server.deps, "month");
  const linked = await signUp("linked@studio.example");
  await suite.server.deps.db
    .update(users)
    .set({ linkedRobloxAccountId: "261", pluginKey: "ll_seeded" })
    .where(eq(users.id, linked.user.id));
  await seed();
});

function newPage(viewport = DESKTOP): Promise<Page> {
  return suite.page(viewport);
}

async function openAdmin(viewport = DESKTOP) {
  const page = await newPage(viewport);
  await openSignedIn(page, adminToken, "/admin");
  await page.getByRole("heading", { name: "Admin Panel" }).waitFor();
  return page;
}

/**
 * A toast's text. Toasts are list items; matching inside them skips Radix's hidden announcement copy,
 * and unlike a role query it still finds them while an open dialog hides the rest of the page from
 * the accessibility tree.
 */
function toastText(page: Page, text: string) {
  return page.locator("li[data-state=open]").getByText(text, { exact: true });
}

describe("the open tab is in the address", () => {
  test("a tab sets ?tab=, and reload, Back and a shared link keep it", async () => {
    const page = await openAdmin();
    await page.getByRole("tab", { name: "Keys" }).click();
    await page.getByRole("tab", { name: "Keys", selected: true }).waitFor();
    expect(new URL(page.url()).search).toBe("?tab=keys");
    await page.getByRole("tab", { name: "Audit" }).click();
    await page.getByRole("tab", { name: "Audit", selected: true }).waitFor();
    await page.reload();
    await page.getByRole("tab", { name: "Audit", selected: true }).waitFor();
    await page.goBack();
    await page.getByRole("tab", { name: "Keys", selected: true }).waitFor();
    const shared = await newPage();
    await openSignedIn(shared, adminToken, "/admin?tab=emails");
    await shared.getByRole("tab", { name: "E-mails", selected: true }).waitFor();
  });
});

describe("who sees the admin panel", () => {
  test("a visitor without a session is sent to /login", async () => {
    const page = await newPage();
    await page.goto("/admin");
    await page.waitForURL("**/login");
  });

  test("a signed-in user who is not an admin sees '404 Page not found' and can go to the dashboard", async () => {
    const user = await signUp();
    const page = await newPage();
    await openSignedIn(page, user.token, "/admin");
    await page.getByRole("heading", { name: "404 Page not found" }).waitFor();
    // The same page as any unknown path: its explanation and its look, with the product's heading and button.
    await page.getByText("The page you're looking for doesn't exist or has been moved.").waitFor();
    expect(await page.title()).toBe("Page Not Found | Layerlift");
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await page.waitForURL("**/dashboard");
  });
});

const TAB_CHECKS: { tab: string; shows: (page: Page) => Promise<void> }[] = [
  {
    tab: "Overview",
    shows: async (page) => {
      await page.getByText("Total Revenue", { exact: true }).waitFor();
      await page.getByText("Net Revenue").waitFor();
      await page.getByText("Open Tickets").waitFor();
      await page.getByText(/\d+ available/).waitFor();
      await page.getByRole("table", { name: "Recent sales" }).waitFor();
    },
  },
  {
    tab: "Sales",
    shows: async (page) => {
      await page.getByRole("table", { name: "All sales" }).getByText("buyer0@example.com").waitFor();
      await page.getByRole("button", { name: "Download CSV" }).waitFor();
    },
  },
  {
    tab: "Keys",
    shows: async (page) => {
      await page.getByRole("button", { name: "Generate Keys" }).waitFor();
      await page.getByRole("table", { name: "Product keys" }).getByText("Available (unsold)").first().waitFor();
    },
  },
  {
    tab: "Support",
    shows: async (page) => {
      await page.getByText("The import stops at 80% on a large frame.").waitFor();
    },
  },
  {
    tab: "E-mails",
    shows: async (page) => {
      await page.getByRole("table", { name: "E-mails" }).getByText("Layerlift test email").first().waitFor();
    },
  },
  {
    tab: "Users",
    shows: async (page) => {
      await page.getByRole("table", { name: "Users" }).getByText("linked@studio.example").waitFor();
    },
  },
  {
    tab: "Audit",
    shows: async (page) => {
      await page.getByRole("table", { name: "Audit log" }).getByText("Linked a game account").waitFor();
    },
  },
  {
    tab: "Webhooks",
    shows: async (page) => {
      await page.getByText("No endpoints yet.").waitFor();
      await page.getByRole("button", { name: "Add endpoint" }).waitFor();
    },
  },
];

for (const [width, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  describe(`every tab at ${width} width`, () => {
    for (const { tab, shows } of TAB_CHECKS) {
      test(`the ${tab} tab shows its content without sideways scrolling`, async () => {
        // One signed-in panel per width, shared by these tests: each opens its own tab.
        const page = await suite.sharedPage(`admin panel, ${width}`, viewport, async (opened) => {
          await openSignedIn(opened, adminToken, "/admin");
          await opened.getByRole("heading", { name: "Admin Panel" }).waitFor();
        });
        await page.getByRole("tab", { name: tab }).click();
        await shows(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await screenshot(page, `admin-${tab.toLowerCase()}-${width}`);
      });
    }
  });
}

describe("overview", () => {
  test("revenue is shown in dollars with two decimals, net of fees for admin revenue", async () => {
    const page = await openAdmin();
    const figures = page.getByRole("region", { name: "Figures" });
    await figures.getByText("$238.94").waitFor();
    await figures.getByText("$230.23").waitFor();
  });

  test("without BACKUP_URL the backup line says in red that backups don't leave the server", async () => {
    const page = await openAdmin();
    const backups = page.getByRole("region", { name: "Backups" });
    await backups
      .getByText("Backups don't leave this server: set BACKUP_URL to send them to S3-compatible storage.")
      .waitFor();
    expect(await backups.getAttribute("class")).toContain("border-destructive");
  });

  for (const [width, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const)
    test(`scheduled backups read 'Last backup: 2 hours ago' in green, a failure in red (${width})`, async () => {
      // The server's own answer, with the backup part as a scheduled server would give it.
      let backup: Record<string, unknown> = {
        scheduled: true,
        everySeconds: 3600,
        lastGood: { at: Date.now() - 7_200_000, ageSeconds: 7_200, name: "layerlift-x.backup" },
        lastFailure: null,
        drill: { at: Date.now() - 7_000_000, ok: true, problem: null, name: "layerlift-x.backup" },
        warning: null,
      };
      const page = await newPage(viewport);
      await page.route("**/api/health", async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), backup } });
      });
      await openSignedIn(page, adminToken, "/admin");
      const region = page.getByRole("region", { name: "Backups" });
      await region.getByText("Last backup: 2 hours ago").waitFor();
      await region.getByText("Off-site, every hour · restore drill passed 1 hour ago").waitFor();
      expect(await region.getAttribute("class")).toContain("border-success");
      await screenshot(page, `admin-backups-good-${width}`);

      backup = {
        ...backup,
        lastFailure: { at: Date.now(), problem: "Uploading s3://shop/x failed: the storage can't be reached." },
        warning: "The last backup failed: Uploading s3://shop/x failed: the storage can't be reached.",
      };
      await page.reload();
      await region
        .getByText("The last backup failed: Uploading s3://shop/x failed: the storage can't be reached.")
        .waitFor();
      await region.getByText(/last good backup 2 hours ago/).waitFor();
      expect(await region.getAttribute("class")).toContain("border-destructive");
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `admin-backups-failed-${width}`);
    }, 90_000);

  test("'View all sales' opens the Sales tab, which lists every sale with its fee", async () => {
    const page = await openAdmin(PHONE);
    await page.getByRole("button", { name: "View all sales" }).click();
    await page.waitForURL("**/admin?tab=sales");
    expect(await page.getByRole("tab", { name: "Sales" }).getAttribute("aria-selected")).toBe("true");
    const table = page.getByRole("table", { name: "All sales" });
    await table.getByText("buyer0@example.com").waitFor();
    expect(await table.getByRole("row").count()).toBe(6);
    await table.getByText("$4.65").waitFor();
    await screenshot(page, "admin-all-sales-phone");
  });
});

describe("product keys", () => {
  test("a list that cannot load says why, and Try again loads it", async () => {
    const page = await openAdmin();
    let refused = false;
    await page.route("**/api/admin/product-keys**", (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: "INTERNAL", message: "Database is busy." }),
      });
    });
    await page.getByRole("tab", { name: "Keys" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "Database is busy." });
    await alert.waitFor();
    await alert.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("table", { name: "Product keys" }).getByText("Available (unsold)").first().waitFor();
    expect(await alert.count()).toBe(0);
  });

  test("a bought key reads 'Sold (not redeemed)' with its buyer's e-mail, and the state filter lists only such keys", async () => {
    const intent = await post<{ clientSecret: string }>("/api/create-payment-intent", {
      plan: "pro",
      email: "keybuyer@example.com",
    });
    await post("/api/payment/demo/confirm", { clientSecret: intent.clientSecret });
    const [bought] = await suite.server.deps.db
      .select()
      .from(productKeys)
      .where(eq(productKeys.source, "purchase"))
      .orderBy(desc(productKeys.id))
      .limit(1);
    const page = await openAdmin();
    await page.getByRole("tab", { name: "Keys" }).click();
    const table = page.getByRole("table", { name: "Product keys" });
    const row = table.getByRole("row").filter({ hasText: bought.key });
    await row.getByText("Sold (not redeemed)").waitFor();
    await row.getByText("keybuyer@example.com").waitFor();
    expect(await row.getByText("Available").count()).toBe(0);

    await page.getByLabel("Filter by state").selectOption("sold");
    await table.getByRole("row").filter({ hasText: "Available (unsold)" }).first().waitFor({ state: "detached" });
    await row.waitFor();
    const states = await table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.textContent ?? ""));
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((text) => text.includes("Sold (not redeemed)"))).toBe(true);
    await page.getByLabel("Filter by state").selectOption("redeemed");
    // "Redeemed" alone would also match "Sold (not redeemed)" before the list changes: wait for the bought key to go.
    await row.waitFor({ state: "detached" });
    const redeemed = await table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.textContent ?? ""));
    expect(redeemed.some((text) => text.includes("Sold (not redeemed)"))).toBe(false);
  });

  test("a key made with the command line reads CLI in the Source column", async () => {
    const [cliKey] = await generateProductKeys(suite.server.deps.db, suite.server.deps.clock.now(), {
      plan: "month",
      count: 1,
      source: "cli",
    });
    const page = await openAdmin();
    await page.getByRole("tab", { name: "Keys" }).click();
    const row = page.getByRole("row").filter({ hasText: cliKey.key });
    await row.waitFor();
    expect(await row.getByText("CLI", { exact: true }).count()).toBe(1);
    expect(await row.getByText("Cli", { exact: true }).count()).toBe(0);
  });

  test("an admin generates a key, copies it and deletes it", async () => {
    const page = await openAdmin();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: suite.server.url });
    await page.getByRole("tab", { name: "Keys" }).click();
    await page.getByRole("button", { name: "Generate Keys" }).click();
    const dialog = page.getByRole("dialog", { name: "Generate product keys" });
    await dialog.getByLabel("Plan").selectOption("lifetime");
    await dialog.getByLabel("Count").fill("2");
    await screenshot(page, "admin-generate-dialog-desktop");
    await dialog.getByRole("button", { name: "Generate" }).click();
    await toastText(page, "Product Keys Generated").waitFor();
    await toastText(page, "2 keys added (Lifetime Access).").waitFor();

    const newest = (await suite.server.deps.db.select().from(productKeys).orderBy(desc(productKeys.id)).limit(1))[0]!;
    expect(newest).toMatchObject({ plan: "lifetime", source: "admin" });
    await page.getByRole("button", { name: `Copy ${newest.key}` }).click();
    await toastText(page, "Copied!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(newest.key);

    await page.getByRole("button", { name: `Delete ${newest.key}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toastText(page, "Product key deleted successfully").waitFor();
    await page.getByText(newest.key).waitFor({ state: "detached" });
    expect(
      (await suite.server.deps.db.select().from(productKeys).where(eq(productKeys.id, newest.id)).limit(1))[0],
    ).toBeUndefined();
  });

  test("a count that is not a number generates one key", async () => {
    const before = (await suite.server.deps.db.select().from(productKeys)).length;
    const page = await openAdmin();
    await page.getByRole("tab", { name: "Keys" }).click();
    await page.getByRole("button", { name: "Generate Keys" }).click();
    await page.getByLabel("Count").fill("");
    await page.getByRole("dialog").getByRole("button", { name: "Generate" }).click();
    await toastText(page, "Product Keys Generated").waitFor();
    expect((await suite.server.deps.db.select().from(productKeys)).length).toBe(before + 1);
  });

  test("a used key's delete button is disabled, and says why", async () => {
    const used = (
      await suite.server.deps.db.select().from(productKeys).where(eq(productKeys.isUsed, true)).limit(1)
    )[0]!;
    const page = await openAdmin();
    await page.getByRole("tab", { name: "Keys" }).click();
    const button = page.getByRole("button", { name: `Delete ${used.key}` });
    await button.waitFor();
    // Greyed, and disabled for assistive technology, yet focusable: its reason is read out with it, and shown on
    // a tap and on keyboard focus.
    expect(await button.getAttribute("aria-disabled")).toBe("true");
    expect(await button.isDisabled()).toBe(true);
    expect(await fieldDescription(button)).toBe("Used keys can't be deleted.");
    expect(describeFindings("the keys tab with a locked delete", await axeViolations(page))).toBe("");
    // Playwright waits for a control that is not marked disabled; a person's tap does not.
    await button.click({ force: true });
    await page.getByRole("tooltip").getByText("Used keys can't be deleted.").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("tooltip").waitFor({ state: "detached" });
    // The tap left the button focused, so focusing it again would be no focus at all: leave it first.
    await button.evaluate((element) => (element as HTMLElement).blur());
    await button.focus();
    await page.getByRole("tooltip").getByText("Used keys can't be deleted.").waitFor();
    // A tap on it deletes nothing.
    expect(await suite.server.deps.db.select().from(productKeys).where(eq(productKeys.id, used.id))).toHaveLength(1);
  });

  test("a refused generation shows 'Failed to generate product keys'", async () => {
    const page = await openAdmin();
    await page.getByRole("tab", { name: "Keys" }).click();
    await page.getByRole("button", { name: "Generate Keys" }).click();
    await page.getByLabel("Count").fill("500");
    await page.getByRole("dialog").getByRole("button", { name: "Generate" }).click();
    await toastText(page, "Failed to generate product keys").waitFor();
    await toastText(page, "Count must be a whole number from 1 to 100.").waitFor();
  });
});

describe("test e-mail", () => {
  test("sending shows 'Test Email Sent' and queues the e-mail", async () => {
    const page = await openAdmin();
    await page.getByRole("button", { name: "Test Email" }).click();
    const dialog = page.getByRole("dialog", { name: "Send a test email" });
    await dialog.getByLabel("Email address").fill("ops@studio.example");
    await dialog.getByLabel("Test key").fill("ABCD2345EFGH");
    await dialog.getByRole("button", { name: "Send Test Email" }).click();
    await toastText(page, "Test Email Sent").waitFor();
    await page.getByRole("tab", { name: "E-mails" }).click();
    await page.getByRole("table", { name: "E-mails" }).getByText("ops@studio.example").waitFor();
    await screenshot(page, "admin-test-email-sent");
  });

  test("a failure shows 'Email Test Failed' - 'Failed to send test email' on a phone", async () => {
    const page = await openAdmin(PHONE);
    await page.route("**/api/admin/test-email", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: "INTERNAL", message: "Mail is down." }),
      }),
    );
    await page.getByRole("button", { name: "Test Email" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Send Test Email" }).click();
    await toastText(page, "Email Test Failed").waitFor();
    await toastText(page, "Failed to send test email").waitFor();
    await screenshot(page, "admin-test-email-failed-phone");
  });
});

describe("e-mails", () => {
  test("Retry failed e-mails shows only while some failed, queues them again and says how many", async () => {
    const page = await openAdmin();
    await page.getByRole("tab", { name: "E-mails" }).click();
    const bounced = page
      .getByRole("table", { name: "E-mails" })
      .getByRole("row")
      .filter({ hasText: "bounced@example.com" });
    await bounced.getByText("Failed", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Retry 1 failed e-mail" }).click();
    await toastText(page, "1 failed e-mail queued again").waitFor();
    await bounced.getByText("Pending", { exact: true }).waitFor();
    // Nothing failed any more: the button goes.
    await page.getByRole("button", { name: /^Retry \d+ failed/ }).waitFor({ state: "detached" });
    await screenshot(page, "admin-emails-retried");
  });
});

describe("e-mails that can't be resent", () => {
  test("a password reset e-mail offers no Resend; other e-mails do", async () => {
    const { db, clock } = suite.server.deps;
    await queueEmail(
      db,
      {
        to: "forgot@example.com",
        template: "password-reset",
        payload: { resetUrl: "https://layerlift.example/reset-password?token=secret" },
      },
      clock.now(),
    );
    const page = await openAdmin();
    await page.getByRole("tab", { name: "E-mails" }).click();
    const table = page.getByRole("table", { name: "E-mails" });
    await table.getByRole("row").filter({ hasText: "forgot@example.com" }).waitFor();
    await table.getByRole("button", { name: "Resend e-mail to buyer0@example.com" }).waitFor();
    expect(await table.getByRole("button", { name: "Resend e-mail to forgot@example.com" }).count()).toBe(0);
  });
});

describe("support", () => {
  test("a message sent from the support page's contact form reaches the admin's Support tab", async () => {
    const visitor = await newPage();
    await visitor.goto("/support");
    await visitor.getByRole("textbox", { name: "Email" }).fill("visitor@studio.example");
    await visitor.getByLabel(/Subject/).selectOption("bug");
    await visitor.getByRole("textbox", { name: "Message" }).fill("The _scrollx tag exports a vertical frame.");
    await visitor.getByRole("button", { name: "Send Message" }).click();
    await toastText(visitor, "Message Sent!").waitFor();

    const page = await openAdmin();
    await page.getByRole("tab", { name: "Support" }).click();
    const row = page.getByRole("row").filter({ hasText: "visitor@studio.example" });
    await row.getByText("The _scrollx tag exports a vertical frame.").waitFor();
    await row.getByText("Bug Report", { exact: true }).waitFor();
    await row.getByText("Open", { exact: true }).waitFor();
  });

  test("a ticket shows as Open and an admin closes it", async () => {
    const [ticket] = await suite.server.deps.db
      .insert(supportTickets)
      .values({
        email: "closeme@example.com",
        message: "Please close this one.",
        createdAt: suite.server.deps.clock.now(),
      })
      .returning();
    const page = await openAdmin();
    await page.getByRole("tab", { name: "Support" }).click();
    const row = page.getByRole("row").filter({ hasText: "closeme@example.com" });
    await row.getByText("Open", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Close ticket from closeme@example.com" }).click();
    // The list shows open tickets at first: a closed one leaves it, and is found under Closed.
    await row.waitFor({ state: "detached" });
    await page.getByRole("combobox", { name: "Show tickets" }).selectOption("closed");
    await page.waitForURL("**/admin?tab=support&status=closed");
    await page
      .getByRole("row")
      .filter({ hasText: "closeme@example.com" })
      .getByText("Closed", { exact: true })
      .waitFor();
    expect(
      (await suite.server.deps.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id)).limit(1))[0]!
        .status,
    ).toBe("closed");
  });
});

describe("users", () => {
  test("an admin finds a user by e-mail and resets the linked account", async () => {
    const member = await signUp("reset-me@studio.example");
    await suite.server.deps.db
      .update(users)
      .set({ linkedRobloxAccountId: "777", lastLinkResetAt: suite.server.deps.clock.now() })
      .where(eq(users.id, member.user.id));
    const page = await openAdmin(PHONE);
    await page.getByRole("tab", { name: "Users" }).click();
    await page.getByRole("searchbox", { name: "Search by email" }).fill("reset-me");
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByText("777").waitFor();
    await page.getByRole("button", { name: "Reset link of reset-me@studio.example" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Reset link" }).click();
    await toastText(page, "Account reset").waitFor();
    await page.getByText("Not linked").waitFor();
    expect(
      (await suite.server.deps.db.select().from(users).where(eq(users.id, member.user.id)).limit(1))[0]!
        .linkedRobloxAccountId,
    ).toBeNull();
  });
});
