/**
 * The admin panel's lists page by the last row shown (`?before=<id>`), not by offset: Next asks for
 * the rows after the last one on screen, Previous goes back to the page before. The E-mails list comes
 * without each e-mail's text; View fetches it.
 */
import { beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { auditLog } from "../../src/db/schema";
import { createOrPromoteAdmin } from "../../src/features/users/service";
import { queueEmail } from "../../src/features/email/outbox";
import { DESKTOP, openSignedIn } from "../support/browser";
import { axeViolations } from "../support/axe";
import { browserSuite } from "../support/browser-suite";

setDefaultTimeout(60_000);

const suite = browserSuite();
let adminToken: string;

beforeAll(async () => {
  const { db, clock } = suite.server.deps;
  await createOrPromoteAdmin(db, { email: "admin@example.com", password: "admin password" }, clock.now());
  const response = await fetch(`${suite.server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "admin@example.com", password: "admin password" }),
  });
  adminToken = ((await response.json()) as { token: string }).token;
  await db.insert(auditLog).values(
    Array.from({ length: 120 }, (_, i) => ({
      actorUserId: null,
      action: "link.linked" as const,
      subject: `user:${i + 1}`,
      createdAt: clock.now() - (120 - i) * 60_000,
    })),
  );
});

test("Next and Previous page the audit log by the last row shown", async () => {
  const page = await suite.page(DESKTOP);
  await openSignedIn(page, adminToken, "/admin?tab=audit");
  const pages = page.getByRole("navigation", { name: "Pages" });
  await pages.getByText("Showing 1–50").waitFor();
  const lastShown = suite.server.deps.db.$client.reader
    .query("SELECT id FROM audit_log ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET 49")
    .get() as { id: number };

  const asked = page.waitForRequest((request) => request.url().includes("/api/admin/audit?"));
  await pages.getByRole("button", { name: "Next" }).click();
  const url = new URL((await asked).url());
  expect(url.searchParams.get("before")).toBe(String(lastShown.id));
  expect(url.searchParams.has("offset")).toBe(false);
  await pages.getByText("Showing 51–100").waitFor();
  await page.getByRole("table", { name: "Audit log" }).getByText("user:70", { exact: true }).waitFor();

  await pages.getByRole("button", { name: "Next" }).click();
  const total = (
    suite.server.deps.db.$client.reader.query("SELECT count(*) AS n FROM audit_log").get() as { n: number }
  ).n;
  await pages.getByText(`Showing 101–${total}`).waitFor();
  await expect(pages.getByRole("button", { name: "Next" }).isDisabled()).resolves.toBe(true);

  await pages.getByRole("button", { name: "Previous" }).click();
  await pages.getByText("Showing 51–100").waitFor();
  await pages.getByRole("button", { name: "Previous" }).click();
  await pages.getByText("Showing 1–50").waitFor();
});

test("View on the E-mails tab fetches and shows the e-mail's text, which the keyboard can scroll; each row's View is named apart", async () => {
  const { db, clock } = suite.server.deps;
  for (const testKey of ["VIEWKEY23456", "VIEWKEY65432"]) {
    await queueEmail(db, { to: "viewed@example.com", template: "test", payload: { testKey } }, clock.now());
  }
  const page = await suite.page(DESKTOP);
  await openSignedIn(page, adminToken, "/admin?tab=emails");
  const views = page.getByRole("button", { name: /^View e-mail .* to viewed@example\.com/ });
  await views.first().waitFor();
  const names = await views.evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label")));
  expect(names).toHaveLength(2);
  expect(new Set(names).size).toBe(2);
  const asked = page.waitForRequest((request) => /\/api\/admin\/emails\/\d+$/.test(request.url()));
  await views.first().click();
  await asked;
  const dialog = page.getByRole("dialog");
  await dialog.getByText("VIEWKEY65432").waitFor();
  expect(await dialog.getByLabel("E-mail text").getAttribute("tabindex")).toBe("0");
  expect(await axeViolations(page)).toEqual([]);
});
