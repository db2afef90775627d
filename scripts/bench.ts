/**
 * `npm run bench`: measures the performance budgets (docs/architecture.md#budgets) on this machine and prints medians and ratios.
 *   1. throughput and p99 of POST /api/plugin/validate (its lease sent again, and newly signed for a new
 *      nonce on every call) and GET /api/auth/me at 64 connections, against a bare Bun.serve answering a
 *      fixed JSON body and both calls of the release before (scripts/bench-baseline.ts), in the same run
 *      (scripts/bench-api.ts);
 *   2. the home page's initial JavaScript, gzipped (needs `npm run build`);
 *   3. the executable's time to first HTTP 200 and idle RSS (needs `npm run build`);
 *   4. in Chromium, the time from navigation to the dashboard's and the admin panel's content after a reload;
 *   4b. the server's rendering time of each public page, against the release before, and in German and
 *      Brazilian Portuguese against English (scripts/bench-pages.ts; `npm run bench pages` runs it alone);
 *   5. the site at scale (scripts/bench-scale.ts): 200k accounts and 1M sales, every admin GET, the CSV,
 *      the hot paths and memory. `npm run bench scale` runs it alone.
 * Parts 1 and 5 run on PostgreSQL too, on a throwaway cluster (scripts/bench-postgres.ts), when its server
 * binaries are installed: validate and /api/auth/me of a site on PostgreSQL in the same rounds, and a second
 * scale table (`npm run bench scale-postgres` runs that alone).
 *   6. on PostgreSQL, validation with one, two and three instances on one database, rate limits off and on
 *      (scripts/bench-instances.ts; `npm run bench instances` runs it alone).
 * Not in the full run: `npm run bench -- memory` (scripts/bench-memory.ts: where the executable's memory
 * goes, and its memory budgets), `npm run bench -- profile` (scripts/bench-api.ts) and
 * `npm run bench -- in-process` (scripts/bench-in-process.ts: validation and /api/auth/me through app.handle).
 * Uses wrk, installing it first when it is missing and this runs as root (apt-get install wrk); without
 * it, says how to install it and falls back to a small built-in load generator (slower than the server).
 * Only ever talks to 127.0.0.1. Never part of `npm test`: timings on shared machines are noisy.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { scaleBench } from "./bench-scale";
import { apiThroughput, profileValidate } from "./bench-api";
import { memoryBench } from "./bench-memory";
import { signedInScreens } from "./bench-screens";
import { BUN, freePort, median, ROOT } from "./bench-tools";
import { postgresMissing, stopBenchPostgres } from "./bench-postgres";
import { instancesBench } from "./bench-instances";
import { pagesBench } from "./bench-pages";

const tmp = mkdtempSync(join(tmpdir(), "layerlift-bench-"));

function homeJavaScript() {
  const dir = join(ROOT, "dist/web");
  if (!existsSync(join(dir, "index.html"))) {
    console.log("\nSPA: run `npm run build` first");
    return;
  }
  const html = readFileSync(join(dir, "index.html"), "utf8");
  const seen = new Set<string>();
  const visit = (path: string, entry = false) => {
    if (seen.has(path) || !existsSync(join(dir, path))) return;
    seen.add(path);
    const code = readFileSync(join(dir, path), "utf8");
    // Static imports, and the entry's own `import(`s (it loads React DOM and the app at once, in two chunks);
    // other `import(` chunks load on their own routes.
    const imports = entry
      ? /(?:(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?|import\()["']\.?\/?([^"']+\.js)["']/g
      : /(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["']\.?\/?([^"']+\.js)["']/g;
    for (const m of code.matchAll(imports)) {
      visit(m[1].startsWith("assets/") ? m[1] : join(path.split("/").slice(0, -1).join("/"), m[1]));
    }
  };
  for (const m of html.matchAll(/<script[^>]+src="\/?([^"]+)"/g)) visit(m[1], true);
  let gz = 0,
    raw = 0;
  const files: { file: string; raw: number; gz: number }[] = [];
  for (const file of seen) {
    const body = readFileSync(join(dir, file));
    const zipped = gzipSync(body, { level: 9 }).byteLength;
    files.push({ file, raw: body.byteLength, gz: zipped });
    raw += body.byteLength;
    gz += zipped;
  }
  console.log(
    `\nHome page initial JavaScript: ${seen.size} file(s), ${(raw / 1024).toFixed(0)} KB, ${(gz / 1024).toFixed(1)} KB gzipped (budget ≤ 120 KB)`,
  );
  // What each file weighs, largest first: where to look when the total grows.
  for (const { file, raw: size, gz: zipped } of files.sort((a, b) => b.gz - a.gz))
    console.log(
      `  ${file.padEnd(40)} ${(size / 1024).toFixed(0).padStart(5)} KB, ${(zipped / 1024).toFixed(1)} KB gzipped`,
    );
}

async function executable() {
  const bin = join(ROOT, "dist/layerlift");
  if (!existsSync(bin)) {
    console.log("\nExecutable: run `npm run build` first");
    return;
  }
  const starts: number[] = [],
    rss: number[] = [];
  for (let i = 0; i < 5; i++) {
    const db = join(tmp, `bin-${i}.db`);
    const t0 = performance.now();
    const port = await freePort();
    const child = Bun.spawn([bin], {
      cwd: tmp,
      env: { PATH: process.env.PATH ?? "", PORT: String(port), DATABASE_PATH: db, SEED_DEV_ADMIN: "0" },
      stdout: "ignore",
      stderr: "ignore",
    });
    try {
      while (true) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/`)).status === 200) break;
        } catch {}
        if (performance.now() - t0 > 10_000) throw new Error("executable did not answer");
        await Bun.sleep(2);
      }
      starts.push(performance.now() - t0);
      await Bun.sleep(1000);
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      rss.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    } finally {
      child.kill();
      await child.exited;
    }
  }
  console.log(
    `\nExecutable: first HTTP 200 median ${median(starts).toFixed(0)} ms (budget < 300 ms; runs ${starts.map((s) => s.toFixed(0)).join(", ")}), idle RSS median ${median(rss).toFixed(0)} MB (budget < 100 MB)`,
  );
}

try {
  const only = process.argv[2];
  if (!only || only === "api") await apiThroughput(tmp);
  if (!only || only === "spa") homeJavaScript();
  if (!only || only === "binary") await executable();
  if (!only || only === "screens") await signedInScreens(tmp);
  if (!only || only === "pages") await pagesBench();
  if (!only || only === "scale") await scaleBench(ROOT, BUN, tmp, freePort);
  if (!only || only === "scale" || only === "scale-postgres") {
    if (postgresMissing) console.log(`\n${postgresMissing}`);
    else await scaleBench(ROOT, BUN, tmp, freePort, "postgres");
  }
  if (!only || only === "instances") {
    if (postgresMissing) console.log(`\n${postgresMissing}`);
    else await instancesBench(ROOT, tmp);
  }
  if (only === "memory") await memoryBench(ROOT, tmp, freePort);
  if (only === "profile") await profileValidate(tmp);
  // Its own process: the request lines it writes to stdout are thrown away, its table comes on stderr.
  if (only === "in-process")
    await Bun.spawn([BUN, "scripts/bench-in-process.ts"], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "development" },
      stdout: "ignore",
      stderr: "inherit",
    }).exited;
} finally {
  await stopBenchPostgres();
  rmSync(tmp, { recursive: true, force: true });
}
