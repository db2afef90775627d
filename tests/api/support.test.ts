import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, supportTickets } from "../../src/db/schema";
import { call, makeTestApp, signInAdmin, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => { ctx = makeTestApp(); });
afterEach(() => ctx.cleanup());

const create = (body: unknown) => call(ctx.app, "POST", "/api/support/tickets", { body });
const stored = () => ctx.deps.db.select().from(supportTickets).all();

describe("creating a ticket from the contact form", () => {
  test("anyone can send e-mail, subject and message, and the ticket starts open", async () => {
    const answer = await create({ email: "dev@example.com", subject: "billing", message: "Where is my key?" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: "dev@example.com", subject: "billing", message: "Where is my key?", status: "open" });
    expect(typeof answer.body._id).toBe("number");
    expect(stored()).toHaveLength(1);
  });

  test("the subject is optional", async () => {
    const answer = await create({ email: "dev@example.com", message: "Hello" });
    expect(answer.status).toBe(200);
    expect(answer.body.subject).toBeNull();
  });

  const badInputs: [string, unknown, string][] = [
    ["a malformed e-mail", { email: "nope", message: "hi" }, "Please enter a valid email address."],
    ["a missing e-mail", { message: "hi" }, "Please enter a valid email address."],
    ["an unknown subject", { email: "dev@example.com", subject: "sales", message: "hi" }, "Subject must be one of technical, billing, feature or bug."],
    ["an empty message", { email: "dev@example.com", message: "" }, "Please write a message of 1 to 5000 characters."],
    ["a message of only spaces", { email: "dev@example.com", message: "   " }, "Please write a message of 1 to 5000 characters."],
    ["a message over 5000 characters", { email: "dev@example.com", message: "x".repeat(5001) }, "Please write a message of 1 to 5000 characters."],
  ];
  for (const [what, body, message] of badInputs) {
    test(`${what} answers 422 with a clear message and stores nothing`, async () => {
      const answer = await create(body);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe(message);
      expect(stored()).toHaveLength(0);
    });
  }

  test("a message of exactly 5000 characters is accepted", async () => {
    const answer = await create({ email: "dev@example.com", message: "x".repeat(5000) });
    expect(answer.status).toBe(200);
  });

  test("one address sending too many tickets gets 429 with Retry-After", async () => {
    const limited = makeTestApp({ rateLimits: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await call(limited.app, "POST", "/api/support/tickets", { body: { email: "dev@example.com", message: `m${i}` } })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const last = await call(limited.app, "POST", "/api/support/tickets", { body: { email: "dev@example.com", message: "again" } });
      expect(last.headers.get("retry-after")).not.toBeNull();
      expect(limited.deps.db.select().from(supportTickets).all()).toHaveLength(5);
    } finally {
      limited.cleanup();
    }
  });
});

describe("tickets for admins", () => {
  test("the list is newest first", async () => {
    const admin = (await signInAdmin(ctx)).token;
    const first = (await create({ email: "a@example.com", message: "first" })).body;
    ctx.clock.advance(1000);
    const second = (await create({ email: "b@example.com", message: "second" })).body;
    const answer = await call(ctx.app, "GET", "/api/support/tickets", { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.map((t: { _id: number }) => t._id)).toEqual([second._id, first._id]);
  });

  test("limit and offset page through tickets", async () => {
    const admin = (await signInAdmin(ctx)).token;
    for (let i = 0; i < 3; i++) await create({ email: "a@example.com", message: `m${i}` });
    const answer = await call(ctx.app, "GET", "/api/support/tickets?limit=2&offset=2", { token: admin });
    expect(answer.body).toHaveLength(1);
  });

  test("an admin closes and reopens a ticket", async () => {
    const admin = (await signInAdmin(ctx)).token;
    const ticket = (await create({ email: "a@example.com", message: "help" })).body;
    const closed = await call(ctx.app, "PATCH", `/api/support/tickets/${ticket._id}`, { token: admin, body: { status: "closed" } });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe("closed");
    const reopened = await call(ctx.app, "PATCH", `/api/support/tickets/${ticket._id}`, { token: admin, body: { status: "open" } });
    expect(reopened.body.status).toBe("open");
  });

  test("a status change is recorded in the audit log", async () => {
    const admin = (await signInAdmin(ctx)).token;
    const ticket = (await create({ email: "a@example.com", message: "help" })).body;
    await call(ctx.app, "PATCH", `/api/support/tickets/${ticket._id}`, { token: admin, body: { status: "closed" } });
    const row = ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "ticket.status")).get()!;
    expect(row.subject).toBe(`ticket:${ticket._id}`);
    expect(JSON.parse(row.detail!).status).toBe("closed");
  });

  test("an unknown status answers 422 and changes nothing", async () => {
    const admin = (await signInAdmin(ctx)).token;
    const ticket = (await create({ email: "a@example.com", message: "help" })).body;
    const answer = await call(ctx.app, "PATCH", `/api/support/tickets/${ticket._id}`, { token: admin, body: { status: "done" } });
    expect(answer.status).toBe(422);
    expect(stored()[0].status).toBe("open");
  });

  test("an unknown ticket answers 404", async () => {
    const admin = (await signInAdmin(ctx)).token;
    const answer = await call(ctx.app, "PATCH", "/api/support/tickets/777", { token: admin, body: { status: "closed" } });
    expect(answer.status).toBe(404);
  });
});
