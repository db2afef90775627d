import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, productKeys } from "../../src/db/schema";
import { call, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
let admin: string;
beforeEach(async () => {
  ctx = makeTestApp();
  admin = (await signInAdmin(ctx)).token;
});
afterEach(() => ctx.cleanup());

const generate = (body: unknown) => call(ctx.app, "POST", "/api/admin/generate-product-key", { token: admin, body });
const keyCount = () => ctx.deps.db.select().from(productKeys).all().length;

describe("generating product keys", () => {
  test("one key of the chosen plan comes back as an array", async () => {
    const answer = await generate({ plan: "lifetime", count: 1 });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(answer.body[0]).toMatchObject({ plan: "lifetime", isUsed: false, source: "admin" });
    expect(answer.body[0].key).toMatch(/^[A-Z0-9]{12}$/);
    expect(typeof answer.body[0]._id).toBe("number");
  });

  test("a hundred keys are accepted and all different", async () => {
    const answer = await generate({ plan: "pro", count: 100 });
    expect(answer.status).toBe(200);
    expect(new Set(answer.body.map((k: { key: string }) => k.key)).size).toBe(100);
    expect(keyCount()).toBe(100);
  });

  for (const count of [0, 101, "abc", 2.5, -1, null]) {
    test(`a count of ${JSON.stringify(count)} answers 422 and makes no key`, async () => {
      const answer = await generate({ plan: "pro", count });
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe("Count must be a whole number from 1 to 100.");
      expect(keyCount()).toBe(0);
    });
  }

  test("an unknown plan answers 422 and makes no key", async () => {
    const answer = await generate({ plan: "forever", count: 1 });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe("Plan must be one of month, pro or lifetime.");
    expect(keyCount()).toBe(0);
  });

  test("the audit log records who generated how many keys of which plan", async () => {
    await generate({ plan: "month", count: 3 });
    const rows = ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "product-keys.generate")).all();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].detail!)).toMatchObject({ plan: "month", count: 3 });
    expect(rows[0].actorUserId).not.toBeNull();
  });
});

describe("listing product keys", () => {
  test("new keys appear newest first", async () => {
    const first = (await generate({ plan: "month", count: 1 })).body[0];
    ctx.clock.advance(1000);
    const second = (await generate({ plan: "pro", count: 1 })).body[0];
    const answer = await call(ctx.app, "GET", "/api/admin/product-keys", { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.map((k: { _id: number }) => k._id)).toEqual([second._id, first._id]);
  });

  test("limit and offset page through the keys", async () => {
    await generate({ plan: "pro", count: 5 });
    const page = await call(ctx.app, "GET", "/api/admin/product-keys?limit=2&offset=4", { token: admin });
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(1);
  });

  test("a limit beyond 500 answers 422", async () => {
    const answer = await call(ctx.app, "GET", "/api/admin/product-keys?limit=501", { token: admin });
    expect(answer.status).toBe(422);
  });
});

describe("deleting product keys", () => {
  test("an unused key is deleted and leaves the list", async () => {
    const [key] = (await generate({ plan: "pro", count: 1 })).body;
    const answer = await call(ctx.app, "DELETE", `/api/admin/product-keys/${key._id}`, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true });
    const list = await call(ctx.app, "GET", "/api/admin/product-keys", { token: admin });
    expect(list.body).toHaveLength(0);
  });

  test("a used key answers 409 with a clear message and stays", async () => {
    await signUpUser(ctx, "pro");
    const used = ctx.deps.db.select().from(productKeys).where(eq(productKeys.isUsed, true)).get()!;
    const answer = await call(ctx.app, "DELETE", `/api/admin/product-keys/${used.id}`, { token: admin });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: "PRODUCT_KEY_USED", message: "This product key has been used and cannot be deleted." });
    expect(ctx.deps.db.select().from(productKeys).where(eq(productKeys.id, used.id)).get()).toBeDefined();
  });

  test("an unused key bought by a customer answers 409, stays and still signs up its buyer", async () => {
    const intent = await call(ctx.app, "POST", "/api/create-payment-intent", { body: { plan: "pro", email: "buyer@example.com" } });
    await call(ctx.app, "POST", "/api/payment/demo/confirm", { body: { clientSecret: intent.body.clientSecret } });
    const bought = ctx.deps.db.select().from(productKeys).where(eq(productKeys.source, "purchase")).get()!;
    const answer = await call(ctx.app, "DELETE", `/api/admin/product-keys/${bought.id}`, { token: admin });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ error: "PRODUCT_KEY_PURCHASED", message: "This key was bought by a customer; refund the payment instead." });
    const signup = await call(ctx.app, "POST", "/api/auth/signup", {
      body: { email: "buyer@example.com", password: "long enough", confirmPassword: "long enough", productKey: bought.key },
    });
    expect(signup.status).toBe(200);
  });

  test("an unknown key answers 404", async () => {
    const answer = await call(ctx.app, "DELETE", "/api/admin/product-keys/9999", { token: admin });
    expect(answer.status).toBe(404);
  });

  test("a deleted key is recorded in the audit log with its key text", async () => {
    const [key] = (await generate({ plan: "pro", count: 1 })).body;
    await call(ctx.app, "DELETE", `/api/admin/product-keys/${key._id}`, { token: admin });
    const row = ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "product-key.delete")).get()!;
    expect(row.subject).toBe(`product-key:${key._id}`);
    expect(JSON.parse(row.detail!)).toEqual({ key: key.key, plan: "pro" });
  });
});
