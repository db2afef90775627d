-- Custom SQL migration file, put your code below! --
-- The rate limits' token buckets on PostgreSQL, shared by every instance of the site (src/lib/rate-limit-postgres.ts).
-- A helper of PostgreSQL's alone (SQLite keeps its buckets in the process's memory), so it is in neither schema file.
-- UNLOGGED: no write-ahead log for a row written on every limited request; a crash of the database server empties
-- the table, which only lets everyone start again with full buckets.
-- key: bucketKey(name, subject); tokens left at `at` (epoch ms); capacity and per_minute: the rule it was last
-- taken under, so a sweep knows which buckets have refilled; asked and granted: the tokens the last statement
-- asked of it (one per request waiting) and those it gave.
CREATE UNLOGGED TABLE rate_limit_buckets (
  key text PRIMARY KEY,
  tokens double precision NOT NULL,
  at bigint NOT NULL,
  capacity double precision NOT NULL,
  per_minute double precision NOT NULL,
  asked integer NOT NULL,
  granted integer NOT NULL
);
