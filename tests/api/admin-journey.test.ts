import { afterAll, beforeAll, expect, test } from "bun:test";
import { api, failure, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeAll(() => {
  ctx = makeTestApp();
});
afterAll(() => ctx.cleanup());

test("an admin manages keys and tickets, a user is kept out, and the audit log shows it all", async () => {
  const user = await signUpUser(ctx, "month");
  expect((await api(ctx.app, user.token).api.admin.sales.get()).status).toBe(403);

  const admin = (await signInAdmin(ctx, "owner@example.com")).token;
  const generated = await api(ctx.app, admin).api.admin["generate-product-key"].post({ plan: "pro", count: 3 });
  expect(generated.status).toBe(200);
  expect(generated.data).toHaveLength(3);

  const listed = await api(ctx.app, admin).api.admin["product-keys"].get();
  const listedKeys = listed.data!.map((k) => k.key);
  for (const key of generated.data!) expect(listedKeys).toContain(key.key);

  const unused = generated.data![0];
  expect((await api(ctx.app, admin).api.admin["product-keys"]({ id: unused._id }).delete()).status).toBe(200);

  const usedKey = listed.data!.find((k) => k.isUsed);
  const refused = await api(ctx.app, admin).api.admin["product-keys"]({ id: usedKey!._id }).delete();
  expect(refused.status).toBe(409);
  expect(failure(refused)?.message).toBe("This product key has been used and cannot be deleted.");

  const ticket = await api(ctx.app).api.support.tickets.post({
    email: "buyer@example.com",
    subject: "technical",
    message: "The import stops halfway.",
  });
  expect(ticket.status).toBe(200);
  const tickets = await api(ctx.app, admin).api.support.tickets.get();
  expect(tickets.data![0]).toMatchObject({
    _id: ticket.data!._id,
    status: "open",
    message: "The import stops halfway.",
  });
  expect(
    (await api(ctx.app, admin).api.support.tickets({ id: ticket.data!._id }).patch({ status: "closed" })).status,
  ).toBe(200);

  const audit = await api(ctx.app, admin).api.admin.audit.get();
  expect(audit.data!.map((e) => e.action)).toEqual(["ticket.status", "product-key.delete", "product-keys.generate"]);
  expect(audit.data!.every((e) => e.actorEmail === "owner@example.com")).toBe(true);
  expect(JSON.parse(audit.data![1].detail!).key).toBe(unused.key);
});
