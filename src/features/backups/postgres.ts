/**
 * Backups when the site runs on PostgreSQL (DATABASE_URL): Layerlift's own backups copy the SQLite file,
 * so there they are PostgreSQL's tools' job — pg_dump for a copy, the host's point-in-time recovery for
 * everything between two copies. The backup commands say so in one sentence and change nothing.
 */
import type { PostgresTarget } from "../../config/postgres";

export const PG_DUMP_COMMAND = 'pg_dump --format=custom --file=layerlift.dump "$DATABASE_URL"';
/** Over the site's database, with the site stopped: drops what the dump holds, then makes it again, all or nothing. */
export const PG_RESTORE_COMMAND =
  'pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" layerlift.dump';

/** The URL's settings only Layerlift reads: libpq (pg_dump, pg_restore) refuses a URL that carries them. */
const OWN_PARAMETERS = ["max", "statement_timeout"];

/** What each backup command does, after "`layerlift …`". */
const ONLY_SQLITE = {
  backup: "copies only a SQLite file",
  restore: "replaces only a SQLite file",
  backups:
    "lists and drills only the SQLite backups `layerlift backup --to` made (unset DATABASE_URL to look at those)",
} as const;

/** The one sentence a backup command prints on PostgreSQL; names host and port, never the password. */
export function postgresBackupRefusal(target: PostgresTarget, command: keyof typeof ONLY_SQLITE): string {
  const params = new URL(target.url).searchParams;
  const own = OWN_PARAMETERS.filter((name) => params.has(name));
  const strip = own.length
    ? `, once ${own.map((name) => `?${name}=`).join(" and ")} ${own.length === 1 ? "is" : "are"} taken out of the URL (only Layerlift reads ${own.length === 1 ? "it" : "them"})`
    : "";
  return (
    `This site's database is PostgreSQL (at ${target.where}): back it up with pg_dump (e.g. \`${PG_DUMP_COMMAND}\`${strip}) ` +
    `and your host's point-in-time recovery, and restore it with pg_restore (e.g. \`${PG_RESTORE_COMMAND}\`, with the site stopped); ` +
    `\`layerlift ${command}\` ${ONLY_SQLITE[command]}.`
  );
}

/** The admin overview's backup line on PostgreSQL: the site can't see those backups, so it says whose they are. */
export const POSTGRES_BACKUP_WARNING =
  "The database is PostgreSQL: back it up with pg_dump and your host's point-in-time recovery; the site can't see those backups.";
