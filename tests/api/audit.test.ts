import { afterEach, beforeEach, expect, test } from "bun:test";
import { writeAudit } from "../../src/features/audit/service";
import { api, makeTestApp, signInAdmin, type TestContext } from "../support/app";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signInAdmin>>;
beforeEach(async () => {
  ctx = makeTestApp();
  admin = await signInAdmin(ctx, "boss@example.com");
});
afterEach(() => ctx.cleanup());

test("the audit log lists entries newest first with the actor's e-mail", async () => {
  await api(ctx.app, admin.token).api.admin["generate-product-key"].post({ plan: "pro", count: 2 });
  ctx.clock.advance(1000);
  await api(ctx.app, admin.token).api.admin["test-email"].post({ email: "ops@example.com", testKey: "K" });
  const answer = await api(ctx.app, admin.token).api.admin.audit.get();
  expect(answer.status).toBe(200);
  expect(answer.data!.map((e) => e.action)).toEqual(["email.test", "product-keys.generate"]);
  expect(answer.data![1]).toMatchObject({
    actorUserId: admin.user.id,
    actorEmail: "boss@example.com",
    subject: "plan:pro",
  });
  expect(JSON.parse(answer.data![1].detail!)).toMatchObject({ plan: "pro", count: 2 });
  expect(answer.data![1].createdAt).toBe(new Date(ctx.clock.now() - 1000).toISOString());
});

test("entries written by the system have no actor e-mail", async () => {
  await writeAudit(ctx.deps.db, { actorUserId: null, action: "link.linked", subject: "user:1", at: ctx.clock.now() });
  const answer = await api(ctx.app, admin.token).api.admin.audit.get();
  expect(answer.data![0]).toMatchObject({ action: "link.linked", actorUserId: null, actorEmail: null });
});

test("limit and offset page through the audit log", async () => {
  for (let i = 0; i < 4; i++)
    await writeAudit(ctx.deps.db, {
      actorUserId: admin.user.id,
      action: "email.test",
      subject: `a${i}`,
      at: ctx.clock.now() + i,
    });
  const answer = await api(ctx.app, admin.token).api.admin.audit.get({ query: { limit: 2, offset: 1 } });
  expect(answer.data!.map((e) => e.subject)).toEqual(["a2", "a1"]);
});
