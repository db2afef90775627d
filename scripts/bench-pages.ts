/**
 * `npm run bench -- pages`: the server's rendering time of each public page (its first request, before the
 * page is kept), in this tree and in the release before (scripts/bench-baseline.ts, `BENCH_BASELINE=<git ref>`),
 * and of each page in German and Brazilian Portuguese against the same page in English.
 *
 * Each tree runs in a process of its own (`--child`, with the tree's own code). Every sample builds a fresh
 * app on one warm database and times its first GET of the page: the page's data, its React render, its head
 * and the HTML around it, with the modules and catalogues already compiled, as after a price change on a
 * running server. The fresh app first answers a 404 page, so its own first-request costs are not counted.
 * CPU time (user + system), which a loaded machine moves less than wall time. Medians of
 * ROUNDS rounds, the two trees taking turns.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { baselineTree } from "./bench-baseline";
import { BUN, median, ROOT } from "./bench-tools";

const ENGLISH_PAGES = ["/", "/purchase", "/support", "/docs", "/docs/getting-started", "/login"];
const LANGUAGE_PREFIXES = ["/de", "/pt-br"];
const SAMPLES = Number(process.env.BENCH_PAGE_SAMPLES ?? 15);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** The environment of a production server with nothing real behind its providers (here and `npm run lighthouse`). */
export function productionEnv(appUrl: string, databasePath: string): Record<string, string> {
  const nowhere = "http://127.0.0.1:9";
  return {
    NODE_ENV: "production",
    APP_URL: appUrl,
    DATABASE_PATH: databasePath,
    JWT_SECRET: "measurements-only-secret-0123456789abcdef0123456789",
    STRIPE_SECRET_KEY: "sk_test_measurements",
    STRIPE_PUBLISHABLE_KEY: "pk_test_measurements",
    STRIPE_WEBHOOK_SECRET: "whsec_measurements",
    STRIPE_API_BASE: nowhere,
    ALLOW_STRIPE_TEST_KEYS: "1",
    RESEND_API_KEY: "re_measurements",
    RESEND_BASE_URL: nowhere,
    EMAIL_FROM: "Layerlift <keys@layerlift.invalid>",
    PLUGIN_INSTALL_URL: "https://create.roblox.com/store/asset/1",
    SELLER_ADDRESS: "1 Example Street, Example City",
    ROBLOX_USERS_API_BASE: nowhere,
    ROBLOX_THUMBNAILS_API_BASE: nowhere,
  };
}

/** In a tree: SAMPLES cold renders of each page, CPU ms each, as JSON on stdout. */
async function child(paths: string[]) {
  const cwd = process.cwd();
  const { loadConfig } = await import(join(cwd, "src/config/index.ts"));
  const { buildDeps } = await import(join(cwd, "src/server.ts"));
  const { createApp } = await import(join(cwd, "src/app.ts"));
  const { closeDatabase } = await import(join(cwd, "src/db/index.ts"));
  const { configureLogger } = await import(join(cwd, "src/lib/logger.ts"));
  configureLogger({ level: "error", readable: false });
  const dir = mkdtempSync(join(tmpdir(), "layerlift-bench-pages-"));
  // Production, as a visitor's page is rendered (React's production build), with providers pointing nowhere.
  const config = loadConfig(productionEnv("http://127.0.0.1", join(dir, "bench.db")));
  const deps = await buildDeps(config);
  const get = async (app: { handle(r: Request): Promise<Response> }, path: string, status = 200) => {
    const response = await app.handle(new Request(`http://127.0.0.1${path}`, { headers: { accept: "text/html" } }));
    const html = await response.text();
    if (response.status !== status || !html.includes("<html")) throw new Error(`GET ${path} → ${response.status}`);
  };
  const times: Record<string, number[]> = Object.fromEntries(paths.map((path) => [path, []]));
  try {
    const warm = createApp(deps);
    for (const path of paths) await get(warm, path); // compiles the SPA, the renderer and each catalogue once
    for (let sample = 0; sample < SAMPLES; sample++) {
      // Each sample starts at another page, so no page always follows the same one.
      const order = paths.map((_, i) => paths[(i + sample) % paths.length]!);
      for (const path of order) {
        const app = createApp(deps);
        await get(app, "/bench-warm-up", 404); // the app's own first request (its routes' compilation), on a 404 page
        const before = process.cpuUsage();
        await get(app, path);
        const used = process.cpuUsage(before);
        times[path]!.push((used.user + used.system) / 1000);
      }
    }
  } finally {
    await closeDatabase(deps.db);
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(JSON.stringify(Object.fromEntries(paths.map((path) => [path, median(times[path]!)]))));
}

function runChild(dir: string, paths: string[]): Record<string, number> {
  const run = Bun.spawnSync([BUN, "scripts/bench-pages.ts", "--child", ...paths], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production" },
    stderr: "pipe",
  });
  if (run.exitCode !== 0) throw new Error(`The page bench failed in ${dir}:\n${run.stderr.toString()}`);
  return JSON.parse(run.stdout.toString().trim().split("\n").at(-1)!);
}

const percent = (now: number, before: number) =>
  `${now >= before ? "+" : ""}${((now / before - 1) * 100).toFixed(1)} %`;

export async function pagesBench() {
  const tmp = mkdtempSync(join(tmpdir(), "layerlift-bench-pages-tree-"));
  try {
    const baseline = baselineTree(ROOT, tmp);
    if ("dir" in baseline)
      copyFileSync(join(ROOT, "scripts/bench-pages.ts"), join(baseline.dir, "scripts/bench-pages.ts"));
    const translated = LANGUAGE_PREFIXES.flatMap((prefix) =>
      ENGLISH_PAGES.map((path) => prefix + path.replace(/\/$/, "")),
    );
    const ours: Record<string, number[]> = {};
    const theirs: Record<string, number[]> = {};
    const add = (into: Record<string, number[]>, medians: Record<string, number>) => {
      for (const [path, ms] of Object.entries(medians)) into[path] = [...(into[path] ?? []), ms];
    };
    for (let round = 0; round < ROUNDS; round++) {
      add(ours, runChild(ROOT, [...ENGLISH_PAGES, ...translated]));
      if ("dir" in baseline) add(theirs, runChild(baseline.dir, ENGLISH_PAGES));
    }
    const label = "dir" in baseline ? `${baseline.label} (${baseline.commit.slice(0, 9)})` : baseline.missing;
    console.log(`\nServer rendering, CPU ms per page's first request, median of ${ROUNDS} rounds × ${SAMPLES} samples`);
    console.log(`Release before: ${label}\n`);
    console.log("| page | this tree | release before | change | /de | /pt-br |");
    console.log("|---|---|---|---|---|---|");
    for (const path of ENGLISH_PAGES) {
      const now = median(ours[path]!);
      const before = theirs[path] ? median(theirs[path]!) : NaN;
      const languages = LANGUAGE_PREFIXES.map((prefix) => {
        const ms = median(ours[prefix + path.replace(/\/$/, "")]!);
        return `${ms.toFixed(2)} (${percent(ms, now)})`;
      });
      const change = Number.isNaN(before) ? "—" : percent(now, before);
      const flag = now > before * 1.1 ? " **slower by more than 10 %**" : "";
      console.log(
        `| ${path} | ${now.toFixed(2)} | ${before.toFixed(2)} | ${change}${flag} | ${languages.join(" | ")} |`,
      );
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  if (args[0] === "--child") await child(args.slice(1));
  else await pagesBench();
}
