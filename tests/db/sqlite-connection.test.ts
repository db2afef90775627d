import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { openSqliteConnections, sqliteDrizzle } from "../../src/db/sqlite/connection";
import { RootQueryInTransactionError } from "../../src/db/transaction-scope";

const counters = sqliteTable("counters", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  n: integer("n").notNull(),
});
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function open() {
  const dir = mkdtempSync(join(tmpdir(), "layerlift-sqlite-"));
  dirs.push(dir);
  const connections = openSqliteConnections(join(dir, "t.db"));
  connections.writer.run("create table counters (id integer primary key, name text not null, n integer not null)");
  connections.writer.run("insert into counters values (1, 'a', 0)");
  return { connections, db: sqliteDrizzle(connections, { counters }) };
}

describe("SQLite through the asynchronous driver", () => {
  test("a throw inside a transaction after an await writes nothing", async () => {
    const { db } = open();
    await expect(
      db.transaction(async (tx) => {
        await tx.update(counters).set({ n: 5 }).where(eq(counters.id, 1));
        await Bun.sleep(5);
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect((await db.select().from(counters))[0].n).toBe(0);
  });

  test("fifty transactions that read, wait and write never lose an increment", async () => {
    const { db } = open();
    await Promise.all(
      Array.from({ length: 50 }, () =>
        db.transaction(async (tx) => {
          const [row] = await tx.select().from(counters).where(eq(counters.id, 1));
          await Bun.sleep(1);
          await tx
            .update(counters)
            .set({ n: row.n + 1 })
            .where(eq(counters.id, 1));
        }),
      ),
    );
    expect((await db.select().from(counters))[0].n).toBe(50);
  });

  test("a read outside sees only committed data while a transaction waits", async () => {
    const { db } = open();
    let release!: () => void;
    const paused = new Promise<void>((r) => (release = r));
    let written!: () => void;
    const wrote = new Promise<void>((r) => (written = r));
    const tx = db.transaction(async (tx) => {
      await tx.update(counters).set({ n: 999 }).where(eq(counters.id, 1));
      written();
      await paused;
    });
    await wrote;
    expect((await db.select().from(counters))[0].n).toBe(0);
    release();
    await tx;
    expect((await db.select().from(counters))[0].n).toBe(999);
  });

  test("a write outside waits for the open transaction instead of joining it", async () => {
    const { db } = open();
    let release!: () => void;
    const paused = new Promise<void>((r) => (release = r));
    const tx = db.transaction(async (tx) => {
      await tx.update(counters).set({ name: "in-tx" }).where(eq(counters.id, 1));
      await paused;
      throw new Error("rolled back");
    });
    const outside = db.insert(counters).values({ id: 2, name: "outside", n: 0 });
    await Bun.sleep(5);
    release();
    await expect(tx).rejects.toThrow("rolled back");
    await outside;
    const rows = await db.select().from(counters);
    expect(rows.map((r) => r.name)).toEqual(["a", "outside"]);
  });

  test("the root database used inside a transaction's callback throws", async () => {
    const { db } = open();
    const error = await db
      .transaction(async () => {
        await db.select().from(counters);
      })
      .catch((e) => e);
    expect(error.cause).toBeInstanceOf(RootQueryInTransactionError);
  });
});
