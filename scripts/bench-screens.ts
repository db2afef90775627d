/** `npm run bench -- screens`: the signed-in screens in Chromium, from navigation to their content after a reload. */
import { join } from "node:path";
import { benchServerEnv } from "./bench-scale";
import { BUN, freePort, json, median, ROOT, spawn, waitFor } from "./bench-tools";

/**
 * A signed-in screen's content is on screen: its <h1> is in and no loading skeleton is left in <main>.
 * Noted at the frame after the DOM gets there, in ms since navigation.
 */
const CONTENT_WATCH = `(() => {
  const done = () => { const main = document.querySelector("main"); return !!main && !!main.querySelector("h1") && !main.querySelector(".animate-pulse"); };
  const observer = new MutationObserver(() => {
    if (!done()) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__contentAt = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
})();`;

export async function signedInScreens(tmp: string) {
  const { chromium } = await import("playwright-core");
  const port = await freePort();
  const db = join(tmp, "screens.db");
  const app = spawn([BUN, "src/index.ts"], benchServerEnv(port, db));
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--disable-background-networking",
    ],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`);
    await fetch(`${base}/`); // the SPA is bundled on first use
    const key = Bun.spawnSync([BUN, "src/index.ts", "keys", "generate", "--plan", "pro", "--count", "1", "--db", db], {
      cwd: ROOT,
    })
      .stdout.toString()
      .trim();
    const user = await json(`${base}/api/auth/signup`, {
      method: "POST",
      body: JSON.stringify({
        email: "screens@example.com",
        password: "bench password",
        confirmPassword: "bench password",
        productKey: key,
      }),
    });
    Bun.spawnSync(
      [
        BUN,
        "src/index.ts",
        "admin",
        "create",
        "--email",
        "admin@example.com",
        "--password",
        "admin password",
        "--db",
        db,
      ],
      { cwd: ROOT },
    );
    const admin = await json(`${base}/api/auth/login`, {
      method: "POST",
      body: JSON.stringify({ email: "admin@example.com", password: "admin password" }),
    });
    const reloads = 7;
    console.log(
      `\nSigned-in screens in Chromium on localhost, navigation to content after a reload (median of ${reloads}, budget < 1000 ms):`,
    );
    for (const [name, path, token] of [
      ["dashboard", "/dashboard", user.token],
      ["admin panel", "/admin", admin.token],
    ] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(CONTENT_WATCH);
      const page = await context.newPage();
      await page.goto(`${base}/404`);
      await page.evaluate((value) => localStorage.setItem("token", value), token);
      await page.goto(base + path);
      await page.waitForFunction(() => (window as any).__contentAt !== undefined);
      const times: number[] = [];
      for (let i = 0; i < reloads; i++) {
        await page.reload();
        await page.waitForFunction(() => (window as any).__contentAt !== undefined, undefined, { timeout: 15_000 });
        times.push(await page.evaluate(() => (window as any).__contentAt as number));
      }
      console.log(
        `  ${name.padEnd(12)} ${median(times).toFixed(0).padStart(5)} ms  (runs ${times.map((t) => t.toFixed(0)).join(", ")})`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    app.kill();
    await app.exited;
  }
}
