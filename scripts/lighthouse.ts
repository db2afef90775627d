/**
 * `npm run lighthouse`: starts the site in production mode on a free port (a temporary database, dummy
 * provider keys pointing nowhere), audits the public pages with Lighthouse at its default mobile
 * settings in Debian's Chromium, prints one row per page (the median of several runs) and exits
 * non-zero when a target is missed: performance ≥ 98; accessibility, best practices and SEO = 100;
 * CLS 0. Timings are noisy on a shared machine, which is why this is not part of `npm test`.
 *
 *   npm run lighthouse                      # /, /purchase, /support, /docs, /docs/lock, 3 runs each
 *   npm run lighthouse -- --runs 5 /docs    # other pages or run counts
 *   npm run lighthouse -- --url http://localhost:3000   # audit a server that is already running
 *   npm run lighthouse -- --cpu-slowdown 14  # a slower phone: Lighthouse's CPU slowdown (default 4)
 *   npm run lighthouse -- --save reports     # also write each page's median report (JSON) there
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import * as lighthouseConstants from "lighthouse/core/config/constants.js";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/browser";
import { productionEnv } from "./bench-pages";
import { freePort } from "./free-port";

const DEFAULT_PAGES = ["/", "/purchase", "/support", "/docs", "/docs/lock"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
};
const runs = Number(option("--runs") ?? 3);
const externalUrl = option("--url");
/** A folder for each page's median report, to read its long tasks and scripts (Lighthouse's JSON). */
const saveDir = option("--save");
/** How many times slower than this machine the simulated phone's CPU is (Lighthouse's mobile default: 4). */
const cpuSlowdown = Number(
  option("--cpu-slowdown") ?? lighthouseConstants.throttling.mobileSlow4G.cpuSlowdownMultiplier,
);
if (!(cpuSlowdown >= 1)) throw new Error("--cpu-slowdown takes a number of at least 1 (Lighthouse's default is 4)");
const pages = args.length ? args : DEFAULT_PAGES;

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** The production server, as an operator runs it, with nothing real behind the providers. */
async function startProductionServer() {
  const port = freePort();
  const dir = mkdtempSync(join(tmpdir(), "layerlift-lighthouse-"));
  const base = `http://localhost:${port}`;
  const server = Bun.spawn([process.execPath, join(import.meta.dir, "../src/index.ts")], {
    cwd: join(import.meta.dir, ".."),
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      PORT: String(port),
      ...productionEnv(base, join(dir, "layerlift.db")),
    },
    stdout: "ignore",
    stderr: "pipe",
  });
  const stop = async () => {
    server.kill();
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {}
    if (server.exitCode !== null) break;
    await Bun.sleep(50);
  }
  const errors = server.exitCode !== null ? await new Response(server.stderr).text() : "";
  await stop();
  throw new Error(`The production server did not start.\n${errors}`);
}

const score = (result: Result, category: (typeof CATEGORIES)[number]) =>
  Math.round((result.categories[category]?.score ?? 0) * 100);
const metric = (result: Result, id: string) => result.audits[id]?.numericValue ?? NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What an audit found, where it lists it (a console error's text and source, say): up to three, one a line. */
function auditItems(audit: Result["audits"][string]): string {
  const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  return items
    .slice(0, 3)
    .map((item) => `\n      ${[item.source, item.description, item.url].filter(Boolean).join(": ")}`)
    .join("");
}

/** The audits that cost points, so a missed target says why. */
function losses(result: Result): string[] {
  const seen = new Set<string>();
  for (const category of CATEGORIES) {
    for (const ref of result.categories[category]?.auditRefs ?? []) {
      const audit = result.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        seen.add(
          `${category}: ${audit.title} (${audit.displayValue ?? Math.round(audit.score * 100)})${auditItems(audit)}`,
        );
    }
  }
  return [...seen];
}

const server = externalUrl
  ? { base: externalUrl.replace(/\/+$/, ""), stop: async () => {} }
  : await startProductionServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
  chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
});

const rows: Array<{ path: string; result: Result }> = [];
try {
  // The first request of each page renders it (and, from the repo, bundles the SPA): not what visitors get.
  for (const path of pages) await fetch(server.base + path);
  for (const path of pages) {
    const results: Result[] = [];
    for (let run = 0; run < runs; run++) {
      const answer = await lighthouse(server.base + path, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        // The default mobile network, with the CPU slowed as asked.
        throttling: { ...lighthouseConstants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
      });
      if (!answer) throw new Error(`Lighthouse gave no result for ${path}`);
      if (answer.lhr.runtimeError) throw new Error(`${path}: ${answer.lhr.runtimeError.message}`);
      results.push(answer.lhr);
    }
    const median = computeMedianRun(results) as Result;
    rows.push({ path, result: median });
    if (saveDir) {
      mkdirSync(saveDir, { recursive: true });
      const name = path.replace(/^\/+|\/+$/g, "").replace(/[^a-z0-9-]+/gi, "_") || "home";
      writeFileSync(join(saveDir, `${name}.json`), JSON.stringify(median));
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const header = [
  "page",
  "performance",
  "accessibility",
  "best practices",
  "SEO",
  "FCP",
  "LCP",
  "TBT",
  "CLS",
  "targets",
  "machine",
];
const table = rows.map(({ path, result }) => {
  const cls = metric(result, "cumulative-layout-shift");
  const met =
    score(result, "performance") >= 98 &&
    score(result, "accessibility") === 100 &&
    score(result, "best-practices") === 100 &&
    score(result, "seo") === 100 &&
    cls === 0;
  return {
    met,
    cells: [
      path,
      String(score(result, "performance")),
      String(score(result, "accessibility")),
      String(score(result, "best-practices")),
      String(score(result, "seo")),
      seconds(metric(result, "first-contentful-paint")),
      seconds(metric(result, "largest-contentful-paint")),
      `${Math.round(metric(result, "total-blocking-time"))} ms`,
      cls.toFixed(3),
      met ? "met" : "MISSED",
      // Lighthouse's own measure of how fast the machine was during the run: timings scale with it.
      String(Math.round(result.environment.benchmarkIndex)),
    ],
    result,
  };
});

console.log(
  `\nLighthouse ${rows[0]?.result.lighthouseVersion ?? ""}, mobile, CPU ${cpuSlowdown}× slower, ${server.base}, median of ${runs} run(s) per page\n`,
);
console.log(`| ${header.join(" | ")} |`);
console.log(`|${header.map(() => "---").join("|")}|`);
for (const row of table) console.log(`| ${row.cells.join(" | ")} |`);
console.log("\nTargets: performance ≥ 98; accessibility, best practices and SEO = 100; CLS 0.");
console.log(
  "machine = Lighthouse's benchmarkIndex (a quiet 2-core machine scores about 1000–1500; a busy one far less, and its timings are longer).",
);

const missed = table.filter((row) => !row.met);
for (const row of missed) {
  console.log(`\n${row.cells[0]} misses a target:`);
  for (const loss of losses(row.result)) console.log(`  - ${loss}`);
}
console.log(
  missed.length
    ? `\n${missed.length} of ${table.length} page(s) miss a target.`
    : `\nEvery target met on all ${table.length} pages.`,
);
process.exit(missed.length ? 1 : 0);
