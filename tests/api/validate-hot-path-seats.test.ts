/**
 * A studio seat's key on validation's hot path (src/features/plugin/validate.ts): once its seat is linked to the
 * caller's Roblox account and its rows are at hand, it answers without a promise, as the account's own key does,
 * with the answer the whole way gives; an ended seat, another account or a mark due still go the whole way.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { seats } from "../../src/db/schema";
import { createLeaseIssuer, type LeaseIssuer } from "../../src/features/leases/issuer";
import { validatePluginKey, type ValidateInput } from "../../src/features/plugin/validate";
import { endSeatsAfter } from "../../src/features/seats/service";
import { MINUTE } from "../../src/lib/clock";
import type { SqliteConnections } from "../../src/db/sqlite/connection";
import { KEPT_ROW_MS } from "../../src/db/prepared";
import { FakeClock } from "../support/fake-clock";
import { call, makeTestApp, type TestContext } from "../support/app";
import { onPostgres } from "../support/postgres-pass";
import {
  countReads,
  expectSuspensionAndEndSeen,
  failureCode,
  rightAfterRead as rightAfterReadOf,
} from "../support/kept-rows";
import { seatHelpers } from "../support/seats";

let ctx: TestContext;
let leases: LeaseIssuer;
const { studio, list, giveKey, keyCall } = seatHelpers(() => ctx);
beforeEach(() => {
  ctx = makeTestApp({ clock: new FakeClock(Date.UTC(2026, 10, 1, 12)) });
  leases = createLeaseIssuer(ctx.deps);
});
afterEach(() => ctx.cleanup());

/** Seat 2's key of a three-seat studio, linked to Roblox account 777 by its first two validations. */
async function linkedSeatKey(): Promise<ValidateInput & { userId: number; seatId: number; token: string }> {
  const { token, userId } = await studio(3);
  const seat = (await list(token)).seats[1]!;
  const input = { key: await giveKey(token, seat.id), robloxUserId: "777", nonce: undefined };
  await validatePluginKey(ctx.deps, leases, input);
  await validatePluginKey(ctx.deps, leases, input);
  return { ...input, userId, seatId: seat.id, token };
}

/** `check` at once after a validation read the rows anew (tests/support/kept-rows.ts). */
function rightAfterRead<T>(input: ValidateInput, check: () => T) {
  return rightAfterReadOf(ctx.deps.db, () => validatePluginKey(ctx.deps, leases, input), check);
}

describe("a seat's key on the hot path", () => {
  test("a linked seat's key answers at once, with the answer the whole way gives", async () => {
    const input = await linkedSeatKey();
    // A new issuer has its keys to read: the whole way.
    const wholeWay = validatePluginKey(ctx.deps, createLeaseIssuer(ctx.deps), input);
    expect(wholeWay).toBeInstanceOf(Promise);
    const whole = await wholeWay;
    expect(whole).toMatchObject({ valid: true, code: "VALID", linkedRobloxAccountId: "777" });
    const { answer } = await rightAfterRead(input, () => validatePluginKey(ctx.deps, leases, input));
    expect(answer).not.toBeInstanceOf(Promise);
    expect(answer).toEqual({ ...whole, lease: expect.any(String) });
    expect(leases.counts).toMatchObject({ signed: 1 });
  });

  test("an ended seat goes the whole way and answers SEAT_ENDED", async () => {
    const input = await linkedSeatKey();
    await endSeatsAfter(ctx.deps.db, input.userId, 1, ctx.clock.now());
    expect(await failureCode(() => validatePluginKey(ctx.deps, leases, input))).toBe("SEAT_ENDED");
    // Again with the ended seat's rows kept by that call (on PostgreSQL too): still refused.
    expect(await failureCode(() => validatePluginKey(ctx.deps, leases, input))).toBe("SEAT_ENDED");
  });

  test("the licence's suspension or end shows on the seat's very next call", async () => {
    const input = await linkedSeatKey();
    const { answer } = await rightAfterRead(input, () => validatePluginKey(ctx.deps, leases, input));
    expect(answer).not.toBeInstanceOf(Promise);
    await expectSuspensionAndEndSeen(ctx.deps.db, ctx.clock.now(), input.userId, () =>
      validatePluginKey(ctx.deps, leases, input),
    );
  });

  test("a freed seat's key and a seat's replaced key stop at once; the new key works", async () => {
    const input = await linkedSeatKey();
    const replaced = await keyCall(input.token, input.seatId);
    expect(replaced.status).toBe(200);
    expect(await failureCode(() => validatePluginKey(ctx.deps, leases, input))).toBe("INVALID_KEY");
    const fresh = { ...input, key: (replaced.body as { key: string }).key };
    expect(await validatePluginKey(ctx.deps, leases, fresh)).toMatchObject({ code: "VALID" });
    expect((await call(ctx.app, "DELETE", `/api/seats/${input.seatId}/key`, { token: input.token })).status).toBe(200);
    expect(await failureCode(() => validatePluginKey(ctx.deps, leases, fresh))).toBe("INVALID_KEY");
  });

  test("another Roblox account on the seat's key goes the whole way and is refused", async () => {
    const input = await linkedSeatKey();
    expect(await failureCode(() => validatePluginKey(ctx.deps, leases, { ...input, robloxUserId: "778" }))).toBe(
      "ACCOUNT_MISMATCH",
    );
  });

  test("a minute later the call goes the whole way and writes when the seat last validated", async () => {
    const input = await linkedSeatKey();
    ctx.clock.advance(2 * MINUTE);
    const later = validatePluginKey(ctx.deps, leases, input);
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toMatchObject({ code: "VALID" });
    const [row] = await ctx.deps.db.select().from(seats).where(eq(seats.id, input.seatId));
    expect(row!.lastValidatedAt).toBe(ctx.clock.now());
    const { answer } = await rightAfterRead(input, () => validatePluginKey(ctx.deps, leases, input));
    expect(answer).not.toBeInstanceOf(Promise);
  });
});

describe.if(!onPostgres)("statements on SQLite", () => {
  test("a linked seat's validations read kept rows and write nothing", async () => {
    const input = await linkedSeatKey();
    const connections = (ctx.deps.db as unknown as { $client: SqliteConnections }).$client;
    const counted = countReads(connections);
    const writes = connections.changes.count;
    const started = performance.now();
    for (let i = 0; i < 20; i++)
      expect(await validatePluginKey(ctx.deps, leases, input)).toMatchObject({ code: "VALID" });
    // Three rows (no account has the key, its seat, the licence), each read at most once a second; 60 were none kept.
    const seconds = Math.ceil((performance.now() - started) / KEPT_ROW_MS);
    expect(counted.statements).toBeLessThanOrEqual(3 * (seconds + 1));
    expect(connections.changes.count - writes).toBe(0);
  });
});
