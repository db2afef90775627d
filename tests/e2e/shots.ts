/** Screenshots for a person to look at, kept out of the repository: taken only when SHOTS_DIR is set. */
import type { Page } from "playwright-core";
import { screenshot, SHOTS_DIR } from "../support/browser";

export async function shoot(page: Page, name: string, fullPage = true) {
  if (!SHOTS_DIR) return;
  // A dialog slides in: take the picture once it has arrived.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  await screenshot(page, name, { fullPage });
}
