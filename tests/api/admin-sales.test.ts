import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, emails, sales, supportTickets, users } from "../../src/db/schema";
import { DAY } from "../../src/lib/clock";
import { api, failure, makeKey, signUpUser, type TestContext } from "../support/app";
import { eachTestWithAdmin } from "../support/each-test";

let ctx: TestContext;
let admin: string;
eachTestWithAdmin((made) => ({ ctx, admin } = made));

let saleNumber = 0;
async function insertSale(
  plan: "month" | "pro" | "lifetime",
  amountCents: number,
  feeCents: number,
  status: "paid" | "refunded" = "paid",
  at = ctx.clock.now(),
) {
  const [sale] = await ctx.deps.db
    .insert(sales)
    .values({
      paymentIntentId: `pi_test_${++saleNumber}`,
      email: `buyer${saleNumber}@example.com`,
      plan,
      amountCents,
      feeCents,
      status,
      createdAt: at,
    })
    .returning();
  return sale!;
}

describe("sales", () => {
  test("totals count paid sales only, and net revenue is after every fee the provider kept, a refunded sale's too", async () => {
    await insertSale("month", 699, 50);
    await insertSale("pro", 2499, 102);
    await insertSale("lifetime", 14999, 465);
    await insertSale("pro", 2499, 102, "refunded");
    const answer = await api(ctx.app, admin).api.admin.sales.get();
    expect(answer.status).toBe(200);
    expect(answer.data!.totalRevenue).toBe(181.97);
    expect(answer.data!.adminRevenue).toBe(174.78);
    expect(answer.data!.salesCount).toBe(3);
  });

  test("the list is newest first with _id, amount in dollars, plan and ISO time", async () => {
    const older = await insertSale("month", 699, 50, "paid", ctx.clock.now() - DAY);
    const newer = await insertSale("lifetime", 14999, 465);
    const answer = await api(ctx.app, admin).api.admin.sales.get();
    expect(answer.data!.sales.map((s) => s._id)).toEqual([newer.id, older.id]);
    expect(answer.data!.sales[0]).toMatchObject({
      amount: 149.99,
      fee: 4.65,
      plan: "lifetime",
      status: "paid",
      createdAt: new Date(newer.createdAt).toISOString(),
    });
  });

  test("with no sales every figure is zero", async () => {
    const answer = await api(ctx.app, admin).api.admin.sales.get();
    expect(answer.data).toEqual({ totalRevenue: 0, adminRevenue: 0, salesCount: 0, sales: [] });
  });
});

describe("overview", () => {
  test("shows revenue, key counts with available keys, open tickets and the 5 newest sales", async () => {
    for (let i = 0; i < 7; i++) await insertSale("month", 699, 50, "paid", ctx.clock.now() + i);
    await makeKey(ctx.deps, "pro");
    await signUpUser(ctx, "month");
    await ctx.deps.db.insert(supportTickets).values([
      { email: "a@example.com", message: "help", status: "open", createdAt: 1 },
      { email: "b@example.com", message: "thanks", status: "closed", createdAt: 2 },
    ]);
    const answer = await api(ctx.app, admin).api.admin.overview.get();
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      totalRevenue: 48.93,
      adminRevenue: 45.43,
      salesCount: 7,
      productKeyCount: 2,
      availableKeyCount: 1,
      openTicketCount: 1,
    });
    expect(answer.data!.recentSales).toHaveLength(5);
  });
});

describe("test e-mail", () => {
  test("queues a 'test' e-mail with the test key and answers success", async () => {
    const answer = await api(ctx.app, admin).api.admin["test-email"].post({
      email: "Ops@Example.com",
      testKey: "ABCD2345EFGH",
    });
    expect(answer.status).toBe(200);
    expect(answer.data!.success).toBe(true);
    const row = (await ctx.deps.db.select().from(emails).limit(1))[0]!;
    expect(row).toMatchObject({
      to: "ops@example.com",
      template: "test",
      subject: "Layerlift test email",
      status: "pending",
      payload: { testKey: "ABCD2345EFGH" },
    });
  });

  test("without a test key a sample key in the product-key format is used", async () => {
    await api(ctx.app, admin).api.admin["test-email"].post({ email: "ops@example.com" });
    const row = (await ctx.deps.db.select().from(emails).limit(1))[0]!;
    expect(String(row.payload.testKey)).toMatch(/^[A-Z0-9]{12}$/);
  });

  test("a malformed address answers 422 and queues nothing", async () => {
    const answer = await api(ctx.app, admin).api.admin["test-email"].post({ email: "not-an-address", testKey: "X" });
    expect(answer.status).toBe(422);
    expect(failure(answer)?.message).toBe("Please enter a valid email address.");
    expect(await ctx.deps.db.select().from(emails)).toHaveLength(0);
  });

  test("is recorded in the audit log", async () => {
    await api(ctx.app, admin).api.admin["test-email"].post({ email: "ops@example.com", testKey: "K" });
    const row = (await ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "email.test")).limit(1))[0]!;
    expect(JSON.parse(row.detail!)).toEqual({ to: "ops@example.com", testKey: "K" });
  });
});

describe("users", () => {
  test("search by part of the e-mail shows subscription, linked account and plugin-key presence", async () => {
    const found = await signUpUser(ctx, "pro", "maker@studio.example");
    await signUpUser(ctx, "month", "other@example.com");
    await ctx.deps.db
      .update(users)
      .set({ linkedRobloxAccountId: "12345", pluginKey: "ll_abc" })
      .where(eq(users.id, found.user.id));
    const answer = await api(ctx.app, admin).api.admin.users.get({ query: { q: "STUDIO" } });
    expect(answer.status).toBe(200);
    expect(answer.data).toHaveLength(1);
    expect(answer.data![0]).toMatchObject({
      id: found.user.id,
      email: "maker@studio.example",
      linkedRobloxAccountId: "12345",
      hasFigmaKey: true,
      subscription: { plan: "pro", status: "active" },
    });
    expect(JSON.stringify(answer.data)).not.toContain("ll_abc");
    expect(JSON.stringify(answer.data)).not.toContain("passwordHash");
  });

  test("a % in the search matches a literal %, not every account", async () => {
    await signUpUser(ctx, "pro");
    const answer = await api(ctx.app, admin).api.admin.users.get({ query: { q: "%25" } });
    expect(answer.data).toEqual([]);
  });

  test("a search of 3 or more characters follows every change of address, and its % and _ match themselves", async () => {
    const percent = await signUpUser(ctx, "pro", "percent@pct.example");
    // The sign-up form refuses such an address; one from an older import may still hold it.
    await ctx.deps.db.update(users).set({ email: "a%b_c@pct.example" }).where(eq(users.id, percent.user.id));
    await signUpUser(ctx, "pro", "axbyc@pct.example");
    const renamed = await signUpUser(ctx, "month", "before.rename@example.com");
    const gone = await signUpUser(ctx, "month", "soon.gone@example.com");
    await ctx.deps.db.update(users).set({ email: "after.rename@example.com" }).where(eq(users.id, renamed.user.id));
    await ctx.deps.db.delete(users).where(eq(users.id, gone.user.id));
    const search = async (q: string) =>
      (await api(ctx.app, admin).api.admin.users.get({ query: { q } })).data!.map((u) => u.email);
    expect(await search("A%B_C")).toEqual(["a%b_c@pct.example"]);
    expect(await search("b_c@pct")).toEqual(["a%b_c@pct.example"]);
    expect(await search("percent")).toEqual([]);
    expect(await search("after.ren")).toEqual(["after.rename@example.com"]);
    expect(await search("before.ren")).toEqual([]);
    expect(await search("soon.gone")).toEqual([]);
    expect(await search('"quoted')).toEqual([]);
    expect((await search("pct.example")).sort()).toEqual(["a%b_c@pct.example", "axbyc@pct.example"]);
  });

  test("without a query every account is listed, newest first", async () => {
    ctx.clock.advance(1000);
    const user = await signUpUser(ctx, "pro");
    const answer = await api(ctx.app, admin).api.admin.users.get();
    expect(answer.data!.map((u) => u.id)[0]).toBe(user.user.id);
    expect(answer.data).toHaveLength(2);
  });

  test("an admin resets a user's link even inside the owner's cooldown, and it is audited", async () => {
    const user = await signUpUser(ctx, "pro");
    await ctx.deps.db
      .update(users)
      .set({ linkedRobloxAccountId: "999", lastLinkResetAt: ctx.clock.now() })
      .where(eq(users.id, user.user.id));
    const answer = await api(ctx.app, admin).api.admin.users({ id: user.user.id })["reset-link"].post();
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ id: user.user.id, linkedRobloxAccountId: null });
    const row = (await ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "link.reset")).limit(1))[0]!;
    expect(row.subject).toBe(`user:${user.user.id}`);
  });

  test("resetting the link of an unknown user answers 404", async () => {
    const answer = await api(ctx.app, admin).api.admin.users({ id: 9999 })["reset-link"].post();
    expect(answer.status).toBe(404);
  });
});
