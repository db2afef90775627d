import { afterAll, beforeAll, expect, test } from "bun:test";
import { call, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeAll(() => { ctx = makeTestApp(); });
afterAll(() => ctx.cleanup());

test("an admin manages keys and tickets, a user is kept out, and the audit log shows it all", async () => {
  const user = await signUpUser(ctx, "month");
  expect((await call(ctx.app, "GET", "/api/admin/sales", { token: user.token })).status).toBe(403);

  const admin = (await signInAdmin(ctx, "owner@example.com")).token;
  const generated = await call(ctx.app, "POST", "/api/admin/generate-product-key", { token: admin, body: { plan: "pro", count: 3 } });
  expect(generated.status).toBe(200);
  expect(generated.body).toHaveLength(3);

  const listed = await call(ctx.app, "GET", "/api/admin/product-keys", { token: admin });
  const listedKeys = listed.body.map((k: { key: string }) => k.key);
  for (const key of generated.body) expect(listedKeys).toContain(key.key);

  const unused = generated.body[0];
  expect((await call(ctx.app, "DELETE", `/api/admin/product-keys/${unused._id}`, { token: admin })).status).toBe(200);

  const usedKey = listed.body.find((k: { isUsed: boolean }) => k.isUsed);
  const refused = await call(ctx.app, "DELETE", `/api/admin/product-keys/${usedKey._id}`, { token: admin });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe("This product key has been used and cannot be deleted.");

  const ticket = await call(ctx.app, "POST", "/api/support/tickets", { body: { email: "buyer@example.com", subject: "technical", message: "The import stops halfway." } });
  expect(ticket.status).toBe(200);
  const tickets = await call(ctx.app, "GET", "/api/support/tickets", { token: admin });
  expect(tickets.body[0]).toMatchObject({ _id: ticket.body._id, status: "open", message: "The import stops halfway." });
  expect((await call(ctx.app, "PATCH", `/api/support/tickets/${ticket.body._id}`, { token: admin, body: { status: "closed" } })).status).toBe(200);

  const audit = await call(ctx.app, "GET", "/api/admin/audit", { token: admin });
  expect(audit.body.map((e: { action: string }) => e.action)).toEqual(["ticket.status", "product-key.delete", "product-keys.generate"]);
  expect(audit.body.every((e: { actorEmail: string }) => e.actorEmail === "owner@example.com")).toBe(true);
  expect(JSON.parse(audit.body[1].detail).key).toBe(unused.key);
});
