-- Custom SQL migration file, put your code below! --
-- The admin's user search finds an address by any part of it: a trigram index over users.email (pg_trgm, as
-- SQLite's FTS5 trigram table in drizzle/0016). PostgreSQL keeps it itself, and it serves `email LIKE '%piece%'`
-- and ILIKE directly. pg_trgm is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX users_email_search ON users USING gin (email gin_trgm_ops);
