/**
 * The admin's seat control on the Users tab: an admin sets an account's seat count (up as goodwill, down ends the
 * newest), a count that is not 1–100 gets a sentence and changes nothing, and every change is audited.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { and, eq, isNull } from "drizzle-orm";
import type { Page } from "playwright-core";
import { auditLog, seats } from "../../src/db/schema";
import type { AuthResponse } from "../../src/shared/api-types";
import { makeKey } from "../support/app";
import { DESKTOP, PHONE, openSignedIn } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { postJson, signInAdminOn } from "../support/server";
import { checkEveryLook, classTheme } from "../support/looks";
import { shoot } from "./shots";

setDefaultTimeout(90_000);

const suite = browserSuite();
let adminToken: string;
let member: AuthResponse;

beforeAll(async () => {
  adminToken = await signInAdminOn(suite.server);
  const password = "correct horse";
  member = await postJson<AuthResponse>(suite.server, "/api/auth/signup", {
    email: "lead@studio.example",
    password,
    confirmPassword: password,
    productKey: await makeKey(suite.server.deps, "pro"),
  });
});

const liveSeats = async () =>
  (
    await suite.server.deps.db
      .select()
      .from(seats)
      .where(and(eq(seats.userId, member.user.id), isNull(seats.endedAt)))
  ).length;

async function findLead(viewport = DESKTOP): Promise<Page> {
  const page = await suite.page(viewport);
  await openSignedIn(page, adminToken, "/admin?tab=users");
  await page.getByRole("searchbox", { name: "Search by email" }).fill("lead@studio");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("button", { name: "Set seats of lead@studio.example" }).waitFor();
  return page;
}

/** The dialog at both widths and in both themes: a picture of each, and no accessibility findings. */
const everyScreen = (page: Page, name: string) => checkEveryLook(page, name, classTheme(page), false);

describe("the admin's seat control", () => {
  test("a count outside 1–100 gets a sentence and changes nothing; 4 gives seats, 2 ends the newest; audited", async () => {
    const page = await findLead();
    await page.getByRole("button", { name: "Set seats of lead@studio.example" }).click();
    const dialog = page.getByRole("dialog", { name: "Set seats" });
    const field = dialog.getByLabel("Seats");
    expect(await field.inputValue()).toBe("1");

    await field.fill("101");
    await dialog.getByRole("button", { name: "Set seats" }).click();
    await dialog.getByText("Seats must be a whole number from 1 to 100.").waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await everyScreen(page, "admin-seats-dialog");
    expect(await liveSeats()).toBeLessThanOrEqual(1);

    await field.fill("4");
    await dialog.getByRole("button", { name: "Set seats" }).click();
    await page.locator("li[data-state=open]").getByText("lead@studio.example has 4 seats.").waitFor();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("row").filter({ hasText: "lead@studio.example" }).getByText("4", { exact: true }).waitFor();
    expect(await liveSeats()).toBe(4);

    await page.getByRole("button", { name: "Set seats of lead@studio.example" }).click();
    expect(await dialog.getByLabel("Seats").inputValue()).toBe("4");
    await dialog.getByLabel("Seats").fill("2");
    await dialog.getByRole("button", { name: "Set seats" }).click();
    await page
      .locator("li[data-state=open]")
      .getByText("lead@studio.example has 2 seats. 2 ended (the newest).")
      .waitFor();
    expect(await liveSeats()).toBe(2);
    const audited = await suite.server.deps.db.select().from(auditLog).where(eq(auditLog.action, "seats.set"));
    expect(audited.map((row) => JSON.parse(row.detail!))).toEqual([
      { from: 1, to: 4 },
      { from: 4, to: 2 },
    ]);
  });

  test("the control stands beside Reset link in the account's row, at desktop and phone width", async () => {
    for (const [viewport, size] of [
      [DESKTOP, "1280"],
      [PHONE, "390"],
    ] as const) {
      const page = await findLead(viewport);
      const row = page.getByRole("row").filter({ hasText: "lead@studio.example" });
      expect(await row.getByRole("button", { name: "Set seats of lead@studio.example" }).isVisible()).toBe(true);
      expect(await row.getByRole("button", { name: "Reset link of lead@studio.example" }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shoot(page, `admin-users-seats-${size}`, false);
    }
  });
});
