/**
 * Ownership is recorded when it is proven and never recomputed from today's address. Vera buys a month and
 * Lifetime as vera@, signs up with the month key, confirms, then moves the account to vera.new@: Lifetime
 * stays hers (listed, its invoice, its refund, her export). Deleting the account leaves nothing of hers but
 * the kept sales under a replaced address and their issued documents, whatever address she had when.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { accountRecords, emails, issuedDocuments, supportTickets } from "../../src/db/schema";
import { api, call, confirmAddressOf, makeTestApp, signInAdmin, signUpWithKey, type TestContext } from "../support/app";
import { paidWithDemoCard } from "../support/purchase";
import { getBytes } from "../support/pdf";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp();
});
afterEach(() => ctx.cleanup());

const VERA = "vera@example.com";
const VERA_NEW = "vera.new@example.com";
const PASSWORD = "correct horse";

/** Follows the newest e-mail-change link, as the new inbox's owner would. */
async function confirmEmailChange(to: string) {
  const [link] = (await ctx.deps.db.select().from(emails).where(eq(emails.to, to)))
    .filter((row) => row.template === "email-change-confirm")
    .slice(-1);
  const token = new URL(link!.payload.confirmUrl as string).searchParams.get("token")!;
  const answer = await api(ctx.app).api.account.email.confirm.post({ token });
  expect(answer.status).toBe(200);
}

async function changeEmail(token: string, to: string) {
  expect((await api(ctx.app, token).api.account.email.post({ newEmail: to, password: PASSWORD })).status).toBe(200);
  await confirmEmailChange(to);
}

/** Vera's walk up to the address change: two purchases, a ticket, sign-up with the month key, confirmation. */
async function veraSignsUpAndConfirms() {
  const month = await paidWithDemoCard(ctx, "month", VERA);
  const lifetime = await paidWithDemoCard(ctx, "lifetime", VERA);
  await api(ctx.app).api.support.tickets.post({ email: VERA, subject: "billing", message: "Which one do I keep?" });
  const vera = await signUpWithKey(ctx, VERA, month.key);
  await confirmAddressOf(ctx, VERA);
  return { month, lifetime, vera };
}

const purchaseIds = async (token: string) =>
  (await api(ctx.app, token).api.account.purchases.get()).data!.purchases.map((purchase) => purchase.id);

describe("an address change moves nothing away", () => {
  test("the Lifetime purchase stays on Vera's dashboard, invoice, refund and export after she changes her address", async () => {
    const { month, lifetime, vera } = await veraSignsUpAndConfirms();
    const lifetimeSale = await lifetime.sale();
    expect(new Set(await purchaseIds(vera.token))).toEqual(new Set([(await month.sale()).id, lifetimeSale.id]));

    await changeEmail(vera.token, VERA_NEW);

    const listed = (await api(ctx.app, vera.token).api.account.purchases.get()).data!.purchases;
    const kept = listed.find((purchase) => purchase.id === lifetimeSale.id);
    expect(kept).toMatchObject({ plan: "lifetime", refund: { available: true } });
    expect(listed).toHaveLength(2);
    const invoice = await getBytes(ctx.app, `/api/invoices/${lifetimeSale.invoiceNumber}.pdf`, vera.token);
    expect(invoice.status).toBe(200);
    const exported = (await call(ctx.app, "GET", "/api/account/export", { token: vera.token })).body;
    expect(exported.purchases.map((purchase: { id: number }) => purchase.id)).toContain(lifetimeSale.id);
    expect(exported.supportTickets).toEqual([expect.objectContaining({ message: "Which one do I keep?" })]);
    expect(exported.emailsSent.map((email: { kind: string }) => email.kind)).toContain("product-key");

    const refund = await api(ctx.app, vera.token).api.account.purchases({ id: lifetimeSale.id }).refund.post();
    expect(refund.status).toBe(200);
    expect((await lifetime.sale()).status).toBe("refunded");
  });

  test("a purchase by the new address once confirmed is the account's; one by the released old address is not", async () => {
    const { vera } = await veraSignsUpAndConfirms();
    await changeEmail(vera.token, VERA_NEW);
    const byNew = await paidWithDemoCard(ctx, "pro", VERA_NEW);
    const byOld = await paidWithDemoCard(ctx, "pro", VERA);
    const ids = await purchaseIds(vera.token);
    expect(ids).toContain((await byNew.sale()).id);
    expect(ids).not.toContain((await byOld.sale()).id);
  });
});

describe("what is written about a record goes to its owner's address today", () => {
  test("after Vera moves and another account takes her old address, support's answer and a refund notice reach vera.new@", async () => {
    const { lifetime, vera } = await veraSignsUpAndConfirms();
    await changeEmail(vera.token, VERA_NEW);
    const otherKey = await paidWithDemoCard(ctx, "month", "someone@example.com");
    await signUpWithKey(ctx, VERA, otherKey.key);
    await confirmAddressOf(ctx, VERA);
    const [ticket] = await ctx.deps.db.select().from(supportTickets).where(eq(supportTickets.email, VERA));
    const admin = (await signInAdmin(ctx)).token;
    expect(
      (await api(ctx.app, admin).api.support.tickets({ id: ticket!.id }).replies.post({ message: "Keep Lifetime." }))
        .status,
    ).toBe(200);
    const sale = await lifetime.sale();
    expect((await api(ctx.app, admin).api.admin.sales({ id: sale.id }).refund.post({ amount: 5 })).status).toBe(200);
    const sent = await ctx.deps.db
      .select()
      .from(emails)
      .where(inArray(emails.template, ["support-reply", "refund-notice"]));
    expect(sent.map((email) => [email.template, email.to]).sort()).toEqual([
      ["refund-notice", VERA_NEW],
      ["support-reply", VERA_NEW],
    ]);
  });
});

describe("a gift: one address pays, another account redeems the key", () => {
  test("the payer who confirms after the recipient redeemed gets the purchase, as when it confirmed first", async () => {
    const gift = await paidWithDemoCard(ctx, "pro", "giver@example.com");
    const recipient = await signUpWithKey(ctx, "recipient@example.com", gift.key);
    const giverOwn = await paidWithDemoCard(ctx, "month", "giver@example.com");
    const giver = await signUpWithKey(ctx, "giver@example.com", giverOwn.key);
    await confirmAddressOf(ctx, "giver@example.com");
    const giftSale = await gift.sale();
    expect(await purchaseIds(giver.token)).toContain(giftSale.id);
    expect(await purchaseIds(recipient.token)).not.toContain(giftSale.id);
    const invoice = await getBytes(ctx.app, `/api/invoices/${giftSale.invoiceNumber}.pdf`, giver.token);
    expect(invoice.status).toBe(200);
    const owners = await ctx.deps.db.select().from(accountRecords).where(eq(accountRecords.recordId, giftSale.id));
    expect(owners.filter((row) => row.kind === "sale")).toEqual([
      expect.objectContaining({ userId: giver.user.id, paid: true }),
    ]);
  });
});

describe("deletion erases everything that is the account's, whatever address it had when", () => {
  test("after the change and deletion, only Vera's sales remain, under a replaced address, with their issued invoices", async () => {
    const { month, lifetime, vera } = await veraSignsUpAndConfirms();
    await changeEmail(vera.token, VERA_NEW);
    const stranger = await paidWithDemoCard(ctx, "pro", "someone@example.com");
    const issuedBefore = await ctx.deps.db.select().from(issuedDocuments);

    expect((await api(ctx.app, vera.token).api.account.delete({ password: PASSWORD })).status).toBe(200);

    const placeholder = `deleted-account-${vera.userId}@deleted.invalid`;
    expect([(await month.sale()).email, (await lifetime.sale()).email]).toEqual([placeholder, placeholder]);
    expect((await stranger.sale()).email).toBe("someone@example.com");
    expect(await ctx.deps.db.select().from(supportTickets)).toEqual([]);
    const hers = await ctx.deps.db
      .select()
      .from(emails)
      .where(inArray(emails.to, [VERA, VERA_NEW]));
    expect(hers.map((email) => email.template)).toEqual([]);
    expect(await ctx.deps.db.select().from(issuedDocuments)).toEqual(issuedBefore);
    expect(await ctx.deps.db.select().from(accountRecords).where(eq(accountRecords.userId, vera.userId))).toEqual([]);

    const admin = (await signInAdmin(ctx)).token;
    const csv = await getBytes(ctx.app, "/api/admin/sales.csv", admin);
    expect(csv.status).toBe(200);
    const text = new TextDecoder().decode(csv.bytes);
    expect(text).not.toContain("vera");
    expect(text).toContain(placeholder);
  });
});

describe("e-mails about a sale belong to the sale's owner", () => {
  test("an unconfirmed account neither exports nor erases another buyer's refund-request e-mail sent to its typed address", async () => {
    ctx.cleanup();
    ctx = makeTestApp({ env: { SELF_SERVICE_REFUNDS: "request" } });
    const victim = await paidWithDemoCard(ctx, "pro", VERA);
    // Nobody signed in asks: the answer goes to the sale's address (the refund link in the key e-mail).
    expect((await api(ctx.app).api["refund-link"].post({ key: victim.key })).status).toBe(200);
    const update = (await ctx.deps.db.select().from(emails).where(eq(emails.to, VERA))).filter(
      (row) => row.template === "refund-update",
    );
    expect(update).toHaveLength(1);

    const own = await paidWithDemoCard(ctx, "month", "mallory@example.com");
    const mallory = await signUpWithKey(ctx, VERA, own.key);
    const exported = (await call(ctx.app, "GET", "/api/account/export", { token: mallory.token })).body;
    expect(exported.emailsSent.map((email: { kind: string }) => email.kind)).not.toContain("refund-update");
    expect((await api(ctx.app, mallory.token).api.account.delete({ password: PASSWORD })).status).toBe(200);
    expect(await ctx.deps.db.select().from(emails).where(eq(emails.id, update[0]!.id))).toEqual(update);
  });
});

describe("races and hand-overs end with every record one account's or nobody's", () => {
  const ownersOf = async (kind: "sale" | "email" | "ticket" | "checkout", id: number) =>
    (await ctx.deps.db.select().from(accountRecords).where(eq(accountRecords.recordId, id))).filter(
      (row) => row.kind === kind,
    );

  test("an address released by one account and confirmed by another: the first keeps what it had, the second gets what came after", async () => {
    const X = "shared@example.com";
    const before = await paidWithDemoCard(ctx, "pro", X);
    const ownKey = await paidWithDemoCard(ctx, "month", "a-key@example.com");
    const a = await signUpWithKey(ctx, X, ownKey.key);
    await confirmAddressOf(ctx, X);
    await changeEmail(a.token, "a-elsewhere@example.com");
    const between = await paidWithDemoCard(ctx, "pro", X);
    const bKey = await paidWithDemoCard(ctx, "month", "b-key@example.com");
    const b = await signUpWithKey(ctx, X, bKey.key);
    expect(await purchaseIds(b.token)).toEqual([(await bKey.sale()).id]);
    await confirmAddressOf(ctx, X);
    const after = await paidWithDemoCard(ctx, "lifetime", X);

    expect(new Set(await purchaseIds(a.token))).toEqual(new Set([(await before.sale()).id, (await ownKey.sale()).id]));
    expect(new Set(await purchaseIds(b.token))).toEqual(
      new Set([(await between.sale()).id, (await after.sale()).id, (await bKey.sale()).id]),
    );
    for (const bought of [before, ownKey, between, bKey, after])
      expect(await ownersOf("sale", (await bought.sale()).id)).toHaveLength(1);
  });

  test("an address change racing a purchase by the new address: the purchase is the account's either way", async () => {
    const { vera } = await veraSignsUpAndConfirms();
    expect(
      (await api(ctx.app, vera.token).api.account.email.post({ newEmail: VERA_NEW, password: PASSWORD })).status,
    ).toBe(200);
    const [, bought] = await Promise.all([confirmEmailChange(VERA_NEW), paidWithDemoCard(ctx, "pro", VERA_NEW)]);
    const sale = await bought.sale();
    expect(await ownersOf("sale", sale.id)).toEqual([expect.objectContaining({ userId: vera.userId, paid: true })]);
    expect(await purchaseIds(vera.token)).toContain(sale.id);
  });

  test("a deletion racing a refund of the same purchase leaves nothing of hers, and the sale under the placeholder", async () => {
    const { lifetime, vera } = await veraSignsUpAndConfirms();
    await changeEmail(vera.token, VERA_NEW);
    const sale = await lifetime.sale();
    const [refund, deletion] = await Promise.all([
      api(ctx.app, vera.token).api.account.purchases({ id: sale.id }).refund.post(),
      api(ctx.app, vera.token).api.account.delete({ password: PASSWORD }),
    ]);
    expect(deletion.status).toBe(200);
    expect([200, 401, 404]).toContain(refund.status);
    expect((await lifetime.sale()).email).toBe(`deleted-account-${vera.userId}@deleted.invalid`);
    expect(await ctx.deps.db.select().from(accountRecords)).toEqual([]);
    expect(
      await ctx.deps.db
        .select()
        .from(emails)
        .where(inArray(emails.to, [VERA, VERA_NEW])),
    ).toEqual([]);
  });
});
