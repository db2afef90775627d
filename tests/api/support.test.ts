import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { TicketBody } from "../../src/shared/api-types";
import { eq } from "drizzle-orm";
import { auditLog, supportTickets } from "../../src/db/schema";
import { api, invalid, failure, makeTestApp, signInAdmin, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp();
});
afterEach(() => ctx.cleanup());

const create = (body: TicketBody) => api(ctx.app).api.support.tickets.post(body);
const stored = () => ctx.deps.db.select().from(supportTickets).orderBy(supportTickets.id);

describe("creating a ticket from the contact form", () => {
  test("anyone can send e-mail, subject and message, and the ticket starts open", async () => {
    const answer = await create({ email: "dev@example.com", subject: "billing", message: "Where is my key?" });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      email: "dev@example.com",
      subject: "billing",
      message: "Where is my key?",
      status: "open",
    });
    expect(typeof answer.data!._id).toBe("number");
    expect(await stored()).toHaveLength(1);
  });

  test("the subject is optional", async () => {
    const answer = await create({ email: "dev@example.com", message: "Hello" });
    expect(answer.status).toBe(200);
    expect(answer.data!.subject).toBeNull();
  });

  const badInputs: [string, unknown, string][] = [
    ["a malformed e-mail", { email: "nope", message: "hi" }, "Please enter a valid email address."],
    ["a missing e-mail", { message: "hi" }, "Please enter a valid email address."],
    [
      "an unknown subject",
      { email: "dev@example.com", subject: "sales", message: "hi" },
      "Subject must be one of technical, billing, feature or bug.",
    ],
    ["an empty message", { email: "dev@example.com", message: "" }, "Please write a message of 1 to 5000 characters."],
    [
      "a message of only spaces",
      { email: "dev@example.com", message: "   " },
      "Please write a message of 1 to 5000 characters.",
    ],
    [
      "a message over 5000 characters",
      { email: "dev@example.com", message: "x".repeat(5001) },
      "Please write a message of 1 to 5000 characters.",
    ],
  ];
  for (const [what, body, message] of badInputs) {
    test(`${what} answers 422 with a clear message and stores nothing`, async () => {
      const answer = await create(invalid(body));
      expect(answer.status).toBe(422);
      expect(failure(answer)?.message).toBe(message);
      expect(await stored()).toHaveLength(0);
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
        statuses.push(
          (await api(limited.app).api.support.tickets.post({ email: "dev@example.com", message: `m${i}` })).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const last = await api(limited.app).api.support.tickets.post({ email: "dev@example.com", message: "again" });
      expect(last.response.headers.get("retry-after")).not.toBeNull();
      expect(await limited.deps.db.select().from(supportTickets)).toHaveLength(5);
    } finally {
      limited.cleanup();
    }
  });
});

describe("tickets for admins", () => {
  test("the list is newest first", async () => {
    const admin = (await signInAdmin(ctx)).token;
    const first = (await create({ email: "a@example.com", message: "first" })).data;
    ctx.clock.advance(1000);
    const second = (await create({ email: "b@example.com", message: "second" })).data;
    const answer = await api(ctx.app, admin).api.support.tickets.get();
    expect(answer.status).toBe(200);
    expect(answer.data!.map((t) => t._id)).toEqual([second!._id, first!._id]);
  });

  test("limit and offset page through tickets", async () => {
    const admin = (await signInAdmin(ctx)).token;
    for (let i = 0; i < 3; i++) await create({ email: "a@example.com", message: `m${i}` });
    const answer = await api(ctx.app, admin).api.support.tickets.get({ query: { limit: 2, offset: 2 } });
    expect(answer.data).toHaveLength(1);
  });

  test("an admin closes and reopens a ticket", async () => {
    const admin = (await signInAdmin(ctx)).token;
    const ticket = (await create({ email: "a@example.com", message: "help" })).data;
    const closed = await api(ctx.app, admin).api.support.tickets({ id: ticket!._id }).patch({ status: "closed" });
    expect(closed.status).toBe(200);
    expect(closed.data!.status).toBe("closed");
    const reopened = await api(ctx.app, admin).api.support.tickets({ id: ticket!._id }).patch({ status: "open" });
    expect(reopened.data!.status).toBe("open");
  });

  test("a status change is recorded in the audit log", async () => {
    const admin = (await signInAdmin(ctx)).token;
    const ticket = (await create({ email: "a@example.com", message: "help" })).data;
    await api(ctx.app, admin).api.support.tickets({ id: ticket!._id }).patch({ status: "closed" });
    const [row] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "ticket.status"));
    expect(row.subject).toBe(`ticket:${ticket!._id}`);
    expect(JSON.parse(row.detail!).status).toBe("closed");
  });

  test("an unknown status answers 422 and changes nothing", async () => {
    const admin = (await signInAdmin(ctx)).token;
    const ticket = (await create({ email: "a@example.com", message: "help" })).data;
    const answer = await api(ctx.app, admin)
      .api.support.tickets({ id: ticket!._id })
      .patch(invalid({ status: "done" }));
    expect(answer.status).toBe(422);
    expect((await stored())[0].status).toBe("open");
  });

  test("an unknown ticket answers 404", async () => {
    const admin = (await signInAdmin(ctx)).token;
    const answer = await api(ctx.app, admin).api.support.tickets({ id: 777 }).patch({ status: "closed" });
    expect(answer.status).toBe(404);
  });
});
