import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, productKeys } from "../../src/db/schema";
import type { GenerateKeysBody } from "../../src/shared/api-types";
import { api, failure, invalid, signUpUser, type TestContext } from "../support/app";
import { eachTestWithAdmin } from "../support/each-test";

let ctx: TestContext;
let admin: string;
eachTestWithAdmin((made) => ({ ctx, admin } = made));

const generate = (body: GenerateKeysBody) => api(ctx.app, admin).api.admin["generate-product-key"].post(body);
const keyCount = async () => (await ctx.deps.db.select().from(productKeys)).length;

describe("generating product keys", () => {
  test("one key of the chosen plan comes back as an array", async () => {
    const answer = await generate({ plan: "lifetime", count: 1 });
    expect(answer.status).toBe(200);
    expect(answer.data).toHaveLength(1);
    expect(answer.data![0]).toMatchObject({ plan: "lifetime", isUsed: false, source: "admin" });
    expect(answer.data![0].key).toMatch(/^[A-Z0-9]{12}$/);
    expect(typeof answer.data![0]._id).toBe("number");
  });

  test("a hundred keys are accepted and all different", async () => {
    const answer = await generate({ plan: "pro", count: 100 });
    expect(answer.status).toBe(200);
    expect(new Set(answer.data!.map((k) => k.key)).size).toBe(100);
    expect(await keyCount()).toBe(100);
  });

  for (const count of [0, 101, "abc", 2.5, -1, null]) {
    test(`a count of ${JSON.stringify(count)} answers 422 and makes no key`, async () => {
      const answer = await generate(invalid({ plan: "pro", count }));
      expect(answer.status).toBe(422);
      expect(failure(answer)?.message).toBe("Count must be a whole number from 1 to 100.");
      expect(await keyCount()).toBe(0);
    });
  }

  test("an unknown plan answers 422 and makes no key", async () => {
    const answer = await generate(invalid({ plan: "forever", count: 1 }));
    expect(answer.status).toBe(422);
    expect(failure(answer)?.message).toBe("Plan must be one of month, pro or lifetime.");
    expect(await keyCount()).toBe(0);
  });

  test("the audit log records who generated how many keys of which plan", async () => {
    await generate({ plan: "month", count: 3 });
    const rows = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "product-keys.generate"));
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].detail!)).toMatchObject({ plan: "month", count: 3 });
    expect(rows[0].actorUserId).not.toBeNull();
  });
});

describe("listing product keys", () => {
  test("new keys appear newest first", async () => {
    const first = (await generate({ plan: "month", count: 1 })).data![0];
    ctx.clock.advance(1000);
    const second = (await generate({ plan: "pro", count: 1 })).data![0];
    const answer = await api(ctx.app, admin).api.admin["product-keys"].get();
    expect(answer.status).toBe(200);
    expect(answer.data!.map((k) => k._id)).toEqual([second._id, first._id]);
  });

  test("limit and offset page through the keys", async () => {
    await generate({ plan: "pro", count: 5 });
    const page = await api(ctx.app, admin).api.admin["product-keys"].get({ query: { limit: 2, offset: 4 } });
    expect(page.status).toBe(200);
    expect(page.data).toHaveLength(1);
  });

  test("each key carries its state and its buyer's e-mail, and ?state= filters by state", async () => {
    const buy = async (email: string) => {
      const intent = await api(ctx.app).api["create-payment-intent"].post({ plan: "pro", email });
      await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: intent.data!.clientSecret });
      return (
        await ctx.deps.db.select().from(productKeys).where(eq(productKeys.source, "purchase")).orderBy(productKeys.id)
      ).at(-1)!;
    };
    const [unsold] = (await generate({ plan: "month", count: 1 })).data!;
    const sold = await buy("sold@example.com");
    const redeemed = await buy("redeemed@example.com");
    await api(ctx.app).api.auth.signup.post({
      email: "redeemed@example.com",
      password: "long enough",
      confirmPassword: "long enough",
      productKey: redeemed.key,
    });
    const refunded = await buy("refunded@example.com");
    await api(ctx.app).api.auth.signup.post({
      email: "refunded@example.com",
      password: "long enough",
      confirmPassword: "long enough",
      productKey: refunded.key,
    });
    expect((await api(ctx.app, admin).api.admin.sales({ id: refunded.saleId! }).refund.post({})).status).toBe(200);

    const all = (await api(ctx.app, admin).api.admin["product-keys"].get()).data!;
    const byKey = Object.fromEntries(all.map((row) => [row.key, { state: row.state, buyerEmail: row.buyerEmail }]));
    expect(byKey).toEqual({
      [unsold!.key]: { state: "unsold", buyerEmail: null },
      [sold.key]: { state: "sold", buyerEmail: "sold@example.com" },
      [redeemed.key]: { state: "redeemed", buyerEmail: "redeemed@example.com" },
      [refunded.key]: { state: "refunded", buyerEmail: "refunded@example.com" },
    });
    for (const [state, key] of [
      ["unsold", unsold!.key],
      ["sold", sold.key],
      ["redeemed", redeemed.key],
      ["refunded", refunded.key],
    ] as const) {
      const filtered = await api(ctx.app, admin).api.admin["product-keys"].get({ query: { state } });
      expect(filtered.data!.map((row) => row.key)).toEqual([key]);
    }
    const unknown = await api(ctx.app, admin).api.admin["product-keys"].get({ query: { state: invalid("lost") } });
    expect(unknown.status).toBe(422);
  });

  test("a limit beyond 500 answers 422", async () => {
    const answer = await api(ctx.app, admin).api.admin["product-keys"].get({ query: { limit: 501 } });
    expect(answer.status).toBe(422);
  });
});

describe("deleting product keys", () => {
  test("an unused key is deleted and leaves the list", async () => {
    const [key] = (await generate({ plan: "pro", count: 1 })).data!;
    const answer = await api(ctx.app, admin).api.admin["product-keys"]({ id: key._id }).delete();
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ success: true });
    const list = await api(ctx.app, admin).api.admin["product-keys"].get();
    expect(list.data).toHaveLength(0);
  });

  test("a used key answers 409 with a clear message and stays", async () => {
    await signUpUser(ctx, "pro");
    const used = (await ctx.deps.db.select().from(productKeys).where(eq(productKeys.isUsed, true)).limit(1))[0]!;
    const answer = await api(ctx.app, admin).api.admin["product-keys"]({ id: used.id }).delete();
    expect(answer.status).toBe(409);
    expect(failure(answer)).toEqual({
      error: "PRODUCT_KEY_USED",
      message: "This product key has been used and cannot be deleted.",
    });
    expect((await ctx.deps.db.select().from(productKeys).where(eq(productKeys.id, used.id)).limit(1))[0]).toBeDefined();
  });

  test("an unused key bought by a customer answers 409, stays and still signs up its buyer", async () => {
    const intent = await api(ctx.app).api["create-payment-intent"].post({ plan: "pro", email: "buyer@example.com" });
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: intent.data!.clientSecret });
    const bought = (
      await ctx.deps.db.select().from(productKeys).where(eq(productKeys.source, "purchase")).limit(1)
    )[0]!;
    const answer = await api(ctx.app, admin).api.admin["product-keys"]({ id: bought.id }).delete();
    expect(answer.status).toBe(409);
    expect(failure(answer)).toEqual({
      error: "PRODUCT_KEY_PURCHASED",
      message: "This key was bought by a customer; refund the payment instead.",
    });
    const signup = await api(ctx.app).api.auth.signup.post({
      email: "buyer@example.com",
      password: "long enough",
      confirmPassword: "long enough",
      productKey: bought.key,
    });
    expect(signup.status).toBe(200);
  });

  test("an unknown key answers 404", async () => {
    const answer = await api(ctx.app, admin).api.admin["product-keys"]({ id: 9999 }).delete();
    expect(answer.status).toBe(404);
  });

  test("a deleted key is recorded in the audit log with its key text", async () => {
    const [key] = (await generate({ plan: "pro", count: 1 })).data!;
    await api(ctx.app, admin).api.admin["product-keys"]({ id: key._id }).delete();
    const row = (
      await ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "product-key.delete")).limit(1)
    )[0]!;
    expect(row.subject).toBe(`product-key:${key._id}`);
    expect(JSON.parse(row.detail!)).toEqual({ key: key.key, plan: "pro" });
  });
});
