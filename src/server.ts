/** Building the real dependencies from configuration, and starting the HTTP server. */
import { eq } from "drizzle-orm";
import type { Config } from "./config";
import { PRODUCT_NAME } from "./shared/product";
import { closeDatabase, databaseLabel, openConfiguredDatabase, type Db } from "./db";
import { appSettings } from "./db/schema";
import type { AppDeps } from "./deps";
import { createApp } from "./app";
import { systemClock, type Clock } from "./lib/clock";
import { rateLimiterFor } from "./db/rate-limit-store";
import { newToken } from "./lib/random";
import { countAdmins, createOrPromoteAdmin } from "./features/users/service";
import { stripeProviderOnFirstCall } from "./features/payments/stripe/on-first-call";
import { createDemoProvider } from "./features/payments/demo/provider";
import { reportingUnavailable, type PaymentProvider } from "./features/payments/provider";
import { buildMailer } from "./features/email/mailer";
import { buildTaxProvider } from "./features/tax/build";
import { startTaxSync } from "./features/tax/service";
import { startEmailSender } from "./features/email/sender";
import { startReminderScheduler } from "./features/reminders/scheduler";
import { startExpiredCheckoutSweeper } from "./features/checkout/expired-checkouts";
import { refuseMissingAfterRestore, requireDatabaseNotInUse } from "./db/file-checks";
import { log, notice } from "./lib/logger";
import { AppError, PortInUseError } from "./lib/errors";
import { startDraining } from "./features/health/drain";
import { startOptimizer } from "./db/optimize";
import { startIdleCollection } from "./lib/idle-collection";
import { SERVING_JIT_POLICY } from "./lib/reluctant-jit";
import { startBackupScheduler } from "./features/backups/scheduler";
import { VERSION } from "./version";
import { startWebhookSender } from "./features/webhooks/sender";

/** Stripe when configured; the demo provider only outside production. Failures to reach it answer 502. */
export function buildPaymentProvider(config: Config, db: Db, clock: Clock): PaymentProvider {
  if (config.stripe) {
    if (!config.stripe.publishableKey)
      log.warn("STRIPE_PUBLISHABLE_KEY is not set: the purchase page uses a fallback test key (development only).");
    return reportingUnavailable(stripeProviderOnFirstCall(config.stripe));
  }
  if (config.env === "production")
    throw new Error("Stripe must be configured in production; the demo provider never runs there.");
  return reportingUnavailable(createDemoProvider(db, clock));
}

/** JWT_SECRET, or in development a secret generated once and kept in the database. */
async function resolveJwtSecret(db: Db, config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const stored = () => db.select().from(appSettings).where(eq(appSettings.key, "jwt_secret")).limit(1);
  const [found] = await stored();
  if (found) return found.value;
  // Two processes starting at once on a new database agree on the one secret stored first.
  await db
    .insert(appSettings)
    .values({ key: "jwt_secret", value: newToken(48) })
    .onConflictDoNothing();
  const [kept] = await stored();
  return kept!.value;
}

export async function buildDeps(
  config: Config,
  overrides: Partial<AppDeps> & { clock?: Clock } = {},
): Promise<AppDeps> {
  const db = overrides.db ?? (await openConfiguredDatabase(config));
  const clock = overrides.clock ?? systemClock;
  return {
    db,
    config,
    clock,
    limiter: overrides.limiter ?? rateLimiterFor(db, clock, !config.rateLimits),
    jwtSecret: overrides.jwtSecret ?? (await resolveJwtSecret(db, config)),
    payments: overrides.payments ?? buildPaymentProvider(config, db, clock),
    mailer: overrides.mailer ?? buildMailer(config),
    tax: overrides.tax !== undefined ? overrides.tax : buildTaxProvider(config),
    ...overrides,
  };
}

/** In development, the first start creates an admin and prints its credentials once. */
export async function seedDevelopmentAdmin(deps: AppDeps) {
  if (!deps.config.seedDevAdmin || (await countAdmins(deps.db)) > 0) return;
  let made: Awaited<ReturnType<typeof createOrPromoteAdmin>>;
  try {
    made = await createOrPromoteAdmin(deps.db, { email: "admin@layerlift.local" }, deps.clock.now());
  } catch (error) {
    // Another instance starting at the same moment made it first (PostgreSQL): it printed the password.
    if (error instanceof AppError && error.code === "EMAIL_TAKEN") return;
    throw error;
  }
  // Found, not made: another instance made it after this one counted and printed its password (or an account of
  // that address was there already, with its own password). Nothing to show.
  if (!made.created) return;
  const { user, password } = made;
  // Shown once, so shown whatever LOG_LEVEL says: lost here, the password is lost.
  notice(
    { email: user.email },
    `Development admin created: ${user.email} / ${password} (shown once; change it with: npm start -- admin create --email ${user.email} --password NEW)`,
  );
}

/**
 * How long a kept-alive connection may stay idle before the server closes it. Longer than a reverse
 * proxy keeps its idle connections to the server (Caddy 2 minutes by default, nginx's upstream keepalive
 * 60 s): a proxy that reuses a connection the server has just closed gets a reset, not an answer.
 */
export const IDLE_TIMEOUT_SECONDS = 130;

function listenProblem(error: unknown, hostname: string, port: number): PortInUseError | null {
  const code = (error as { code?: string }).code;
  if (code === "EADDRINUSE")
    return new PortInUseError(
      `Port ${port} is already in use by another process. Stop it, or start this one with another PORT.`,
    );
  if (code === "EADDRNOTAVAIL")
    return new PortInUseError(
      `HOST ${hostname} is not an address of this machine; use 0.0.0.0 (every interface) or 127.0.0.1.`,
    );
  return null;
}

/**
 * Refuses a taken port (or a HOST that is not this machine's) before anything else happens, so a start that
 * can't listen leaves no database behind. The real listen checks again, for a port taken in between.
 */
export function requireFreePort(hostname: string, port: number): void {
  if (port === 0) return;
  try {
    Bun.listen({ hostname, port, exclusive: true, socket: { data() {} } }).stop(true);
  } catch (error) {
    throw listenProblem(error, hostname, port) ?? error;
  }
}

/**
 * Listens on `port` (refusing a port another process holds: port sharing would split the traffic
 * between two servers) and starts the background jobs (src/lib/jobs.ts): the e-mail and webhook senders,
 * renewal reminders, the sweep of expired checkouts, the retry of tax records, (BACKUP_URL) backups, SQLite's
 * optimize and idle collection. `stop()` is graceful: no new connections, in-flight requests finish, every job's
 * running round finishes (the senders' after a grace, then they release what they hold), and no new round starts.
 */
export function startServer(deps: AppDeps, port = deps.config.port, hostname = deps.config.host) {
  let app: ReturnType<typeof createApp>;
  try {
    app = createApp(deps).listen({ port, hostname, reusePort: false, idleTimeout: IDLE_TIMEOUT_SECONDS });
  } catch (error) {
    throw listenProblem(error, hostname, port) ?? error;
  }
  const optimizer = startOptimizer(deps.db);
  const idleCollection = startIdleCollection();
  const emailSender = startEmailSender(deps);
  const webhookSender = startWebhookSender(deps);
  const reminders = startReminderScheduler(deps);
  const expiredCheckouts = startExpiredCheckoutSweeper(deps);
  const taxSync = startTaxSync(deps);
  const backups = deps.config.backups.url ? startBackupScheduler(deps) : null;
  const stop = async () => {
    const upkeep = [optimizer.stop(), idleCollection.stop()];
    await reminders.stop();
    await Promise.all([
      app.stop(),
      ...upkeep,
      emailSender.stop(),
      webhookSender.stop(),
      expiredCheckouts.stop(),
      taxSync.stop(),
      backups?.stop(),
      // The first optimize may still be under way: the database is closed after stop().
      optimizer.ready,
    ]);
  };
  const shown =
    hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname.includes(":") ? `[${hostname}]` : hostname;
  return { app, url: `http://${shown}:${app.server!.port}`, stop };
}

/** How long a stop may take before the process exits anyway (a container's `docker stop` waits 10 s). */
const STOP_DEADLINE_MS = 9_000;

/**
 * Bun's `stop()` closes the listening socket, and the kernel then resets every connection it had
 * already accepted into the listen backlog but Bun had not yet taken: those clients get ECONNRESET
 * without an answer (measured: 40 of 40 such connections, made while the event loop was busy). A short
 * pause before closing lets the event loop take and read them; they then finish like any request in flight.
 */
const LAST_ACCEPT_MS = 100;

/**
 * `layerlift serve`: refuses a database another server has open, listens, and on SIGTERM or SIGINT
 * (also as a container's PID 1, which has no default handlers) drains, stops gracefully, closes the
 * database and exits 0. Draining: /api/health answers 503 at once while the listener stays open for
 * DRAIN_SECONDS (default 0), so a load balancer or proxy stops sending traffic before it closes.
 */
export async function serve(config: Config): Promise<void> {
  requireFreePort(config.host, config.port);
  // A site that lost its database in a restore must not come up empty; a new site starts as always.
  if (!config.databaseUrl) {
    if (config.env === "production") refuseMissingAfterRestore(config.databasePath);
    requireDatabaseNotInUse(config.databasePath, "start this one (or give it another DATABASE_PATH)");
  }
  const deps = await buildDeps(config);
  let server: ReturnType<typeof startServer>;
  try {
    await seedDevelopmentAdmin(deps);
    server = startServer(deps);
  } catch (error) {
    await closeDatabase(deps.db);
    throw error;
  }
  const database = databaseLabel(config);
  log.info(
    { url: server.url, env: config.env, database, version: VERSION },
    `${PRODUCT_NAME} ${VERSION} listening on ${server.url} (database: ${database})`,
  );
  // The executable starts with the JIT reluctant, so code that runs once at start stays interpreted and
  // its machine code is never made (scripts/compile-server.ts); serving, it takes the serving policy.
  Bun.unsafe.setJITPolicy(SERVING_JIT_POLICY);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    startDraining(deps);
    if (config.drainSeconds > 0) {
      log.info(
        { signal, drainSeconds: config.drainSeconds },
        `draining: /api/health answers 503; still serving for ${config.drainSeconds} s`,
      );
      await Bun.sleep(config.drainSeconds * 1000);
    }
    await Bun.sleep(LAST_ACCEPT_MS);
    log.info({ signal }, "stopping: no new connections, finishing requests in flight");
    setTimeout(() => {
      log.error("still busy after the stop deadline; exiting anyway");
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    server.stop().then(
      async () => {
        await closeDatabase(deps.db);
        log.info("stopped");
        process.exit(0);
      },
      (error) => {
        log.error({ err: error }, "stopping failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
