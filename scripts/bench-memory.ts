/**
 * `npm run bench -- memory`: where the executable's memory goes, and its memory budgets (needs `npm run
 * build`). Prints, as markdown:
 *   1. idle RSS of dist/layerlift by what holds it: on an empty site at start and after its first page (as
 *      run in development, and in production with dummy providers), and after its first page with 200,000
 *      accounts and 1,000,000 sales (seeded by the executable's `seed-scale`, or BENCH_SCALE_DB, a seeded
 *      copy, which it changes); beside them a bare Bun.serve compiled the same way, Bun's own share;
 *   2. the JavaScript heap after the first page, by object type (scripts/memory-probe.ts: the same program
 *      compiled the same way, which reports its heap from inside);
 *   3. what each lazily loaded module (src/lib/lazy-module.ts) costs: the probe started with it and without;
 *   4. on the seeded site, the RSS each of these adds at its peak and keeps once settled, three runs each:
 *      the first pages, the API documents, the sales CSV, an invoice PDF and 10,000 plugin validations.
 * Budgets (docs/architecture.md#budgets): idle < 80 MB on an empty site, within 20 MB of that with the
 * data, no call adds more than 30 MB at its peak, and a repeated call keeps nothing (≤ 3 MB, the noise).
 * Each idle figure is the median of BENCH_MEMORY_RUNS starts (default 3); idle RSS holds still on a busy
 * machine, but timings don't, so none are printed. Only ever talks to 127.0.0.1.
 */
import { Database } from "bun:sqlite";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BYTECODE_ORDER, compileServer } from "./compile-server";
import {
  currentRss,
  get,
  medianRss,
  peakDuring,
  RSS_PARTS,
  rssOf,
  startServer,
  type Rss,
  type Running,
} from "./memory-readings";

const RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 3);
/** How long a process is left alone before its idle RSS is read. */
const SETTLE_MS = Number(process.env.BENCH_MEMORY_SETTLE_MS ?? 3000);
const USERS = Number(process.env.BENCH_SCALE_USERS ?? 200_000);
const SALES = Number(process.env.BENCH_SCALE_SALES ?? 1_000_000);
const BURST = 10_000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const f0 = (x: number) => x.toFixed(0);
const f1 = (x: number) => x.toFixed(1);
const signed = (x: number) => `${x >= 0 ? "+" : ""}${f1(x)}`;
const met = (ok: boolean) => (ok ? "met" : "**not met**");

/** An empty site as an operator runs it in production, with nothing real behind its providers. */
const PRODUCTION = {
  NODE_ENV: "production",
  APP_URL: "https://layerlift.example",
  JWT_SECRET: "memory-bench-only-secret-0123456789abcdef0123456789",
  STRIPE_SECRET_KEY: "sk_test_memory",
  STRIPE_PUBLISHABLE_KEY: "pk_test_memory",
  STRIPE_WEBHOOK_SECRET: "whsec_memory",
  STRIPE_API_BASE: "http://127.0.0.1:9",
  ALLOW_STRIPE_TEST_KEYS: "1",
  RESEND_API_KEY: "re_memory",
  RESEND_BASE_URL: "http://127.0.0.1:9",
  EMAIL_FROM: "Layerlift <keys@layerlift.invalid>",
  PLUGIN_INSTALL_URL: "https://create.roblox.com/store/asset/1",
  SELLER_ADDRESS: "1 Example Street, Example City",
};

interface Bench {
  tmp: string;
  freePort: () => Promise<number>;
  databases: number;
}

async function start(b: Bench, bin: string, db: string, env: Record<string, string> = {}) {
  const development: Record<string, string> = { NODE_ENV: "development", DISABLE_RATE_LIMITS: "1" };
  return startServer(bin, b.tmp, await b.freePort(), {
    DATABASE_PATH: db,
    SEED_DEV_ADMIN: "0",
    LOG_LEVEL: "warn",
    ...(env.NODE_ENV === "production" ? {} : development),
    ...env,
  });
}

const freshDb = (b: Bench) => join(b.tmp, `empty-${b.databases++}.db`);

/** Idle RSS of `bin` (median of RUNS starts): at start, and after its first page (the home page, rendered on the server). */
async function idle(b: Bench, bin: string, db: () => string, env: Record<string, string> = {}) {
  const started: Rss[] = [];
  const afterPage: Rss[] = [];
  for (let i = 0; i < RUNS; i++) {
    const server = await start(b, bin, db(), env);
    try {
      await Bun.sleep(SETTLE_MS);
      started.push(rssOf(server.pid, bin));
      await get(server.base, "/");
      await Bun.sleep(SETTLE_MS);
      afterPage.push(rssOf(server.pid, bin));
    } finally {
      await server.stop();
    }
  }
  return { started: medianRss(started), afterPage: medianRss(afterPage), runs: afterPage.map((r) => f0(r.rss)) };
}

/** A bare Bun.serve, compiled as the server is: what Bun alone holds. */
async function floor(b: Bench): Promise<Rss> {
  const source = join(b.tmp, "bare.ts");
  const bin = join(b.tmp, "bare");
  writeFileSync(
    source,
    'Bun.serve({ port: Number(process.env.PORT), hostname: "127.0.0.1", fetch: () => new Response("ok") });\n',
  );
  const built = await Bun.build({ entrypoints: [source], compile: { outfile: bin }, minify: true, bytecode: true });
  if (!built.success) throw new AggregateError(built.logs, "the bare server failed to compile");
  const readings: Rss[] = [];
  for (let i = 0; i < RUNS; i++) {
    const server = await startServer(bin, b.tmp, await b.freePort(), {});
    try {
      await get(server.base, "/");
      await Bun.sleep(SETTLE_MS);
      readings.push(rssOf(server.pid, bin));
    } finally {
      await server.stop();
    }
  }
  return medianRss(readings);
}

/** Seeds the scale database with the executable, unless BENCH_SCALE_DB names one. */
function scaleDatabase(b: Bench, bin: string): string {
  const given = process.env.BENCH_SCALE_DB;
  if (given) {
    if (!existsSync(given)) throw new Error(`BENCH_SCALE_DB ${given} does not exist`);
    return given;
  }
  const db = join(b.tmp, "scale.db");
  const t = performance.now();
  const seeded = Bun.spawnSync([bin, "seed-scale", "--users", String(USERS), "--sales", String(SALES), "--db", db], {
    cwd: b.tmp,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "development" },
    stdout: "ignore",
    stderr: "inherit",
  });
  if (seeded.exitCode !== 0) throw new Error("seed-scale failed");
  console.log(`\n(seed-scale --users ${USERS} --sales ${SALES}: ${f0((performance.now() - t) / 1000)} s)`);
  return db;
}

interface HeapReport {
  heapSize: number;
  heapCapacity: number;
  extraMemorySize: number;
  objectCount: number;
  objectTypes: { type: string; count: number; bytes: number }[];
  memoryUsage: { arrayBuffers: number };
  loaded: string[];
}

/** The probe's own report of its heap (after a full collection), idle after its first page. */
async function heapReport(b: Bench, probe: string): Promise<HeapReport> {
  const file = join(b.tmp, "heap.json");
  rmSync(file, { force: true });
  const server = await start(b, probe, freshDb(b), { PROBE_REPORT: file });
  try {
    await get(server.base, "/");
    await Bun.sleep(SETTLE_MS);
    process.kill(server.pid, "SIGUSR2");
    for (let i = 0; i < 3000 && !existsSync(file); i++) await Bun.sleep(10);
    await Bun.sleep(200);
    return JSON.parse(readFileSync(file, "utf8"));
  } finally {
    await server.stop();
  }
}

/** The lazily loaded modules' names, as the probe lists them. */
function lazyNames(probe: string): string[] {
  const run = Bun.spawnSync([probe], { env: { PATH: process.env.PATH ?? "", PROBE_LIST: "1" }, stdout: "pipe" });
  return JSON.parse(/^PROBE_LIST (.*)$/m.exec(run.stdout.toString())?.[1] ?? "[]");
}

/** RSS of the probe at start with `load` loaded before it serves (median of RUNS starts). */
async function startedWith(b: Bench, probe: string, load: string): Promise<number> {
  const rss: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const server = await start(b, probe, freshDb(b), load ? { PROBE_LOAD: load } : {});
    try {
      await Bun.sleep(SETTLE_MS);
      rss.push(currentRss(server.pid));
    } finally {
      await server.stop();
    }
  }
  return median(rss);
}

interface RunResult {
  before: number;
  peak: number;
  after: number;
}

async function measured(server: Running, call: () => Promise<unknown>): Promise<RunResult> {
  const before = currentRss(server.pid);
  const peak = await peakDuring(server.pid, call);
  await Bun.sleep(SETTLE_MS);
  return { before, peak, after: currentRss(server.pid) };
}

/** Validates each key once, 16 at a time. */
async function validations(base: string, keys: { key: string; roblox: string }[]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < keys.length) {
        const { key, roblox } = keys[next++];
        const response = await fetch(`${base}/api/plugin/validate`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ key, robloxUserId: roblox }),
        });
        await response.arrayBuffer();
      }
    }),
  );
}

/**
 * Waits until the site's own background work is done (the renewal reminders and e-mails a seeded site has
 * due when it starts), so that what a call adds is the call's: e-mails and reminders unchanged for 15 s.
 */
async function backgroundSettled(db: string) {
  const data = new Database(db, { readonly: true });
  const work = () =>
    JSON.stringify(
      data
        .query(
          "SELECT (SELECT count(*) FROM emails) AS emails, (SELECT count(*) FROM emails WHERE status = 'sent') AS sent, (SELECT count(*) FROM renewal_reminders) AS reminders",
        )
        .get(),
    );
  try {
    let last = work();
    let since = performance.now();
    for (const limit = performance.now() + 180_000; performance.now() < limit; ) {
      await Bun.sleep(1000);
      const now = work();
      if (now !== last) [last, since] = [now, performance.now()];
      else if (performance.now() - since >= 15_000) return;
    }
    console.log("\n(the seeded site's background work did not settle within 3 minutes; measuring anyway)");
  } finally {
    data.close();
  }
}

/** Each call three times on the seeded site: what it adds at its peak, and what it keeps. */
async function calls(b: Bench, bin: string, db: string) {
  const data = new Database(db, { readonly: true });
  const invoice = data
    .query("SELECT invoice_number AS n FROM sales WHERE invoice_number IS NOT NULL LIMIT 1")
    .get() as {
    n: string;
  };
  const keys = data
    .query(
      `SELECT figma_key AS key, coalesce(linked_roblox_account_id, '1') AS roblox FROM users
       WHERE figma_key IS NOT NULL ORDER BY linked_roblox_account_id IS NULL LIMIT ${BURST}`,
    )
    .all() as { key: string; roblox: string }[];
  data.close();
  const server = await start(b, bin, db);
  try {
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@scale.example", password: "scale password" }),
    });
    const admin = ((await login.json()) as { token: string }).token;
    await backgroundSettled(db);
    await Bun.sleep(SETTLE_MS);
    // A third element marks a call of many requests: the peak budget is per request, so it is shown, not judged.
    const list: [string, () => Promise<unknown>, "many requests"?][] = [
      ["GET / (the first page rendered)", () => get(server.base, "/")],
      // Each public screen's code is loaded by the first request for it: one row each, as the budget is per request.
      ...["/docs", "/purchase", "/support"].map((path): [string, () => Promise<unknown>] => [
        `GET ${path} (its screen's code)`,
        () => get(server.base, path),
      ]),
      [
        "GET /dashboard, /admin (the signed-in screens' frames)",
        async () => {
          for (const path of ["/dashboard", "/admin"]) await get(server.base, path);
        },
      ],
      ["GET /api/openapi.json", () => get(server.base, "/api/openapi.json")],
      [
        "GET /api/docs and its script",
        async () => {
          const page = new TextDecoder().decode(await get(server.base, "/api/docs"));
          await get(server.base, /src="(\/api\/docs\/scalar-[^"]+)"/.exec(page)![1]);
        },
      ],
      [
        `GET /api/admin/sales.csv (${SALES.toLocaleString("en-US")} rows)`,
        () => get(server.base, "/api/admin/sales.csv", admin),
      ],
      ["GET /api/invoices/….pdf (an invoice)", () => get(server.base, `/api/invoices/${invoice.n}.pdf`, admin)],
      [
        `${keys.length.toLocaleString("en-US")} plugin validations, each key once, 16 at a time`,
        () => validations(server.base, keys),
        "many requests",
      ],
    ];
    const rows: { call: string; runs: RunResult[]; oneRequest: boolean }[] = [];
    for (const [call, run, many] of list) {
      const runs: RunResult[] = [];
      for (let i = 0; i < 3; i++) runs.push(await measured(server, run));
      rows.push({ call, runs, oneRequest: many === undefined });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

export async function memoryBench(root: string, tmp: string, freePort: () => Promise<number>) {
  const bin = join(root, "dist/layerlift");
  if (!existsSync(bin)) {
    console.log("\nMemory: run `npm run build` first");
    return;
  }
  const b: Bench = { tmp, freePort, databases: 0 };
  const bare = await floor(b);
  const empty = await idle(b, bin, () => freshDb(b));
  const production = await idle(b, bin, () => freshDb(b), PRODUCTION);
  const scaleDb = scaleDatabase(b, bin);
  const seeded = await idle(b, bin, () => scaleDb);

  console.log(
    `\n### The executable, idle: RSS by what holds it (MB; median of ${RUNS} starts, each read ${SETTLE_MS / 1000} s after the step)\n`,
  );
  const columns: [string, Rss][] = [
    ["a bare Bun.serve", bare],
    ["empty site, at start", empty.started],
    ["empty site, after its first page", empty.afterPage],
    ["the same in production", production.afterPage],
    [`${USERS / 1000}k accounts, ${SALES / 1_000_000}M sales, after the first page`, seeded.afterPage],
  ];
  console.log(`| | ${columns.map(([name]) => name).join(" | ")} |\n|---|${columns.map(() => "---|").join("")}`);
  for (const { part, says } of RSS_PARTS)
    console.log(`| ${says} | ${columns.map(([, r]) => f1(r[part])).join(" | ")} |`);
  console.log(`| **RSS** | ${columns.map(([, r]) => `**${f1(r.rss)}**`).join(" | ")} |`);
  const grown = seeded.afterPage.rss - empty.afterPage.rss;
  console.log(
    `\nBudgets: empty site after its first page ${f1(empty.afterPage.rss)} MB (runs ${empty.runs.join(", ")}; < 80 MB) ${met(empty.afterPage.rss < 80)}, ` +
      `in production ${f1(production.afterPage.rss)} MB ${met(production.afterPage.rss < 80)}; ` +
      `with the data ${signed(grown)} MB (runs ${seeded.runs.join(", ")}; within 20 MB) ${met(grown <= 20)}`,
  );

  const probe = join(tmp, "memory-probe");
  const order = join(root, BYTECODE_ORDER);
  await compileServer(root, "scripts/memory-probe.ts", probe, existsSync(order) ? order : undefined);
  const heap = await heapReport(b, probe);
  const MB = 1024 * 1024;
  console.log(`\n### The JavaScript heap, idle after the first page, after a full collection (the probe)\n`);
  console.log(
    `${f1(heap.heapSize / MB)} MB in ${heap.objectCount.toLocaleString("en-US")} objects (the heap's capacity ${f1(heap.heapCapacity / MB)} MB); ` +
      `owned outside it ${f1(heap.extraMemorySize / MB)} MB, of which array buffers ${f1(heap.memoryUsage.arrayBuffers / MB)} MB. ` +
      `Lazily loaded modules loaded: ${heap.loaded.join(", ") || "none"}.\n`,
  );
  console.log("| object type | count | MB (its own size) |\n|---|---|---|");
  for (const { type, count, bytes } of heap.objectTypes.slice(0, 15))
    console.log(`| ${type} | ${count.toLocaleString("en-US")} | ${(bytes / MB).toFixed(2)} |`);

  const names = lazyNames(probe);
  const without = await startedWith(b, probe, "");
  console.log(
    `\n### What each lazily loaded module costs once loaded (the probe at start, median of ${RUNS}: ${f1(without)} MB without any)\n`,
  );
  console.log("| module | RSS at start with it loaded | it costs |\n|---|---|---|");
  for (const name of names) {
    const withIt = await startedWith(b, probe, name);
    console.log(`| ${name} | ${f1(withIt)} MB | ${signed(withIt - without)} MB |`);
  }
  const all = await startedWith(b, probe, names.join(","));
  console.log(`| all of them | ${f1(all)} MB | ${signed(all - without)} MB |`);

  const rows = await calls(b, bin, scaleDb);
  console.log(
    `\n### Each call three times on the seeded site: RSS before → at its peak → ${SETTLE_MS / 1000} s later (MB)\n`,
  );
  console.log(
    "| call | 1st | 2nd | 3rd | adds at its peak (< 30 for one request) | the 1st keeps | the 2nd and 3rd keep (≤ 3) |\n|---|---|---|---|---|---|---|",
  );
  for (const { call, runs, oneRequest } of rows) {
    const added = Math.max(...runs.map((r) => r.peak - r.before));
    const repeats = runs[2].after - runs[0].after;
    const cell = (r: RunResult) => `${f0(r.before)} → ${f0(r.peak)} → ${f0(r.after)}`;
    console.log(
      `| ${call} | ${runs.map(cell).join(" | ")} | ${f1(added)}${oneRequest ? ` ${met(added < 30)}` : ""} | ${signed(runs[0].after - runs[0].before)} | ${signed(repeats)} ${met(repeats <= 3)} |`,
    );
  }
}
