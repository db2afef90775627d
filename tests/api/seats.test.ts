/**
 * Seats: redeeming a key bought with N seats gives the account N seats; the owner gives each a plugin key, names it,
 * frees it. Another account's seat is a 404; the database keeps keys to seats, also under parallel calls. A seat's
 * key validates like the owner's own (its own linked account and lease); a freed or replaced key is INVALID_KEY and
 * a key whose seat ended is SEAT_ENDED.
 */
import { describe, expect, test } from "bun:test";
import { eq, isNotNull } from "drizzle-orm";
import { seats, users } from "../../src/db/schema";
import { endSeatsAfter, grantSeats } from "../../src/features/seats/service";
import { pluginKeyId } from "../../src/features/leases/lease";
import { api, call, signUpUser, type TestContext } from "../support/app";
import { eachTestApp } from "../support/each-test";
import { seatHelpers } from "../support/seats";

let ctx: TestContext;
eachTestApp((made) => {
  ctx = made;
});

const { studio, list, keyCall, validate } = seatHelpers(() => ctx);
/** The lease's subject: which key it was signed for. */
const leaseSubject = (lease: string) =>
  JSON.parse(Buffer.from(lease.split(".")[1]!, "base64url").toString()).sub as string;

describe("GET /api/seats", () => {
  test("a key of five seats gives the account five; seat 1 is the owner's own key", async () => {
    const { token } = await studio(5);
    const before = await list(token);
    expect(before.total).toBe(5);
    expect(before.used).toBe(0);
    expect(before.seats.map((seat) => seat.keyPreview)).toEqual([null, null, null, null, null]);

    // The owner's key, made as it always was, is seat 1's.
    const own = await api(ctx.app, token).api.figma["generate-key"].post();
    const after = await list(token);
    expect(after.used).toBe(1);
    expect(after.seats[0]!.keyPreview).toBe(`${own.data!.figmaKey.slice(0, 7)}…${own.data!.figmaKey.slice(-4)}`);
  });

  test("an account of one seat has exactly one, however many ask at once", async () => {
    const { token, userId } = await signUpUser(ctx, "pro").then((s) => ({ token: s.token, userId: s.user.id }));
    const answers = await Promise.all(Array.from({ length: 10 }, () => list(token)));
    expect(answers.every((answer) => answer.total === 1)).toBe(true);
    expect(await ctx.deps.db.select().from(seats).where(eq(seats.userId, userId))).toHaveLength(1);
  });
});

describe("a seat's key", () => {
  test("is answered once, validates like the owner's key with its own link and lease, and a replaced key stops", async () => {
    const { token } = await studio(3);
    const seat2 = (await list(token)).seats[1]!;
    const given = await keyCall(token, seat2.id);
    expect(given.status).toBe(200);
    const key = (given.body as { key: string }).key;
    expect(key).toMatch(/^ll_[a-z2-7]{32}$/);
    expect((await list(token)).seats[1]!.keyPreview).toBe(`${key.slice(0, 7)}…${key.slice(-4)}`);

    const first = await validate(key, "111");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ valid: true, code: "VALID", plan: "pro", linkedRobloxAccountId: "111" });
    expect(leaseSubject((first.body as { lease: string }).lease)).toBe(pluginKeyId(key));
    expect((await list(token)).seats[1]).toMatchObject({ robloxUserId: "111" });

    const other = await validate(key, "222");
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ valid: false, code: "ACCOUNT_MISMATCH" });

    // The owner's own key is a seat of its own: it links its own account.
    const own = (await api(ctx.app, token).api.figma["generate-key"].post()).data!.figmaKey;
    expect((await validate(own, "222")).body).toMatchObject({ valid: true, linkedRobloxAccountId: "222" });

    const replaced = (await keyCall(token, seat2.id)).body as { key: string };
    expect(await validate(key, "111")).toMatchObject({ status: 401, body: { code: "INVALID_KEY" } });
    // Replacing the key keeps the seat's person: the new key still answers for the linked account.
    expect((await validate(replaced.key, "111")).body).toMatchObject({ valid: true, linkedRobloxAccountId: "111" });
  });

  test("freeing a seat stops its key and unlinks it, and the seat can be given again to someone else", async () => {
    const { token } = await studio(2);
    const seat2 = (await list(token)).seats[1]!;
    const key = ((await keyCall(token, seat2.id)).body as { key: string }).key;
    await validate(key, "111");

    const freed = await call(ctx.app, "DELETE", `/api/seats/${seat2.id}/key`, { token });
    expect(freed.status).toBe(200);
    expect(freed.body).toMatchObject({ id: seat2.id, keyPreview: null, robloxUserId: null });
    expect(await validate(key, "111")).toMatchObject({ status: 401, body: { code: "INVALID_KEY" } });

    const again = ((await keyCall(token, seat2.id)).body as { key: string }).key;
    expect((await validate(again, "333")).body).toMatchObject({ valid: true, linkedRobloxAccountId: "333" });
  });

  test("the only seat of a one-seat licence can't be freed, with a sentence", async () => {
    const { token } = await signUpUser(ctx, "pro");
    const own = (await api(ctx.app, token).api.figma["generate-key"].post()).data!.figmaKey;
    const only = (await list(token)).seats[0]!;
    const refused = await call(ctx.app, "DELETE", `/api/seats/${only.id}/key`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: "ONLY_SEAT", message: expect.stringContaining("only seat") });
    expect((await validate(own, "1")).body).toMatchObject({ valid: true });
  });

  test("a key whose seat ended answers SEAT_ENDED, telling the user to ask the licence's owner", async () => {
    const { token, userId } = await studio(5);
    const all = (await list(token)).seats;
    const keys: string[] = [];
    for (const seat of all.slice(1)) keys.push(((await keyCall(token, seat.id)).body as { key: string }).key);
    expect(await endSeatsAfter(ctx.deps.db, userId, 3, ctx.clock.now())).toBe(2);

    expect((await validate(keys[1]!, "2")).body).toMatchObject({ valid: true });
    const ended = await validate(keys[3]!, "4");
    expect(ended.status).toBe(403);
    expect(ended.body).toMatchObject({
      valid: false,
      code: "SEAT_ENDED",
      message: expect.stringContaining("Ask the owner of your team's licence"),
    });
    expect(await list(token)).toMatchObject({ total: 3, used: 2 });
    // An ended seat is no longer the owner's to change.
    expect((await keyCall(token, all[4]!.id)).status).toBe(404);
  });

  test("a seat's key stops with its owner's subscription", async () => {
    const { token } = await studio(2);
    const key = ((await keyCall(token, (await list(token)).seats[1]!.id)).body as { key: string }).key;
    expect((await validate(key, "1")).status).toBe(200);
    ctx.clock.advance(200 * 24 * 60 * 60 * 1000);
    expect(await validate(key, "1")).toMatchObject({ status: 403, body: { code: "SUBSCRIPTION_EXPIRED" } });
  });
});

describe("the owner's changes", () => {
  test("a label of up to 60 characters names the seat; a longer one is refused and changes nothing", async () => {
    const { token } = await studio(2);
    const seat2 = (await list(token)).seats[1]!;
    const named = await call(ctx.app, "PATCH", `/api/seats/${seat2.id}`, { token, body: { label: "  Ana, levels " } });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ label: "Ana, levels" });
    const tooLong = await call(ctx.app, "PATCH", `/api/seats/${seat2.id}`, { token, body: { label: "x".repeat(61) } });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body).toMatchObject({ message: "A seat's label is at most 60 characters." });
    expect((await list(token)).seats[1]!.label).toBe("Ana, levels");
  });

  test("another account's seat is a 404 for every change, and nothing changes", async () => {
    const { token: mine } = await studio(2, "mine@studio.example");
    const { token: theirs } = await studio(2, "theirs@studio.example");
    const target = (await list(theirs)).seats[1]!;
    for (const answer of [
      await keyCall(mine, target.id),
      await call(ctx.app, "PATCH", `/api/seats/${target.id}`, { token: mine, body: { label: "mine now" } }),
      await call(ctx.app, "DELETE", `/api/seats/${target.id}/key`, { token: mine }),
      await keyCall(mine, 999_999),
    ])
      expect(answer.status).toBe(404);
    expect((await list(theirs)).seats[1]).toMatchObject({ label: null, keyPreview: null });
  });
});

describe("the database counts the seats", () => {
  test("never more keys than seats under parallel key requests, nor more seats than granted under parallel grants", async () => {
    const { token, userId } = await studio(3);
    await Promise.all(Array.from({ length: 10 }, () => grantSeats(ctx.deps.db, userId, 3, ctx.clock.now())));
    const ids = (await list(token)).seats.map((seat) => seat.id);
    expect(ids).toHaveLength(3);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => keyCall(token, ids[i % 3]!)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);

    const seatKeys = await ctx.deps.db.select().from(seats).where(isNotNull(seats.pluginKey));
    const [owner] = await ctx.deps.db.select().from(users).where(eq(users.id, userId));
    expect(seatKeys.length + (owner!.pluginKey ? 1 : 0)).toBe(3);
    expect(await list(token)).toMatchObject({ total: 3, used: 3 });
    // Exactly one of the keys answered for each seat still works: the last one written.
    const working = await Promise.all(
      answers.map(async (answer) => (await validate((answer.body as { key: string }).key, "5")).status === 200),
    );
    expect(working.filter(Boolean)).toHaveLength(3);
  });
});
