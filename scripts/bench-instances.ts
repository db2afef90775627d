/**
 * `npm run bench -- instances`: plugin validation with one, two and three `layerlift serve` instances on one
 * PostgreSQL database, 64 connections in all. wrk connects to one address, so each instance gets its own wrk
 * with its share of the connections, all started together, and their requests a second are added up. Limits
 * off (DISABLE_RATE_LIMITS=1): one key from one address would otherwise measure 429s. On a 2-core machine
 * every instance, PostgreSQL and wrk share the same two cores, so the total is expected to stay flat or drop:
 * what the line shows is the overhead of more instances, not the capacity they add on more machines.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { benchPostgresDatabase } from "./bench-postgres";
import { BUN, freePort, median, signUpForValidation, spawn, waitFor } from "./bench-tools";

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MOST = 3;

/** One round: a wrk per instance at once, the connections shared out; the summed requests a second and errors. */
async function round(bases: string[], script: string) {
  const runs = bases.map((base, i) => {
    const connections = Math.floor(CONNECTIONS / bases.length) + (i < CONNECTIONS % bases.length ? 1 : 0);
    const wrk = Bun.spawn(
      ["wrk", "-t1", `-c${connections}`, `-d${SECONDS}s`, "-s", script, `${base}/api/plugin/validate`],
      { stdout: "pipe" },
    );
    return new Response(wrk.stdout).text();
  });
  const outs = await Promise.all(runs);
  return {
    rps: outs.reduce((sum, out) => sum + Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0), 0),
    errors: outs.reduce((sum, out) => sum + Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0), 0),
  };
}

export async function instancesBench(root: string, tmp: string) {
  const url = await benchPostgresDatabase("instances");
  const env = { DATABASE_URL: url, SEED_DEV_ADMIN: "0", DISABLE_RATE_LIMITS: "1", NODE_ENV: "development" };
  const servers: ReturnType<typeof spawn>[] = [];
  const bases: string[] = [];
  try {
    for (let i = 0; i < MOST; i++) {
      const port = await freePort();
      servers.push(spawn([BUN, "src/index.ts"], { ...env, PORT: String(port) }, root));
      bases.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(bases.map((base) => waitFor(`${base}/api/health`)));
    const key = Bun.spawnSync([BUN, "src/index.ts", "keys", "generate", "--plan", "pro", "--count", "1"], {
      cwd: root,
      env: { ...process.env, ...env },
    })
      .stdout.toString()
      .trim();
    const { validateBody } = await signUpForValidation(bases[0]!, key);
    const script = join(tmp, "instances.lua");
    writeFileSync(
      script,
      `wrk.method = "POST"\nwrk.body = ${JSON.stringify(validateBody)}\nwrk.headers["Content-Type"] = "application/json"\n`,
    );
    await round(bases, script); // warm-up, not counted: each instance's first calls compile its hot code
    const rounds: Record<number, Awaited<ReturnType<typeof round>>[]> = { 1: [], 2: [], 3: [] };
    for (let r = 0; r < ROUNDS; r++)
      for (let n = 1; n <= MOST; n++) rounds[n]!.push(await round(bases.slice(0, n), script));
    console.log(`\nPlugin validation on one PostgreSQL, ${CONNECTIONS} connections spread over the instances:`);
    const one = median(rounds[1]!.map((r) => r.rps));
    for (let n = 1; n <= MOST; n++) {
      const rps = median(rounds[n]!.map((r) => r.rps));
      console.log(
        `  ${n} instance${n > 1 ? "s" : " "}: ${rps.toFixed(0)} req/s (rounds ${rounds[n]!.map((r) => r.rps.toFixed(0)).join(", ")}), ${((rps / one) * 100).toFixed(0)}% of one, non-2xx ${rounds[n]!.reduce((sum, r) => sum + r.errors, 0)}`,
      );
    }
    console.log(
      "  (every instance, PostgreSQL and wrk share this machine's cores: more instances add capacity only on more machines)",
    );
  } finally {
    for (const server of servers) server.kill();
    await Promise.all(servers.map((server) => server.exited));
  }
}
