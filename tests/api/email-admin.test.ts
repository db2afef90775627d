import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { emails } from "../../src/db/schema";
import { queueEmail } from "../../src/features/email/outbox";
import { renderEmail } from "../../src/features/email/templates/render";
import { deliverDueEmails } from "../../src/features/email/sender";
import { MINUTE } from "../../src/lib/clock";
import { api, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp();
});
afterEach(() => ctx.cleanup());

async function queueKeyEmail(to: string, key: string) {
  const row = await queueEmail(
    ctx.deps.db,
    { to, template: "product-key", payload: { key, plan: "pro", planName: "4 Month Pro" } },
    ctx.clock.now(),
  );
  ctx.clock.advance(MINUTE);
  return row;
}

describe("GET /api/admin/emails", () => {
  test("lists the outbox newest first; one e-mail comes with its rendered text", async () => {
    const admin = await signInAdmin(ctx);
    await queueKeyEmail("first@example.com", "AAAABBBBCCCC");
    await queueKeyEmail("second@example.com", "DDDDEEEEFFFF");
    const answer = await api(ctx.app, admin.token).api.admin.emails.get();
    expect(answer.status).toBe(200);
    expect(answer.data!.map((e) => e.to)).toEqual(["second@example.com", "first@example.com"]);
    const [newest] = answer.data!;
    expect(Object.keys(newest).sort()).toEqual([
      "_id",
      "attempts",
      "createdAt",
      "lastError",
      "printed",
      "resendable",
      "sentAt",
      "status",
      "subject",
      "template",
      "to",
    ]);
    expect(newest).toMatchObject({
      subject: "Your Layerlift product key",
      template: "product-key",
      status: "pending",
      attempts: 0,
      lastError: null,
      sentAt: null,
      printed: false,
    });
    const one = await api(ctx.app, admin.token).api.admin.emails({ id: newest._id }).get();
    expect(one.data).toMatchObject({ ...newest, text: expect.stringContaining("DDDDEEEEFFFF") });
    expect((await api(ctx.app, admin.token).api.admin.emails({ id: 999 }).get()).status).toBe(404);
    expect(new Date(newest.createdAt).getTime()).toBe(ctx.clock.now() - MINUTE);
  });

  test("with no e-mail provider, a delivered e-mail is listed as printed (to the console), not as sent", async () => {
    const admin = await signInAdmin(ctx);
    await queueKeyEmail("dev@example.com", "AAAABBBBCCCC");
    await deliverDueEmails(ctx.deps);
    const [listed] = (await api(ctx.app, admin.token).api.admin.emails.get()).data!;
    expect(listed).toMatchObject({ to: "dev@example.com", status: "sent", printed: true });
  });

  test("limit and offset page through the outbox", async () => {
    const admin = await signInAdmin(ctx);
    for (const n of [1, 2, 3]) await queueKeyEmail(`p${n}@example.com`, `KEY${n}KEY${n}KEY${n}`);
    const page = await api(ctx.app, admin.token).api.admin.emails.get({ query: { limit: 1, offset: 1 } });
    expect(page.data!.map((e: any) => e.to)).toEqual(["p2@example.com"]);
  });

  test("answers 401 without a token and 403 for a user who is not an admin", async () => {
    expect((await api(ctx.app).api.admin.emails.get()).status).toBe(401);
    const user = await signUpUser(ctx);
    expect((await api(ctx.app, user.token).api.admin.emails.get()).status).toBe(403);
  });
});

describe("POST /api/admin/emails/:id/resend", () => {
  test("queues a fresh copy of the e-mail and keeps the original", async () => {
    const admin = await signInAdmin(ctx);
    const original = await queueKeyEmail("again@example.com", "GGGGHHHHJJJJ");
    await ctx.deps.db.update(emails).set({ status: "failed", attempts: 5, lastError: "boom" });
    const answer = await api(ctx.app, admin.token).api.admin.emails({ id: original.id }).resend.post();
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      to: "again@example.com",
      status: "pending",
      attempts: 0,
      template: "product-key",
    });
    expect(answer.data!._id).not.toBe(original.id);
    expect(answer.data!.text).toContain("GGGGHHHHJJJJ");
    const rows = await ctx.deps.db.select().from(emails);
    expect(rows.map((r) => r.status).sort()).toEqual(["failed", "pending"]);
  });

  test("an unknown id answers 404 and a non-admin 403", async () => {
    const admin = await signInAdmin(ctx);
    expect((await api(ctx.app, admin.token).api.admin.emails({ id: 999 }).resend.post()).status).toBe(404);
    const user = await signUpUser(ctx);
    expect((await api(ctx.app, user.token).api.admin.emails({ id: 1 }).resend.post()).status).toBe(403);
  });
});

describe("templates", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["product-key", { key: "KKKKLLLLMMMM", plan: "lifetime", planName: "Lifetime Access" }, "KKKKLLLLMMMM"],
    ["test", { testKey: "TEST-1234" }, "TEST-1234"],
    [
      "password-reset",
      { resetUrl: "https://layerlift.example/reset-password?token=abc" },
      "https://layerlift.example/reset-password?token=abc",
    ],
    [
      "key-sharing-alert",
      {
        attemptedRobloxUserId: "111",
        linkedRobloxAccountId: "222",
        dashboardUrl: "https://layerlift.example/dashboard",
      },
      "222",
    ],
  ];
  for (const [template, payload, expected] of cases) {
    test(`"${template}" renders HTML and text with the product name and its content`, async () => {
      const { html, text } = await renderEmail(template, payload, "https://layerlift.example");
      expect(html).toStartWith("<!DOCTYPE html");
      expect(html).toContain("Layerlift");
      expect(text).toContain("Layerlift");
      expect(text).toContain(expected);
    });
  }

  test("a payload missing a field fails to render with a sentence naming it", async () => {
    await expect(renderEmail("product-key", { plan: "pro" }, "https://x.example")).rejects.toThrow('needs a "key"');
  });
});

describe("GET /api/admin/emails: what may be resent", () => {
  test("a password reset e-mail is marked not resendable, a product-key e-mail resendable", async () => {
    const admin = await signInAdmin(ctx);
    await queueKeyEmail("key@example.com", "AAAABBBBCCCC");
    await queueEmail(
      ctx.deps.db,
      {
        to: "reset@example.com",
        template: "password-reset",
        payload: { resetUrl: "https://x.example/reset-password?token=t" },
      },
      ctx.clock.now(),
    );
    const listed = (await api(ctx.app, admin.token).api.admin.emails.get()).data!;
    expect(Object.fromEntries(listed.map((email) => [email.to, email.resendable]))).toEqual({
      "key@example.com": true,
      "reset@example.com": false,
    });
  });
});

describe("POST /api/admin/emails/retry-failed", () => {
  test("queues every failed e-mail again with its own key, leaves reset e-mails, and audits it", async () => {
    const admin = await signInAdmin(ctx);
    const failedKey = await queueKeyEmail("failed@example.com", "AAAABBBBCCCC");
    const sentKey = await queueKeyEmail("sent@example.com", "DDDDEEEEFFFF");
    const reset = await queueEmail(
      ctx.deps.db,
      {
        to: "reset@example.com",
        template: "password-reset",
        payload: { resetUrl: "https://x.example/reset-password?token=t" },
      },
      ctx.clock.now(),
    );
    await ctx.deps.db
      .update(emails)
      .set({ status: "failed", attempts: 32, nextAttemptAt: null })
      .where(inArray(emails.id, [failedKey.id, reset.id]));
    await ctx.deps.db.update(emails).set({ status: "sent" }).where(eq(emails.id, sentKey.id));
    // The count offers only what a retry would queue: the reset e-mail is not counted.
    const failedCount = () => api(ctx.app, admin.token).api.admin.emails["failed-count"].get();
    expect((await failedCount()).data).toEqual({ failed: 1 });
    const answer = await api(ctx.app, admin.token).api.admin.emails["retry-failed"].post();
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ retried: 1, skipped: 1 });
    const rows = Object.fromEntries((await ctx.deps.db.select().from(emails)).map((row) => [row.to, row]));
    expect(rows["failed@example.com"]).toMatchObject({
      status: "pending",
      attempts: 0,
      nextAttemptAt: ctx.clock.now(),
      deliveryKey: failedKey.deliveryKey,
    });
    expect(rows["reset@example.com"].status).toBe("failed");
    expect(rows["sent@example.com"].status).toBe("sent");
    expect((await failedCount()).data).toEqual({ failed: 0 });
    const audit = await api(ctx.app, admin.token).api.admin.audit.get();
    expect(audit.data![0]).toMatchObject({
      action: "email.retry-failed",
      detail: "1 queued again, 1 password reset e-mails left",
    });
  });

  test("answers 401 without a token and 403 for a user who is not an admin, and changes nothing", async () => {
    const row = await queueKeyEmail("failed@example.com", "AAAABBBBCCCC");
    await ctx.deps.db.update(emails).set({ status: "failed" }).where(eq(emails.id, row.id));
    expect((await api(ctx.app).api.admin.emails["retry-failed"].post()).status).toBe(401);
    const user = await signUpUser(ctx);
    expect((await api(ctx.app, user.token).api.admin.emails["retry-failed"].post()).status).toBe(403);
    expect((await ctx.deps.db.select().from(emails))[0]!.status).toBe("failed");
  });
});
