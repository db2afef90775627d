/**
 * `npm run bench scale`: the site after years of sales. Seeds 200,000 accounts and 1,000,000 sales
 * (`layerlift seed-scale`; or uses BENCH_SCALE_DB, an already seeded copy, which it changes), starts the
 * server on it without ANALYZE statistics having been run by anyone, and prints one markdown table:
 * every admin GET (newest and oldest page), the CSV export, /api/health, sign-in, /api/auth/me, the
 * dashboard and plugin validation, each with its median time over 5 calls and the server's RSS before
 * and after; then idle RSS, and /api/auth/me and validate against an empty site in the same run.
 * With `engine` "postgres" the same on PostgreSQL (scripts/bench-postgres.ts): seed-scale with DATABASE_URL into
 * a throwaway cluster, the servers started with DATABASE_URL, a second table. A call that fails is a row saying
 * so, not the end of the run. Only ever talks to 127.0.0.1.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { untilHealthy } from "./memory-readings";
import { benchDatabase, cli, sqliteBenchDatabase, type BenchDatabase, type Engine } from "./bench-databases";

const USERS = Number(process.env.BENCH_SCALE_USERS ?? 200_000);
const SALES = Number(process.env.BENCH_SCALE_SALES ?? 1_000_000);
const CALLS = 5;
const HOT_CALLS = 200;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

interface Server {
  base: string;
  pid: number;
  stop: () => Promise<void>;
}

/** A measured server's environment: its own port and database, no rate limits, warnings only in the log. */
export const benchServerEnv = (port: number, db: string) => ({
  PORT: String(port),
  DATABASE_PATH: db,
  SEED_DEV_ADMIN: "0",
  DISABLE_RATE_LIMITS: "1",
  NODE_ENV: "development",
  LOG_LEVEL: "warn",
});

async function startServer(root: string, bun: string, database: BenchDatabase, port: number): Promise<Server> {
  const child = Bun.spawn([bun, "src/index.ts"], {
    cwd: root,
    stdout: "ignore",
    stderr: "inherit",
    env: { ...process.env, ...benchServerEnv(port, ""), DATABASE_PATH: "", ...database.env },
  });
  const base = `http://127.0.0.1:${port}`;
  await untilHealthy(base, child, 120_000);
  return {
    base,
    pid: child.pid,
    stop: async () => {
      child.kill();
      await child.exited;
    },
  };
}

async function send(base: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? "GET",
    headers: { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} → ${response.status} ${text.slice(0, 200)}`);
  return text;
}

/** Median ms of `times` calls, and the server's RSS before the first and after the last. */
async function timed(server: Server, times: number, call: () => Promise<unknown>) {
  const before = rssMb(server.pid);
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await call();
    ms.push(performance.now() - t);
  }
  return { ms: median(ms), before, after: rssMb(server.pid) };
}

/** The server's RSS once its start has settled: 10 s after it answers, its first background rounds done. */
async function idleRss(server: Server) {
  await Bun.sleep(10_000);
  return rssMb(server.pid);
}

/** The id to pass as ?before= to get the oldest page of `limit` rows of a newest-first list. */
async function oldestPageCursor(db: BenchDatabase, table: string, limit: number): Promise<number> {
  const [row] = await db.rows(`SELECT id FROM ${table} ORDER BY created_at ASC, id ASC LIMIT 1 OFFSET ${limit}`);
  return row?.id ?? 1; // a table shorter than one page (a small BENCH_SCALE_USERS)
}

/** Peak RSS of a finished child, from /usr/bin/time when the machine has it. */
function timedArgs(report: string): string[] {
  return existsSync("/usr/bin/time") ? ["/usr/bin/time", "-f", "%M", "-o", report] : [];
}

export async function scaleBench(
  root: string,
  bun: string,
  tmp: string,
  freePort: () => Promise<number>,
  engine: Engine = "sqlite",
) {
  const engineName = engine === "postgres" ? "PostgreSQL" : "SQLite";
  let scale: BenchDatabase;
  const kept = engine === "sqlite" ? process.env.BENCH_SCALE_DB : undefined;
  if (kept) {
    if (!existsSync(kept)) throw new Error(`BENCH_SCALE_DB ${kept} does not exist`);
    scale = sqliteBenchDatabase(kept);
  } else {
    scale = await benchDatabase(engine, tmp, "scale");
    const report = join(tmp, `seed-${engine}.rss`);
    const t = performance.now();
    const seeded = Bun.spawnSync(
      [
        ...timedArgs(report),
        bun,
        "src/index.ts",
        "seed-scale",
        "--users",
        String(USERS),
        "--sales",
        String(SALES),
        ...scale.cliArgs,
      ],
      {
        cwd: root,
        env: { ...process.env, NODE_ENV: "development", DATABASE_PATH: "", ...scale.env },
        stdout: "pipe",
        stderr: "inherit",
      },
    );
    if (seeded.exitCode !== 0) throw new Error("seed-scale failed");
    const peak = existsSync(report) ? Number(readFileSync(report, "utf8").trim().split("\n").at(-1)) / 1024 : NaN;
    console.log(
      `\nseed-scale --users ${USERS} --sales ${SALES} on ${engineName}: ${((performance.now() - t) / 1000).toFixed(1)} s (the whole command, migrations and password hash included)` +
        (Number.isFinite(peak) ? `, peak RSS ${peak.toFixed(0)} MB` : ""),
    );
  }

  // The empty site first: idle RSS, and the hot paths to compare with.
  const emptyDb = await benchDatabase(engine, tmp, "empty");
  const empty = await startServer(root, bun, emptyDb, await freePort());
  let emptyIdle: number, emptyMe: number, emptyValidate: number;
  try {
    emptyIdle = await idleRss(empty);
    const key = cli(root, bun, emptyDb, ["keys", "generate", "--plan", "pro", "--count", "1"]);
    const session = JSON.parse(
      await send(empty.base, "/api/auth/signup", {
        method: "POST",
        body: {
          email: "bench@example.com",
          password: "bench password",
          confirmPassword: "bench password",
          productKey: key,
        },
      }),
    );
    const pluginKey = JSON.parse(
      await send(empty.base, "/api/figma/generate-key", { method: "POST", token: session.token }),
    ).figmaKey;
    emptyMe = (await timed(empty, HOT_CALLS, () => send(empty.base, "/api/auth/me", { token: session.token }))).ms;
    emptyValidate = (
      await timed(empty, HOT_CALLS, () =>
        send(empty.base, "/api/plugin/validate", { method: "POST", body: { key: pluginKey, robloxUserId: "123456" } }),
      )
    ).ms;
  } finally {
    await empty.stop();
  }

  const server = await startServer(root, bun, scale, await freePort());
  const rows: { call: string; ms: number; before: number; after: number; budget: string; ok: boolean }[] = [];
  const failed: string[] = [];
  const row = (call: string, r: { ms: number; before: number; after: number }, budget: string, ok: boolean) =>
    rows.push({ call, ...r, budget, ok: ok && r.after - r.before < 30 });
  /** Measures a call; one that fails is noted (and left out of the table) instead of ending the run. */
  const measure = async (
    call: string,
    budget: string,
    times: number,
    send: () => Promise<unknown>,
    ok: (ms: number) => boolean,
  ) => {
    try {
      const r = await timed(server, times, send);
      row(call, r, budget, ok(r.ms));
      return r;
    } catch (error) {
      failed.push(`${call}: ${(error as Error).message.split("\n")[0]}`);
      return null;
    }
  };
  try {
    const idle = await idleRss(server);
    // A buyer whose plugin key validates: a key, a linked game account and a subscription still running.
    const [buyer] =
      (await scale.rows(`SELECT email, figma_key AS "pluginKey", linked_roblox_account_id AS roblox FROM users
      WHERE figma_key IS NOT NULL AND is_admin = FALSE AND linked_roblox_account_id IS NOT NULL AND EXISTS (SELECT 1 FROM subscriptions s
      WHERE s.user_id = users.id AND s.status = 'active' AND s.suspended_at IS NULL AND (s.end_date IS NULL OR s.end_date > ${Date.now()}))
      LIMIT 1`)) as { email: string; pluginKey: string; roblox: string }[];
    const cursors: Record<string, number> = {};
    for (const t of ["sales", "product_keys", "emails", "audit_log", "users", "support_tickets"])
      cursors[t] = await oldestPageCursor(scale, t, 100);
    const signIn = (email: string) =>
      send(server.base, "/api/auth/login", { method: "POST", body: { email, password: "scale password" } });
    const admin = JSON.parse(await signIn("admin@scale.example")).token as string;
    const token = JSON.parse(await signIn(buyer.email)).token as string;

    const adminGets: [string, string][] = [
      ["GET /api/admin/overview", "/api/admin/overview"],
      ["GET /api/admin/revenue?days=30", "/api/admin/revenue?days=30"],
      ["GET /api/admin/revenue?days=90", "/api/admin/revenue?days=90"],
      ["GET /api/admin/sales?limit=100", "/api/admin/sales?limit=100"],
      ["GET /api/admin/sales?limit=100&before= (oldest page)", `/api/admin/sales?limit=100&before=${cursors.sales}`],
      ["GET /api/admin/product-keys?limit=100", "/api/admin/product-keys?limit=100"],
      [
        "GET /api/admin/product-keys?limit=100&before= (oldest)",
        `/api/admin/product-keys?limit=100&before=${cursors.product_keys}`,
      ],
      ["GET /api/admin/emails?limit=50", "/api/admin/emails?limit=50"],
      ["GET /api/admin/emails?limit=50&before= (oldest)", `/api/admin/emails?limit=50&before=${cursors.emails}`],
      ["GET /api/admin/users?limit=25", "/api/admin/users?limit=25"],
      ["GET /api/admin/users?limit=25&before= (oldest)", `/api/admin/users?limit=25&before=${cursors.users}`],
      ["GET /api/admin/users?q=buyer19999", "/api/admin/users?q=buyer19999&limit=25"],
      ["GET /api/admin/audit?limit=100", "/api/admin/audit?limit=100"],
      ["GET /api/admin/audit?limit=100&before= (oldest)", `/api/admin/audit?limit=100&before=${cursors.audit_log}`],
      ["GET /api/support/tickets?limit=50", "/api/support/tickets?limit=50"],
      [
        "GET /api/support/tickets?limit=50&before= (oldest)",
        `/api/support/tickets?limit=50&before=${cursors.support_tickets}`,
      ],
    ];
    for (const [name, path] of adminGets)
      await measure(
        name,
        "< 50 ms",
        CALLS,
        () => send(server.base, path, { token: admin }),
        (ms) => ms < 50,
      );
    await measure(
      "GET /api/admin/sales?limit=100&offset=900000 (offset, still served)",
      "none (use before=)",
      CALLS,
      () => send(server.base, "/api/admin/sales?limit=100&offset=900000", { token: admin }),
      () => true,
    );

    // The CSV: every row, its pace, and the highest RSS seen while it streams.
    const csvBefore = rssMb(server.pid);
    let peak = csvBefore,
      lines = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid));
    }, 25);
    const t = performance.now();
    const response = await fetch(`${server.base}/api/admin/sales.csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    if (!response.ok)
      failed.push(`GET /api/admin/sales.csv: ${response.status} ${(await response.text()).slice(0, 200)}`);
    else {
      // Counting line ends with indexOf: a byte-by-byte loop here was slower than the server.
      for await (const chunk of response.body!) {
        const bytes = Buffer.from(chunk as Uint8Array);
        for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines++;
      }
      const csvMs = performance.now() - t;
      clearInterval(sampler);
      const rate = (lines - 1) / (csvMs / 1000);
      rows.push({
        call: `GET /api/admin/sales.csv (${lines - 1} rows, ${Math.round(rate / 1000)}k rows/s; RSS after = peak)`,
        ms: csvMs,
        before: csvBefore,
        after: peak,
        budget: "≥ 200k rows/s, +< 30 MB",
        ok: rate >= 200_000 && peak - csvBefore < 30,
      });
    }

    await measure(
      "GET /api/health",
      "flat",
      CALLS,
      () => send(server.base, "/api/health"),
      () => true,
    );
    await measure(
      "POST /api/auth/login",
      "flat",
      CALLS,
      () => signIn(buyer.email),
      () => true,
    );
    await measure(
      "GET /api/dashboard",
      "flat",
      CALLS,
      () => send(server.base, "/api/dashboard", { token }),
      () => true,
    );
    await measure(
      `GET /api/auth/me (empty site: ${emptyMe.toFixed(2)} ms)`,
      "as on an empty site",
      HOT_CALLS,
      () => send(server.base, "/api/auth/me", { token }),
      (ms) => ms <= emptyMe * 1.5 + 0.2,
    );
    await measure(
      `POST /api/plugin/validate (empty site: ${emptyValidate.toFixed(2)} ms)`,
      "as on an empty site",
      HOT_CALLS,
      () =>
        send(server.base, "/api/plugin/validate", {
          method: "POST",
          body: { key: buyer.pluginKey, robloxUserId: buyer.roblox },
        }),
      (ms) => ms <= emptyValidate * 1.5 + 0.2,
    );

    console.log(
      `\nScale on ${engineName}: ${USERS.toLocaleString("en-US")} accounts, ${SALES.toLocaleString("en-US")} sales, ${engine === "postgres" ? "seed-scale's VACUUM (ANALYZE) as the only statistics" : "no ANALYZE run beforehand"}; median of ${CALLS} calls (${HOT_CALLS} for me and validate), one at a time`,
    );
    console.log("\n| call | median | RSS before → after | budget | met |\n|---|---|---|---|---|");
    for (const r of rows) {
      console.log(
        `| ${r.call} | ${r.ms < 10 ? r.ms.toFixed(2) : r.ms.toFixed(0)} ms | ${r.before.toFixed(0)} → ${r.after.toFixed(0)} MB | ${r.budget}${r.budget.includes("RSS") ? "" : ", RSS +< 30 MB"} | ${r.ok ? "yes" : "**no**"} |`,
      );
    }
    console.log(
      `| idle RSS after start | | empty site ${emptyIdle.toFixed(0)} MB, with the data ${idle.toFixed(0)} MB | within 20 MB | ${idle - emptyIdle <= 20 ? "yes" : "**no**"} |`,
    );
    for (const failure of failed) console.log(`Failed on ${engineName}, left out: ${failure}`);
  } finally {
    await server.stop();
  }
}
