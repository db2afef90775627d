/**
 * The site's database handle (src/db): what openDatabase gives, closing it, and the helpers beside it.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { isUniqueViolation, openDatabase, withWriter } from "../../src/db";
import { users } from "../../src/db/schema";
import { rowReader } from "../../src/db/prepared";
import { startOptimizer } from "../../src/db/optimize";
import { RootQueryInTransactionError } from "../../src/db/transaction-scope";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function databasePath() {
  const dir = mkdtempSync(join(tmpdir(), "layerlift-handle-"));
  dirs.push(dir);
  return join(dir, "site.db");
}

/** Whether another connection may have the file to itself (leaving WAL needs that). */
function freeToTakeOutOfWal(path: string): true | string {
  const other = new Database(path);
  try {
    other.run("PRAGMA busy_timeout = 0");
    other.run("PRAGMA journal_mode = DELETE");
    return true;
  } catch (error) {
    return (error as Error).message;
  } finally {
    other.close();
  }
}

describe("the database handle", () => {
  test("closed, it lets go of the file: migrations, queries, kept rows and raw writes leave nothing open", async () => {
    const path = databasePath();
    const db = openDatabase(path);
    const [user] = await db
      .insert(users)
      .values({ email: "a@example.com", passwordHash: "h", createdAt: 1 })
      .returning();
    expect((await rowReader(users, "id")(db, user!.id))?.email).toBe("a@example.com");
    await db.transaction(async (tx) => {
      await tx.update(users).set({ theme: "light" }).where(eq(users.id, user!.id));
      expect((await rowReader(users, "id")(tx, user!.id))?.theme).toBe("light");
    });
    await withWriter(db, (writer) => writer.run("UPDATE users SET theme = 'dark'"));
    db.$client.close();
    expect(freeToTakeOutOfWal(path)).toBe(true);
  });

  test("a database opened again keeps what was written, and its migrations are not applied twice", async () => {
    const path = databasePath();
    const first = openDatabase(path);
    await first.insert(users).values({ email: "a@example.com", passwordHash: "h", createdAt: 1 });
    first.$client.close();
    const again = openDatabase(path);
    try {
      expect((await again.select({ email: users.email }).from(users)).map((row) => row.email)).toEqual([
        "a@example.com",
      ]);
    } finally {
      again.$client.close();
    }
  });

  test("after the optimizer refreshes the statistics, reads are planned with them", async () => {
    const db = openDatabase(databasePath());
    try {
      // One row matches `a = 19990`, half of them `b = 1`: only the statistics tell the planner so.
      await withWriter(db, (writer) => {
        writer.run("CREATE TABLE planned (a INTEGER, b INTEGER)");
        writer.run("CREATE INDEX planned_a ON planned (a)");
        writer.run("CREATE INDEX planned_b ON planned (b)");
        const insert = writer.query("INSERT INTO planned VALUES (?, ?)");
        writer.transaction(() => {
          for (let i = 0; i < 20_000; i++) insert.run(i, i % 2);
        })();
      });
      const plan = () =>
        db.$client.reader
          .query<{ detail: string }, []>("EXPLAIN QUERY PLAN SELECT * FROM planned WHERE a = 19990 AND b = 1")
          .all()
          .map((step) => step.detail);
      expect(plan()).toEqual(["SEARCH planned USING INDEX planned_b (b=?)"]);
      const optimizer = startOptimizer(db);
      await optimizer.ready;
      optimizer.stop();
      expect(plan()).toEqual(["SEARCH planned USING INDEX planned_a (a=?)"]);
      // The handle and the kept-rows reader go on reading through the new reader.
      const [user] = await db
        .insert(users)
        .values({ email: "a@example.com", passwordHash: "h", createdAt: 1 })
        .returning();
      expect((await rowReader(users, "id")(db, user!.id))?.email).toBe("a@example.com");
      expect(await db.select({ id: users.id }).from(users)).toEqual([{ id: user!.id }]);
    } finally {
      db.$client.close();
    }
  });

  test("withWriter refuses to run inside a transaction's callback instead of waiting for itself", async () => {
    const db = openDatabase(databasePath());
    try {
      await expect(
        db.transaction(async () => {
          await withWriter(db, (writer) => writer.run("SELECT 1"));
        }),
      ).rejects.toBeInstanceOf(RootQueryInTransactionError);
    } finally {
      db.$client.close();
    }
  });

  test("isUniqueViolation knows a unique or primary key conflict through Drizzle's wrapping, and nothing else", async () => {
    const db = openDatabase(databasePath());
    const caught = async (write: () => Promise<unknown>) => {
      try {
        await write();
      } catch (error) {
        return error;
      }
      throw new Error("the write succeeded");
    };
    try {
      const [user] = await db
        .insert(users)
        .values({ email: "a@example.com", passwordHash: "h", createdAt: 1 })
        .returning();
      const sameEmail = await caught(() =>
        db.insert(users).values({ email: "a@example.com", passwordHash: "h", createdAt: 1 }),
      );
      const sameId = await caught(() =>
        db.insert(users).values({ id: user!.id, email: "b@example.com", passwordHash: "h", createdAt: 1 }),
      );
      const missingColumn = await caught(() =>
        db.insert(users).values({ email: null as unknown as string, passwordHash: "h", createdAt: 1 }),
      );
      expect(isUniqueViolation(sameEmail)).toBe(true);
      expect(isUniqueViolation(sameId)).toBe(true);
      expect(isUniqueViolation(missingColumn)).toBe(false);
      expect(isUniqueViolation(new Error("unique"))).toBe(false);
      // PostgreSQL's SQLSTATE, as Bun's client carries it and as others do.
      expect(
        isUniqueViolation(new Error("wrapped", { cause: Object.assign(new Error("pg"), { errno: "23505" }) })),
      ).toBe(true);
      expect(isUniqueViolation({ code: "23505" })).toBe(true);
      expect(isUniqueViolation({ code: "23503" })).toBe(false);
    } finally {
      db.$client.close();
    }
  });
});
