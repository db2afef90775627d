/**
 * Test helpers: an app on a real temporary SQLite file, with a fake clock and no rate limits unless
 * asked, and small functions to call it the way a client does.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type Config } from "../../src/config";
import { openDatabase } from "../../src/db";
import type { AppDeps } from "../../src/deps";
import { createApp } from "../../src/app";
import { FakeClock } from "./fake-clock";
import { RateLimiter } from "../../src/lib/rate-limit";
import { generateProductKeys } from "../../src/features/product-keys/service";
import { createOrPromoteAdmin } from "../../src/features/users/service";
import { buildPaymentProvider } from "../../src/server";
import { buildMailer, createOutboxOnlyMailer } from "../../src/features/email/mailer";
import type { PlanId } from "../../src/shared/plans";
import type { AuthResponse } from "../../src/shared/api-types";

export interface TestContext {
  deps: AppDeps;
  clock: FakeClock;
  app: ReturnType<typeof createApp>;
  dir: string;
  cleanup: () => void;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: "test", SEED_DEV_ADMIN: "0", ...env });
}

export function makeTestDeps(options: { env?: Record<string, string>; rateLimits?: boolean; clock?: FakeClock; overrides?: Partial<AppDeps> } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "layerlift-test-"));
  const config = { ...testConfig(options.env), databasePath: join(dir, "test.db") };
  const clock = options.clock ?? new FakeClock(Date.UTC(2026, 10, 1, 12));
  const db = openDatabase(config.databasePath);
  const deps: AppDeps = {
    db,
    config,
    clock,
    limiter: new RateLimiter(clock, !options.rateLimits),
    jwtSecret: "test-secret-that-is-long-enough-for-hs256-0123456789",
    // The demo provider and a quiet outbox-only mailer, unless the env configures Stripe or Resend.
    payments: buildPaymentProvider(config, db, clock),
    mailer: config.resend ? buildMailer(config) : createOutboxOnlyMailer({ print: false }),
    ...options.overrides,
  };
  const cleanup = () => {
    try { db.$client.close(); } catch {}
    rmSync(dir, { recursive: true, force: true });
  };
  return { deps, clock, dir, cleanup };
}

export function makeTestApp(options: Parameters<typeof makeTestDeps>[0] = {}): TestContext {
  const made = makeTestDeps(options);
  return { ...made, app: createApp(made.deps) };
}

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the app in-process with a JSON body and an optional bearer token. */
export async function call<T = any>(
  app: { handle: (r: Request) => Promise<Response> },
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await app.handle(new Request(`http://localhost${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === "string" ? options.body : JSON.stringify(options.body),
  }));
  const text = await response.text();
  let body: any = text;
  try { body = JSON.parse(text); } catch {}
  return { status: response.status, body, headers: response.headers };
}

export function makeKey(deps: AppDeps, plan: PlanId = "pro"): string {
  return generateProductKeys(deps.db, deps.clock.now(), { plan, count: 1, source: "admin" })[0].key;
}

let counter = 0;
/** Signs up a fresh user through the API and returns the session answer. */
export async function signUpUser(ctx: Pick<TestContext, "app" | "deps">, plan: PlanId = "pro", email?: string) {
  const address = email ?? `user${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const answer = await call<AuthResponse>(ctx.app, "POST", "/api/auth/signup", {
    body: { email: address, password: "correct horse", confirmPassword: "correct horse", productKey: makeKey(ctx.deps, plan) },
  });
  if (answer.status !== 200) throw new Error(`signup failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { ...answer.body, email: address, password: "correct horse" };
}

/** Creates an admin with the service the CLI uses and logs in through the API. */
export async function signInAdmin(ctx: Pick<TestContext, "app" | "deps">, email = "admin@example.com") {
  await createOrPromoteAdmin(ctx.deps.db, { email, password: "admin password" }, ctx.deps.clock.now());
  const answer = await call<AuthResponse>(ctx.app, "POST", "/api/auth/login", { body: { email, password: "admin password" } });
  if (answer.status !== 200) throw new Error(`admin login failed: ${answer.status}`);
  return answer.body;
}
