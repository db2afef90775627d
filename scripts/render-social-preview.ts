/**
 * `npm run social-preview`: renders web/social/preview.html to web/social/preview.png (1200×630), the
 * picture link previews show (Open Graph, Twitter card). Uses Debian's Chromium, like the browser tests.
 */
import { join } from "node:path";
import { launchBrowser } from "../tests/support/browser";

const dir = join(import.meta.dir, "../web/social");
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.goto(`file://${join(dir, "preview.html")}`);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(dir, "preview.png"), type: "png" });
  console.log("web/social/preview.png (1200×630)");
} finally {
  await browser.close();
}
