/**
 * A transaction that fails part way writes nothing: neither the rows it wrote before the failure nor a
 * number it took from a counter. Each case makes the last write of a real flow fail (a trigger that
 * refuses it, as a full disk or a broken constraint would), then compares every table with before.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { withWriter, type Db } from "../../src/db";
import { auditLog, documentCounters, emails, productKeys, sales, users } from "../../src/db/schema";
import { refundPayment } from "../../src/features/refunds/record";
import { api, makeKey, makeTestApp, type TestContext } from "../support/app";
import { paidWithDemoCard } from "../support/purchase";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp();
});
afterEach(() => ctx.cleanup());

/** Every row of every table (but the ones named), read on the writer so nothing in flight is missed. */
function everything(db: Db, except: string[] = []) {
  return withWriter(db, (writer) => {
    const tables = writer
      .query<{ name: string }, []>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all()
      .map((row) => row.name)
      .filter((name) => !except.includes(name));
    return Object.fromEntries(tables.map((name) => [name, writer.query(`SELECT * FROM "${name}"`).all()]));
  });
}

/** Makes inserting an e-mail of `template` fail, until the answered function is called. */
async function refuseEmail(db: Db, template: string) {
  await withWriter(db, (writer) =>
    writer.run(
      `CREATE TRIGGER refuse_email BEFORE INSERT ON emails WHEN NEW.template = '${template}'
       BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`,
    ),
  );
  return () => withWriter(db, (writer) => writer.run("DROP TRIGGER refuse_email"));
}

describe("a failing transaction writes nothing", () => {
  test("the handle: writes to several tables, then a throw", async () => {
    const db = ctx.deps.db;
    const before = await everything(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values({ email: "x@example.com", passwordHash: "h", createdAt: 1 });
        await tx.insert(productKeys).values({ key: "LL-ROLL-BACK", plan: "pro", createdAt: 1, source: "admin" });
        await tx.insert(auditLog).values({ action: "sale.refunded", subject: "sale:1", detail: "", createdAt: 1 });
        await tx.insert(documentCounters).values({ kind: "invoice", year: 2026, last: 7 });
        await Bun.sleep(1);
        throw new Error("part way");
      }),
    ).rejects.toThrow("part way");
    expect(await everything(db)).toEqual(before);
    // The handle works on afterwards, and the rows it refused are not there.
    expect(await db.select().from(users).where(eq(users.email, "x@example.com"))).toEqual([]);
  });

  test("a sign-up: no account, no subscription, and the key stays unused", async () => {
    const key = await makeKey(ctx.deps);
    const before = await everything(ctx.deps.db);
    const allow = await refuseEmail(ctx.deps.db, "address-confirm");
    const signup = () =>
      api(ctx.app).api.auth.signup.post({
        email: "new@example.com",
        password: "correct horse",
        confirmPassword: "correct horse",
        productKey: key,
      });
    expect((await signup()).status).toBe(500);
    expect(await everything(ctx.deps.db)).toEqual(before);
    await allow();
    expect((await signup()).status).toBe(200);
  });

  test("a sale: no sale, no key, no e-mail, and its invoice number is not used up", async () => {
    const { data } = await api(ctx.app).api["create-payment-intent"].post({ plan: "pro", email: "buyer@example.com" });
    const id = data!.clientSecret.split("_secret_")[0]!;
    // The demo card's own record of the payment is the provider's, not the sale's transaction.
    const before = await everything(ctx.deps.db, ["demo_payment_intents"]);
    const allow = await refuseEmail(ctx.deps.db, "product-key");
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: data!.clientSecret });
    expect(await everything(ctx.deps.db, ["demo_payment_intents"])).toEqual(before);
    expect(await ctx.deps.db.select().from(sales)).toEqual([]);

    await allow();
    const result = await api(ctx.app).api.payment.success.get({ query: { payment_intent: id } });
    expect(result.status).toBe(200);
    const [sale] = await ctx.deps.db.select().from(sales).where(eq(sales.paymentIntentId, id));
    // The first invoice of the year: the failed attempt gave its number back.
    expect(sale!.invoiceNumber).toBe(`LL-${new Date(ctx.clock.now()).getUTCFullYear()}-000001`);
  });

  test("a refund: the sale stays paid, its key and the credit note number stay as they were", async () => {
    const bought = await paidWithDemoCard(ctx, "pro", "buyer@example.com");
    const before = await everything(ctx.deps.db);
    const allow = await refuseEmail(ctx.deps.db, "refund-notice");
    await expect(refundPayment(ctx.deps, bought.id)).rejects.toThrow();
    expect(await everything(ctx.deps.db)).toEqual(before);
    expect((await bought.sale()).status).toBe("paid");
    expect(await ctx.deps.db.select().from(productKeys).where(eq(productKeys.key, bought.key))).toHaveLength(1);

    await allow();
    expect((await refundPayment(ctx.deps, bought.id))!.status).toBe("refunded");
    const notices = await ctx.deps.db.select().from(emails).where(eq(emails.template, "refund-notice"));
    expect(notices).toHaveLength(1);
  });
});
