/**
 * The backup variables (docs/configuration.md): where backups go (BACKUP_URL, s3://BUCKET/PREFIX), how
 * often (BACKUP_EVERY), what is kept (BACKUP_KEEP), the optional passphrase (BACKUP_PASSPHRASE) and the
 * storage's address and keys (S3_*). Each mistake is one sentence in the start's list of problems.
 */
import { DAY, HOUR, MINUTE } from "../lib/clock";
import { Secret } from "../lib/secret";

/** A bucket and the prefix the backups' names start with ("" or ending in "/"). */
export interface BackupLocation {
  bucket: string;
  prefix: string;
}

export const KEEP_PERIODS = ["hourly", "daily", "weekly", "monthly", "yearly"] as const;
export type KeepPeriod = (typeof KEEP_PERIODS)[number];

/** What retention keeps: everything, or every backup younger than `allWithinMs` plus the newest of each of the last N periods. */
export type KeepRule =
  | { forever: true }
  | { forever: false; allWithinMs: number; periods: Partial<Record<KeepPeriod, number>> };

export interface S3Settings {
  accessKeyId: string;
  secretAccessKey: Secret;
  sessionToken: Secret | null;
  /** null: Amazon S3 itself. */
  endpoint: string | null;
  region: string | null;
}

export interface BackupConfig {
  /** BACKUP_URL: where the server sends its scheduled backups; null turns the schedule off. */
  url: BackupLocation | null;
  everyMs: number;
  keep: KeepRule;
  passphrase: Secret | null;
  /** null when the keys are not set (then only file backups work). */
  s3: S3Settings | null;
}

export const DEFAULT_EVERY = "6h";
export const DEFAULT_KEEP = "all:2d,daily:30,monthly:12";
const MIN_EVERY_MS = 30_000;
const MAX_EVERY_MS = 7 * DAY;
const MIN_PASSPHRASE = 12;

const UNIT_MS = { s: 1000, m: MINUTE, h: HOUR, d: DAY } as const;

/** "30s", "15m", "6h", "2d" in milliseconds; null when it is not one number and one unit. */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,6})(s|m|h|d)$/.exec(text.trim());
  return match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : null;
}

/** S3's bucket names: 3–63 lower-case letters, digits, dots and hyphens, starting and ending with a letter or digit. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** `s3://BUCKET/PREFIX` as a location; a sentence saying what is wrong with it otherwise. */
export function parseBackupUrl(text: string): BackupLocation | string {
  const match = /^s3:\/\/([^/?#\s]+)(?:\/([^?#\s]*))?$/.exec(text.trim());
  if (!match) return `must look like s3://BUCKET/PREFIX (for example s3://my-backups/layerlift); got "${text}"`;
  const [, bucket, path = ""] = match;
  if (!BUCKET.test(bucket))
    return `names the bucket "${bucket}", which is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)`;
  const prefix = path.replace(/\/+$/, "");
  if (prefix !== "" && prefix.split("/").some((part) => part === "" || part === "." || part === ".."))
    return `has an empty, "." or ".." folder in its prefix "${path}"`;
  return { bucket, prefix: prefix ? `${prefix}/` : "" };
}

export const locationUrl = (location: BackupLocation) => `s3://${location.bucket}/${location.prefix}`;

/** BACKUP_KEEP: "forever", or a list like all:2d,daily:30,monthly:12; a sentence when it is neither. */
export function parseKeepRule(text: string): KeepRule | string {
  const value = text.trim();
  if (value === "forever") return { forever: true };
  const rule = { forever: false as const, allWithinMs: 0, periods: {} as Partial<Record<KeepPeriod, number>> };
  const seen = new Set<string>();
  for (const term of value.split(",").map((part) => part.trim())) {
    const [kind, amount, extra] = term.split(":").map((part) => part.trim());
    const problem = `"${term}" is not one of all:DURATION (like all:2d) or hourly, daily, weekly, monthly or yearly:COUNT (like daily:30)`;
    if (extra !== undefined || amount === undefined || !kind) return problem;
    if (seen.has(kind)) return `names ${kind} twice`;
    seen.add(kind);
    if (kind === "all") {
      const ms = parseDuration(amount);
      if (ms === null) return problem;
      rule.allWithinMs = ms;
    } else if ((KEEP_PERIODS as readonly string[]).includes(kind) && /^\d{1,4}$/.test(amount) && Number(amount) > 0) {
      rule.periods[kind as KeepPeriod] = Number(amount);
    } else return problem;
  }
  return rule;
}

const isLoopback = (url: URL) => ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);

/** The backup part of the configuration; adds a sentence to `problems` for each mistake. */
export function parseBackupConfig(
  value: (name: string) => string | undefined,
  mode: string,
  problems: string[],
): BackupConfig {
  let url: BackupLocation | null = null;
  const rawUrl = value("BACKUP_URL");
  if (rawUrl) {
    const parsed = parseBackupUrl(rawUrl);
    if (typeof parsed === "string") problems.push(`BACKUP_URL ${parsed}`);
    else url = parsed;
  }

  const every = value("BACKUP_EVERY") ?? DEFAULT_EVERY;
  const everyMs = parseDuration(every);
  if (everyMs === null || everyMs < MIN_EVERY_MS || everyMs > MAX_EVERY_MS)
    problems.push(
      `BACKUP_EVERY must be a duration from 30s to 7d, a number and one of s, m, h or d (like 15m or 6h); got "${every}"`,
    );

  const keepText = value("BACKUP_KEEP") ?? DEFAULT_KEEP;
  const keep = parseKeepRule(keepText);
  if (typeof keep === "string")
    problems.push(`BACKUP_KEEP must be "forever" or a list like ${DEFAULT_KEEP}: ${keep.replace(/\.$/, "")}`);

  const passphrase = value("BACKUP_PASSPHRASE");
  if (passphrase !== undefined && passphrase.length < MIN_PASSPHRASE)
    problems.push(`BACKUP_PASSPHRASE must be at least ${MIN_PASSPHRASE} characters long`);

  const accessKeyId = value("S3_ACCESS_KEY_ID");
  const secretAccessKey = value("S3_SECRET_ACCESS_KEY");
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither");
  else if (url && !accessKeyId)
    problems.push("BACKUP_URL needs the storage's keys: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");

  const endpoint = value("S3_ENDPOINT") ?? null;
  if (endpoint) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(endpoint);
    } catch {}
    if (!parsed || (parsed.protocol !== "https:" && parsed.protocol !== "http:"))
      problems.push(`S3_ENDPOINT must be the storage's https:// address; got "${endpoint}"`);
    else if (parsed.protocol === "http:" && mode === "production" && !isLoopback(parsed))
      problems.push(
        `S3_ENDPOINT must use https:// in production (backups would cross the network unencrypted); got "${endpoint}"`,
      );
  }

  return {
    url,
    everyMs: everyMs ?? 0,
    keep: typeof keep === "string" ? { forever: true } : keep,
    passphrase: passphrase ? new Secret(passphrase) : null,
    s3:
      accessKeyId && secretAccessKey
        ? {
            accessKeyId,
            secretAccessKey: new Secret(secretAccessKey),
            sessionToken: value("S3_SESSION_TOKEN") ? new Secret(value("S3_SESSION_TOKEN")!) : null,
            endpoint,
            region: value("S3_REGION") ?? null,
          }
        : null,
  };
}
