/**
 * What DATABASE_URL names, read and checked: light on purpose (no driver), since the configuration reads it
 * on every start and a SQLite site never loads PostgreSQL's client (src/db/postgres/connection.ts).
 */

export class DatabaseUnreachableError extends Error {}

export interface PostgresTarget {
  url: string;
  poolMax: number;
  statementTimeoutMs: number;
  /** Where the URL points, for messages: host and port, never the user or password. */
  where: string;
}

const SSL_MODES = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"] as const;

/**
 * The smallest pool that can't wait on itself: each periodic round that runs on one instance at a time holds a
 * connection for its lock while it runs (src/db/job-lock.ts: two such jobs, which can run at once), and its own
 * queries and the site's need one more. With fewer, a round holding the last connection waits for another forever,
 * and every request with it.
 */
export const SMALLEST_POOL = 3;

/** Reads a postgres:// URL and the variables beside it; problems are sentences pushed to `problems`. */
export function parsePostgresTarget(
  raw: string,
  value: (name: string) => string | undefined,
  problems: string[],
): PostgresTarget | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    problems.push("DATABASE_URL must be a URL like postgres://user:password@host:5432/layerlift");
    return null;
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    problems.push(`DATABASE_URL must start with postgres:// (got ${url.protocol}//…)`);
    return null;
  }
  const where = `${url.hostname || "localhost"}:${url.port || 5432}`;
  const number = (name: string, fromUrl: string | null, fallback: number, min: number, max: number) => {
    const text = value(name) ?? fromUrl ?? undefined;
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}; got "${text}"`);
      return fallback;
    }
    return n;
  };
  const poolMax = number("DATABASE_POOL_MAX", url.searchParams.get("max"), 10, SMALLEST_POOL, 500);
  const statementTimeoutMs = number(
    "DATABASE_STATEMENT_TIMEOUT_MS",
    url.searchParams.get("statement_timeout"),
    15_000,
    0,
    3_600_000,
  );
  const sslmode = url.searchParams.get("sslmode");
  if (sslmode && !(SSL_MODES as readonly string[]).includes(sslmode)) {
    problems.push(`DATABASE_URL's sslmode must be one of ${SSL_MODES.join(", ")}; got "${sslmode}"`);
  }
  return { url: raw, poolMax, statementTimeoutMs, where };
}
