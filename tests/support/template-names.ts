/**
 * The names of the migrated template databases (tests/support/postgres-templates.ts makes them). Kept apart so
 * that a module can name them without loading PostgreSQL's driver and schema: a SQLite test must not.
 */
/** Copied by tests/support/postgres.ts (the tests about PostgreSQL itself). */
export const TEMPLATE = "layerlift_template";
/** Copied by every test app of the PostgreSQL pass (tests/support/postgres-pass.ts). */
export const PASS_TEMPLATE = "layerlift_pass_template";
