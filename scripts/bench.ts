/**
 * `npm run bench`: measures the performance budgets (docs/architecture.md#budgets) on this machine and prints medians and ratios.
 *   1. throughput and p99 of POST /api/plugin/validate (its lease sent again, and newly signed for a new
 *      nonce on every call) and GET /api/auth/me at 64 connections, against a bare Bun.serve answering a
 *      fixed JSON body and validation as it was before leases (scripts/bench-baseline.ts), in the same run;
 *   2. the home page's initial JavaScript, gzipped (needs `npm run build`);
 *   3. the executable's time to first HTTP 200 and idle RSS (needs `npm run build`);
 *   4. in Chromium, the time from navigation to the dashboard's and the admin panel's content after a reload;
 *   5. the site at scale (scripts/bench-scale.ts): 200k accounts and 1M sales, every admin GET, the CSV,
 *      the hot paths and memory. `npm run bench scale` runs it alone.
 * Parts 1 and 5 run on PostgreSQL too, on a throwaway cluster (scripts/bench-postgres.ts), when its server
 * binaries are installed: validate and /api/auth/me of a site on PostgreSQL in the same rounds, and a second
 * scale table (`npm run bench scale-postgres` runs that alone).
 *   6. on PostgreSQL, validation with one, two and three instances on one database, rate limits off and on
 *      (scripts/bench-instances.ts; `npm run bench instances` runs it alone).
 * Not in the full run: `npm run bench -- memory` (scripts/bench-memory.ts: where the executable's memory
 * goes, and its memory budgets) and `npm run bench -- profile` (below).
 * Uses wrk, installing it first when it is missing and this runs as root (apt-get install wrk); without
 * it, says how to install it and falls back to a small built-in load generator (slower than the server).
 * Only ever talks to 127.0.0.1. Never part of `npm test`: timings on shared machines are noisy.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { benchServerEnv, scaleBench } from "./bench-scale";
import { baselineTree } from "./bench-baseline";
import { memoryBench } from "./bench-memory";
import { signedInScreens } from "./bench-screens";
import { BUN, cpuTimeUs, freePort, json, median, ROOT, signUpForValidation, spawn, waitFor } from "./bench-tools";
import { benchPostgresDatabase, postgresMissing, stopBenchPostgres } from "./bench-postgres";
import { instancesBench } from "./bench-instances";

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const tmp = mkdtempSync(join(tmpdir(), "layerlift-bench-"));
const hasWrk = ensureWrk();

/** wrk outruns a bare Bun.serve on two cores; the built-in client does not, so install it when possible. */
function ensureWrk(): boolean {
  const found = () => Bun.spawnSync(["which", "wrk"]).exitCode === 0;
  if (found()) return true;
  if (process.getuid?.() === 0 && Bun.spawnSync(["which", "apt-get"]).exitCode === 0) {
    console.log("wrk is missing: installing it (apt-get install -y wrk)…");
    Bun.spawnSync(["apt-get", "install", "-y", "wrk"], {
      stdout: "ignore",
      stderr: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (found()) return true;
  }
  console.log(
    "wrk is not installed: install it with `sudo apt-get install wrk` for real numbers. Using the built-in client.",
  );
  return false;
}

interface Load {
  rps: number;
  p99ms: number;
  errors: number;
  requests: number;
  cpuUs: number;
}

/** Load on `url`; `serverPid` is the process answering, whose CPU time per request is measured too. */
/** A request to load with; a body holding NONCE gets a nonce of its own on every request. */
interface LoadOptions {
  method?: string;
  body?: string;
  token?: string;
}

async function load(url: string, options: LoadOptions, serverPid?: number): Promise<Load> {
  const cpuBefore = cpuTimeUs(serverPid);
  const measured = await loadOnly(url, options);
  return { ...measured, cpuUs: (cpuTimeUs(serverPid) - cpuBefore) / Math.max(measured.requests, 1) };
}

async function loadOnly(url: string, options: LoadOptions): Promise<Omit<Load, "cpuUs">> {
  if (hasWrk) {
    const script = join(tmp, "request.lua");
    writeFileSync(
      script,
      [
        `wrk.method = "${options.method ?? "GET"}"`,
        options.body ? `wrk.body = ${JSON.stringify(options.body)}` : "",
        `wrk.headers["Content-Type"] = "application/json"`,
        options.token ? `wrk.headers["Authorization"] = "Bearer ${options.token}"` : "",
        // Each of wrk's threads numbers its requests: thread 1's third nonce is t1n3xxxxx.
        options.body?.includes("NONCE")
          ? `local threads = 0
function setup(thread) threads = threads + 1; thread:set("id", threads) end
local sent = 0
function request()
  sent = sent + 1
  return wrk.format(nil, nil, nil, (wrk.body:gsub("NONCE", "t" .. id .. "n" .. sent .. "xxxxx")))
end`
          : "",
      ].join("\n"),
    );
    const out = Bun.spawnSync([
      "wrk",
      "-t2",
      `-c${CONNECTIONS}`,
      `-d${SECONDS}s`,
      "--latency",
      "-s",
      script,
      url,
    ]).stdout.toString();
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
    const p99ms = p99 ? Number(p99[1]) * ({ us: 0.001, ms: 1, s: 1000 } as const)[p99[2] as "us" | "ms" | "s"] : NaN;
    const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
    const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
    return { rps, p99ms, errors, requests };
  }
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const r = await fetch(url, {
          method: options.method,
          body: options.body?.replace("NONCE", `n${crypto.randomUUID()}`),
          headers: {
            "content-type": "application/json",
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
        });
        await r.arrayBuffer();
        if (!r.ok) errors++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / SECONDS,
    p99ms: latencies[Math.floor(latencies.length * 0.99)],
    errors,
    requests: latencies.length,
  };
}

/**
 * The app as `npm start` runs it in development (request log lines on, at the default level, written to a
 * pipe nobody reads), with an account and a plugin key to call validation with.
 */
async function startBenchApp(bunFlags: string[] = [], cwd = ROOT, databaseUrl?: string) {
  const appPort = await freePort();
  const db = join(tmp, `bench-${appPort}.db`);
  const where: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_PATH: db };
  const app = spawn(
    [BUN, ...bunFlags, "src/index.ts"],
    { PORT: String(appPort), ...where, SEED_DEV_ADMIN: "0", DISABLE_RATE_LIMITS: "1", NODE_ENV: "development" },
    cwd,
  );
  await waitFor(`http://127.0.0.1:${appPort}/api/health`);
  const key = Bun.spawnSync(
    [BUN, "src/index.ts", "keys", "generate", "--plan", "pro", "--count", "1", ...(databaseUrl ? [] : ["--db", db])],
    {
      cwd,
      env: { ...process.env, ...where },
    },
  )
    .stdout.toString()
    .trim();
  const base = `http://127.0.0.1:${appPort}`;
  const { token, validateBody } = await signUpForValidation(base, key);
  return { app, base, token, validateBody };
}

/**
 * `npm run bench -- profile`: Bun's CPU profiler (markdown) on the app while validation is under load;
 * prints the functions with the most self time and keeps the whole profile in ./profiles.
 */
async function profileValidate() {
  const dir = join(ROOT, "profiles");
  rmSync(dir, { recursive: true, force: true });
  const { app, base, validateBody } = await startBenchApp(["--cpu-prof-md", `--cpu-prof-dir=${dir}`]);
  await load(`${base}/api/plugin/validate`, { method: "POST", body: validateBody });
  app.kill("SIGTERM");
  await app.exited;
  const file = Bun.spawnSync(["sh", "-c", `ls ${dir}/*.md | head -1`])
    .stdout.toString()
    .trim();
  console.log(`\nCPU profile of validation under load (${SECONDS} s): ${file}`);
  const text = readFileSync(file, "utf8");
  const section = /## Top Functions by Self Time[\s\S]*?(?=\n## )/.exec(text)?.[0] ?? text.slice(0, 4000);
  console.log(section.split("\n").slice(0, 30).join("\n"));
}

async function apiThroughput() {
  const barePort = await freePort();
  const bare = spawn(
    [
      BUN,
      "-e",
      `const body = JSON.stringify({ valid: true, code: "VALID", plan: "pro" });
    Bun.serve({ port: ${barePort}, hostname: "127.0.0.1", fetch: () => new Response(body, { headers: { "content-type": "application/json" } }) });`,
    ],
    {},
  );
  const { app, base, token, validateBody } = await startBenchApp();
  // Validation as it was before leases, started from its own tree, loaded in the same rounds.
  const tree = baselineTree(ROOT, tmp);
  const before = "dir" in tree ? await startBenchApp([], tree.dir) : null;
  // The same site on PostgreSQL, loaded in the same rounds.
  const onPostgres = postgresMissing ? null : await startBenchApp([], ROOT, await benchPostgresDatabase("api"));
  if (postgresMissing) console.log(`\n${postgresMissing}`);
  const withNonce = validateBody.replace(/}$/, ',"nonce":"NONCE"}');
  try {
    await waitFor(`http://127.0.0.1:${barePort}/`);

    const rows: Record<string, Load[]> = {
      bare: [],
      ...(before ? { "validate before leases": [] } : {}),
      validate: [],
      "validate, new nonce": [],
      me: [],
      ...(onPostgres ? { "validate, PostgreSQL": [], "me, PostgreSQL": [] } : {}),
    };
    for (let round = 0; round < ROUNDS; round++) {
      rows.bare.push(await load(`http://127.0.0.1:${barePort}/`, {}, bare.pid));
      rows.validate.push(await load(`${base}/api/plugin/validate`, { method: "POST", body: validateBody }, app.pid));
      if (before)
        rows["validate before leases"].push(
          await load(
            `${before.base}/api/plugin/validate`,
            { method: "POST", body: before.validateBody },
            before.app.pid,
          ),
        );
      rows["validate, new nonce"].push(
        await load(`${base}/api/plugin/validate`, { method: "POST", body: withNonce }, app.pid),
      );
      rows.me.push(await load(`${base}/api/auth/me`, { token }, app.pid));
      if (onPostgres) {
        rows["validate, PostgreSQL"].push(
          await load(
            `${onPostgres.base}/api/plugin/validate`,
            { method: "POST", body: onPostgres.validateBody },
            onPostgres.app.pid,
          ),
        );
        rows["me, PostgreSQL"].push(
          await load(`${onPostgres.base}/api/auth/me`, { token: onPostgres.token }, onPostgres.app.pid),
        );
      }
    }
    const bareRps = median(rows.bare.map((r) => r.rps));
    const bareCpu = median(rows.bare.map((r) => r.cpuUs));
    console.log(
      `\nAPI at ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS} s (${hasWrk ? "wrk" : "built-in client"}), medians:`,
    );
    for (const [name, results] of Object.entries(rows)) {
      const rps = median(results.map((r) => r.rps));
      const cpu = median(results.map((r) => r.cpuUs));
      const errors = results.reduce((n, r) => n + r.errors, 0);
      console.log(
        `  ${name.padEnd(22)} ${rps.toFixed(0).padStart(7)} req/s  p99 ${median(results.map((r) => r.p99ms)).toFixed(2)} ms  CPU ${cpu.toFixed(1)} µs/request` +
          (name === "bare"
            ? ""
            : `  ratio ${((rps / bareRps) * 100).toFixed(0)}% of bare, by CPU ${((bareCpu / cpu) * 100).toFixed(0)}%` +
              (/^(validate|me)(, PostgreSQL)?$/.test(name) ? " (budget ≥ 45%, p99 < 10 ms)" : "")) +
          (errors ? `  non-2xx: ${errors}` : ""),
      );
    }
    // On a machine other jobs share, req/s moves with their load; CPU time per request moves much less.
    console.log(
      "  (by CPU: the bare server's CPU time per request over the app's; it holds up better than req/s when other jobs share the machine)",
    );
    console.log(
      "commit" in tree
        ? `  (validate before leases: commit ${tree.commit.slice(0, 12)}; BENCH_BASELINE=<git ref> compares with another)`
        : `  (no validate before leases: ${tree.missing})`,
    );
  } finally {
    for (const server of [bare, app, before?.app, onPostgres?.app]) server?.kill();
    await Promise.all([bare.exited, app.exited, before?.app.exited, onPostgres?.app.exited]);
  }
}

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
  for (const file of seen) {
    const body = readFileSync(join(dir, file));
    raw += body.byteLength;
    gz += gzipSync(body, { level: 9 }).byteLength;
  }
  console.log(
    `\nHome page initial JavaScript: ${seen.size} file(s), ${(raw / 1024).toFixed(0)} KB, ${(gz / 1024).toFixed(1)} KB gzipped (budget ≤ 120 KB)`,
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
  if (!only || only === "api") await apiThroughput();
  if (!only || only === "spa") homeJavaScript();
  if (!only || only === "binary") await executable();
  if (!only || only === "screens") await signedInScreens(tmp);
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
  if (only === "profile") await profileValidate();
} finally {
  await stopBenchPostgres();
  rmSync(tmp, { recursive: true, force: true });
}
