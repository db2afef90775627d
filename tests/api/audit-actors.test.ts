/**
 * Who the audit log names: the admin for an admin's action, the buyer for a buyer's own (on their account,
 * or by the refund link without one, named by the address that paid), a deleted account as such, and the
 * system only for what nobody asked for. A refund asked through us names who asked even when the payment
 * provider's report of it arrives before the provider's answer.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { emails } from "../../src/db/schema";
import type { AuditAction } from "../../src/shared/audit-actions";
import { api, makeTestApp, signInAdmin, type TestContext } from "../support/app";
import { eachTestOnFakeStripe } from "../support/each-test";
import type { FakeStripe } from "../support/fake-stripe";
import { paidOnFakeStripe, paidWithDemoCard } from "../support/purchase";

const contexts: TestContext[] = [];
const app = () => {
  const ctx = makeTestApp();
  contexts.push(ctx);
  return ctx;
};
afterEach(() => {
  for (const ctx of contexts.splice(0)) ctx.cleanup();
});

async function signUpWith(ctx: TestContext, email: string, productKey: string) {
  const { data } = await api(ctx.app).api.auth.signup.post({
    email,
    password: "correct horse",
    confirmPassword: "correct horse",
    productKey,
  });
  return data!;
}

/** The Audit tab's rows of one action, as the admin panel gets them. */
async function entries(ctx: TestContext, admin: string, action: AuditAction) {
  const { data } = await api(ctx.app, admin).api.admin.audit.get({ query: { limit: 500 } });
  return data!
    .filter((entry) => entry.action === action)
    .map(({ actorEmail, actorRole }) => ({ actorEmail, actorRole }));
}

describe("on the demo provider", () => {
  test("an admin's action names the admin", async () => {
    const ctx = app();
    const admin = (await signInAdmin(ctx, "boss@example.com")).token;
    await api(ctx.app, admin).api.admin["generate-product-key"].post({ plan: "pro", count: 1 });
    expect(await entries(ctx, admin, "product-keys.generate")).toEqual([
      { actorEmail: "boss@example.com", actorRole: "admin" },
    ]);
  });

  test("a buyer's refund from their Purchases names the buyer", async () => {
    const ctx = app();
    const admin = (await signInAdmin(ctx)).token;
    const { sale, key } = await paidWithDemoCard(ctx, "pro", "buyer@example.com");
    const buyer = await signUpWith(ctx, "buyer@example.com", key);
    const saleId = (await sale()).id;
    expect((await api(ctx.app, buyer.token).api.account.purchases({ id: saleId }).refund.post()).status).toBe(200);
    expect(await entries(ctx, admin, "sale.refunded")).toEqual([
      { actorEmail: "buyer@example.com", actorRole: "buyer" },
    ]);
  });

  test("a refund by the product-key e-mail's link names the address that paid", async () => {
    const ctx = app();
    const admin = (await signInAdmin(ctx)).token;
    const { key } = await paidWithDemoCard(ctx, "month", "linkbuyer@example.com");
    expect((await api(ctx.app).api["refund-link"].post({ key })).status).toBe(200);
    expect(await entries(ctx, admin, "sale.refunded")).toEqual([
      { actorEmail: "linkbuyer@example.com", actorRole: "buyer" },
    ]);
  });

  test("changing the e-mail and the password name the buyer", async () => {
    const ctx = app();
    const admin = (await signInAdmin(ctx)).token;
    const { key } = await paidWithDemoCard(ctx, "pro", "old@example.com");
    const buyer = await signUpWith(ctx, "old@example.com", key);
    await api(ctx.app, buyer.token).api.account.email.post({ newEmail: "new@example.com", password: "correct horse" });
    const confirmUrl = (await ctx.deps.db.select().from(emails).orderBy(emails.id)).find(
      (row) => row.template === "email-change-confirm",
    )!.payload.confirmUrl as string;
    const token = new URL(confirmUrl).searchParams.get("token")!;
    expect((await api(ctx.app).api.account.email.confirm.post({ token })).status).toBe(200);
    await api(ctx.app, buyer.token).api.account.password.post({
      currentPassword: "correct horse",
      newPassword: "a brand new secret",
    });
    expect(await entries(ctx, admin, "account.email-changed")).toEqual([
      { actorEmail: "new@example.com", actorRole: "buyer" },
    ]);
    expect(await entries(ctx, admin, "account.password-changed")).toEqual([
      { actorEmail: "new@example.com", actorRole: "buyer" },
    ]);
  });

  test("the plugin linking a game account names the key's owner", async () => {
    const ctx = app();
    const admin = (await signInAdmin(ctx)).token;
    const { key } = await paidWithDemoCard(ctx, "pro", "maker@example.com");
    const buyer = await signUpWith(ctx, "maker@example.com", key);
    const pluginKey = (await api(ctx.app, buyer.token).api.figma["generate-key"].post()).data!.figmaKey;
    expect((await api(ctx.app).api.plugin.validate.post({ key: pluginKey, robloxUserId: "4242" })).status).toBe(200);
    expect(await entries(ctx, admin, "link.linked")).toEqual([{ actorEmail: "maker@example.com", actorRole: "buyer" }]);
  });

  test("an account its owner deleted is named as a deleted account, its address kept out", async () => {
    const ctx = app();
    const admin = (await signInAdmin(ctx)).token;
    const { key } = await paidWithDemoCard(ctx, "pro", "leaving@example.com");
    const buyer = await signUpWith(ctx, "leaving@example.com", key);
    const changed = await api(ctx.app, buyer.token).api.account.password.post({
      currentPassword: "correct horse",
      newPassword: "another good secret",
    });
    const session = changed.data!.token;
    expect((await api(ctx.app, session).api.account.delete({ password: "another good secret" })).status).toBe(200);
    expect(await entries(ctx, admin, "account.deleted")).toEqual([{ actorEmail: null, actorRole: "deleted" }]);
    expect(await entries(ctx, admin, "account.password-changed")).toEqual([{ actorEmail: null, actorRole: "deleted" }]);
  });
});

describe("on Stripe", () => {
  let stripe: FakeStripe;
  let ctx: TestContext;
  let admin: string;
  eachTestOnFakeStripe((made) => ({ ctx, stripe, admin } = made), { admin: true });

  /** Delivers Stripe's charge.refunded for the intent as it stands. */
  async function refundedEvent(id: string, eventId: string) {
    const { payload, signature } = await stripe.signedEvent(stripe.events.chargeRefunded(id, eventId));
    await api(ctx.app).api.stripe.webhook.post(payload, { headers: { "stripe-signature": signature } });
  }

  test("Stripe's report of a buyer's refund that arrives before Stripe's answer still names the buyer", async () => {
    const { id, sale, key } = await paidOnFakeStripe(ctx, stripe, "pro", "quick@example.com");
    const buyer = await signUpWith(ctx, "quick@example.com", key);
    stripe.beforeRefundAnswer(() => refundedEvent(id, "evt_refund_first"));
    const saleId = (await sale()).id;
    expect((await api(ctx.app, buyer.token).api.account.purchases({ id: saleId }).refund.post()).status).toBe(200);
    expect((await sale()).status).toBe("refunded");
    expect(await entries(ctx, admin, "sale.refunded")).toEqual([
      { actorEmail: "quick@example.com", actorRole: "buyer" },
    ]);
  });

  test("…and an admin's partial refund still names the admin", async () => {
    const { id, sale } = await paidOnFakeStripe(ctx, stripe, "pro", "partial@example.com");
    stripe.beforeRefundAnswer(() => refundedEvent(id, "evt_partial_first"));
    const saleId = (await sale()).id;
    const answer = await api(ctx.app, admin).api.admin.sales({ id: saleId }).refund.post({ amount: 5 });
    expect(answer.status).toBe(200);
    expect(await entries(ctx, admin, "sale.partially-refunded")).toEqual([
      { actorEmail: "admin@example.com", actorRole: "admin" },
    ]);
  });

  test("a refund made in Stripe's own dashboard, which nobody asked of us, is the system's", async () => {
    const { id } = await paidOnFakeStripe(ctx, stripe, "month", "elsewhere@example.com");
    stripe.refund(id);
    await refundedEvent(id, "evt_dashboard_refund");
    expect(await entries(ctx, admin, "sale.refunded")).toEqual([{ actorEmail: null, actorRole: "system" }]);
  });
});
