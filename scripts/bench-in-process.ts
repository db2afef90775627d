/**
 * `npm run bench -- in-process`: the CPU time of one plugin validation and one `/api/auth/me` inside the
 * app, through `app.handle` (no HTTP, no socket), on a SQLite file and with request log lines on (written
 * to /dev/null). Without the HTTP layer and the load generator sharing the cores, these move less than
 * the loaded runs, so they show what a change to our own code costs per call. Medians of ROUNDS rounds of
 * CALLS calls each; every kind of call runs in each round, so the machine's load falls on all alike.
 * The request lines go to stdout, as in production: `npm run bench -- in-process` throws them away and the
 * table comes on stderr.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../src/app";
import { loadConfig } from "../src/config";
import { closeDatabase } from "../src/db";
import { configureLogger } from "../src/lib/logger";
import { buildDeps } from "../src/server";
import { generateProductKeys } from "../src/features/product-keys/service";
import { median } from "./bench-tools";

const CALLS = Number(process.env.BENCH_CALLS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

async function answer(app: ReturnType<typeof createApp>, request: Request) {
  const response = await app.handle(request);
  if (!response.ok) throw new Error(`${request.method} ${request.url} → ${response.status} ${await response.text()}`);
  return response;
}

/**
 * A POST as it comes over HTTP, with its Content-Length: a Request made from a string has none, and the body
 * limit (src/http/body-limit.ts) would then make Bun build the body's stream, which no real request costs.
 */
const post = (path: string, body: unknown, token?: string) => {
  const text = JSON.stringify(body);
  return new Request(`http://127.0.0.1${path}`, {
    method: "POST",
    body: text,
    headers: {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(text)),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
};

/** A key for the studio's second seat, as its lead gives one from the dashboard. */
async function secondSeatKey(app: ReturnType<typeof createApp>, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (await answer(app, new Request("http://127.0.0.1/api/seats", { headers }))).json()) as {
    seats: { id: number }[];
  };
  const seat = list.seats[1]!;
  return ((await (await answer(app, post(`/api/seats/${seat.id}/key`, {}, token))).json()) as { key: string }).key;
}

/** CPU time (user + system, every thread) of `calls` requests made by `make`, in µs per call. */
async function cpuPerCall(app: ReturnType<typeof createApp>, make: (i: number) => Request, calls: number) {
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const response = await app.handle(make(i));
    await response.arrayBuffer();
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / calls;
}

async function inProcessBench() {
  const dir = mkdtempSync(join(tmpdir(), "layerlift-in-process-"));
  const config = {
    ...loadConfig({ NODE_ENV: "development", SEED_DEV_ADMIN: "0", DISABLE_RATE_LIMITS: "1" }),
    databasePath: join(dir, "bench.db"),
  };
  // Request lines as production writes them: JSON, batched, to stdout (which `npm run bench` discards).
  configureLogger({ level: "info", readable: false });
  const deps = await buildDeps(config);
  const app = createApp(deps);
  try {
    // A studio's key of three seats: seat 1 is the account's own key, seat 2's key is a seat key.
    const [key] = await generateProductKeys(deps.db, Date.now(), { plan: "pro", count: 1, source: "admin", seats: 3 });
    const session = (await (
      await answer(
        app,
        post("/api/auth/signup", {
          email: "bench@example.com",
          password: "bench password",
          confirmPassword: "bench password",
          productKey: key!.key,
        }),
      )
    ).json()) as { token: string };
    const plugin = (await (await answer(app, post("/api/figma/generate-key", {}, session.token))).json()) as {
      figmaKey: string;
    };
    const body = { key: plugin.figmaKey, robloxUserId: "123456" };
    await answer(app, post("/api/plugin/validate", body));
    const seatKey = await secondSeatKey(app, session.token);
    const seatBody = { key: seatKey, robloxUserId: "654321" };
    await answer(app, post("/api/plugin/validate", seatBody));
    const kinds: Record<string, (i: number) => Request> = {
      validate: () => post("/api/plugin/validate", body),
      "validate, seat key": () => post("/api/plugin/validate", seatBody),
      "validate, new nonce": (i) => post("/api/plugin/validate", { ...body, nonce: `bench-${Date.now()}-${i}` }),
      me: () => new Request("http://127.0.0.1/api/auth/me", { headers: { authorization: `Bearer ${session.token}` } }),
    };
    const results: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
    for (const make of Object.values(kinds)) await cpuPerCall(app, make, Math.min(CALLS, 2_000)); // warm up
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, make] of Object.entries(kinds)) results[name]!.push(await cpuPerCall(app, make, CALLS));
    console.error(`\nIn process (app.handle), ${ROUNDS} rounds × ${CALLS} calls, CPU time per call, median (range):`);
    for (const [name, values] of Object.entries(results)) {
      const sorted = [...values].sort((a, b) => a - b);
      console.error(
        `  ${name.padEnd(22)} ${median(values).toFixed(1).padStart(6)} µs  (${sorted[0]!.toFixed(1)}–${sorted.at(-1)!.toFixed(1)})`,
      );
    }
  } finally {
    await closeDatabase(deps.db);
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await inProcessBench();
