/**
 * The owner picks which seats stay after the licence's seats went down: an ended seat comes back with its key, label
 * and linked Roblox account in place of a live seat the owner picks, which ends. Never more working keys than seats,
 * also when several swaps run at once.
 */
import { describe, expect, test } from "bun:test";
import { and, eq, isNull } from "drizzle-orm";
import { seats } from "../../src/db/schema";
import { call, signInAdmin, signUpWithKey, type TestContext } from "../support/app";
import { eachTestApp } from "../support/each-test";
import { seatHelpers } from "../support/seats";
import type { SeatsResponse } from "../../src/shared/api/seats";

let ctx: TestContext;
eachTestApp((made) => {
  ctx = made;
});

const { buySeats, list, validate } = seatHelpers(() => ctx);
const restore = (token: string, id: number, instead: number) =>
  call(ctx.app, "POST", `/api/seats/${id}/restore`, { token, body: { instead } });
const preview = (key: string) => `${key.slice(0, 7)}…${key.slice(-4)}`;

/**
 * A studio of four seats, each of seats 2–4 with a key linked to its own Roblox account ("2", "3", "4"), seat 4
 * labelled; then an admin lowers the licence to two seats, so 3 and 4 end. Answers the token and the seats' ids and
 * keys (seat 2 first).
 */
async function studioDownToTwo(email = "lead@studio.example") {
  const { token, user } = await signUpWithKey(ctx, email, (await buySeats(4, email)).key);
  const ids = (await list(token)).seats.map((seat) => seat.id);
  const keys: string[] = [];
  for (const [index, id] of ids.slice(1).entries()) {
    const key = ((await call(ctx.app, "POST", `/api/seats/${id}/key`, { token })).body as { key: string }).key;
    expect((await validate(key, String(index + 2))).status).toBe(200);
    keys.push(key);
  }
  await call(ctx.app, "PATCH", `/api/seats/${ids[3]}`, { token, body: { label: "Ana, level design" } });
  const admin = (await signInAdmin(ctx)).token;
  await call(ctx.app, "PUT", `/api/admin/users/${user.id}/seats`, { token: admin, body: { seats: 2 } });
  return { token, userId: user.id, ids, keys };
}

describe("the ended seats", () => {
  test("are listed with their label, key preview and linked account", async () => {
    const { token, ids, keys } = await studioDownToTwo();
    const listed = await list(token);
    expect(listed.total).toBe(2);
    expect(listed.ended).toMatchObject([
      { id: ids[2], label: null, keyPreview: preview(keys[1]!), robloxUserId: "3" },
      { id: ids[3], label: "Ana, level design", keyPreview: preview(keys[2]!), robloxUserId: "4" },
    ]);
  });
});

describe("POST /api/seats/:id/restore", () => {
  test("brings an ended seat back with its key, label and link in place of the live seat picked, which ends", async () => {
    const { token, ids, keys } = await studioDownToTwo();
    const answer = await restore(token, ids[3]!, ids[1]!);
    expect(answer.status).toBe(200);
    const listed = answer.body as SeatsResponse;
    expect(listed.total).toBe(2);
    expect(listed.seats[1]).toMatchObject({
      label: "Ana, level design",
      keyPreview: preview(keys[2]!),
      robloxUserId: "4",
    });
    expect(listed.ended.map((seat) => seat.robloxUserId)).toEqual(["3", "2"]);
    expect(await validate(keys[2]!, "4")).toMatchObject({ status: 200, body: { valid: true } });
    // Its link came back with it: another Roblox account is still a mismatch.
    expect((await validate(keys[2]!, "99")).body).toMatchObject({ code: "ACCOUNT_MISMATCH" });
    expect(await validate(keys[0]!, "2")).toMatchObject({ status: 403, body: { code: "SEAT_ENDED" } });
  });

  test("refuses another account's seat, a seat in use, seat 1 and an ended seat to end, with a sentence; nothing changes", async () => {
    const { token, ids } = await studioDownToTwo();
    const other = await studioDownToTwo("other@studio.example");
    const before = await list(token);
    const refusals: [number, number, number, string][] = [
      [other.ids[3]!, ids[1]!, 404, "NOT_FOUND"],
      [ids[3]!, other.ids[1]!, 404, "NOT_FOUND"],
      [ids[1]!, ids[1]!, 409, "SEAT_NOT_ENDED"],
      [ids[3]!, ids[0]!, 409, "OWN_SEAT"],
      [ids[3]!, ids[2]!, 409, "SEAT_ALREADY_ENDED"],
    ];
    for (const [id, instead, status, error] of refusals) {
      const answer = await restore(token, id, instead);
      expect(answer).toMatchObject({ status, body: { error } });
      expect((answer.body as { message: string }).message).toMatch(/^[A-Z].+\.$/);
    }
    expect((await call(ctx.app, "POST", `/api/seats/${ids[3]}/restore`, { token, body: {} })).status).toBe(422);
    expect(await list(token)).toEqual(before);
  });

  test("several at once never leave more working keys than seats", async () => {
    const { token, userId, ids, keys } = await studioDownToTwo();
    const answers = await Promise.all([restore(token, ids[2]!, ids[1]!), restore(token, ids[3]!, ids[1]!)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const live = await ctx.deps.db
      .select()
      .from(seats)
      .where(and(eq(seats.userId, userId), isNull(seats.endedAt)));
    expect(live).toHaveLength(2);
    const working = [];
    for (const [index, key] of keys.entries())
      if ((await validate(key, String(index + 2))).status === 200) working.push(key);
    // Seat 1 is the owner's own key: one of the three seat keys works, never two.
    expect(working).toHaveLength(1);
    expect((await list(token)).ended).toHaveLength(2);
  });
});
