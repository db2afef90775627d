/**
 * `layerlift serve` from this repository's source, as a real child process on a PostgreSQL database: for tests
 * of instances that start, drain and stop as they do behind a load balancer. In development (demo payments,
 * the database's own session secret) and with rate limits off, so a steady stream of requests is not limited.
 */
import { join } from "node:path";
import { freePort } from "./ports";

const ROOT = join(import.meta.dir, "../..");

export interface ServeProcess {
  name: string;
  port: number;
  url: string;
  process: Bun.Subprocess<"ignore", "pipe", "pipe">;
  /** Everything it printed, kept for the error message. */
  output: string[];
  /** Settles once all it printed is in `output` (after it exited). */
  outputRead: Promise<unknown>;
}

/** Reads a child's output as it comes, so a full pipe never blocks it. */
async function collect(stream: ReadableStream<Uint8Array>, into: string[]) {
  const decoder = new TextDecoder();
  for await (const chunk of stream) into.push(decoder.decode(chunk));
}

/** Starts a server on `port` (a free one unless given: a replacement takes the port of the one it replaces). */
export function startServeProcess(name: string, env: Record<string, string>, port = freePort()): ServeProcess {
  const child = Bun.spawn([process.execPath, "--no-env-file", "src/index.ts", "serve"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "development",
      PORT: String(port),
      LOG_FORMAT: "json",
      LOG_LEVEL: "warn",
      DISABLE_RATE_LIMITS: "1",
      SEED_DEV_ADMIN: "0",
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const output: string[] = [];
  const outputRead = Promise.all([collect(child.stdout, output), collect(child.stderr, output)]).catch(() => {});
  return { name, port, url: `http://127.0.0.1:${port}`, process: child, output, outputRead };
}

/** Waits until the server answers 200 on /api/health; fails with its output if it stops first (tests/support/health.ts). */
export { waitHealthy } from "./health";

/** Stops it as a supervisor does (SIGTERM: it drains, then finishes what is in flight); answers its exit code. */
export async function stopServeProcess(server: ServeProcess): Promise<number> {
  server.process.kill("SIGTERM");
  return server.process.exited;
}

/** Waits until `condition` holds, checking every 50 ms; fails naming `what` after `ms`. */
export async function waitFor(condition: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await Bun.sleep(50);
  }
  throw new Error(`waited ${ms} ms for ${what}`);
}

export interface Answer {
  status: number;
  body: Record<string, any> | null;
}

/** Calls the site's JSON API at `base`, signed in with `token` when given. */
export async function callJson(base: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  const answer = await fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json().catch(() => null)) as Record<string, any> | null };
}

function expectOk(answer: Answer, what: string): Record<string, any> {
  if (answer.status !== 200 || !answer.body)
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * A buyer's whole way in, through the site at `base`: buys a pro key with the demo card, reads it on the result
 * page, signs up with it and makes a plugin key. Answers the session token and the plugin key.
 */
export async function buyAndSignUp(base: string, email: string): Promise<{ token: string; pluginKey: string }> {
  const intent = expectOk(await callJson(base, "/api/create-payment-intent", { plan: "pro", email }), "checkout");
  const clientSecret = intent.clientSecret as string;
  const paymentIntent = clientSecret.split("_secret_")[0]!;
  expectOk(await callJson(base, "/api/payment/demo/confirm", { clientSecret }), "payment");
  const query = new URLSearchParams({ payment_intent: paymentIntent, payment_intent_client_secret: clientSecret });
  const result = expectOk(await callJson(base, `/api/payment/success?${query}`), "result page");
  const signup = expectOk(
    await callJson(base, "/api/auth/signup", {
      email,
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: result.productKey,
    }),
    "sign-up",
  );
  const token = signup.token as string;
  const generated = expectOk(await callJson(base, "/api/figma/generate-key", {}, token), "plugin key");
  return { token, pluginKey: generated.figmaKey as string };
}
