/**
 * The migrated template databases the tests copy their PostgreSQL databases from. `npm test` (scripts/test.ts)
 * starts one cluster for the whole run and makes both templates before any test file starts, so the test
 * workers share them; a test file run on its own makes its own cluster and template (tests/support/postgres.ts).
 * Nothing here imports bun:test: the runner uses it too.
 */
import { join } from "node:path";
import { SQL } from "bun";
import { migrate } from "drizzle-orm/bun-sql/migrator";
import { closeDatabase, loadPostgres, openPostgresDatabase } from "../../src/db";
import { openPostgres, parsePostgresTarget } from "../../src/db/postgres/connection";
import { postgresTables as schema } from "../../src/db/postgres/schema";

export const POSTGRES_MIGRATIONS = join(import.meta.dir, "../../drizzle/postgres");
export { PASS_TEMPLATE, TEMPLATE } from "./template-names";
import { PASS_TEMPLATE, TEMPLATE } from "./template-names";

/** `url` with another database name. */
export const databaseUrl = (clusterUrl: string, database: string) => clusterUrl.replace(/\/[^/]*$/, `/${database}`);

/** The site's own connection module on `url`, with the PostgreSQL schema. */
export function openTestDatabase(url: string, env: Record<string, string> = {}) {
  const problems: string[] = [];
  const target = parsePostgresTarget(url, (name) => env[name], problems);
  if (!target || problems.length) throw new Error(problems.join("; "));
  return openPostgres(target, schema);
}

/** Makes TEMPLATE: an empty database the migrations folder is applied to, as drizzle's migrator does. */
export async function makeTemplate(admin: SQL, clusterUrl: string) {
  await loadPostgres();
  await admin.unsafe(`CREATE DATABASE ${TEMPLATE}`);
  const template = await openTestDatabase(databaseUrl(clusterUrl, TEMPLATE));
  try {
    await migrate(template.db, { migrationsFolder: POSTGRES_MIGRATIONS });
  } finally {
    await template.client.close();
  }
}

/** Makes PASS_TEMPLATE: a database the site itself opened and migrated, as a server starting on it would. */
export async function makePassTemplate(admin: SQL, clusterUrl: string) {
  await admin.unsafe(`CREATE DATABASE ${PASS_TEMPLATE}`);
  const problems: string[] = [];
  const target = parsePostgresTarget(databaseUrl(clusterUrl, PASS_TEMPLATE), () => undefined, problems);
  if (!target) throw new Error(problems.join("; "));
  await closeDatabase(await openPostgresDatabase(target));
}

/** Both templates on a cluster, made side by side. */
export async function makeTemplates(clusterUrl: string) {
  const admin = new SQL(clusterUrl, { max: 2 });
  try {
    await Promise.all([makeTemplate(admin, clusterUrl), makePassTemplate(admin, clusterUrl)]);
  } finally {
    await admin.close();
  }
}
