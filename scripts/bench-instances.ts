/**
 * `npm run bench -- instances`: plugin validation with one, two and three instances on one PostgreSQL database,
 * 64 connections in all, with rate limits off and on.
 *
 * The load is 1,000 accounts validating their own plugin keys, each from its own address (X-Forwarded-For, with
 * TRUST_PROXY=1 as behind a load balancer): with limits on, every request takes a token from its address's
 * bucket and its key's, shared by the instances in PostgreSQL, as in production. wrk connects to one address,
 * so each instance gets its own wrk with its share of the connections, all started together, and their
 * requests a second are added up (a Lua script round-robining hosts would still open every connection to the
 * first host: wrk resolves its one URL once).
 *
 * Limits off: three `layerlift serve` processes with DISABLE_RATE_LIMITS=1, the database's work alone. Limits
 * on: three more, started by this file (`bun scripts/bench-instances.ts serve`, which does what `layerlift
 * serve` does) with the shared limiter on a clock 20 times faster, all three from one origin: at 60 a minute,
 * 1,000 accounts can't feed thousands of calls a second for long. At 20 times a bucket refills 20 tokens a
 * second, about twice what the load takes from it, and the limiter's once-a-minute sweep of refilled buckets
 * runs every 3 s (faster clocks made the sweep's lock waits most of what was measured). The rounds alternate
 * between the two trios. Setting up takes about two minutes: each sign-up hashes a password.
 *
 * On a 2-core machine every instance, PostgreSQL and wrk share the same two cores, so the total is expected to
 * stay flat or drop: what the lines show is what more instances cost, not the capacity they add on more machines.
 */
import { writeFileSync } from "node:fs";
import { SQL } from "bun";
import { join } from "node:path";
import { benchPostgresDatabase } from "./bench-postgres";
import {
  BUN,
  cpuTimeUs,
  freePort,
  median,
  postgresCpuTimeUs,
  postmasterOf,
  signUpForValidation,
  spawn,
  waitFor,
} from "./bench-tools";

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MOST = 3;
const ACCOUNTS = 1000;
/** How much faster than the site's clock the limiter's buckets run with limits on. */
const LIMITS_CLOCK_SPEED = 20;

type Limits = "off" | "on";
type Round = Awaited<ReturnType<typeof round>>;
/** The database's transactions so far (each statement outside a transaction is one). */
const TRANSACTIONS = "SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()";

/** The bench's database: its server's process, for CPU time, and a connection to read its statistics. */
interface Database {
  postmaster: number | undefined;
  stats: SQL;
}

interface Server {
  base: string;
  process: ReturnType<typeof spawn>;
}

/**
 * One round: a wrk per instance at once, the connections shared out. Answers the summed requests a second and
 * errors, and the CPU time per request of the loaded instances and of PostgreSQL: on a machine other jobs
 * share, requests a second move with their load, CPU time per request much less.
 */
async function round(servers: Server[], script: string, database: Database) {
  const cpu = async () => ({
    servers: servers.reduce((sum, server) => sum + cpuTimeUs(server.process.pid), 0),
    postgres: postgresCpuTimeUs(database.postmaster),
    transactions: Number((await database.stats.unsafe(TRANSACTIONS))[0].n),
  });
  const before = await cpu();
  const runs = servers.map(({ base }, i) => {
    const connections = Math.floor(CONNECTIONS / servers.length) + (i < CONNECTIONS % servers.length ? 1 : 0);
    // The wrk's number (after --) starts it at its own place in the accounts.
    const wrk = Bun.spawn(
      ["wrk", "-t1", `-c${connections}`, `-d${SECONDS}s`, "-s", script, `${base}/api/plugin/validate`, "--", `${i}`],
      { stdout: "pipe" },
    );
    return new Response(wrk.stdout).text();
  });
  const outs = await Promise.all(runs);
  // The backends report their transactions to the statistics within a second of going idle.
  await Bun.sleep(1_100);
  const after = await cpu();
  const sum = (pattern: RegExp) => outs.reduce((total, out) => total + Number(pattern.exec(out)?.[1] ?? 0), 0);
  const requests = Math.max(sum(/(\d+) requests in/), 1);
  return {
    rps: sum(/Requests\/sec:\s+([\d.]+)/),
    errors: sum(/Non-2xx or 3xx responses: (\d+)/),
    serversUs: (after.servers - before.servers) / requests,
    postgresUs: (after.postgres - before.postgres) / requests,
    transactions: (after.transactions - before.transactions) / requests,
  };
}

/** Each request is the next account's validation, from that account's own address. */
function writeScript(path: string, bodies: string[]) {
  writeFileSync(
    path,
    `wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local bodies = { ${bodies.map((body) => JSON.stringify(body)).join(", ")} }
local sent = 0
function init(args) sent = (tonumber(args[1]) or 0) * 37 end
function request()
  sent = sent + 1
  local i = sent % #bodies
  wrk.headers["X-Forwarded-For"] = "10.0." .. math.floor(i / 200) .. "." .. (i % 200 + 1)
  return wrk.format(nil, nil, nil, bodies[i + 1])
end
`,
  );
}

/** Three instances on the database: `layerlift serve` with limits off, or this file's server with them on. */
async function startTrio(root: string, env: Record<string, string>, limits: Limits): Promise<Server[]> {
  const command = limits === "off" ? [BUN, "src/index.ts", "serve"] : [BUN, "scripts/bench-instances.ts", "serve"];
  const extra: Record<string, string> =
    limits === "off" ? { DISABLE_RATE_LIMITS: "1" } : { BENCH_LIMITS_ORIGIN: String(Date.now()) };
  const servers: Server[] = [];
  for (let i = 0; i < MOST; i++) {
    const port = await freePort();
    const process = spawn(command, { ...env, ...extra, PORT: String(port) }, root);
    servers.push({ base: `http://127.0.0.1:${port}`, process });
  }
  await Promise.all(servers.map(({ base }) => waitFor(`${base}/api/health`, 30_000)));
  return servers;
}

/** The keys' bodies: the accounts signed up through the instances without limits (each sign-up hashes a password). */
async function signUpAccounts(root: string, env: Record<string, string>, servers: Server[]): Promise<string[]> {
  const keys: string[] = [];
  while (keys.length < ACCOUNTS) {
    // The command makes at most 100 keys at a time.
    const count = String(Math.min(100, ACCOUNTS - keys.length));
    const made = Bun.spawnSync([BUN, "src/index.ts", "keys", "generate", "--plan", "pro", "--count", count], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    keys.push(...made.stdout.toString().trim().split("\n"));
  }
  const bodies: string[] = [];
  for (let i = 0; i < ACCOUNTS; i += 6) {
    const batch = keys.slice(i, i + 6).map(async (key, j) => {
      const { base } = servers[j % servers.length]!;
      return (await signUpForValidation(base, key, `bench${i + j}@example.com`)).validateBody;
    });
    bodies.push(...(await Promise.all(batch)));
  }
  return bodies;
}

export async function instancesBench(root: string, tmp: string) {
  const url = await benchPostgresDatabase("instances");
  const database: Database = { postmaster: postmasterOf(Number(new URL(url).port)), stats: new SQL(url, { max: 1 }) };
  const env = { DATABASE_URL: url, SEED_DEV_ADMIN: "0", TRUST_PROXY: "1", NODE_ENV: "development" };
  const trios: Partial<Record<Limits, Server[]>> = {};
  try {
    trios.off = await startTrio(root, env, "off");
    trios.on = await startTrio(root, env, "on");
    const script = join(tmp, "instances.lua");
    writeScript(script, await signUpAccounts(root, env, trios.off));

    // Warm-up, not counted: each instance's first calls compile its hot code.
    for (const limits of ["off", "on"] as const) await round(trios[limits]!, script, database);
    const rounds: Record<Limits, Round[][]> = { off: [[], [], []], on: [[], [], []] };
    for (let r = 0; r < ROUNDS; r++)
      for (let n = 1; n <= MOST; n++)
        for (const limits of ["off", "on"] as const)
          rounds[limits][n - 1]!.push(await round(trios[limits]!.slice(0, n), script, database));

    console.log(
      `\nPlugin validation on one PostgreSQL, ${ACCOUNTS} accounts from their own addresses, ${CONNECTIONS} connections spread over the instances, ${ROUNDS} rounds × ${SECONDS} s, medians:`,
    );
    const rps = (limits: Limits, n: number) => median(rounds[limits][n - 1]!.map((r) => r.rps));
    for (const limits of ["off", "on"] as const) {
      for (let n = 1; n <= MOST; n++) {
        const results = rounds[limits][n - 1]!;
        const servers = median(results.map((r) => r.serversUs));
        const postgres = median(results.map((r) => r.postgresUs));
        const transactions = median(results.map((r) => r.transactions));
        console.log(
          `  limits ${limits.padEnd(3)} ${n} instance${n > 1 ? "s" : " "}: ${rps(limits, n).toFixed(0).padStart(6)} req/s (rounds ${results.map((r) => r.rps.toFixed(0)).join(", ")}), ${((rps(limits, n) / rps(limits, 1)) * 100).toFixed(0)}% of one` +
            (limits === "on" ? `, ${((rps("on", n) / rps("off", n)) * 100).toFixed(0)}% of limits off` : "") +
            `; per request: CPU ${(servers + postgres).toFixed(0)} µs (instances ${servers.toFixed(0)}, PostgreSQL ${postgres.toFixed(0)}), ${transactions.toFixed(2)} PostgreSQL transactions` +
            `; non-2xx ${results.reduce((sum, r) => sum + r.errors, 0)}`,
        );
      }
    }
    console.log(
      "  (every instance, PostgreSQL and wrk share this machine's cores: the total stays about flat, or drops, with more instances here; their capacity is on more machines)",
    );
  } finally {
    const servers = [...(trios.off ?? []), ...(trios.on ?? [])].map((server) => server.process);
    for (const server of servers) server.kill();
    await Promise.all(servers.map((server) => server.exited));
    await database.stats.close();
  }
}

/** `bun scripts/bench-instances.ts serve`: an instance whose shared limiter runs on the bench's fast clock. */
async function serveWithFastLimits() {
  const { loadConfig } = await import("../src/config");
  const { buildDeps, startServer } = await import("../src/server");
  const { PostgresRateLimiter } = await import("../src/db/rate-limit-store");
  const { configureLogger, readableLog } = await import("../src/lib/logger");
  const { SERVING_JIT_POLICY } = await import("../src/lib/reluctant-jit");
  const config = loadConfig(process.env);
  configureLogger({ level: config.logLevel, readable: readableLog(config.logFormat, config.env, false) });
  const deps = await buildDeps(config);
  // One origin for the three, so their fast clocks agree on the shared buckets.
  const origin = Number(process.env.BENCH_LIMITS_ORIGIN);
  const clock = { now: () => origin + (Date.now() - origin) * LIMITS_CLOCK_SPEED };
  startServer({ ...deps, limiter: new PostgresRateLimiter(deps.db, clock) }, config.port, "127.0.0.1");
  Bun.unsafe.setJITPolicy(SERVING_JIT_POLICY);
}

if (import.meta.main && process.argv[2] === "serve") await serveWithFastLimits();
