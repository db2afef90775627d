import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";

/**
 * A working file for a backup on its way (`what`: offsite, download, drill): beside the database, so
 * it is on the same disk with the same permissions, or in the temp folder when that folder does not exist.
 */
export function workFilePath(databasePath: string, what: string, now: number): string {
  const database = resolve(databasePath === ":memory:" ? join(tmpdir(), "layerlift.db") : databasePath);
  const folder = existsSync(dirname(database)) ? dirname(database) : tmpdir();
  const stamp = new Date(now).toISOString().replace(/[:.]/g, "-");
  return join(folder, `${basename(database)}.${what}-${stamp}-${crypto.randomUUID().slice(0, 8)}`);
}
