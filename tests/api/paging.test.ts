/**
 * Keyset paging: `?before=<id>` (the last row shown) gives the same pages as `offset`, newest first,
 * with rows of equal time kept in id order, on every admin list.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, emails, productKeys, sales, supportTickets, users } from "../../src/db/schema";
import { api, call, failure, type TestContext } from "../support/app";
import { eachTestWithAdmin } from "../support/each-test";

let ctx: TestContext;
let admin: string;
eachTestWithAdmin((made) => ({ ctx, admin } = made));

/** 23 rows whose times repeat (three share each time), so ties must be broken by id. */
async function fill() {
  const base = ctx.clock.now() - 1_000_000;
  const time = (i: number) => base + Math.floor(i / 3) * 1000;
  const n = Array.from({ length: 23 }, (_, i) => i);
  const db = ctx.deps.db;
  await db.insert(sales).values(
    n.map((i) => ({
      paymentIntentId: `pi_${i}`,
      email: `b${i}@example.com`,
      plan: "month" as const,
      amountCents: 699,
      createdAt: time(i),
    })),
  );
  await db.insert(productKeys).values(
    n.map((i) => ({
      key: `KEY${String(i).padStart(9, "0")}`,
      plan: "pro" as const,
      source: "admin" as const,
      createdAt: time(i),
    })),
  );
  await db.insert(emails).values(
    n.map((i) => ({
      to: `b${i}@example.com`,
      template: "test",
      subject: "Test",
      payload: { testKey: "K" },
      status: "sent" as const,
      createdAt: time(i),
    })),
  );
  await db
    .insert(auditLog)
    .values(n.map((i) => ({ actorUserId: null, action: "email.test" as const, createdAt: time(i) })));
  await db.insert(users).values(n.map((i) => ({ email: `u${i}@example.com`, passwordHash: "x", createdAt: time(i) })));
  await db
    .insert(supportTickets)
    .values(n.map((i) => ({ email: `t${i}@example.com`, message: "help", createdAt: time(i) })));
}

const LISTS: [string, (body: any) => { id: number }[]][] = [
  ["/api/admin/sales", (body) => body.sales.map((s: any) => ({ id: s._id }))],
  ["/api/admin/product-keys", (body) => body.map((k: any) => ({ id: k._id }))],
  ["/api/admin/emails", (body) => body.map((e: any) => ({ id: e._id }))],
  ["/api/admin/audit", (body) => body.map((e: any) => ({ id: e._id }))],
  ["/api/admin/users", (body) => body.map((u: any) => ({ id: u.id }))],
  ["/api/support/tickets", (body) => body.map((t: any) => ({ id: t._id }))],
];

/** Deletes the row `id` of the table behind each list, as an account deletion or a key deletion would. */
const DELETE_ROW: Record<string, (id: number) => Promise<unknown>> = {
  "/api/admin/sales": (id) => ctx.deps.db.delete(sales).where(eq(sales.id, id)),
  "/api/admin/product-keys": (id) => ctx.deps.db.delete(productKeys).where(eq(productKeys.id, id)),
  "/api/admin/emails": (id) => ctx.deps.db.delete(emails).where(eq(emails.id, id)),
  "/api/admin/audit": (id) => ctx.deps.db.delete(auditLog).where(eq(auditLog.id, id)),
  "/api/admin/users": (id) => ctx.deps.db.delete(users).where(eq(users.id, id)),
  "/api/support/tickets": (id) => ctx.deps.db.delete(supportTickets).where(eq(supportTickets.id, id)),
};

describe("keyset paging", () => {
  test.each(LISTS)("%s: ?before= walks the same pages as offset, to the end", async (path, ids) => {
    await fill();
    const get = async (query: string) => ids((await call(ctx.app, "GET", `${path}?${query}`, { token: admin })).body);
    const byOffset: number[][] = [];
    for (let offset = 0; offset < 50; offset += 5) {
      const page = (await get(`limit=5&offset=${offset}`)).map((r) => r.id);
      if (!page.length) break;
      byOffset.push(page);
    }
    const byKey: number[][] = [];
    let before: number | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = (await get(`limit=5${before ? `&before=${before}` : ""}`)).map((r) => r.id);
      if (!page.length) break;
      byKey.push(page);
      before = page.at(-1);
    }
    expect(byKey).toEqual(byOffset);
    expect(byKey.flat().length).toBeGreaterThanOrEqual(23);
    expect(new Set(byKey.flat()).size).toBe(byKey.flat().length);
  });

  test.each(LISTS)(
    "%s: when the row named in before was deleted, the next page starts after its id",
    async (path, ids) => {
      await fill();
      const get = async (query: string) =>
        ids((await call(ctx.app, "GET", `${path}?${query}`, { token: admin })).body).map((r) => r.id);
      const first = await get("limit=5");
      const before = first.at(-1)!;
      await DELETE_ROW[path](before);
      const everything = await get("limit=500");
      const next = await get(`limit=5&before=${before}`);
      expect(next).toHaveLength(5);
      expect(next).toEqual(everything.filter((id) => id < before).slice(0, 5));
      // And on to the end, with nothing shown twice or skipped.
      const walked = [...first.slice(0, -1)];
      let cursor: number | undefined = before;
      while (cursor !== undefined) {
        const page = await get(`limit=5&before=${cursor}`);
        walked.push(...page);
        cursor = page.length ? page.at(-1) : undefined;
      }
      expect(walked).toEqual(everything);
    },
  );

  test("a before that is not a whole positive number is refused", async () => {
    const answer = await api(ctx.app, admin).api.admin.sales.get({ query: { before: 0 } });
    expect(answer.status).toBe(422);
    expect(failure(answer)?.message).toBe("before must be the id of a listed row.");
  });
});
