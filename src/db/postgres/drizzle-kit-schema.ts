/**
 * What drizzle-kit reads to generate drizzle/postgres/ (drizzle.postgres.config.ts): the tables of
 * src/db/schema.ts, by the names it exports, switched to their PostgreSQL form. Nothing in the site imports it.
 */
import { useEngineTables } from "../schema";
import { postgresTables } from "./schema";

useEngineTables("postgres", postgresTables);

export * from "../schema";
