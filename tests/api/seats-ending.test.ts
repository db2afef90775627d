/**
 * When seats end: a full refund of the purchase behind them ends them (the newest first, keeping what another key
 * still pays for), deleting the account takes every seat and its key with it; the data export lists the seats and
 * the admin's user views count them.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sales, seats } from "../../src/db/schema";
import { refundPayment } from "../../src/features/refunds/record";
import { api, auditRowsOf, call, signInAdmin, signUpWithKey, type TestContext } from "../support/app";
import { eachTestApp } from "../support/each-test";
import { seatHelpers } from "../support/seats";

let ctx: TestContext;
eachTestApp((made) => {
  ctx = made;
});

const { buySeats, list, giveKey, validate, keysForSeats } = seatHelpers(() => ctx);

describe("a refund", () => {
  test("of the purchase behind all seats ends every seat: their keys answer SEAT_ENDED", async () => {
    const bought = await buySeats(4);
    const { token } = await signUpWithKey(ctx, "lead@studio.example", bought.key);
    const keys = await keysForSeats(token);
    expect((await validate(keys[0]!, "2")).status).toBe(200);

    await refundPayment(ctx.deps, bought.id);
    for (const key of keys)
      expect(await validate(key, "2")).toMatchObject({ status: 403, body: { code: "SEAT_ENDED" } });
    expect((await list(token)).total).toBe(1);
  });

  test("of one purchase keeps the seats another one still pays for; the newest seats end first", async () => {
    const big = await buySeats(5);
    const small = await buySeats(3);
    const { token } = await signUpWithKey(ctx, "lead@studio.example", small.key);
    await call(ctx.app, "POST", "/api/subscription/redeem", { token, body: { productKey: big.key } });
    expect((await list(token)).total).toBe(5);
    const keys = await keysForSeats(token);

    await refundPayment(ctx.deps, big.id);
    expect((await list(token)).total).toBe(3);
    // Seats 2 and 3 stay (the three-seat key still pays for them); 4 and 5, the newest, end.
    expect((await validate(keys[0]!, "2")).status).toBe(200);
    expect((await validate(keys[1]!, "3")).status).toBe(200);
    expect((await validate(keys[2]!, "4")).body).toMatchObject({ code: "SEAT_ENDED" });
    expect((await validate(keys[3]!, "5")).body).toMatchObject({ code: "SEAT_ENDED" });
    const [refunded] = await ctx.deps.db.select().from(sales).where(eq(sales.paymentIntentId, big.id));
    expect(refunded!.status).toBe("refunded");
  });
});

describe("deleting the account", () => {
  test("ends every seat: their keys stop and no seat row is left", async () => {
    const bought = await buySeats(3);
    const { token, userId } = await signUpWithKey(ctx, "lead@studio.example", bought.key).then((s) => ({
      token: s.token,
      userId: s.user.id,
    }));
    const keys = await keysForSeats(token);
    expect((await api(ctx.app, token).api.account.delete({ password: "correct horse" })).status).toBe(200);
    for (const key of keys) expect((await validate(key, "2")).status).toBe(401);
    expect(await ctx.deps.db.select().from(seats).where(eq(seats.userId, userId))).toEqual([]);
  });
});

describe("what the account and the admins see", () => {
  test("the data export lists each seat with its label, key and linked account", async () => {
    const bought = await buySeats(2);
    const { token } = await signUpWithKey(ctx, "lead@studio.example", bought.key);
    const seat2 = (await list(token)).seats[1]!;
    await call(ctx.app, "PATCH", `/api/seats/${seat2.id}`, { token, body: { label: "Ana" } });
    const key = await giveKey(token, seat2.id);
    await validate(key, "77");
    const exported = (await call(ctx.app, "GET", "/api/account/export", { token })).body as {
      seats: Record<string, unknown>[];
    };
    expect(exported.seats).toMatchObject([
      { seat: 1, label: null },
      { seat: 2, label: "Ana", pluginKey: key, linkedRobloxAccountId: "77", endedAt: null },
    ]);
  });

  test("the admin's user search counts an account's seats", async () => {
    const bought = await buySeats(4);
    await signUpWithKey(ctx, "lead@studio.example", bought.key);
    const admin = (await signInAdmin(ctx)).token;
    const found = await api(ctx.app, admin).api.admin.users.get({ query: { q: "studio" } });
    expect(found.data).toMatchObject([{ email: "lead@studio.example", seats: 4 }]);
    const others = await api(ctx.app, admin).api.admin.users.get({ query: { q: "admin@" } });
    expect(others.data![0]!.seats).toBe(1);
  });
});

describe("an admin's goodwill", () => {
  test("sets an account's seat count: up gives seats, down ends the newest; audited; only admins; 1–100", async () => {
    const bought = await buySeats(2);
    const { token, user } = await signUpWithKey(ctx, "lead@studio.example", bought.key);
    const admin = (await signInAdmin(ctx)).token;
    const set = (seats: unknown, as = admin, id = user.id) =>
      call(ctx.app, "PUT", `/api/admin/users/${id}/seats`, { token: as, body: { seats } });

    expect(await set(4)).toMatchObject({ status: 200, body: { seats: 4, ended: 0 } });
    const keys = await keysForSeats(token);
    expect(keys).toHaveLength(3);
    expect(await set(2)).toMatchObject({ status: 200, body: { seats: 2, ended: 2 } });
    expect((await validate(keys[0]!, "2")).status).toBe(200);
    expect((await validate(keys[2]!, "4")).body).toMatchObject({ code: "SEAT_ENDED" });

    expect(await set(0)).toMatchObject({ status: 422, body: { error: "INVALID_SEATS" } });
    expect((await set(5, token)).status).toBe(403);
    expect((await set(5, admin, 999_999)).status).toBe(404);
    expect((await list(token)).total).toBe(2);
    const audit = await auditRowsOf(ctx, "seats.set");
    expect(audit.map((row) => JSON.parse(row.detail!))).toEqual([
      { from: 2, to: 4 },
      { from: 4, to: 2 },
    ]);
  });
});
