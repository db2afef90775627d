/**
 * `bun scripts/bench-rate-limits.ts`: what the rate limits shared in PostgreSQL cost POST /api/plugin/validate
 * (per IP and per key, in one statement). One site on a throwaway PostgreSQL cluster, served in this process;
 * wrk at 64 connections, rounds alternating limits off and on, medians printed.
 * With limits on, the limiter's buckets run on a clock 100,000 times faster than the site's, so every take is
 * allowed (one source at 60 a minute would otherwise be all 429s) while each still runs the same statement
 * on the same two rows. Only ever talks to 127.0.0.1. Never part of `npm test`.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../src/config";
import { createApp } from "../src/app";
import { buildDeps } from "../src/server";
import { closeDatabase } from "../src/db";
import { configureLogger } from "../src/lib/logger";
import { PostgresRateLimiter } from "../src/db/rate-limit-store";
import { MemoryRateLimiter, type RateLimiter } from "../src/lib/rate-limit";
import { generateProductKeys } from "../src/features/product-keys/service";
import { systemClock } from "../src/lib/clock";
import { BUN, freePort, median, signUpForValidation, spawn, waitFor } from "./bench-tools";
import { benchPostgresDatabase, postgresMissing, stopBenchPostgres } from "./bench-postgres";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** 60 tokens a minute become 100,000 a second: more than any load here takes. */
const BUCKET_CLOCK_SPEED = 100_000;

if (postgresMissing) {
  console.log(postgresMissing);
  process.exit(0);
}
configureLogger({ level: "warn", readable: false });
const url = await benchPostgresDatabase("limits");
const config = loadConfig({ NODE_ENV: "development", SEED_DEV_ADMIN: "0", DATABASE_URL: url, LOG_LEVEL: "warn" });
// The limiter the site calls, switched between the rounds.
const switchable = {
  current: new MemoryRateLimiter(systemClock, true) as RateLimiter,
  take: (...args: Parameters<RateLimiter["take"]>) => switchable.current.take(...args),
  takeEach: (...args: Parameters<RateLimiter["takeEach"]>) => switchable.current.takeEach(...args),
};
const deps = await buildDeps(config, { limiter: switchable });
const off = switchable.current;
const started = Date.now();
const on = new PostgresRateLimiter(deps.db, { now: () => started + (Date.now() - started) * BUCKET_CLOCK_SPEED });
const port = await freePort();
const app = createApp(deps).listen({ port, hostname: "127.0.0.1" });
const base = `http://127.0.0.1:${port}`;

const [productKey] = await generateProductKeys(deps.db, Date.now(), { plan: "pro", count: 1, source: "cli" });
const { validateBody: body } = await signUpForValidation(base, productKey!.key);

const script = join(mkdtempSync(join(tmpdir(), "layerlift-bench-limits-")), "validate.lua");
writeFileSync(
  script,
  `wrk.method = "POST"\nwrk.body = ${JSON.stringify(body)}\nwrk.headers["Content-Type"] = "application/json"\n`,
);

// A bare Bun.serve in its own process, loaded in the same rounds: what the machine can do at all.
const barePort = await freePort();
const bare = spawn(
  [BUN, "-e", `Bun.serve({ port: ${barePort}, hostname: "127.0.0.1", fetch: () => Response.json({ valid: true }) });`],
  {},
);
await waitFor(`http://127.0.0.1:${barePort}/`);

/** One wrk round; spawned, not spawned synchronously, so this process keeps serving. */
async function round(url = `${base}/api/plugin/validate`) {
  const wrk = Bun.spawn(["wrk", "-t2", "-c64", `-d${SECONDS}s`, "--latency", "-s", script, url]);
  const out = await new Response(wrk.stdout).text();
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99ms = p99 ? Number(p99[1]) * ({ us: 0.001, ms: 1, s: 1000 } as const)[p99[2] as "us" | "ms" | "s"] : NaN;
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p99ms, errors };
}

type Round = Awaited<ReturnType<typeof round>>;
const results: Record<"bare" | "off" | "on", Round[]> = { bare: [], off: [], on: [] };
for (let i = 0; i < ROUNDS; i++) {
  results.bare.push(await round(`http://127.0.0.1:${barePort}/`));
  for (const mode of ["off", "on"] as const) {
    switchable.current = mode === "on" ? on : off;
    results[mode].push(await round());
  }
}
const bareRps = median(results.bare.map((r) => r.rps));
for (const mode of ["bare", "off", "on"] as const) {
  const rounds = results[mode];
  const rps = median(rounds.map((r) => r.rps));
  console.log(
    `${mode === "bare" ? "bare Bun.serve                   " : `validate on PostgreSQL, limits ${mode.padEnd(3)}`}: ${rps.toFixed(0)} req/s (rounds ${rounds
      .map((r) => r.rps.toFixed(0))
      .join(
        ", ",
      )}), ${((rps / bareRps) * 100).toFixed(0)}% of bare, p99 ${median(rounds.map((r) => r.p99ms)).toFixed(1)} ms, non-2xx ${rounds.reduce((n, r) => n + r.errors, 0)}`,
  );
}
const ratio = median(results.on.map((r) => r.rps)) / median(results.off.map((r) => r.rps));
console.log(`limits on / off: ${(ratio * 100).toFixed(0)}% of the throughput`);
console.log(
  "  (non-2xx with limits on: 429s when more than a bucket's 60 takes of one key arrive in the same statement)",
);

// Sign-in: three takes (per address, per address and account, per account) in front of a password check.
const signIn = JSON.stringify({ email: "bench@example.com", password: "bench password" });
const signInMs: Record<"off" | "on", number[]> = { off: [], on: [] };
for (let i = 0; i < 40; i++) {
  for (const mode of ["off", "on"] as const) {
    switchable.current = mode === "on" ? on : off;
    const started = performance.now();
    const response = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: signIn,
    });
    if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
    signInMs[mode].push(performance.now() - started);
  }
}
console.log(
  `sign-in on PostgreSQL, median of 40 one at a time: limits off ${median(signInMs.off).toFixed(1)} ms, on ${median(signInMs.on).toFixed(1)} ms`,
);
bare.kill();
// Let the last round's connections go before the pool closes.
await app.stop(true);
await closeDatabase(deps.db);
await stopBenchPostgres();
