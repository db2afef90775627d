/**
 * The hot path's reads: exactly the rows drizzle's own select gives, and a kept row never outlives a
 * change made through the app, nor by more than a second a change made by another process.
 */
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { eq, sql } from "drizzle-orm";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { subscriptions, users } from "../../src/db/schema";
import { KEPT_ROW_MS, rowReader } from "../../src/db/prepared";
import { withWriter } from "../../src/db";
import { findUserById, findUserByPluginKey, getSubscription } from "../../src/features/users/service";
import { makeTestApp, signUpUser, type TestContext } from "../support/app";
import { onPostgres } from "../support/postgres-pass";

let ctx: TestContext;
beforeAll(() => {
  ctx = makeTestApp();
});
afterAll(() => ctx.cleanup());

test("a user and a subscription read on the hot path equal drizzle's rows, booleans, nulls and all", async () => {
  const signedUp = await signUpUser(ctx, "month");
  const id = signedUp.user.id;
  await ctx.deps.db
    .update(users)
    .set({
      pluginKey: "ll_hotreadkey",
      isAdmin: true,
      notifications: false,
      linkedRobloxAccountId: "42",
      linkedAt: 5,
      lastSeenAt: null,
    })
    .where(eq(users.id, id));
  await ctx.deps.db
    .update(subscriptions)
    .set({ status: "cancelled", cancelledAt: 7 })
    .where(eq(subscriptions.userId, id));

  const [user] = await ctx.deps.db.select().from(users).where(eq(users.id, id));
  const [subscription] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
  expect(user).toBeDefined();
  expect(await findUserById(ctx.deps.db, id)).toEqual(user);
  expect((await findUserById(ctx.deps.db, id))!.isAdmin).toBe(true);
  expect(await findUserByPluginKey(ctx.deps.db, "ll_hotreadkey")).toEqual(user);
  expect(await getSubscription(ctx.deps.db, id)).toEqual(subscription);
  await ctx.deps.db.transaction(async (tx) => expect(await findUserById(tx, id)).toEqual(user));
  expect(await findUserById(ctx.deps.db, 999_999)).toBeUndefined();
  expect(await findUserByPluginKey(ctx.deps.db, "ll_nobody")).toBeUndefined();
});

describe("kept rows", () => {
  test("a change made through the app is seen by the next read", async () => {
    const { user } = await signUpUser(ctx);
    expect((await findUserById(ctx.deps.db, user.id))!.theme).toBe("dark");
    await ctx.deps.db.update(users).set({ theme: "light" }).where(eq(users.id, user.id));
    expect((await findUserById(ctx.deps.db, user.id))!.theme).toBe("light");
    // A raw statement counts as a change too: SQLite's through withWriter, PostgreSQL's through the handle.
    if (onPostgres)
      await (ctx.deps.db as unknown as PgDatabase<never>).execute(
        sql`UPDATE users SET theme = 'dark' WHERE id = ${user.id}`,
      );
    else
      await withWriter(ctx.deps.db, (writer) => writer.run("UPDATE users SET theme = 'dark' WHERE id = ?", [user.id]));
    expect((await findUserById(ctx.deps.db, user.id))!.theme).toBe("dark");
    await ctx.deps.db.transaction(async (tx) => {
      await tx.update(users).set({ theme: "light" }).where(eq(users.id, user.id));
    });
    expect((await findUserById(ctx.deps.db, user.id))!.theme).toBe("light");
  });

  test("a row read inside a transaction that is rolled back is never kept", async () => {
    const { user } = await signUpUser(ctx);
    await findUserById(ctx.deps.db, user.id);
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        await tx.update(users).set({ theme: "light" }).where(eq(users.id, user.id));
        expect((await findUserById(tx, user.id))!.theme).toBe("light");
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await findUserById(ctx.deps.db, user.id))!.theme).toBe("dark");
  });

  test("a read outside a transaction never sees the half-done work of one waiting on an await", async () => {
    const { user } = await signUpUser(ctx);
    let release!: () => void;
    const paused = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written!: () => void;
    const halfDone = new Promise<void>((resolve) => {
      written = resolve;
    });
    const transaction = ctx.deps.db.transaction(async (tx) => {
      await tx.update(users).set({ theme: "light" }).where(eq(users.id, user.id));
      written();
      await paused;
    });
    await halfDone;
    expect((await findUserById(ctx.deps.db, user.id))!.theme).toBe("dark");
    release();
    await transaction;
    expect((await findUserById(ctx.deps.db, user.id))!.theme).toBe("light");
  });

  test("a change made by another process (the command line) shows once a kept row is a second old", async () => {
    const { user } = await signUpUser(ctx);
    expect((await findUserById(ctx.deps.db, user.id))!.isAdmin).toBe(false);
    if (onPostgres) {
      const other = new SQL(ctx.deps.config.databaseUrl!.url, { max: 1 });
      await other.unsafe("UPDATE users SET is_admin = true WHERE id = $1", [user.id]).finally(() => other.close());
    } else {
      const other = new Database(ctx.deps.config.databasePath);
      try {
        other.run("UPDATE users SET is_admin = 1 WHERE id = ?", [user.id]);
      } finally {
        other.close();
      }
    }
    await Bun.sleep(KEPT_ROW_MS + 50);
    expect((await findUserById(ctx.deps.db, user.id))!.isAdmin).toBe(true);
  });

  test("a row found missing is kept too, and a change made through the app shows on the next read", async () => {
    const byKey = rowReader(users, "figma_key");
    const { user } = await signUpUser(ctx);
    const key = `ll_missing${user.id}`;
    expect(await byKey(ctx.deps.db, key)).toBeUndefined();
    // Kept: at hand without waiting, on PostgreSQL too, where a miss not kept would be NOT_AT_HAND.
    expect(byKey.atHand(ctx.deps.db, key)).toBeUndefined();
    expect(byKey.keptRows(ctx.deps.db)).toBe(1);
    await ctx.deps.db.update(users).set({ pluginKey: key }).where(eq(users.id, user.id));
    expect((await byKey(ctx.deps.db, key))!.id).toBe(user.id);
  });

  test("no row is kept past its second: an idle server keeps none", async () => {
    const byId = rowReader(users, "id");
    const ids = await Promise.all([1, 2, 3].map(async () => (await signUpUser(ctx)).user.id));
    for (const id of ids) expect((await byId(ctx.deps.db, id))!.id).toBe(id);
    expect(byId.keptRows(ctx.deps.db)).toBe(3);
    await Bun.sleep(KEPT_ROW_MS + 100);
    expect(byId.keptRows(ctx.deps.db)).toBe(0);
    expect((await byId(ctx.deps.db, ids[0]))!.id).toBe(ids[0]);
    expect(byId.keptRows(ctx.deps.db)).toBe(1);
  });
});

/** The reader's queries on PostgreSQL: every one goes through the handle's `select`. */
const selectsOf = (db: unknown) => spyOn(db as { select: () => unknown }, "select");

describe.if(onPostgres)("rows missed together on PostgreSQL", () => {
  test("requests that miss the same row at once share one query; another row has its own", async () => {
    const byId = rowReader(users, "id");
    const [first, second] = [(await signUpUser(ctx)).user, (await signUpUser(ctx)).user];
    const selects = selectsOf(ctx.deps.db);
    try {
      const rows = await Promise.all(
        Array.from({ length: 20 }, (_, i) => byId(ctx.deps.db, i % 2 ? first.id : second.id)),
      );
      expect(selects).toHaveBeenCalledTimes(2);
      for (const [i, row] of rows.entries()) expect(row!.id).toBe(i % 2 ? first.id : second.id);
    } finally {
      selects.mockRestore();
    }
  });

  test("a read after this process wrote does not share a query sent before the write", async () => {
    const byId = rowReader(users, "id");
    const { user } = await signUpUser(ctx);
    const [unchanged] = await ctx.deps.db.select().from(users).where(eq(users.id, user.id));
    // The first query is held until after the write, and answers with the row as it was.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const selects = selectsOf(ctx.deps.db).mockImplementationOnce(() => {
      const slow = { from: () => slow, where: () => slow, limit: () => held.then(() => [unchanged]) };
      return slow;
    });
    try {
      const before = byId(ctx.deps.db, user.id);
      await ctx.deps.db.update(users).set({ theme: "light" }).where(eq(users.id, user.id));
      const after = byId(ctx.deps.db, user.id);
      expect(selects).toHaveBeenCalledTimes(2);
      expect((await after)!.theme).toBe("light");
      answer();
      expect((await before)!.theme).toBe("dark");
      // And the row the earlier query brought is not kept: the next read is the written one.
      expect((await byId(ctx.deps.db, user.id))!.theme).toBe("light");
    } finally {
      selects.mockRestore();
    }
  });

  test("a row read while a write of this process waits for a lock is not kept past the write", async () => {
    const { user } = await signUpUser(ctx);
    expect((await findUserById(ctx.deps.db, user.id))!.theme).toBe("dark");
    // Another connection holds the row, so the write is sent (moving the change counter) and waits.
    const other = new SQL(ctx.deps.config.databaseUrl!.url, { max: 1 });
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = other.begin(async (tx) => {
      await tx.unsafe("SELECT id FROM users WHERE id = $1 FOR UPDATE", [user.id]);
      locked();
      await released;
    });
    try {
      await lockTaken;
      const write = ctx.deps.db.update(users).set({ theme: "light" }).where(eq(users.id, user.id)).execute();
      await Bun.sleep(100);
      // Read meanwhile, after the write was sent: the row as it still is, which must not outlive the write.
      expect((await findUserById(ctx.deps.db, user.id))!.theme).toBe("dark");
      release();
      await write;
      expect((await findUserById(ctx.deps.db, user.id))!.theme).toBe("light");
    } finally {
      release();
      await holder.catch(() => {});
      await other.close();
    }
  });

  test("a query that fails fails every read sharing it, and the next read asks again", async () => {
    const byId = rowReader(users, "id");
    const { user } = await signUpUser(ctx);
    const selects = selectsOf(ctx.deps.db).mockImplementationOnce(() => {
      const failing = { from: () => failing, where: () => failing, limit: () => Promise.reject(new Error("lost")) };
      return failing;
    });
    try {
      const shared = [byId(ctx.deps.db, user.id), byId(ctx.deps.db, user.id)];
      for (const read of shared) await expect(read).rejects.toThrow("lost");
      expect((await byId(ctx.deps.db, user.id))!.id).toBe(user.id);
      expect(selects).toHaveBeenCalledTimes(2);
    } finally {
      selects.mockRestore();
    }
  });
});
