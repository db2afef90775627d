/**
 * The admin Overview in a real browser: the Product Keys card counts only the keys there to hand out and opens the
 * Keys tab filtered to them; the revenue chart keeps Revenue and Net apart when they are equal, steps its value axis
 * evenly up to a top at or above the highest day, and its table for screen readers counts sales as its summary
 * does; nothing above "View all sales" moves while the backup line and the chart arrive. Both themes at 1280 and
 * 390 px, axe finding nothing; pictures go to SHOTS_DIR.
 */
import { beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { Page } from "playwright-core";
import { sales } from "../../src/db/schema";
import { generateProductKeys } from "../../src/features/product-keys/service";
import { DAY } from "../../src/lib/clock";
import { axeViolations, describeFindings } from "../support/axe";
import { DESKTOP, openSignedIn, PHONE } from "../support/browser";
import { LOOKS, showLook } from "../support/looks";
import { browserSuite } from "../support/browser-suite";
import { postJson, signInAdminOn } from "../support/server";
import { shoot } from "./shots";

setDefaultTimeout(90_000);

const suite = browserSuite();
let admin: string;

/**
 * Keys: two made by an admin and never used (available), one redeemed, one bought and not yet redeemed.
 * Sales, all without fees or tax so Revenue and Net are equal: today one paid, one refunded in full and one
 * disputed (1 paid sale, 3 sales); five days ago one paid lifetime.
 */
async function seed() {
  const { db, clock } = suite.server.deps;
  const now = clock.now();
  const sale = (id: string, plan: "month" | "pro" | "lifetime", amountCents: number, status: string, at: number) =>
    db
      .insert(sales)
      .values({
        paymentIntentId: `pi_overview_${id}`,
        email: `${id}@example.com`,
        plan,
        amountCents,
        feeCents: 0,
        status: status as "paid",
        createdAt: at,
      })
      .returning();
  const [bought] = await sale("bought", "pro", 2499, "paid", now - 60_000);
  await sale("refunded", "month", 699, "refunded", now - 50_000);
  await sale("disputed", "lifetime", 14999, "disputed", now - 40_000);
  await sale("earlier", "lifetime", 14999, "paid", now - 5 * DAY);
  await generateProductKeys(db, now, { plan: "pro", count: 1, source: "purchase", saleId: bought!.id });
  const [redeemed] = await generateProductKeys(db, now, { plan: "month", count: 3, source: "admin" });
  await postJson(suite.server, "/api/auth/signup", {
    email: "member@example.com",
    password: "correct horse",
    confirmPassword: "correct horse",
    productKey: redeemed!.key,
  });
}

beforeAll(async () => {
  admin = await signInAdminOn(suite.server);
  await seed();
});

/** Signs the admin in on `page` and waits for the Overview with its chart. */
async function showOverview(page: Page): Promise<Page> {
  await openSignedIn(page, admin, "/admin");
  // The chart is loaded after the figures: on a busy machine the first load of the file takes a while.
  await page.getByRole("heading", { name: "Revenue by day" }).waitFor({ timeout: 30_000 });
  await page.locator(".recharts-area").first().waitFor({ timeout: 30_000 });
  return page;
}

const openOverview = async () => showOverview(await suite.page(DESKTOP));

const figures = (page: Page) => page.getByRole("region", { name: "Figures" });

describe("the Product Keys card", () => {
  test("counts only keys nobody bought or used, and opens the Keys tab filtered to exactly those", async () => {
    const page = await openOverview();
    await figures(page).getByText("4", { exact: true }).waitFor();
    await figures(page).getByRole("button", { name: "2 available" }).click();
    await page.getByRole("tab", { name: "Keys", selected: true }).waitFor();
    expect(new URL(page.url()).searchParams.get("state")).toBe("unsold");
    expect(await page.getByLabel("Filter by state").inputValue()).toBe("unsold");
    const rows = page.getByRole("table", { name: "Product keys" }).locator("tbody tr");
    await rows.first().getByText("Available (unsold)").waitFor();
    const texts = await rows.evaluateAll((found) => found.map((row) => row.textContent ?? ""));
    expect(texts).toHaveLength(2);
    expect(texts.every((text) => text.includes("Available (unsold)") && text.includes("Admin"))).toBe(true);
    // The filter is in the address: a reload keeps it, and choosing All states lists every key.
    await page.reload();
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    await page.getByLabel("Filter by state").selectOption("");
    await rows.nth(3).waitFor();
    expect(new URL(page.url()).searchParams.get("state")).toBeNull();
  });
});

describe("the revenue chart", () => {
  test("draws Revenue and Net so both show when they are equal, and names each line's style in the legend", async () => {
    const page = await openOverview();
    const curve = (line: string) => page.locator(`.${line}-line .recharts-area-curve`);
    const revenue = curve("revenue");
    const net = curve("net");
    // Net is dashed over a wider solid Revenue line: where they meet, Revenue shows between Net's dashes.
    expect(await revenue.getAttribute("stroke-dasharray")).toBeNull();
    expect(await net.getAttribute("stroke-dasharray")).toBeTruthy();
    expect(Number(await revenue.getAttribute("stroke-width"))).toBeGreaterThan(
      Number(await net.getAttribute("stroke-width")),
    );
    // Net is drawn after Revenue, so it is the one on top.
    const order = await page
      .locator(".recharts-area")
      .evaluateAll((areas) => areas.map((area) => (area.classList.contains("net-line") ? "net" : "revenue")));
    expect(order).toEqual(["revenue", "net"]);
    const legend = page.getByTestId("revenue-legend");
    expect(await legend.locator("[data-line=revenue] line").getAttribute("stroke-dasharray")).toBeNull();
    expect(await legend.locator("[data-line=net] line").getAttribute("stroke-dasharray")).not.toBeNull();
  });

  test("the value axis steps evenly from $0 to a top tick at or above the highest day", async () => {
    for (const range of ["30 days", "90 days"]) {
      const page = await openOverview();
      await page.getByRole("button", { name: range }).click();
      await page.getByRole("button", { name: range, pressed: true }).waitFor();
      await page.getByText(`Revenue by day, last ${range}`).waitFor({ state: "attached" });
      await page
        .locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value")
        .first()
        .waitFor({ timeout: 30_000 });
      const ticks = (
        await page.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value").allTextContents()
      ).map((label) => Number(label.replace(/[$,]/g, "")));
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      expect(ticks[0]).toBe(0);
      const steps = ticks.slice(1).map((tick, i) => Math.round((tick - ticks[i]!) * 100));
      expect(new Set(steps).size).toBe(1);
      // A step one reads at a glance: 1, 2, 2.5 or 5 times a power of ten ($50, not $40 or $7).
      const step = steps[0]! / 100;
      const power = 10 ** Math.floor(Math.log10(step));
      expect([1, 2, 2.5, 5]).toContain(Math.round((step / power) * 10) / 10);
      expect(ticks.at(-1)!).toBeGreaterThanOrEqual(149.99);
      // No more than one step of room above the highest day.
      expect(ticks.at(-2)!).toBeLessThan(149.99);
    }
  });

  test("the table for screen readers counts sales as the summary does", async () => {
    const page = await openOverview();
    await page
      .getByTestId("revenue-summary")
      .getByText(
        "Last 30 days: $174.98 revenue from 2 paid sales, $174.98 net after fees. 2 sales refunded in full or disputed are not counted.",
      )
      .waitFor();
    const table = page.getByRole("table", { name: "Revenue by day, last 30 days" });
    const headers = await table.locator("thead th").allTextContents();
    expect(headers).toEqual(["Day", "Revenue", "Net", "Paid sales", "Refunded in full or disputed"]);
    const today = new Date(suite.server.deps.clock.now()).toISOString().slice(0, 10);
    const cells = await table
      .getByRole("row", { name: new RegExp(`^${today}`) })
      .locator("th, td")
      .allTextContents();
    expect(cells).toEqual([today, "$24.99", "$24.99", "1", "2"]);
    // The table's paid sales and those left out add up to the summary's.
    const counts = await table
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll("td")].slice(2).map((td) => Number(td.textContent))),
      );
    expect(counts.reduce((sum, [paid]) => sum + paid!, 0)).toBe(2);
    expect(counts.reduce((sum, [, left]) => sum + left!, 0)).toBe(2);
  });
});

describe("a screen that holds still", () => {
  for (const viewport of [DESKTOP, PHONE])
    test(`'View all sales' never moves while the backup line and the chart arrive, at ${viewport.width} px`, async () => {
      // A click lands where the button was a moment before: if the chart or the backup line arrived in
      // between and pushed it down, the click hit something else and was lost.
      const page = await suite.page(viewport);
      const gate = () => {
        let open = () => {};
        const opened = new Promise<void>((resolve) => {
          open = resolve;
        });
        return { open, opened };
      };
      const backups = gate();
      const chart = gate();
      await page.route("**/*", async (route) => {
        const { pathname } = new URL(route.request().url());
        if (pathname === "/api/health") await backups.opened;
        if (pathname === "/api/admin/revenue") await chart.opened;
        if (!pathname.endsWith(".js")) return route.continue();
        const response = await route.fetch();
        const body = await response.text();
        if (body.includes("recharts-")) await chart.opened; // the chart library's module
        return route.fulfill({ response, body });
      });
      const overviewAnswered = page.waitForResponse((response) => response.url().endsWith("/api/admin/overview"));
      await openSignedIn(page, admin, "/admin");
      await page.getByRole("heading", { name: "Admin Panel" }).waitFor();
      // The figures came first and the backup line after them: the order that pushed the button down.
      await overviewAnswered;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      // The button's place on the page at every frame, from its first showing until the chart and the
      // backup line are both drawn.
      const places = page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const seen: string[] = [];
            const frame = () => {
              const button = [...document.querySelectorAll("button")].find(
                (found) => found.textContent?.trim() === "View all sales",
              );
              if (button) {
                const box = button.getBoundingClientRect();
                seen.push(`${box.x},${box.y + window.scrollY}`);
              }
              const settled =
                document.querySelector(".recharts-area") && document.querySelector("[aria-label=Backups]");
              if (button && settled) resolve(seen);
              else requestAnimationFrame(frame);
            };
            frame();
          }),
      );
      backups.open();
      await page.getByRole("button", { name: "View all sales" }).waitFor();
      chart.open();
      const seen = await places;
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen)).toEqual(new Set([seen[0]!]));
    });
});

describe("accessibility and pictures", () => {
  for (const { theme, size: width, viewport } of LOOKS)
    test(`the Overview and the filtered Keys tab have no accessibility findings in the ${theme} theme at ${width} px`, async () => {
      // The panel is opened once and looked at in each theme and width, from its Overview tab each time.
      const page = await suite.sharedPage("overview", DESKTOP, showOverview);
      await showLook(page, { theme, viewport });
      await page.getByRole("tab", { name: "Overview" }).click();
      await page.getByRole("heading", { name: "Revenue by day" }).waitFor();
      await page.locator(".recharts-area").first().waitFor();
      await figures(page).getByRole("button", { name: "2 available" }).waitFor();
      expect(describeFindings(`Overview, ${theme}, ${width}`, await axeViolations(page))).toBe("");
      await shoot(page, `admin-overview-${theme}-${width}`);
      await figures(page).getByRole("button", { name: "2 available" }).click();
      await page.getByRole("table", { name: "Product keys" }).getByText("Available (unsold)").first().waitFor();
      expect(describeFindings(`Available keys, ${theme}, ${width}`, await axeViolations(page))).toBe("");
      await shoot(page, `admin-available-keys-${theme}-${width}`);
    });
});
