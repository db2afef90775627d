/**
 * No lease private key leaves the server: not in its log (at trace level), not in /api/health with the
 * metrics token, /metrics, the key set, a validate answer, an account's data export, or what the command
 * line prints. A real server process, given LEASE_SIGNING_KEY, on a database that also keeps a generated
 * key (so both kinds of key are in play).
 */
import { afterAll, expect, setDefaultTimeout, test } from "bun:test";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/db";
import { makeCurrent } from "../../src/features/leases/keys";
import { generateProductKeys } from "../../src/features/product-keys/service";
import { pollHealth } from "../support/health";

setDefaultTimeout(240_000);

const root = join(import.meta.dir, "../..");
const dir = mkdtempSync(join(tmpdir(), "layerlift-lease-secrets-"));
const database = join(dir, "site.db");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const METRICS_TOKEN = "metrics-token-0123456789";
const cli = (...args: string[]) =>
  Bun.spawnSync([process.execPath, "src/index.ts", ...args, "--db", database], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: "development" },
  });

/** Starts the server with `env` on a free port; answers it once its health check answers, or throws what it printed. */
async function startServer(env: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    // A port the system just gave out; another process may still take it first, hence the retry below.
    const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
    const port = probe.port;
    probe.stop(true);
    const child = Bun.spawn([process.execPath, "src/index.ts"], {
      cwd: root,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        DATABASE_PATH: database,
        NODE_ENV: "development",
        LOG_LEVEL: "trace",
        LOG_FORMAT: "json",
        METRICS_TOKEN,
        ...env,
      },
    });
    const base = `http://127.0.0.1:${port}`;
    const printed = async () => (await new Response(child.stdout).text()) + (await new Response(child.stderr).text());
    // A busy shared machine can take many seconds to start it.
    if (await pollHealth(base, { process: child, ms: 90_000 })) return { child, base, printed };
    child.kill("SIGTERM");
    await child.exited;
    const output = await printed();
    if (attempt < 3 && output.includes("already in use")) continue;
    throw new Error(`the server did not start (exit code ${child.exitCode}):\n${output}`);
  }
}

/** Runs the server with `env` while `exercise` calls it; answers what it answered, and keeps what it printed. */
async function serve(env: Record<string, string>, exercise: (base: string) => Promise<string[]>) {
  const { child, base, printed } = await startServer(env);
  try {
    return [...(await exercise(base))];
  } finally {
    child.kill("SIGTERM");
    await child.exited;
    serve.printed.push(await printed());
  }
}
serve.printed = [] as string[];

async function text(url: string, init: RequestInit = {}): Promise<string> {
  return (await fetch(url, init)).text();
}

const post = (url: string, body: unknown, token?: string) =>
  text(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** Signs up, makes a plugin key, validates (valid, with a bad nonce, with a bad key), reads every outward face. */
async function everyFace(base: string): Promise<string[]> {
  const db = openDatabase(database);
  const [{ key: productKey }] = await generateProductKeys(db, Date.now(), { plan: "pro", count: 1, source: "cli" });
  db.$client.close();
  const email = `secrets-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const signup = JSON.parse(
    await post(`${base}/api/auth/signup`, {
      email,
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey,
    }),
  );
  const pluginKey = JSON.parse(await post(`${base}/api/figma/generate-key`, {}, signup.token)).figmaKey;
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  return [
    await post(`${base}/api/plugin/validate`, { key: pluginKey, robloxUserId: "1", nonce: "secrets-nonce-1" }),
    await post(`${base}/api/plugin/validate`, { key: pluginKey, robloxUserId: "1", nonce: "bad" }),
    await post(`${base}/api/plugin/validate`, { key: "ll_wrong", robloxUserId: "1" }),
    await text(`${base}/.well-known/jwks.json`),
    await text(`${base}/api/health`, bearer(METRICS_TOKEN)),
    await text(`${base}/metrics`, bearer(METRICS_TOKEN)),
    await text(`${base}/api/account/export`, bearer(signup.token)),
    await text(`${base}/api/plugin/docs`),
    await text(`${base}/api/openapi.json`),
  ];
}

test("no private lease key appears in a log, an answer, an export, health, metrics or the command line", async () => {
  // A key generated and kept in the database, then retired when the server starts with LEASE_SIGNING_KEY.
  // Closed before the server starts: it refuses a database another process has open.
  const db = openDatabase(database);
  const generated = (await makeCurrent(db, Date.now()))!.current;
  db.$client.close();
  const given = generateKeyPairSync("ed25519").privateKey;
  const pem = given.export({ format: "pem", type: "pkcs8" }).toString();
  const answers = await serve({ LEASE_SIGNING_KEY: pem }, everyFace);
  answers.push(cli("lease-keys", "list").stdout.toString());

  const secrets = [
    JSON.parse(generated.privateJwk!).d as string,
    given.export({ format: "jwk" }).d!,
    ...pem.split("\n").filter((line) => line.length > 20),
  ];
  const everything = [...answers, ...serve.printed].join("\n");
  // The run did what it should (leases issued, both keys listed, request lines logged): there was something to search.
  expect(answers[0]).toContain('"lease":"');
  expect(answers.at(-1)).toContain("from LEASE_SIGNING_KEY");
  expect(answers.at(-1)).toContain(generated.kid);
  expect(serve.printed.join("")).toContain('"route":"/api/plugin/validate"');
  for (const secret of secrets) expect(everything).not.toContain(secret);
});
