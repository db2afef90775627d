/**
 * Every query is awaited: no Drizzle query builder in src/ ends in `.all()`, `.get()`, `.run()` or
 * `.values()` (the synchronous driver's terminals; on the asynchronous handle they only answer a
 * Promise, and PostgreSQL's driver has none). Raw bun:sqlite statements keep those methods, so a
 * zero-argument `.all()/.get()/.run()` is allowed only in the files named below, which work on the raw
 * SQLite connections on purpose.
 */
import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { join, relative } from "node:path";
import { syncTerminals } from "../support/sync-terminals";

const ROOT = join(import.meta.dir, "../..");

/** Files that use raw bun:sqlite statements, each for its reason. */
const RAW_SQLITE_FILES = [
  // The connections themselves, the kept-rows reader, the file checks and the optimizer.
  /^src\/db\//,
  // Backups and restores: VACUUM INTO, integrity checks and row counts on a copy that is not the live handle.
  /^src\/features\/backups\/service\.ts$/,
  // seed-scale's bulk load: hundreds of thousands of rows through prepared statements in one transaction.
  /^src\/features\/seed\/scale\.ts$/,
  /^src\/features\/seed\/bulk-load\.ts$/,
  /^src\/features\/seed\/sqlite-writer\.ts$/,
  // Copying a SQLite file to PostgreSQL (a command): row counts and columns of the source file, not the live handle.
  /^src\/cli\/copy-to-postgres\.ts$/,
  /^src\/cli\/copy-tables\.ts$/,
  // The sales CSV: a million rows in flat memory, each page read and written in one synchronous call.
  /^src\/features\/admin\/sales-csv\.ts$/,
];

describe("no synchronous query terminals", () => {
  test("the scan finds each terminal on a query builder, and leaves other code alone", () => {
    const source = [
      "const a = db.select().from(users).where(eq(users.id, 1)).get();",
      "const b = tx.select({ n: count() }).from(sales).all();",
      "db.insert(emails).values({ to: 'a)' }).run();",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the string is source code the check reads
      "const c = db\n  .update(users)\n  .set({ theme: `da${x ? ')' : ''}rk` })\n  .where(eq(users.id, id))\n  .returning()\n  .values();",
      "const d = await db.query.users.findFirst({ where: eq(users.id, 1) }).get();",
      "db.delete(sessions).where(lt(sessions.at, /\\)/.source.length)).run();",
      // Not queries:
      "for (const s of series.values()) {}",
      "const [row] = await db.select().from(users).limit(1);",
      "// db.select().from(users).all();",
      "const text = 'db.select().from(users).all()';",
      "await db.run(sql`PRAGMA optimize`);",
      "const e = map.get(key);",
    ].join("\n");
    expect(syncTerminals(source, true).map((f) => [f.line, f.why])).toEqual([
      [1, "query builder"],
      [2, "query builder"],
      [3, "query builder"],
      [9, "query builder"],
      [10, "query builder"],
      [11, "query builder"],
    ]);
  });

  test("a raw statement's terminal is allowed only in the listed files", () => {
    const source = 'const n = client.query("SELECT count(*) AS n FROM users").get();';
    expect(syncTerminals(source, true)).toEqual([]);
    expect(syncTerminals(source, false).map((f) => f.why)).toEqual(["raw statement outside the listed files"]);
  });

  test("src/ awaits every query", async () => {
    const findings: string[] = [];
    for await (const file of new Glob("src/**/*.{ts,tsx}").scan({ cwd: ROOT })) {
      const path = relative(ROOT, join(ROOT, file));
      const rawAllowed = RAW_SQLITE_FILES.some((allowed) => allowed.test(path));
      for (const found of syncTerminals(await Bun.file(join(ROOT, file)).text(), rawAllowed))
        findings.push(`${path}:${found.line} (${found.why}): ${found.text}`);
    }
    expect(findings).toEqual([]);
  });
});
