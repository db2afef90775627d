/** Building the real dependencies from configuration, and starting the HTTP server. */
import { eq } from "drizzle-orm";
import type { Config } from "./config";
import { openDatabase, type Db } from "./db";
import { appSettings } from "./db/schema";
import type { AppDeps } from "./deps";
import { createApp } from "./app";
import { systemClock, type Clock } from "./lib/clock";
import { RateLimiter } from "./lib/rate-limit";
import { newToken } from "./lib/random";
import { countAdmins, createOrPromoteAdmin } from "./features/users/service";

/** JWT_SECRET, or in development a secret generated once and kept in the database. */
export function resolveJwtSecret(db: Db, config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const stored = db.select().from(appSettings).where(eq(appSettings.key, "jwt_secret")).get();
  if (stored) return stored.value;
  const secret = newToken(48);
  db.insert(appSettings).values({ key: "jwt_secret", value: secret }).onConflictDoNothing().run();
  return db.select().from(appSettings).where(eq(appSettings.key, "jwt_secret")).get()!.value;
}

export function buildDeps(config: Config, overrides: Partial<AppDeps> & { clock?: Clock } = {}): AppDeps {
  const db = overrides.db ?? openDatabase(config.databasePath);
  const clock = overrides.clock ?? systemClock;
  return {
    db,
    config,
    clock,
    limiter: overrides.limiter ?? new RateLimiter(clock, !config.rateLimits),
    jwtSecret: overrides.jwtSecret ?? resolveJwtSecret(db, config),
    ...overrides,
  };
}

/** In development, the first start creates an admin and prints its credentials once. */
export async function seedDevelopmentAdmin(deps: AppDeps) {
  if (!deps.config.seedDevAdmin || countAdmins(deps.db) > 0) return;
  const { user, password } = await createOrPromoteAdmin(deps.db, { email: "admin@layerlift.local" }, deps.clock.now());
  console.log(`\n  Development admin created: ${user.email} / ${password}\n  (shown once; change it with: npm start -- admin create --email ${user.email} --password NEW)\n`);
}

export function startServer(deps: AppDeps, port = deps.config.port, hostname = "0.0.0.0") {
  const app = createApp(deps).listen({ port, hostname });
  return { app, url: `http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${app.server!.port}`, stop: () => app.stop(true) };
}
