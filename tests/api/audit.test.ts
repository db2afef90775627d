import { afterEach, beforeEach, expect, test } from "bun:test";
import { writeAudit } from "../../src/features/audit/service";
import { call, makeTestApp, signInAdmin, type TestContext } from "../support/app";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
beforeEach(async () => {
  ctx = makeTestApp();
  admin = await signInAdmin(ctx, "boss@example.com");
});
afterEach(() => ctx.cleanup());

test("the audit log lists entries newest first with the actor's e-mail", async () => {
  await call(ctx.app, "POST", "/api/admin/generate-product-key", { token: admin.token, body: { plan: "pro", count: 2 } });
  ctx.clock.advance(1000);
  await call(ctx.app, "POST", "/api/admin/test-email", { token: admin.token, body: { email: "ops@example.com", testKey: "K" } });
  const answer = await call(ctx.app, "GET", "/api/admin/audit", { token: admin.token });
  expect(answer.status).toBe(200);
  expect(answer.body.map((e: { action: string }) => e.action)).toEqual(["email.test", "product-keys.generate"]);
  expect(answer.body[1]).toMatchObject({ actorUserId: admin.user.id, actorEmail: "boss@example.com", subject: "plan:pro" });
  expect(JSON.parse(answer.body[1].detail)).toMatchObject({ plan: "pro", count: 2 });
  expect(answer.body[1].createdAt).toBe(new Date(ctx.clock.now() - 1000).toISOString());
});

test("entries written by the system have no actor e-mail", async () => {
  writeAudit(ctx.deps.db, { actorUserId: null, action: "link.linked", subject: "user:1", at: ctx.clock.now() });
  const answer = await call(ctx.app, "GET", "/api/admin/audit", { token: admin.token });
  expect(answer.body[0]).toMatchObject({ action: "link.linked", actorUserId: null, actorEmail: null });
});

test("limit and offset page through the audit log", async () => {
  for (let i = 0; i < 4; i++) writeAudit(ctx.deps.db, { actorUserId: admin.user.id, action: "email.test", subject: `a${i}`, at: ctx.clock.now() + i });
  const answer = await call(ctx.app, "GET", "/api/admin/audit?limit=2&offset=1", { token: admin.token });
  expect(answer.body.map((e: { subject: string }) => e.subject)).toEqual(["a2", "a1"]);
});
