/**
 * The account's rights from Settings, through the API: change password (other sessions end, this one
 * goes on with a fresh token, the account is e-mailed), change e-mail (a link to the new address; the
 * old one signs in until it is followed, and is told afterwards), export and delete.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import {
  auditLog,
  emailChanges,
  emails,
  productKeys,
  reviews,
  sales,
  subscriptions,
  supportTickets,
  users,
} from "../../src/db/schema";
import { DAY } from "../../src/lib/clock";
import {
  api,
  auditRowsOf,
  call,
  confirmAddressOf,
  failure,
  makeTestApp,
  signInAdmin,
  signUpUser,
  type TestContext,
  signUpWithKey,
} from "../support/app";
import { paidWithDemoCard } from "../support/purchase";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp();
});
afterEach(() => ctx.cleanup());

const login = (email: string, password: string) => api(ctx.app).api.auth.login.post({ email, password });
const me = (token: string) => api(ctx.app, token).api.auth.me.get();
const outbox = () => ctx.deps.db.select().from(emails).orderBy(emails.id);

/** Buys a plan with the demo provider and signs up with its key: a sale tied to the account. */
async function buyAndSignUp(email: string, plan: "month" | "pro" = "pro") {
  const { sale, key } = await paidWithDemoCard(ctx, plan, email);
  const { token, user } = await signUpWithKey(ctx, email, key);
  return { token, user, email, password: "correct horse", saleId: (await sale()).id, key };
}

describe("change password", () => {
  test("the new password signs in, the old one doesn't, other sessions end and this one goes on with the fresh token", async () => {
    const user = await signUpUser(ctx);
    const other = (await login(user.email, user.password)).data!.token;
    const answer = await api(ctx.app, user.token).api.account.password.post({
      currentPassword: user.password,
      newPassword: "a brand new secret",
    });
    expect(answer.status).toBe(200);
    expect(answer.data!.message).toBe(
      "Your password has been changed. Every other session of your account has been signed out.",
    );
    expect((await me(user.token)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
    expect((await me(answer.data!.token)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await login(user.email, "a brand new secret")).status).toBe(200);
  });

  test("the account is e-mailed that its password changed, with a way to reset it", async () => {
    const user = await signUpUser(ctx);
    await api(ctx.app, user.token).api.account.password.post({
      currentPassword: user.password,
      newPassword: "a brand new secret",
    });
    const mail = (await outbox()).find((row) => row.template === "password-changed")!;
    expect(mail).toMatchObject({ to: user.email, subject: "Your Layerlift password was changed" });
  });

  test("a wrong current password answers 403 (the session stays) and changes nothing", async () => {
    const user = await signUpUser(ctx);
    const answer = await api(ctx.app, user.token).api.account.password.post({
      currentPassword: "not my password",
      newPassword: "a brand new secret",
    });
    expect(answer.status).toBe(403);
    expect(failure(answer)).toEqual({ error: "WRONG_PASSWORD", message: "That is not your current password." });
    expect((await me(user.token)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await outbox()).filter((row) => row.template === "password-changed")).toHaveLength(0);
  });

  test("a short new password answers 422 with the rule", async () => {
    const user = await signUpUser(ctx);
    const answer = await api(ctx.app, user.token).api.account.password.post({
      currentPassword: user.password,
      newPassword: "short",
    });
    expect(answer.status).toBe(422);
    expect(failure(answer)!.message).toBe("The new password must be at least 8 characters.");
  });

  test("guessing the password from a session is rate limited", async () => {
    const limited = makeTestApp({ rateLimits: true });
    try {
      const user = await signUpUser(limited);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push(
          (
            await api(limited.app, user.token).api.account.password.post({
              currentPassword: `guess ${i}`,
              newPassword: "a brand new secret",
            })
          ).status,
        );
      }
      expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      limited.cleanup();
    }
  });

  test("needs a signed-in user", async () => {
    expect(
      (await api(ctx.app).api.account.password.post({ currentPassword: "x", newPassword: "a brand new secret" }))
        .status,
    ).toBe(401);
  });
});

describe("change e-mail", () => {
  const linkToken = async () =>
    new URL(
      (await outbox()).findLast((row) => row.template === "email-change-confirm")!.payload.confirmUrl as string,
    ).searchParams.get("token")!;

  test("a link goes to the new address; until it is followed the old address signs in; then the new one does and the old is told", async () => {
    const user = await signUpUser(ctx);
    const asked = await api(ctx.app, user.token).api.account.email.post({
      newEmail: "New.Address@Example.com",
      password: user.password,
    });
    expect(asked.status).toBe(200);
    const link = (await outbox()).find((row) => row.template === "email-change-confirm")!;
    expect(link.to).toBe("new.address@example.com");
    expect(link.payload.confirmUrl as string).toStartWith(`${ctx.deps.config.appUrl}/confirm-email?token=`);
    expect((await login(user.email, user.password)).status).toBe(200);
    expect((await login("new.address@example.com", user.password)).status).toBe(401);

    const confirmed = await api(ctx.app).api.account.email.confirm.post({ token: await linkToken() });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data!.email).toBe("new.address@example.com");
    expect((await login("new.address@example.com", user.password)).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await me(user.token)).data!.user.email).toBe("new.address@example.com");
    const told = (await outbox()).find((row) => row.template === "email-changed")!;
    expect(told).toMatchObject({ to: user.email, payload: { newEmail: "new.address@example.com" } });
  });

  test("the link works once, and not after a day", async () => {
    const user = await signUpUser(ctx);
    await api(ctx.app, user.token).api.account.email.post({ newEmail: "once@example.com", password: user.password });
    const token = await linkToken();
    expect((await api(ctx.app).api.account.email.confirm.post({ token })).status).toBe(200);
    expect((await api(ctx.app).api.account.email.confirm.post({ token })).status).toBe(400);

    await api(ctx.app, user.token).api.account.email.post({ newEmail: "later@example.com", password: user.password });
    const late = await linkToken();
    ctx.clock.advance(DAY + 1);
    const answer = await api(ctx.app).api.account.email.confirm.post({ token: late });
    expect(answer.status).toBe(400);
    expect(failure(answer)!.error).toBe("INVALID_EMAIL_LINK");
    expect((await me(user.token)).data!.user.email).toBe("once@example.com");
  });

  test("a link followed by several requests at once changes the address once", async () => {
    const user = await signUpUser(ctx);
    await api(ctx.app, user.token).api.account.email.post({ newEmail: "racing@example.com", password: user.password });
    const token = await linkToken();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api(ctx.app).api.account.email.confirm.post({ token })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    expect((await outbox()).filter((row) => row.template === "email-changed")).toHaveLength(1);
    expect(await auditRowsOf(ctx, "account.email-changed")).toHaveLength(1);
  });

  test("the change waiting for its link is shown until it is followed, runs out or is cancelled", async () => {
    const user = await signUpUser(ctx);
    const pending = async () => (await api(ctx.app, user.token).api.account.email.get()).data!.pending;
    expect(await pending()).toBeNull();
    await api(ctx.app, user.token).api.account.email.post({ newEmail: "waiting@example.com", password: user.password });
    expect(await pending()).toEqual({
      newEmail: "waiting@example.com",
      expiresAt: new Date(ctx.clock.now() + DAY).toISOString(),
    });
    // Cancelled: nothing waits, the link no longer works and the address stays.
    const cancelled = await api(ctx.app, user.token).api.account.email.delete();
    expect(cancelled.data).toEqual({ pending: null });
    expect(await pending()).toBeNull();
    expect((await api(ctx.app).api.account.email.confirm.post({ token: await linkToken() })).status).toBe(400);
    expect((await me(user.token)).data!.user.email).toBe(user.email);
    // Followed, or a day old: nothing waits either.
    await api(ctx.app, user.token).api.account.email.post({ newEmail: "late@example.com", password: user.password });
    ctx.clock.advance(DAY + 1);
    expect(await pending()).toBeNull();
    await api(ctx.app, user.token).api.account.email.post({ newEmail: "done@example.com", password: user.password });
    await api(ctx.app).api.account.email.confirm.post({ token: await linkToken() });
    expect(await pending()).toBeNull();
    expect((await api(ctx.app).api.account.email.get()).status).toBe(401);
  });

  test("a newer request replaces the older link", async () => {
    const user = await signUpUser(ctx);
    await api(ctx.app, user.token).api.account.email.post({ newEmail: "first@example.com", password: user.password });
    const first = await linkToken();
    await api(ctx.app, user.token).api.account.email.post({ newEmail: "second@example.com", password: user.password });
    expect((await api(ctx.app).api.account.email.confirm.post({ token: first })).status).toBe(400);
    expect((await api(ctx.app).api.account.email.confirm.post({ token: await linkToken() })).data!.email).toBe(
      "second@example.com",
    );
  });

  test("an address another account has is refused with a sentence that doesn't say whose it is, and no e-mail goes out", async () => {
    const user = await signUpUser(ctx);
    const other = await signUpUser(ctx);
    const answer = await api(ctx.app, user.token).api.account.email.post({
      newEmail: other.email,
      password: user.password,
    });
    expect(answer.status).toBe(409);
    expect(failure(answer)).toEqual({
      error: "EMAIL_TAKEN",
      message: "This email address can't be used for your account. Please choose another.",
    });
    expect((await outbox()).filter((row) => row.template === "email-change-confirm")).toHaveLength(0);
  });

  test("an address taken between the request and the link is refused when the link is followed", async () => {
    const user = await signUpUser(ctx);
    await api(ctx.app, user.token).api.account.email.post({
      newEmail: "contested@example.com",
      password: user.password,
    });
    await signUpUser(ctx, "pro", "contested@example.com");
    const answer = await api(ctx.app).api.account.email.confirm.post({ token: await linkToken() });
    expect(answer.status).toBe(409);
    expect((await me(user.token)).data!.user.email).toBe(user.email);
  });

  test("a wrong password answers 403 and sends nothing", async () => {
    const user = await signUpUser(ctx);
    const answer = await api(ctx.app, user.token).api.account.email.post({
      newEmail: "new@example.com",
      password: "wrong password",
    });
    expect(answer.status).toBe(403);
    expect((await outbox()).filter((row) => row.template === "email-change-confirm")).toHaveLength(0);
  });

  test("the token is stored only as a hash", async () => {
    const user = await signUpUser(ctx);
    await api(ctx.app, user.token).api.account.email.post({ newEmail: "hash@example.com", password: user.password });
    expect((await ctx.deps.db.select().from(emailChanges))[0]!.tokenHash).not.toContain(await linkToken());
  });
});

describe("export", () => {
  test("a JSON download of the profile, settings, subscription, purchases, tickets, review and audit entries, without the password hash", async () => {
    const user = await buyAndSignUp("exporter@example.com");
    // Tickets are matched by address: the account's once the address is confirmed (tests/api/ownership.test.ts).
    await confirmAddressOf(ctx, user.email);
    await api(ctx.app).api.support.tickets.post({
      email: user.email,
      subject: "billing",
      message: "Where is my invoice?",
    });
    await api(ctx.app, user.token).api.reviews.post({ rating: 5, comment: "Great plugin" });
    await api(ctx.app, user.token).api.figma["generate-key"].post();
    const answer = await call(ctx.app, "GET", "/api/account/export", { token: user.token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toMatch(
      /^attachment; filename="layerlift-account-\d+-2026-11-01\.json"$/,
    );
    const data = answer.body;
    expect(data.account).toMatchObject({ email: user.email, isAdmin: false });
    expect(data.account.pluginKey).toMatch(/^ll_/);
    expect(data.settings).toEqual({ notifications: true, autoSync: true, theme: null, language: "en" });
    expect(data.subscription).toMatchObject({ plan: "pro", status: "active" });
    expect(data.purchases).toHaveLength(1);
    expect(data.purchases[0]).toMatchObject({
      id: user.saleId,
      plan: "pro",
      amount: 24.99,
      status: "paid",
      productKey: { key: user.key, used: true },
    });
    expect(data.supportTickets).toEqual([
      expect.objectContaining({ subject: "billing", message: "Where is my invoice?" }),
    ]);
    expect(data.review).toMatchObject({ rating: 5, comment: "Great plugin" });
    expect(data.emailsSent.map((mail: { kind: string }) => mail.kind)).toContain("product-key");
    expect(JSON.stringify(data)).not.toContain("argon2");
  });

  test("needs a signed-in user", async () => {
    expect((await call(ctx.app, "GET", "/api/account/export")).status).toBe(401);
  });
});

describe("delete", () => {
  const deleteAccount = (token: string, password: string) => api(ctx.app, token).api.account.delete({ password });

  test("ends every session, erases the account, tickets, review and e-mails, and keeps the sale with the e-mail replaced", async () => {
    const user = await buyAndSignUp("leaver@example.com");
    await confirmAddressOf(ctx, user.email);
    const other = (await login(user.email, user.password)).data!.token;
    await api(ctx.app).api.support.tickets.post({ email: user.email, subject: "billing", message: "Hello" });
    await api(ctx.app, user.token).api.reviews.post({ rating: 4, comment: "Nice" });
    const pluginKey = (await api(ctx.app, user.token).api.figma["generate-key"].post()).data!.figmaKey;
    expect((await api(ctx.app).api.plugin.validate.post({ key: pluginKey, robloxUserId: "555" })).status).toBe(200);

    const answer = await deleteAccount(user.token, user.password);
    expect(answer.status).toBe(200);
    const db = ctx.deps.db;
    expect((await me(user.token)).status).toBe(401);
    expect((await me(other)).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await api(ctx.app).api.plugin.validate.post({ key: pluginKey, robloxUserId: "555" })).status).toBe(401);
    expect((await db.select().from(users).where(eq(users.id, user.user.id)))[0]).toBeUndefined();
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, user.user.id))).toHaveLength(0);
    expect(await db.select().from(reviews)).toHaveLength(0);
    expect(await db.select().from(supportTickets).where(eq(supportTickets.email, user.email))).toHaveLength(0);
    expect(await db.select().from(emails).where(eq(emails.to, user.email))).toHaveLength(0);
    const sale = (await db.select().from(sales).where(eq(sales.id, user.saleId)))[0]!;
    expect(sale).toMatchObject({
      email: `deleted-account-${user.user.id}@deleted.invalid`,
      amountCents: 2499,
      status: "paid",
    });
    // Nothing left anywhere names the address or the game account.
    const dump = JSON.stringify([
      await db.select().from(sales),
      await db.select().from(auditLog),
      await db.select().from(productKeys),
    ]);
    expect(dump).not.toContain(user.email);
    expect(dump).not.toContain("555");
    expect((await db.select().from(auditLog)).some((entry) => entry.action === "account.deleted")).toBe(true);
  });

  test("two deletions sent at once delete the account once", async () => {
    const user = await signUpUser(ctx);
    const answers = await Promise.all([
      deleteAccount(user.token, user.password),
      deleteAccount(user.token, user.password),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    expect(await auditRowsOf(ctx, "account.deleted")).toHaveLength(1);
  });

  test("the address can sign up again afterwards", async () => {
    const user = await signUpUser(ctx);
    await deleteAccount(user.token, user.password);
    expect((await signUpUser(ctx, "month", user.email)).email).toBe(user.email);
  });

  test("a wrong password answers 403 and deletes nothing", async () => {
    const user = await signUpUser(ctx);
    const answer = await deleteAccount(user.token, "wrong password");
    expect(answer.status).toBe(403);
    expect((await me(user.token)).status).toBe(200);
  });

  test("the last admin can't delete themselves; with a second admin they can", async () => {
    const admin = await signInAdmin(ctx);
    const refused = await deleteAccount(admin.token, "admin password");
    expect(refused.status).toBe(409);
    expect(failure(refused)!.error).toBe("LAST_ADMIN");
    expect((await me(admin.token)).status).toBe(200);
    await signInAdmin(ctx, "second-admin@example.com");
    expect((await deleteAccount(admin.token, "admin password")).status).toBe(200);
  });
});
