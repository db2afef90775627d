/**
 * Every screen is looked at four ways: both themes at both widths (a laptop's 1280 px and a phone's 390 px). A
 * file either makes one test per look (`for (const look of LOOKS) test(…)`) or walks the page it has open through
 * all four with `checkEveryLook`.
 */
import { expect } from "bun:test";
import type { Page } from "playwright-core";
import { shoot } from "../e2e/shots";
import { axeViolations, describeFindings } from "./axe";
import { DESKTOP, PHONE } from "./browser";

export type Theme = "dark" | "light";

export const THEMES = ["dark", "light"] as const satisfies readonly Theme[];

/** The two widths, with the size that names their pictures. */
export const WIDTHS = [
  { size: "1280", viewport: DESKTOP },
  { size: "390", viewport: PHONE },
] as const;

export interface Look {
  theme: Theme;
  size: (typeof WIDTHS)[number]["size"];
  viewport: (typeof WIDTHS)[number]["viewport"];
}

/** Both themes at both widths, dark first (the site's default). */
export const LOOKS: readonly Look[] = THEMES.flatMap((theme) => WIDTHS.map((width) => ({ theme, ...width })));

/** Switches the open page's theme with the footer's Theme menu, as a visitor does. */
export const footerTheme = (page: Page) => async (theme: Theme) => {
  await page.getByRole("contentinfo").getByLabel("Theme").selectOption(theme);
  await page.waitForFunction((name) => document.documentElement.classList.contains(name), theme);
};

/**
 * Switches the open page's theme by its root class alone: for a page whose footer can't be reached (an open modal
 * dialog makes the rest of the page inert), when only the look is being checked.
 */
export const classTheme = (page: Page) => async (theme: Theme) => {
  await page.evaluate((name) => {
    document.documentElement.classList.toggle("light", name === "light");
    document.documentElement.classList.toggle("dark", name === "dark");
  }, theme);
};

/** Shows the open page in one look: its theme by the root class (`classTheme`), its width by the viewport. */
export async function showLook(page: Page, { theme, viewport }: Pick<Look, "theme" | "viewport">) {
  await classTheme(page)(theme);
  await page.setViewportSize(viewport);
}

/**
 * The open page in both themes at both widths: a picture of each (`name-SIZE-THEME`, when SHOTS_DIR is set) and
 * no accessibility finding. `setTheme` switches the page's theme; it ends at 1280 px.
 */
export async function checkEveryLook(
  page: Page,
  name: string,
  setTheme: (theme: Theme) => Promise<void>,
  fullPage = true,
) {
  for (const theme of THEMES) {
    await setTheme(theme);
    for (const { size, viewport } of WIDTHS) {
      await page.setViewportSize(viewport);
      await shoot(page, `${name}-${size}-${theme}`, fullPage);
      expect(describeFindings(`${name} (${size}, ${theme})`, await axeViolations(page))).toBe("");
    }
  }
  await page.setViewportSize(DESKTOP);
}
