// Runs at bundle time (imported `with { type: "macro" }`): the migrations are embedded in the
// executable, so it needs no drizzle/ folder beside it. One folder per engine.
import { readMigrationFiles } from "drizzle-orm/migrator";
import { join } from "node:path";

export function embeddedMigrations() {
  return readMigrationFiles({ migrationsFolder: join(import.meta.dir, "../../drizzle") });
}

export function embeddedPostgresMigrations() {
  return readMigrationFiles({ migrationsFolder: join(import.meta.dir, "../../drizzle/postgres") });
}
