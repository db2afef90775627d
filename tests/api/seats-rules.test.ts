/**
 * The rules a seat shares with the owner's own key and with the rest of the licence: a refund ends only the seats its
 * purchase paid for (never an admin's goodwill), a seat's key used from a second Roblox account gets the owner's
 * alert as the owner's key does, and freeing seat 1 (the owner's key) is held to the owner's reset cooldown.
 */
import { describe, expect, test } from "bun:test";
import { and, eq, isNull } from "drizzle-orm";
import { seats, users } from "../../src/db/schema";
import { paidSeats } from "../../src/features/seats/service";
import { HOUR } from "../../src/lib/clock";
import { refundPayment } from "../../src/features/refunds/record";
import { api, auditRowsOf, call, outboxOf, signInAdmin, signUpWithKey, type TestContext } from "../support/app";
import { eachTestApp } from "../support/each-test";
import { LEAD, seatHelpers } from "../support/seats";

let ctx: TestContext;
eachTestApp((made) => {
  ctx = made;
});

const { buySeats, list, giveKey, validate, redeem } = seatHelpers(() => ctx);

describe("an admin's goodwill seats", () => {
  test("outlast the refund of a purchase that paid for none of them; a refund ends only what its sale paid for", async () => {
    const first = await buySeats(3, LEAD);
    const { token, user } = await signUpWithKey(ctx, LEAD, first.key);
    const admin = (await signInAdmin(ctx)).token;
    await call(ctx.app, "PUT", `/api/admin/users/${user.id}/seats`, { token: admin, body: { seats: 5 } });
    const second = await buySeats(3, LEAD);
    expect((await redeem(token, second.key)).status).toBe(200);
    expect((await list(token)).total).toBe(5);
    const seat5 = (await list(token)).seats[4]!;
    const key5 = await giveKey(token, seat5.id);

    // The second purchase gave no seat the account did not have: its refund ends none.
    await refundPayment(ctx.deps, second.id);
    expect((await list(token)).total).toBe(5);
    expect((await validate(key5, "5")).status).toBe(200);

    // The first paid for seats 2 and 3: two end; the admin's two stay.
    await refundPayment(ctx.deps, first.id);
    expect((await list(token)).total).toBe(3);
  });

  test("stay on top of a key of more seats redeemed later, as on top of a renewal", async () => {
    const { token, user } = await signUpWithKey(ctx, LEAD, (await buySeats(2, LEAD)).key);
    const admin = (await signInAdmin(ctx)).token;
    await call(ctx.app, "PUT", `/api/admin/users/${user.id}/seats`, { token: admin, body: { seats: 3 } });
    expect((await redeem(token, (await buySeats(5, LEAD)).key)).status).toBe(200);
    // The key's five plus the admin's one.
    expect((await list(token)).total).toBe(6);
    expect((await list(token)).total).toBe((await paidSeats(ctx.deps.db, user.id)) + 1);
  });

  test("taken back by an admin stay taken back after a refund of another purchase", async () => {
    const first = await buySeats(5, LEAD);
    const { token, user } = await signUpWithKey(ctx, LEAD, first.key);
    const admin = (await signInAdmin(ctx)).token;
    await call(ctx.app, "PUT", `/api/admin/users/${user.id}/seats`, { token: admin, body: { seats: 3 } });
    const second = await buySeats(2, LEAD);
    await redeem(token, second.key);
    await refundPayment(ctx.deps, second.id);
    expect((await list(token)).total).toBe(3);
  });
});

describe("a refund and an admin's change at once", () => {
  test("are made one after the other: the seats are what the keys pay for plus the goodwill, never more keys", async () => {
    const admin = (await signInAdmin(ctx)).token;
    for (const round of [1, 2, 3]) {
      const email = `lead${round}@studio.example`;
      const big = await buySeats(3, email);
      const small = await buySeats(2, email);
      const { token, user } = await signUpWithKey(ctx, email, big.key);
      await redeem(token, small.key);
      for (const seat of (await list(token)).seats.slice(1)) await giveKey(token, seat.id);

      const [, set] = await Promise.all([
        refundPayment(ctx.deps, big.id),
        call(ctx.app, "PUT", `/api/admin/users/${user.id}/seats`, { token: admin, body: { seats: 4 } }),
      ]);
      expect(set.status).toBe(200);
      const live = await ctx.deps.db
        .select()
        .from(seats)
        .where(and(eq(seats.userId, user.id), isNull(seats.endedAt)));
      const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, user.id));
      // Admin first: goodwill 1, the refund keeps 2 + 1. Refund first: 2, then the admin's 4 is 2 + 2.
      expect([
        [3, 1],
        [4, 2],
      ]).toContainEqual([live.length, row!.goodwillSeats]);
      expect(live.length).toBe((await paidSeats(ctx.deps.db, user.id)) + row!.goodwillSeats);
      expect(live.filter((seat) => seat.pluginKey !== null).length).toBeLessThanOrEqual(live.length - 1);
    }
  });
});

describe("a seat's key used from a second Roblox account", () => {
  test("is ACCOUNT_MISMATCH and e-mails the owner the key-sharing alert, at most once an hour, as the owner's key", async () => {
    const bought = await buySeats(3, LEAD);
    const { token, user } = await signUpWithKey(ctx, LEAD, bought.key);
    const seats = (await list(token)).seats;
    const key2 = await giveKey(token, seats[1]!.id);
    const key3 = await giveKey(token, seats[2]!.id);
    expect((await validate(key2, "111")).status).toBe(200);
    // The first link is audited, as the owner's key's is.
    const linked = await auditRowsOf(ctx, "link.linked");
    expect(linked.map((row) => [row.subject, JSON.parse(row.detail!)])).toEqual([
      [`user:${user.id}`, { robloxUserId: "111", seat: 2 }],
    ]);

    expect(await validate(key2, "222")).toMatchObject({ status: 409, body: { code: "ACCOUNT_MISMATCH" } });
    const alerts = await outboxOf(ctx, "key-sharing-alert", LEAD);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.payload).toMatchObject({ attemptedRobloxUserId: "222", linkedRobloxAccountId: "111" });

    // Within the hour another mismatch, on another seat, sends no second alert; after it, one more.
    await validate(key3, "333");
    await validate(key3, "444");
    expect(await outboxOf(ctx, "key-sharing-alert", LEAD)).toHaveLength(1);
    ctx.clock.advance(HOUR);
    expect((await validate(key2, "222")).body).toMatchObject({ code: "ACCOUNT_MISMATCH" });
    expect(await outboxOf(ctx, "key-sharing-alert", LEAD)).toHaveLength(2);
  });

  test("sends no alert to an owner who turned notifications off", async () => {
    const bought = await buySeats(2, LEAD);
    const { token, user } = await signUpWithKey(ctx, LEAD, bought.key);
    await ctx.deps.db.update(users).set({ notifications: false }).where(eq(users.id, user.id));
    const key2 = await giveKey(token, (await list(token)).seats[1]!.id);
    await validate(key2, "111");
    expect((await validate(key2, "222")).body).toMatchObject({ code: "ACCOUNT_MISMATCH" });
    expect(await outboxOf(ctx, "key-sharing-alert", LEAD)).toHaveLength(0);
  });
});

describe("freeing seat 1, the owner's own key", () => {
  const free = (token: string, id: number) => call(ctx.app, "DELETE", `/api/seats/${id}/key`, { token });
  const reset = (token: string) => call(ctx.app, "POST", "/api/figma/reset-linked-account", { token });

  test("inside the owner's reset cooldown is 429 COOLDOWN_ACTIVE and changes nothing", async () => {
    const bought = await buySeats(2, LEAD);
    const { token } = await signUpWithKey(ctx, LEAD, bought.key);
    const own = (await api(ctx.app, token).api.figma["generate-key"].post()).data!.figmaKey;
    await validate(own, "111");
    expect((await reset(token)).status).toBe(200);
    await validate(own, "222");

    ctx.clock.advance(HOUR);
    const refused = await free(token, (await list(token)).seats[0]!.id);
    expect(refused).toMatchObject({ status: 429, body: { error: "COOLDOWN_ACTIVE", remainingMs: 23 * HOUR } });
    expect((await validate(own, "222")).body).toMatchObject({ valid: true, linkedRobloxAccountId: "222" });
  });

  test("outside it unlinks, starts the cooldown and is audited as a reset; with nothing linked it only frees", async () => {
    const bought = await buySeats(2, LEAD);
    const { token, user } = await signUpWithKey(ctx, LEAD, bought.key);
    const seat1 = (await list(token)).seats[0]!.id;
    await api(ctx.app, token).api.figma["generate-key"].post();
    // Nothing linked: nothing to reset, no cooldown started.
    expect((await free(token, seat1)).status).toBe(200);
    expect(await auditRowsOf(ctx, "link.reset")).toHaveLength(0);

    const own = (await api(ctx.app, token).api.figma["generate-key"].post()).data!.figmaKey;
    await validate(own, "111");
    expect((await free(token, seat1)).status).toBe(200);
    const resets = await auditRowsOf(ctx, "link.reset");
    expect(resets.map((row) => [row.actorUserId, JSON.parse(row.detail!)])).toEqual([
      [user.id, { previousRobloxAccountId: "111", byAdmin: false }],
    ]);
    expect(await reset(token)).toMatchObject({ status: 429, body: { error: "COOLDOWN_ACTIVE" } });
  });
});
