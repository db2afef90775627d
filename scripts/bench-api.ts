/**
 * `npm run bench -- api` and `npm run bench -- profile`: plugin validation and /api/auth/me under load at 64
 * connections, against a bare Bun.serve and the release before (scripts/bench-baseline.ts) in the same rounds,
 * so the machine's changing load falls on all of them alike.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { baselineTree } from "./bench-baseline";
import { BUN, cpuTimeUs, freePort, median, ROOT, signUpForValidation, spawn, waitFor } from "./bench-tools";
import { benchPostgresDatabase, postgresMissing } from "./bench-postgres";

const CONNECTIONS = 64;
/** The caller's address the proxy passes on (a documentation address, RFC 5737). */
const CLIENT_ADDRESS = "203.0.113.7";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Where the load scripts and databases go: the bench's temporary folder. */
let tmp = "";
let hasWrk = false;
let wrkChecked = false;

function prepare(folder: string) {
  tmp = folder;
  if (!wrkChecked) hasWrk = ensureWrk();
  wrkChecked = true;
}

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
  /** Sent as X-Forwarded-For, as the reverse proxy in front of a production server appends it. */
  forwardedFor?: string;
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
        options.forwardedFor ? `wrk.headers["X-Forwarded-For"] = "${options.forwardedFor}"` : "",
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
            ...(options.forwardedFor ? { "x-forwarded-for": options.forwardedFor } : {}),
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
 * pipe nobody reads), with an account and a plugin key to call validation with. TRUST_PROXY=1, as in
 * production behind its TLS proxy: a load that sends X-Forwarded-For is what such a server sees, and one that
 * doesn't makes the server ask the socket for the caller's address instead (a direct connection).
 */
async function startBenchApp(bunFlags: string[] = [], cwd = ROOT, databaseUrl?: string) {
  const appPort = await freePort();
  const db = join(tmp, `bench-${appPort}.db`);
  const where: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_PATH: db };
  const app = spawn(
    [BUN, ...bunFlags, "src/index.ts"],
    {
      PORT: String(appPort),
      ...where,
      SEED_DEV_ADMIN: "0",
      DISABLE_RATE_LIMITS: "1",
      NODE_ENV: "development",
      TRUST_PROXY: "1",
    },
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
export async function profileValidate(folder: string) {
  prepare(folder);
  const dir = join(ROOT, "profiles");
  rmSync(dir, { recursive: true, force: true });
  const { app, base, validateBody } = await startBenchApp(["--cpu-prof-md", `--cpu-prof-dir=${dir}`]);
  await load(`${base}/api/plugin/validate`, { method: "POST", body: validateBody, forwardedFor: CLIENT_ADDRESS });
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

/** The app's floor: the bookkeeping every call pays (headers, request id, line, metrics), with no work of its own. */
const FLOOR = "floor (GET /api/config)";

/** A slowdown larger than this against the release before is called out. */
const SLOWDOWN_CALLED_OUT = 0.05;

/** The change from the release before, by req/s and by CPU time per request; a slowdown past 5% called out. */
function changeLine(name: string, today: Load[], before: Load[], ref: string): string {
  const rps = median(today.map((r) => r.rps)) / median(before.map((r) => r.rps)) - 1;
  const cpu = median(today.map((r) => r.cpuUs)) / median(before.map((r) => r.cpuUs)) - 1;
  const pct = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}%`;
  const slower = rps < -SLOWDOWN_CALLED_OUT || cpu > SLOWDOWN_CALLED_OUT;
  return (
    `  ${name.padEnd(22)} req/s ${pct(rps).padStart(7)}, CPU per request ${pct(cpu).padStart(7)}` +
    (slower ? `  SLOWER than ${ref} by more than ${SLOWDOWN_CALLED_OUT * 100}%` : "")
  );
}

export async function apiThroughput(folder: string) {
  prepare(folder);
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
  // The release before, started from its own tree, loaded in the same rounds.
  const tree = baselineTree(ROOT, tmp);
  const before = "dir" in tree ? await startBenchApp([], tree.dir) : null;
  // The same site on PostgreSQL, loaded in the same rounds.
  const onPostgres = postgresMissing ? null : await startBenchApp([], ROOT, await benchPostgresDatabase("api"));
  if (postgresMissing) console.log(`\n${postgresMissing}`);
  const withNonce = validateBody.replace(/}$/, ',"nonce":"NONCE"}');
  // Behind the proxy unless `direct`: the caller's address is then the socket's, which costs a system call.
  const proxied = (direct: boolean) => (direct ? {} : { forwardedFor: CLIENT_ADDRESS });
  const validate = (site: { base: string; validateBody: string }, body = site.validateBody, direct = false) =>
    [`${site.base}/api/plugin/validate`, { method: "POST", body, ...proxied(direct) }] as const;
  const me = (site: { base: string; token: string }, direct = false) =>
    [`${site.base}/api/auth/me`, { token: site.token, ...proxied(direct) }] as const;
  try {
    await waitFor(`http://127.0.0.1:${barePort}/`);
    type Row = { target: readonly [string, LoadOptions]; pid: number };
    const plan: Record<string, Row> = {
      bare: { target: [`http://127.0.0.1:${barePort}/`, {}], pid: bare.pid },
      // The app's floor: a small fixed answer with no database work, through the same headers, id, line and metrics.
      [FLOOR]: { target: [`${base}/api/config`, proxied(false)], pid: app.pid },
      validate: { target: validate({ base, validateBody }), pid: app.pid },
      ...(before ? { "validate, release before": { target: validate(before), pid: before.app.pid } } : {}),
      "validate, direct": { target: validate({ base, validateBody }, validateBody, true), pid: app.pid },
      me: { target: me({ base, token }), pid: app.pid },
      ...(before ? { "me, release before": { target: me(before), pid: before.app.pid } } : {}),
      "me, direct": { target: me({ base, token }, true), pid: app.pid },
      ...(onPostgres
        ? {
            "validate, PostgreSQL": { target: validate(onPostgres), pid: onPostgres.app.pid },
            "me, PostgreSQL": { target: me(onPostgres), pid: onPostgres.app.pid },
          }
        : {}),
      // Last in each round: signing on every call leaves the most garbage, which the next load of the same
      // process would pay for.
      "validate, new nonce": { target: validate({ base, validateBody }, withNonce), pid: app.pid },
    };
    const rows: Record<string, Load[]> = Object.fromEntries(Object.keys(plan).map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, { target, pid }] of Object.entries(plan)) rows[name]!.push(await load(...target, pid));
    const bareRps = median(rows.bare!.map((r) => r.rps));
    const bareCpu = median(rows.bare!.map((r) => r.cpuUs));
    const floorRps = median(rows[FLOOR]!.map((r) => r.rps));
    console.log(
      `\nAPI at ${CONNECTIONS} connections, ${ROUNDS} rounds × ${SECONDS} s (${hasWrk ? "wrk" : "built-in client"}), medians:`,
    );
    for (const [name, results] of Object.entries(rows)) {
      const rps = median(results.map((r) => r.rps));
      const cpu = median(results.map((r) => r.cpuUs));
      const errors = results.reduce((n, r) => n + r.errors, 0);
      console.log(
        `  ${name.padEnd(24)} ${rps.toFixed(0).padStart(7)} req/s  p99 ${median(results.map((r) => r.p99ms)).toFixed(2)} ms  CPU ${cpu.toFixed(1)} µs/request` +
          (name === "bare"
            ? ""
            : `  ratio ${((rps / bareRps) * 100).toFixed(0)}% of bare, by CPU ${((bareCpu / cpu) * 100).toFixed(0)}%` +
              (/^(validate|me)(, PostgreSQL)?$/.test(name)
                ? `, ${((rps / floorRps) * 100).toFixed(0)}% of the floor (budget ≥ 45% of bare, p99 < 10 ms)`
                : "")) +
          (errors ? `  non-2xx: ${errors}` : ""),
      );
    }
    // On a machine other jobs share, req/s moves with their load; CPU time per request moves much less.
    console.log(
      "  (by CPU: the bare server's CPU time per request over the app's; it holds up better than req/s when other jobs share the machine)",
    );
    console.log(
      "  (as in production, behind the TLS proxy: TRUST_PROXY=1 and X-Forwarded-For on each request; `direct`: no proxy, so the server asks the socket for the caller's address, a system call per request)",
    );
    if ("commit" in tree) {
      const ref = `${tree.label} (${tree.commit.slice(0, 12)})`;
      console.log(`\nAgainst the release before, ${ref}, in the same rounds (BENCH_BASELINE=<git ref> picks another):`);
      console.log(changeLine("validate", rows.validate!, rows["validate, release before"]!, tree.label));
      console.log(changeLine("me", rows.me!, rows["me, release before"]!, tree.label));
    } else console.log(`\n  (no comparison with the release before: ${tree.missing})`);
  } finally {
    for (const server of [bare, app, before?.app, onPostgres?.app]) server?.kill();
    await Promise.all([bare.exited, app.exited, before?.app.exited, onPostgres?.app.exited]);
  }
}
