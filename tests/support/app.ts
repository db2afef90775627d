/**
 * Test helpers: an app on a real temporary SQLite file, with a fake clock and no rate limits unless
 * asked, and the ways to call it: `api(app, token)` through Eden Treaty, typed by the routes' own
 * schemas, and `call` for the deliberately malformed requests a typed client can't make.
 * Every answer either way is checked against what its route declares (support/contract.ts); a test
 * that got an answer breaking its declaration fails after it ends.
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { treaty } from "@elysiajs/eden";
import { asc, eq } from "drizzle-orm";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type Config } from "../../src/config";
import { openDatabase, postgresHandle, type Db } from "../../src/db";
import { testPostgresDatabase } from "./postgres-pass";
import type { AppDeps } from "../../src/deps";
import { auditLog, emails, subscriptions } from "../../src/db/schema";
import { createApp } from "../../src/app";
import { FakeClock } from "./fake-clock";
import { rateLimiterFor } from "../../src/db/rate-limit-store";
import { generateProductKeys } from "../../src/features/product-keys/service";
import { createOrPromoteAdmin } from "../../src/features/users/service";
import { buildPaymentProvider } from "../../src/server";
import { buildMailer, createOutboxOnlyMailer } from "../../src/features/email/mailer";
import { buildTaxProvider } from "../../src/features/tax/build";
import type { PlanId } from "../../src/shared/plans";
import type { AuditAction } from "../../src/shared/audit-actions";
import { contractProblems } from "./contract";
import { afterEveryTest, atRunEnd } from "./run-end";

export type App = ReturnType<typeof createApp>;

export interface TestContext {
  deps: AppDeps;
  clock: FakeClock;
  app: App;
  dir: string;
  cleanup: () => void;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: "test", SEED_DEV_ADMIN: "0", ...env });
}

let ownSqliteTemplate: string | undefined;

/**
 * A SQLite file the migrations were applied to: the runner's (TEST_SQLITE_TEMPLATE, made once per run), or one
 * made once in this process. Copying it costs a fraction of migrating a new file (~15 ms against ~200 ms).
 */
export function sqliteTemplate(): string {
  const given = process.env.TEST_SQLITE_TEMPLATE;
  if (given && existsSync(given)) return given;
  if (!ownSqliteTemplate || !existsSync(ownSqliteTemplate)) {
    const dir = mkdtempSync(join(tmpdir(), "layerlift-template-"));
    ownSqliteTemplate = join(dir, "template.db");
    // Closed at once: the last connection's close folds the WAL into the file, so the file alone is a copy.
    openDatabase(ownSqliteTemplate).$client.close();
    atRunEnd(() => rmSync(dir, { recursive: true, force: true }));
  }
  return ownSqliteTemplate;
}

/** A migrated SQLite file at `path`, copied from the template, and its handle. */
function openMigratedCopy(path: string): Db {
  copyFileSync(sqliteTemplate(), path);
  return openDatabase(path);
}

export function makeTestDeps(
  options: { env?: Record<string, string>; rateLimits?: boolean; clock?: FakeClock; overrides?: Partial<AppDeps> } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), "layerlift-test-"));
  const config = { ...testConfig(options.env), databasePath: join(dir, "test.db") };
  const clock = options.clock ?? new FakeClock(Date.UTC(2026, 10, 1, 12));
  // The PostgreSQL pass (scripts/test-postgres.ts) gives every test app a database of its own there.
  const postgres = testPostgresDatabase();
  if (postgres) config.databaseUrl = postgres.target;
  const db = postgres?.db ?? openMigratedCopy(config.databasePath);
  const deps: AppDeps = {
    db,
    config,
    clock,
    limiter: rateLimiterFor(db, clock, !options.rateLimits),
    jwtSecret: "test-secret-that-is-long-enough-for-hs256-0123456789",
    // The demo provider and a quiet outbox-only mailer, unless the env configures Stripe or Resend.
    payments: buildPaymentProvider(config, db, clock),
    mailer: config.resend ? buildMailer(config) : createOutboxOnlyMailer({ print: false }),
    tax: buildTaxProvider(config),
    ...options.overrides,
  };
  const cleanup = () => {
    if (postgres) postgres.drop();
    else {
      try {
        db.$client.close();
      } catch {}
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { deps, clock, dir, cleanup };
}

/**
 * Another handle on the test's database, as a restarted server or a second process opens it (its own
 * connections, its own kept rows). Close it with `closeDatabase`.
 */
export function openSameDatabase(deps: Pick<AppDeps, "config">): Db {
  return deps.config.databaseUrl ? postgresHandle(deps.config.databaseUrl) : openDatabase(deps.config.databasePath);
}

export function makeTestApp(options: Parameters<typeof makeTestDeps>[0] = {}): TestContext {
  const made = makeTestDeps(options);
  return { ...made, app: createApp(made.deps) };
}

const brokenAnswers: string[] = [];

afterEveryTest(() => {
  const found = brokenAnswers.splice(0);
  if (found.length) throw new Error(`Answers that break their route's declared schemas:\n  ${found.join("\n  ")}`);
});

/** Lets the app answer a request in-process, and notes any way the answer breaks its route's declaration. */
async function handleChecked(app: Pick<App, "handle" | "routes">, request: Request): Promise<Response> {
  const response = await app.handle(request);
  brokenAnswers.push(...(await contractProblems(app.routes, request, response)));
  return response;
}

/** The app through Eden Treaty, signed in with `token` when given: paths, bodies and answers are typed by the routes. */
export function api(app: App, token?: string) {
  return treaty<App>("http://localhost", {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    // Times stay the ISO strings the API sends, as the SPA sees them.
    parseDate: false,
    fetcher: ((url: string, init: RequestInit) => handleChecked(app, new Request(url, init))) as typeof fetch,
  });
}

/** What the app answers on failure (docs/architecture.md#errors), with the extras some errors carry. */
export interface ErrorBody {
  error: string;
  message: string;
  retryAfterSeconds?: number;
  remainingMs?: number;
  valid?: false;
  code?: string;
}

/**
 * The error body of an Eden answer, or undefined when it succeeded. (Eden types a 422 as Elysia's own
 * validation error; this app answers every error as `{error, message}`, which the contract check holds it to.)
 */
export const failure = (answer: { error: { value: unknown } | null }) => answer.error?.value as ErrorBody | undefined;

/** A body, query or id the types refuse on purpose: the test checks that the server refuses it too. */
export const invalid = (value: unknown) => value as never;

export interface RawAnswer {
  status: number;
  body: any;
  headers: Headers;
}

/**
 * A raw call, for what Eden can't express: broken JSON, other content types, oversized bodies,
 * malformed paths. Prefer `api` for everything else.
 */
export async function call(
  app: Pick<App, "handle" | "routes">,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers["content-type"] ??= "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await handleChecked(
    app,
    new Request(`http://localhost${path}`, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : typeof options.body === "string"
            ? options.body
            : JSON.stringify(options.body),
    }),
  );
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, headers: response.headers };
}

export async function makeKey(deps: AppDeps, plan: PlanId = "pro"): Promise<string> {
  const [made] = await generateProductKeys(deps.db, deps.clock.now(), { plan, count: 1, source: "admin" });
  return made.key;
}

let counter = 0;
/** Signs up a fresh user through the API and returns the session answer. */
export async function signUpUser(ctx: Pick<TestContext, "app" | "deps">, plan: PlanId = "pro", email?: string) {
  const address = email ?? `user${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { data, error } = await api(ctx.app).api.auth.signup.post({
    email: address,
    password: "correct horse",
    confirmPassword: "correct horse",
    productKey: await makeKey(ctx.deps, plan),
  });
  if (!data) throw new Error(`signup failed: ${error?.status} ${JSON.stringify(error?.value)}`);
  return { ...data, email: address, password: "correct horse" };
}

/** Creates an admin with the service the CLI uses and logs in through the API. */
export async function signInAdmin(ctx: Pick<TestContext, "app" | "deps">, email = "admin@example.com") {
  await createOrPromoteAdmin(ctx.deps.db, { email, password: "admin password" }, ctx.deps.clock.now());
  const { data, error } = await api(ctx.app).api.auth.login.post({ email, password: "admin password" });
  if (!data) throw new Error(`admin login failed: ${error?.status}`);
  return data;
}

/** Signs up a new account with a key bought earlier; answers its session and its subscription as it is now. */
export async function signUpWithKey(ctx: Pick<TestContext, "app" | "deps">, email: string, productKey: string) {
  const signup = await api(ctx.app).api.auth.signup.post({
    email,
    password: "correct horse",
    confirmPassword: "correct horse",
    productKey,
  });
  if (!signup.data) throw new Error(`signup failed: ${signup.error?.status} ${JSON.stringify(signup.error?.value)}`);
  const userId = signup.data.user.id;
  const subscription = async () => {
    const [row] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
    if (!row) throw new Error(`user ${userId} has no subscription`);
    return row;
  };
  return { token: signup.data.token, user: signup.data.user, userId, subscription };
}

/** The outbox's e-mails of one template (to one address, when given), oldest first. */
export const outboxOf = async (ctx: Pick<TestContext, "deps">, template: string, to?: string) =>
  (await ctx.deps.db.select().from(emails).where(eq(emails.template, template)).orderBy(asc(emails.id))).filter(
    (email) => to === undefined || email.to === to,
  );

/** The audit log's rows of one action, oldest first. */
export const auditRowsOf = (ctx: Pick<TestContext, "deps">, action: AuditAction) =>
  ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));

/** The token of the newest confirmation link (sign-up's, a resend's or the invitation's) e-mailed to `to`. */
export async function confirmationTokenFor(ctx: Pick<TestContext, "deps">, to: string): Promise<string> {
  const sent = await ctx.deps.db.select().from(emails).where(eq(emails.to, to)).orderBy(asc(emails.id));
  const mail = sent.findLast(
    (email) => email.template === "address-confirm" || email.template === "address-invitation",
  );
  if (!mail) throw new Error(`no confirmation link was e-mailed to ${to}`);
  return new URL(mail.payload.confirmUrl as string).searchParams.get("token")!;
}

/** Follows the newest confirmation link e-mailed to `to`, as its reader would. */
export async function confirmAddressOf(ctx: Pick<TestContext, "app" | "deps">, to: string) {
  const answer = await api(ctx.app).api.account["confirm-address"].post({ token: await confirmationTokenFor(ctx, to) });
  if (answer.status !== 200)
    throw new Error(`confirmation failed: ${answer.status} ${JSON.stringify(answer.error?.value)}`);
  return answer.data!;
}
