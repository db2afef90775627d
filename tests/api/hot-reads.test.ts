/**
 * The hot path's reads: exactly the rows drizzle's own select gives, and a kept row never outlives a
 * change made through the app, nor by more than a second a change made by another process.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { eq } from "drizzle-orm";
import { subscriptions, users } from "../../src/db/schema";
import { KEPT_ROW_MS, rowReader } from "../../src/db/prepared";
import { findUserById, findUserByPluginKey, getSubscription } from "../../src/features/users/service";
import { makeTestApp, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeAll(() => {
  ctx = makeTestApp();
});
afterAll(() => ctx.cleanup());

test("a user and a subscription read on the hot path equal drizzle's rows, booleans, nulls and all", async () => {
  const signedUp = await signUpUser(ctx, "month");
  const id = signedUp.user.id;
  ctx.deps.db
    .update(users)
    .set({
      pluginKey: "ll_hotreadkey",
      isAdmin: true,
      notifications: false,
      linkedRobloxAccountId: "42",
      linkedAt: 5,
      lastSeenAt: null,
    })
    .where(eq(users.id, id))
    .run();
  ctx.deps.db
    .update(subscriptions)
    .set({ status: "cancelled", cancelledAt: 7 })
    .where(eq(subscriptions.userId, id))
    .run();

  const user = ctx.deps.db.select().from(users).where(eq(users.id, id)).get();
  const subscription = ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, id)).get();
  expect(findUserById(ctx.deps.db, id)).toEqual(user);
  expect(findUserById(ctx.deps.db, id)!.isAdmin).toBe(true);
  expect(findUserByPluginKey(ctx.deps.db, "ll_hotreadkey")).toEqual(user);
  expect(getSubscription(ctx.deps.db, id)).toEqual(subscription);
  ctx.deps.db.transaction((tx) => expect(findUserById(tx, id)).toEqual(user));
  expect(findUserById(ctx.deps.db, 999_999)).toBeUndefined();
  expect(findUserByPluginKey(ctx.deps.db, "ll_nobody")).toBeUndefined();
});

describe("kept rows", () => {
  test("a change made through the app is seen by the next read", async () => {
    const { user } = await signUpUser(ctx);
    expect(findUserById(ctx.deps.db, user.id)!.theme).toBe("dark");
    ctx.deps.db.update(users).set({ theme: "light" }).where(eq(users.id, user.id)).run();
    expect(findUserById(ctx.deps.db, user.id)!.theme).toBe("light");
    ctx.deps.db.$client.run("UPDATE users SET theme = 'dark' WHERE id = ?", [user.id]);
    expect(findUserById(ctx.deps.db, user.id)!.theme).toBe("dark");
  });

  test("a row read inside a transaction that is rolled back is never kept", async () => {
    const { user } = await signUpUser(ctx);
    findUserById(ctx.deps.db, user.id);
    expect(() =>
      ctx.deps.db.transaction((tx) => {
        tx.update(users).set({ theme: "light" }).where(eq(users.id, user.id)).run();
        expect(findUserById(tx, user.id)!.theme).toBe("light");
        throw new Error("roll back");
      }),
    ).toThrow("roll back");
    expect(findUserById(ctx.deps.db, user.id)!.theme).toBe("dark");
  });

  test("a change made by another process (the command line) shows once a kept row is a second old", async () => {
    const { user } = await signUpUser(ctx);
    expect(findUserById(ctx.deps.db, user.id)!.isAdmin).toBe(false);
    const other = new Database(ctx.deps.config.databasePath);
    try {
      other.run("UPDATE users SET is_admin = 1 WHERE id = ?", [user.id]);
    } finally {
      other.close();
    }
    await Bun.sleep(KEPT_ROW_MS + 50);
    expect(findUserById(ctx.deps.db, user.id)!.isAdmin).toBe(true);
  });

  test("no row is kept past its second: an idle server keeps none", async () => {
    const byId = rowReader(users, "id");
    const ids = await Promise.all([1, 2, 3].map(async () => (await signUpUser(ctx)).user.id));
    for (const id of ids) expect(byId(ctx.deps.db, id)!.id).toBe(id);
    expect(byId.keptRows(ctx.deps.db)).toBe(3);
    await Bun.sleep(KEPT_ROW_MS + 100);
    expect(byId.keptRows(ctx.deps.db)).toBe(0);
    expect(byId(ctx.deps.db, ids[0])!.id).toBe(ids[0]);
    expect(byId.keptRows(ctx.deps.db)).toBe(1);
  });
});
