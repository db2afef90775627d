/**
 * The backup variables and the keep rule, as plain functions: a malformed BACKUP_URL, BACKUP_EVERY or
 * BACKUP_KEEP stops the start with one sentence, and retention keeps exactly what the rule says.
 */
import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "../../src/config";
import { parseKeepRule, type KeepRule } from "../../src/config/backups";
import { backupName, backupsToKeep, backupTime } from "../../src/features/backups/retention";
import { DAY, HOUR } from "../../src/lib/clock";
import { PRODUCTION_ENV } from "../support/production-env";

const KEYS = { S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "secret-example-key-0123456789" };

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig({ NODE_ENV: "test", ...env });
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.message.split("\n  - ").slice(1);
  }
}

describe("the backup variables", () => {
  test("a good BACKUP_URL with its keys starts; the defaults are every 6 hours and the 2-day/30-day/12-month rule", () => {
    const config = loadConfig({ NODE_ENV: "test", BACKUP_URL: "s3://my-backups/layerlift/site", ...KEYS });
    expect(config.backups.url).toEqual({ bucket: "my-backups", prefix: "layerlift/site/" });
    expect(config.backups.everyMs).toBe(6 * HOUR);
    expect(config.backups.keep).toEqual({ forever: false, allWithinMs: 2 * DAY, periods: { daily: 30, monthly: 12 } });
    expect(loadConfig({ NODE_ENV: "test", BACKUP_URL: "s3://my-backups", ...KEYS }).backups.url).toEqual({
      bucket: "my-backups",
      prefix: "",
    });
  });

  test("a malformed BACKUP_URL is one sentence saying what it must look like", () => {
    for (const [url, sentence] of [
      [
        "https://my-backups/layerlift",
        'BACKUP_URL must look like s3://BUCKET/PREFIX (for example s3://my-backups/layerlift); got "https://my-backups/layerlift"',
      ],
      ["s3://", 'BACKUP_URL must look like s3://BUCKET/PREFIX (for example s3://my-backups/layerlift); got "s3://"'],
      [
        "s3://My_Backups/x",
        'BACKUP_URL names the bucket "My_Backups", which is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)',
      ],
      ["s3://my-backups/a//b", 'BACKUP_URL has an empty, "." or ".." folder in its prefix "a//b"'],
      ["s3://my-backups/../x", 'BACKUP_URL has an empty, "." or ".." folder in its prefix "../x"'],
    ])
      expect(problems({ BACKUP_URL: url, ...KEYS })).toEqual([sentence]);
  });

  test("BACKUP_URL without the storage's keys, or half of them, is refused", () => {
    expect(problems({ BACKUP_URL: "s3://my-backups/x" })).toEqual([
      "BACKUP_URL needs the storage's keys: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    ]);
    expect(problems({ S3_ACCESS_KEY_ID: "AKIAEXAMPLE" })).toEqual([
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither",
    ]);
  });

  test("BACKUP_EVERY takes one number and one unit from 30s to 7d", () => {
    for (const every of ["30s", "15m", "6h", "1d", "7d"]) expect(problems({ BACKUP_EVERY: every })).toEqual([]);
    for (const every of ["10s", "6", "6 hours", "1h30m", "8d", "-1h"])
      expect(problems({ BACKUP_EVERY: every })).toEqual([
        `BACKUP_EVERY must be a duration from 30s to 7d, a number and one of s, m, h or d (like 15m or 6h); got "${every}"`,
      ]);
  });

  test("a malformed BACKUP_KEEP is one sentence naming the term it can't read", () => {
    expect(problems({ BACKUP_KEEP: "all:2d,daily:x" })).toEqual([
      'BACKUP_KEEP must be "forever" or a list like all:2d,daily:30,monthly:12: "daily:x" is not one of all:DURATION (like all:2d) or hourly, daily, weekly, monthly or yearly:COUNT (like daily:30)',
    ]);
    expect(problems({ BACKUP_KEEP: "daily:7,daily:30" })).toEqual([
      'BACKUP_KEEP must be "forever" or a list like all:2d,daily:30,monthly:12: names daily twice',
    ]);
    expect(problems({ BACKUP_KEEP: "keep everything" })[0]).toStartWith('BACKUP_KEEP must be "forever" or a list like');
  });

  test("BACKUP_KEEP reads every kind, and forever", () => {
    expect(parseKeepRule("forever")).toEqual({ forever: true });
    expect(parseKeepRule(" all:12h , hourly:24,daily:7, weekly:8,monthly:6,yearly:3 ")).toEqual({
      forever: false,
      allWithinMs: 12 * HOUR,
      periods: { hourly: 24, daily: 7, weekly: 8, monthly: 6, yearly: 3 },
    });
  });

  test("a short passphrase and a plain-http storage in production are refused", () => {
    expect(problems({ BACKUP_PASSPHRASE: "short" })).toEqual(["BACKUP_PASSPHRASE must be at least 12 characters long"]);
    const production = { ...PRODUCTION_ENV, BACKUP_URL: "s3://my-backups/x", ...KEYS };
    expect(problems({ ...production, S3_ENDPOINT: "http://s3.example.com" })).toEqual([
      'S3_ENDPOINT must use https:// in production (backups would cross the network unencrypted); got "http://s3.example.com"',
    ]);
    expect(problems({ ...production, S3_ENDPOINT: "http://127.0.0.1:9000" })).toEqual([]);
    expect(problems({ ...production, S3_ENDPOINT: "https://s3.eu-central-003.backblazeb2.com" })).toEqual([]);
  });

  test("a secret never shows when the configuration is logged, turned into JSON or printed", () => {
    const config = loadConfig({
      NODE_ENV: "test",
      BACKUP_URL: "s3://my-backups/x",
      BACKUP_PASSPHRASE: "a passphrase nobody may read",
      ...KEYS,
    });
    const shown = [JSON.stringify(config), Bun.inspect(config), String(config.backups.passphrase)].join("\n");
    expect(shown).not.toContain("a passphrase nobody may read");
    expect(shown).not.toContain(KEYS.S3_SECRET_ACCESS_KEY);
    expect(config.backups.passphrase?.reveal()).toBe("a passphrase nobody may read");
  });
});

describe("backup names", () => {
  test("carry the time to the second in UTC, differ every time, and read back", () => {
    const at = Date.UTC(2026, 10, 27, 16, 45, 0, 123);
    const [a, b] = [backupName(at), backupName(at)];
    expect(a).toMatch(/^layerlift-2026-11-27T16-45-00Z-[a-z2-7]{6}\.backup$/);
    expect(a).not.toBe(b);
    expect(backupTime(a)).toBe(Date.UTC(2026, 10, 27, 16, 45, 0));
    for (const other of [
      "notes.txt",
      "layerlift-2026-11-27T16-45-00Z.backup",
      "layerlift-2026-13-40T16-45-00Z-abcdef.backup",
    ])
      expect(backupTime(other)).toBeNull();
  });
});

describe("the keep rule", () => {
  const now = Date.UTC(2026, 10, 27, 12, 0, 0);
  const at = (days: number, hours = 0) => now - days * DAY - hours * HOUR;
  const backups = (times: number[]) => times.map((takenAt) => ({ name: backupName(takenAt), takenAt }));
  const kept = (list: ReturnType<typeof backups>, rule: KeepRule) =>
    [...backupsToKeep(list, rule, now)].map((b) => b.takenAt).sort((a, b) => b - a);
  const DEFAULT = parseKeepRule("all:2d,daily:30,monthly:12") as KeepRule;

  test("the default keeps every backup of the last 2 days, the newest of each of 30 days, and of each of 12 months", () => {
    // Every 6 hours for 400 days.
    const list = backups(Array.from({ length: 400 * 4 }, (_, i) => now - i * 6 * HOUR));
    const result = kept(list, DEFAULT);
    // Younger than 2 days: the 8 taken in the last 48 hours (the one exactly 48 hours ago is not younger).
    const recent = result.filter((t) => now - t < 2 * DAY);
    expect(recent).toHaveLength(8);
    // One a day for 30 days: today's newest and the 18:00 backup of each of the 29 days before.
    for (let day = 1; day < 30; day++) expect(result).toContain(Date.UTC(2026, 10, 27 - day, 18));
    expect(result).not.toContain(Date.UTC(2026, 10, 27 - 30, 18));
    // One a month for 12 months: the last backup of each month back to December 2025.
    for (let month = 0; month < 10; month++) expect(result).toContain(Date.UTC(2026, month + 1, 0, 18));
    expect(result).toContain(Date.UTC(2025, 11, 31, 18));
    expect(result).not.toContain(Date.UTC(2025, 10, 30, 18));
    // 8 of the last 2 days, 27 more for the days before (the 2 newest days' are among the 8), and 10 more
    // month ends from September back to December 2025 (October's is one of the 30 days): nothing else.
    expect(result).toHaveLength(8 + 27 + 10);
  });

  test("the newest backup is kept whatever its age, and a backup dated in the future is kept", () => {
    const old = backups([at(400), at(500)]);
    expect(kept(old, DEFAULT)).toEqual([at(400)]);
    const future = backups([now + HOUR, at(100)]);
    expect(kept(future, parseKeepRule("all:1h") as KeepRule)).toEqual([now + HOUR]);
  });

  test("forever keeps everything; a weekly rule keeps the newest of each Monday-to-Sunday week", () => {
    const list = backups([at(0), at(3), at(9), at(20), at(700)]);
    expect(kept(list, { forever: true })).toHaveLength(5);
    // 27 November 2026 is a Friday: this week began on Monday 23rd; the 2 weeks kept go back to Monday 16th.
    const weekly = backups([at(0), at(3), at(5), at(9), at(12)]);
    expect(kept(weekly, parseKeepRule("weekly:2") as KeepRule)).toEqual([at(0), at(5)]);
  });
});
