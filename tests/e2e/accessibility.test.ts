/**
 * axe-core over every screen, at desktop and phone width, in the dark and the light theme: the public
 * pages with their dialogs and menu, the dashboard's tabs and the admin panel's, with data in them.
 * Colour contrast, names, roles, landmarks and heading order all count; none may be found.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { emails, reviews, sales, supportTickets, users } from "../../src/db/schema";
import { writeAudit } from "../../src/features/audit/service";
import { createOrPromoteAdmin } from "../../src/features/users/service";
import type { AuthResponse } from "../../src/shared/api-types";
import { makeKey } from "../support/app";
import { axeViolations, describeFindings } from "../support/axe";
import { DESKTOP, PHONE, openSignedIn } from "../support/browser";
import { THEMES, WIDTHS, classTheme } from "../support/looks";
import { browserSuite } from "../support/browser-suite";
import { postJson } from "../support/server";

setDefaultTimeout(120_000);

const suite = browserSuite();
let memberToken: string;
let adminToken: string;

const post = <T>(path: string, body: unknown, token?: string) => postJson<T>(suite.server, path, body, token);

beforeAll(async () => {
  const { db, clock } = suite.server.deps;
  const now = clock.now();
  const member = await post<AuthResponse>("/api/auth/signup", {
    email: "member@example.com",
    password: "correct horse",
    confirmPassword: "correct horse",
    productKey: await makeKey(suite.server.deps, "pro"),
  });
  memberToken = member.token;
  await post("/api/figma/generate-key", {}, memberToken);
  await post(
    "/api/reviews",
    { rating: 5, comment: "Buttons just work on every phone.", displayName: "maya" },
    memberToken,
  );
  await db.update(users).set({ lastSeenAt: now });
  await createOrPromoteAdmin(db, { email: "admin@example.com", password: "admin password" }, now);
  adminToken = (await post<AuthResponse>("/api/auth/login", { email: "admin@example.com", password: "admin password" }))
    .token;
  await db.insert(sales).values({
    paymentIntentId: "pi_axe",
    email: "buyer@example.com",
    plan: "pro",
    amountCents: 2499,
    feeCents: 102,
    createdAt: now - 3_600_000,
  });
  await db.insert(sales).values({
    paymentIntentId: "pi_axe_partial",
    email: "partly-refunded@example.com",
    plan: "pro",
    amountCents: 2499,
    feeCents: 102,
    refundedCents: 500,
    createdAt: now - 1_800_000,
  });
  await db.insert(supportTickets).values({
    email: "stuck@example.com",
    subject: "technical",
    message: "The import stops at 80%.",
    createdAt: now - 7_200_000,
  });
  await db.insert(emails).values({
    to: "buyer@example.com",
    template: "test",
    subject: "Layerlift test email",
    payload: { testKey: "AXEKEY234567" },
    createdAt: now,
  });
  await writeAudit(db, {
    actorUserId: null,
    action: "link.linked",
    subject: "user:1",
    detail: { robloxUserId: "42" },
    at: now - 60_000,
  });
  await makeKey(suite.server.deps, "month");
  expect(await db.select().from(reviews)).toHaveLength(1);
});

interface Screen {
  name: string;
  /** Brings the page to the screen and waits until it shows what it should. */
  open: (page: Page) => Promise<unknown>;
  phoneOnly?: boolean;
}

const heading = (page: Page, name?: string | RegExp) =>
  page.getByRole("heading", { level: 1, ...(name ? { name } : {}) }).waitFor();
const visit = (path: string, name?: string | RegExp) => async (page: Page) => {
  await page.goto(path);
  await heading(page, name);
};

const PUBLIC_SCREENS: Screen[] = [
  {
    name: "home",
    open: async (page) => {
      await visit("/")(page);
      await page.getByText("What Developers Are Saying").waitFor();
    },
  },
  { name: "purchase", open: visit("/purchase", "Choose Your Plan") },
  {
    name: "purchase dialog",
    open: async (page) => {
      await visit("/purchase")(page);
      await page.getByLabel("Email address").fill("buyer@example.com");
      await page.getByRole("button", { name: "Choose Plan: 4 Month Pro" }).click();
      await page.getByRole("dialog", { name: "Complete Your Purchase" }).waitFor();
      await page.getByRole("button", { name: /Complete Payment/ }).waitFor();
    },
  },
  {
    name: "payment result",
    open: async (page) => {
      await page.goto("/purchase/success");
      await page.getByText("Payment Error").waitFor();
    },
  },
  { name: "support", open: visit("/support", "How can we help?") },
  { name: "docs", open: visit("/docs", "Layer Tags") },
  { name: "setup guide", open: visit("/docs/getting-started", "Getting Started") },
  { name: "docs tag", open: visit("/docs/lock", "Aspect Ratio Constraint Tag") },
  { name: "docs last tag", open: visit("/docs/icon") },
  { name: "login", open: visit("/login", "Welcome back") },
  {
    name: "forgot password",
    open: async (page) => {
      await visit("/login")(page);
      await page.getByRole("button", { name: "Forgot password?" }).click();
      await page.getByRole("dialog").waitFor();
    },
  },
  { name: "signup", open: visit("/signup") },
  {
    name: "login with the server's sentence under the password",
    open: async (page) => {
      await visit("/login")(page);
      await page.getByLabel("Email").fill("member@example.com");
      await page.getByLabel("Password", { exact: true }).fill("not the password");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await page.locator("#login-password-error").getByText("Invalid email or password").waitFor();
    },
  },
  { name: "plugin API reference", open: visit("/api/plugin/docs") },
  { name: "reset password", open: visit("/reset-password?token=abc", "Choose a new password") },
  { name: "reset link incomplete", open: visit("/reset-password", "Reset link incomplete") },
  { name: "404", open: visit("/no-such-page", "404 - Page Not Found") },
  {
    name: "menu",
    phoneOnly: true,
    open: async (page) => {
      await visit("/")(page);
      await page.getByRole("button", { name: "Open menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).waitFor();
    },
  },
];

const tab = (path: string, name: string) => async (page: Page) => {
  if (new URL(page.url()).pathname !== path) await page.goto(path);
  await page.getByRole("tab", { name }).click();
  await page.getByRole("tabpanel", { name }).waitFor();
  await page.waitForLoadState("networkidle");
};

const MEMBER_SCREENS: Screen[] = [
  ...["Overview", "Subscription", "Plugin", "Support", "Settings"].map((name) => ({
    name: `dashboard ${name}`,
    open: tab("/dashboard", name),
  })),
  {
    name: "cancel dialog",
    open: async (page) => {
      await tab("/dashboard", "Subscription")(page);
      await page.getByRole("button", { name: "Cancel Subscription" }).click();
      await page.getByRole("alertdialog").or(page.getByRole("dialog")).first().waitFor();
    },
  },
  { name: "admin for a member", open: visit("/admin", "404 Page not found") },
];

const ADMIN_SCREENS: Screen[] = [
  ...["Overview", "Keys", "Support", "E-mails", "Users", "Audit"].map((name) => ({
    name: `admin ${name}`,
    open: tab("/admin", name),
  })),
  {
    name: "generate keys dialog",
    open: async (page) => {
      await tab("/admin", "Keys")(page);
      await page
        .getByRole("button", { name: /Generate/ })
        .first()
        .click();
      await page.getByRole("dialog").waitFor();
    },
  },
  // Last: the refund dialog opens over the Sales tab.
  {
    name: "all sales with a refund badge",
    open: async (page) => {
      await tab("/admin", "Overview")(page);
      await page.getByRole("button", { name: "View all sales" }).click();
      await page.getByRole("region", { name: "Sales" }).getByText("$5.00 refunded").waitFor();
    },
  },
  {
    name: "refund dialog with more than is left",
    open: async (page) => {
      await tab("/admin", "Overview")(page);
      await page.getByRole("button", { name: "View all sales" }).click();
      await page.getByRole("button", { name: "Refund the sale to partly-refunded@example.com" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Refund this sale?" });
      await dialog.getByLabel("Amount to refund").fill("30");
      await dialog.getByText("At most $19.99 is left to refund").waitFor();
    },
  },
];

/** Opens the screen (dark, at its first width), then checks it in both themes at each width it has. */
async function auditScreen(page: Page, screen: Screen): Promise<string> {
  const widths = screen.phoneOnly ? WIDTHS.filter(({ viewport }) => viewport === PHONE) : WIDTHS;
  const setTheme = classTheme(page);
  await page.setViewportSize(widths[0]!.viewport);
  await setTheme("dark");
  await screen.open(page);
  const problems: string[] = [];
  for (const theme of THEMES) {
    await setTheme(theme);
    for (const { size, viewport } of widths) {
      await page.setViewportSize(viewport);
      const findings = await axeViolations(page);
      if (findings.length) problems.push(describeFindings(`${screen.name} (${size}, ${theme})`, findings));
    }
  }
  await page.keyboard.press("Escape");
  return problems.join("\n");
}

const GROUPS = [
  { group: "public screens", screens: PUBLIC_SCREENS, token: () => undefined },
  { group: "the dashboard", screens: MEMBER_SCREENS, token: () => memberToken },
  { group: "the admin panel", screens: ADMIN_SCREENS, token: () => adminToken },
];

for (const { group, screens, token } of GROUPS) {
  describe(group, () => {
    for (const screen of screens) {
      const where = screen.phoneOnly ? "at 390 px" : "at 1280 and 390 px";
      test(`${screen.name}: no accessibility violation in the dark or the light theme, ${where}`, async () => {
        // One page per group, signed in as it needs, shared by the group's tests: each loads its screen once and
        // walks it through the four looks.
        const page = await suite.sharedPage(group, DESKTOP, async (opened) => {
          const signedIn = token();
          if (signedIn) await openSignedIn(opened, signedIn, "/");
        });
        expect(await auditScreen(page, screen)).toBe("");
      });
    }
  });
}
