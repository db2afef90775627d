import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { emails } from "../../src/db/schema";
import { queueEmail } from "../../src/features/email/outbox";
import { renderEmail } from "../../src/emails/render";
import { MINUTE } from "../../src/lib/clock";
import { call, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => { ctx = makeTestApp(); });
afterEach(() => ctx.cleanup());

function queueKeyEmail(to: string, key: string) {
  const row = queueEmail(ctx.deps.db, { to, template: "product-key", payload: { key, plan: "pro", planName: "4 Month Pro" } }, ctx.clock.now());
  ctx.clock.advance(MINUTE);
  return row;
}

describe("GET /api/admin/emails", () => {
  test("lists the outbox newest first with the rendered text", async () => {
    const admin = await signInAdmin(ctx);
    queueKeyEmail("first@example.com", "AAAABBBBCCCC");
    queueKeyEmail("second@example.com", "DDDDEEEEFFFF");
    const answer = await call(ctx.app, "GET", "/api/admin/emails", { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body.map((e: any) => e.to)).toEqual(["second@example.com", "first@example.com"]);
    const [newest] = answer.body;
    expect(Object.keys(newest).sort()).toEqual(["_id", "attempts", "createdAt", "lastError", "sentAt", "status", "subject", "template", "text", "to"]);
    expect(newest).toMatchObject({ subject: "Your Layerlift product key", template: "product-key", status: "pending", attempts: 0, lastError: null, sentAt: null });
    expect(newest.text).toContain("DDDDEEEEFFFF");
    expect(new Date(newest.createdAt).getTime()).toBe(ctx.clock.now() - MINUTE);
  });

  test("limit and offset page through the outbox", async () => {
    const admin = await signInAdmin(ctx);
    for (const n of [1, 2, 3]) queueKeyEmail(`p${n}@example.com`, `KEY${n}KEY${n}KEY${n}`);
    const page = await call(ctx.app, "GET", "/api/admin/emails?limit=1&offset=1", { token: admin.token });
    expect(page.body.map((e: any) => e.to)).toEqual(["p2@example.com"]);
  });

  test("answers 401 without a token and 403 for a user who is not an admin", async () => {
    expect((await call(ctx.app, "GET", "/api/admin/emails")).status).toBe(401);
    const user = await signUpUser(ctx);
    expect((await call(ctx.app, "GET", "/api/admin/emails", { token: user.token })).status).toBe(403);
  });
});

describe("POST /api/admin/emails/:id/resend", () => {
  test("queues a fresh copy of the e-mail and keeps the original", async () => {
    const admin = await signInAdmin(ctx);
    const original = queueKeyEmail("again@example.com", "GGGGHHHHJJJJ");
    ctx.deps.db.update(emails).set({ status: "failed", attempts: 5, lastError: "boom" }).run();
    const answer = await call(ctx.app, "POST", `/api/admin/emails/${original.id}/resend`, { token: admin.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ to: "again@example.com", status: "pending", attempts: 0, template: "product-key" });
    expect(answer.body._id).not.toBe(original.id);
    expect(answer.body.text).toContain("GGGGHHHHJJJJ");
    const rows = ctx.deps.db.select().from(emails).all();
    expect(rows.map((r) => r.status).sort()).toEqual(["failed", "pending"]);
  });

  test("an unknown id answers 404 and a non-admin 403", async () => {
    const admin = await signInAdmin(ctx);
    expect((await call(ctx.app, "POST", "/api/admin/emails/999/resend", { token: admin.token })).status).toBe(404);
    const user = await signUpUser(ctx);
    expect((await call(ctx.app, "POST", "/api/admin/emails/1/resend", { token: user.token })).status).toBe(403);
  });
});

describe("templates", () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ["product-key", { key: "KKKKLLLLMMMM", plan: "lifetime", planName: "Lifetime Access" }, "KKKKLLLLMMMM"],
    ["test", { testKey: "TEST-1234" }, "TEST-1234"],
    ["password-reset", { resetUrl: "https://layerlift.example/reset-password?token=abc" }, "https://layerlift.example/reset-password?token=abc"],
    ["key-sharing-alert", { attemptedRobloxUserId: "111", linkedRobloxAccountId: "222", dashboardUrl: "https://layerlift.example/dashboard" }, "222"],
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
