/** Screenshots for a person to look at, kept out of the repository (SHOTS_DIR, else /tmp/layerlift-shots). */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";

export async function shoot(page: Page, name: string, fullPage = true) {
  const dir = process.env.SHOTS_DIR ?? "/tmp/layerlift-shots";
  mkdirSync(dir, { recursive: true });
  // A dialog slides in: take the picture once it has arrived.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}
