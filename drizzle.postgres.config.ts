import { defineConfig } from "drizzle-kit";

// The PostgreSQL schema and its migrations, beside SQLite's (drizzle.config.ts): one of each per engine.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/postgres/drizzle-kit-schema.ts",
  out: "./drizzle/postgres",
});
