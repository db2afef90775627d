/**
 * Backups' names and what the keep rule lets go. A name carries the time the backup was taken, to the
 * second and in UTC, and a random tail, so two backups never share a name and names sort by time:
 * `layerlift-2026-11-27T16-45-00Z-k3x9ab.backup`. Retention works on names alone and only ever
 * considers names of this shape: anything else under the prefix is never touched.
 */
import type { KeepPeriod, KeepRule } from "../../config/backups";

const TAIL_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
const NAME = /^layerlift-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})Z-([a-z0-9]{6})\.backup$/;

/** A fresh backup name for the time `at` (ms). */
export function backupName(at: number): string {
  const stamp = new Date(at)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");
  // 32 letters and digits: a byte's low five bits pick one without bias.
  const tail = Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) => TAIL_ALPHABET[byte & 31]).join("");
  return `layerlift-${stamp}-${tail}.backup`;
}

/** The time (ms) a backup's name says it was taken; null when the name is not a backup's. */
export function backupTime(name: string): number | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  const at = Date.UTC(y, mo - 1, d, h, mi, s);
  // A day or hour out of range would roll over into another time: such a name is not a backup's.
  return new Date(at).toISOString().slice(0, 19).replace(/:/g, "-") === name.slice(10, 29) ? at : null;
}

/** The number of the UTC period `at` falls in, counting from the epoch; consecutive periods differ by one. */
function periodIndex(period: KeepPeriod, at: number): number {
  const date = new Date(at);
  switch (period) {
    case "hourly":
      return Math.floor(at / 3_600_000);
    case "daily":
      return Math.floor(at / 86_400_000);
    case "weekly":
      // Weeks start on Monday: the epoch was a Thursday.
      return Math.floor((Math.floor(at / 86_400_000) + 3) / 7);
    case "monthly":
      return date.getUTCFullYear() * 12 + date.getUTCMonth();
    case "yearly":
      return date.getUTCFullYear();
  }
}

/**
 * Which of `backups` the rule keeps at `now`: every backup younger than `allWithinMs`, the newest of each
 * of the last N hours/days/weeks/months/years (the current one included), the newest backup of all
 * whatever its age, and anything dated in the future (a clock that was wrong is no reason to delete).
 */
export function backupsToKeep<T extends { name: string; takenAt: number }>(
  backups: T[],
  rule: KeepRule,
  now: number,
): Set<T> {
  if (rule.forever) return new Set(backups);
  const newestFirst = [...backups].sort((a, b) => b.takenAt - a.takenAt || (a.name < b.name ? 1 : -1));
  const keep = new Set<T>(newestFirst.slice(0, 1));
  for (const backup of newestFirst)
    if (backup.takenAt > now || now - backup.takenAt < rule.allWithinMs) keep.add(backup);
  for (const [period, count] of Object.entries(rule.periods) as Array<[KeepPeriod, number]>) {
    const oldestKept = periodIndex(period, now) - count + 1;
    const seen = new Set<number>();
    for (const backup of newestFirst) {
      const index = periodIndex(period, backup.takenAt);
      if (index < oldestKept || seen.has(index)) continue;
      seen.add(index);
      keep.add(backup);
    }
  }
  return keep;
}
