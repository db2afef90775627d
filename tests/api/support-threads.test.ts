/**
 * Support that answers, through the API: the sender's acknowledgement with the ticket's number and link,
 * an admin's answer e-mailed with a fresh link, the sender's answer through it, the thread in order, the
 * statuses; a link shows its own ticket and never another; limits on size and rate; and what the admin
 * sees beside a ticket (the sender's account, subscription, keys and purchases) and does from there.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, emails, supportMessages, supportTickets } from "../../src/db/schema";
import { DAY } from "../../src/lib/clock";
import { signSessionToken } from "../../src/lib/session-token";
import { api, call, failure, invalid, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";
import { eachTestWithAdmin } from "../support/each-test";
import { paidWithDemoCard } from "../support/purchase";

let ctx: TestContext;
let admin: string;
eachTestWithAdmin((made) => ({ ctx, admin } = made));

async function openTicket(email = "buyer@example.com", message = "My key never arrived.", context = ctx) {
  const answer = await api(context.app).api.support.tickets.post({ email, subject: "billing", message });
  expect(answer.status).toBe(200);
  return answer.data!;
}

/** The outbox's e-mails of one template, oldest first. */
const outbox = async (template: string, context = ctx) =>
  (await context.deps.db.select().from(emails).where(eq(emails.template, template)).orderBy(emails.id)).map(
    (row): Record<string, any> => ({ to: row.to, subject: row.subject, ...row.payload }),
  );

/** The token of the newest link e-mailed about ticket `number`. */
async function latestToken(number: string, context = ctx): Promise<string> {
  const mail = [...(await outbox("support-received", context)), ...(await outbox("support-reply", context))]
    .filter((row) => row.number === number)
    .at(-1)!;
  const url = new URL(mail.ticketUrl as string);
  expect(url.pathname).toBe("/support/ticket");
  return url.searchParams.get("token")!;
}

const thread = (token: string, context = ctx) => api(context.app).api.support["ticket-link"].get({ query: { token } });
const answer = (token: string, message: string, context = ctx) =>
  api(context.app).api.support["ticket-link"].messages.post({ token, message });
const reply = (id: number, message: string, close?: boolean, token = admin) =>
  api(ctx.app, token)
    .api.support.tickets({ id })
    .replies.post(close === undefined ? { message } : { message, close });
const detail = (id: number, token = admin) => api(ctx.app, token).api.support.tickets({ id }).get();

describe("the acknowledgement", () => {
  test("the sender is e-mailed the ticket's number and a link to its page", async () => {
    const ticket = await openTicket("Buyer@Example.com");
    const [ack] = await outbox("support-received");
    expect(ack).toMatchObject({
      to: "buyer@example.com",
      number: `#${ticket._id}`,
      subject: `We got your message (Layerlift ticket #${ticket._id})`,
      subjectLabel: "Billing",
      responseHours: 24,
      linkDays: 30,
    });
    expect(ack.ticketUrl).toStartWith(`${ctx.deps.config.appUrl}/support/ticket?token=`);
    const page = await thread(await latestToken(`#${ticket._id}`));
    expect(page.data).toMatchObject({
      number: `#${ticket._id}`,
      subject: "billing",
      status: "open",
      messages: [{ author: "buyer", body: "My key never arrived." }],
    });
  });

  test("one address gets at most 5 new tickets in a row, whatever address they are sent from", async () => {
    const limited = makeTestApp({ rateLimits: true, env: { TRUST_PROXY: "1" } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const sent = await call(limited.app, "POST", "/api/support/tickets", {
          body: { email: "victim@example.com", message: `Message ${i}` },
          headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
        });
        statuses.push(sent.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(await outbox("support-received", limited)).toHaveLength(5);
    } finally {
      limited.cleanup();
    }
  });
});

describe("the thread", () => {
  test("an admin's answer is e-mailed with a link; the ticket waits for the buyer, whose answer opens it again", async () => {
    const ticket = await openTicket();
    const replied = await reply(ticket._id, "Sorry about that!\n\nIt's on its way again.");
    expect(replied.status).toBe(200);
    expect(replied.data!.ticket.status).toBe("waiting");
    const [mail] = await outbox("support-reply");
    expect(mail).toMatchObject({
      to: "buyer@example.com",
      subject: `Re: your Layerlift ticket #${ticket._id}`,
      number: `#${ticket._id}`,
      reply: "Sorry about that!\n\nIt's on its way again.",
      closed: false,
    });

    const answered = await answer(await latestToken(`#${ticket._id}`), "  Got it, thanks!  ");
    expect(answered.status).toBe(200);
    expect(answered.data!.status).toBe("open");
    expect(answered.data!.messages.map((m) => [m.author, m.body])).toEqual([
      ["buyer", "My key never arrived."],
      ["support", "Sorry about that!\n\nIt's on its way again."],
      ["buyer", "Got it, thanks!"],
    ]);
    const seen = await detail(ticket._id);
    expect(seen.data!.ticket).toMatchObject({ status: "open", messageCount: 3 });
    const other = await openTicket("someone-else@example.com", "Unanswered");
    const listed = (await api(ctx.app, admin).api.support.tickets.get()).data!;
    expect(listed.map((t) => [t._id, t.messageCount])).toEqual([
      [other._id, 1],
      [ticket._id, 3],
    ]);
    expect(seen.data!.messages.map((m) => [m.author, m.body, m.adminEmail])).toEqual([
      ["buyer", "My key never arrived.", null],
      ["support", "Sorry about that!\n\nIt's on its way again.", "admin@example.com"],
      ["buyer", "Got it, thanks!", null],
    ]);
  });

  test("every message shows in the order it was written, on the ticket's page and in the admin panel", async () => {
    const ticket = await openTicket();
    for (let i = 1; i <= 3; i++) {
      ctx.clock.advance(60_000);
      await reply(ticket._id, `Answer ${i}`);
      ctx.clock.advance(60_000);
      await answer(await latestToken(`#${ticket._id}`), `Question ${i + 1}`);
    }
    const expected = [
      "My key never arrived.",
      "Answer 1",
      "Question 2",
      "Answer 2",
      "Question 3",
      "Answer 3",
      "Question 4",
    ];
    const page = (await thread(await latestToken(`#${ticket._id}`))).data!;
    expect(page.messages.map((m) => m.body)).toEqual(expected);
    const times = page.messages.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect((await detail(ticket._id)).data!.messages.map((m) => m.body)).toEqual(expected);
  });

  test("an answer with close: true closes the ticket and says so; the buyer answering opens it again", async () => {
    const ticket = await openTicket();
    const closed = await reply(ticket._id, "Fixed in the latest version.", true);
    expect(closed.data!.ticket.status).toBe("closed");
    expect((await outbox("support-reply"))[0].closed).toBe(true);
    const reopened = await answer(await latestToken(`#${ticket._id}`), "Still broken here.");
    expect(reopened.data!.status).toBe("open");
  });

  test("an answer is audited as the admin's", async () => {
    const ticket = await openTicket();
    await reply(ticket._id, "On it.");
    const [row] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "ticket.reply"));
    expect(row).toMatchObject({ subject: `ticket:${ticket._id}` });
    expect(row.actorUserId).not.toBeNull();
  });

  test("an admin sets waiting by hand, and the list shows each status on its own", async () => {
    const first = await openTicket("a@example.com");
    const second = await openTicket("b@example.com");
    const third = await openTicket("c@example.com");
    await api(ctx.app, admin).api.support.tickets({ id: second._id }).patch({ status: "waiting" });
    await api(ctx.app, admin).api.support.tickets({ id: third._id }).patch({ status: "closed" });
    const ids = async (status?: "open" | "waiting" | "closed") =>
      (await api(ctx.app, admin).api.support.tickets.get({ query: status ? { status } : {} })).data!.map((t) => t._id);
    expect(await ids("open")).toEqual([first._id]);
    expect(await ids("waiting")).toEqual([second._id]);
    expect(await ids("closed")).toEqual([third._id]);
    expect(await ids()).toEqual([third._id, second._id, first._id]);
  });

  test("a ticket from before threads existed shows its message first and can be answered", async () => {
    const [old] = await ctx.deps.db
      .insert(supportTickets)
      .values({
        email: "early@example.com",
        subject: null,
        message: "Hello from last year.",
        createdAt: ctx.clock.now(),
      })
      .returning();
    expect((await detail(old.id)).data!.messages.map((m) => m.body)).toEqual(["Hello from last year."]);
    await reply(old.id, "Welcome back!");
    const page = await thread(await latestToken(`#${old.id}`));
    expect(page.data!.messages.map((m) => m.body)).toEqual(["Hello from last year.", "Welcome back!"]);
  });
});

describe("a ticket's link", () => {
  test("shows its own ticket and never another: not by changing the id, not with another ticket's signature", async () => {
    const mine = await openTicket("mine@example.com", "Mine: secret details.");
    const theirs = await openTicket("theirs@example.com", "Theirs: other secret details.");
    const myToken = await latestToken(`#${mine._id}`);
    const theirToken = await latestToken(`#${theirs._id}`);
    expect((await thread(myToken)).data!.messages.map((m) => m.body)).toEqual(["Mine: secret details."]);

    const [, expiry, signature] = myToken.split(".");
    const forged = [
      `${theirs._id}.${expiry}.${signature}`,
      `${theirs._id}.${theirToken.split(".")[1]}.${signature}`,
      `${mine._id}.${Number(expiry) + DAY}.${signature}`,
      `${mine._id}.${expiry}.${theirToken.split(".")[2]}`,
      `${mine._id}.${expiry}.${"A".repeat(43)}`,
      "not-a-token",
      await signSessionToken(ctx.deps.jwtSecret, { userId: mine._id, tokenVersion: 0 }, ctx.clock.now()),
    ];
    for (const token of forged) {
      const shown = await thread(token);
      expect({ token, status: shown.status, body: JSON.stringify(shown.data) }).toEqual({
        token,
        status: 404,
        body: "null",
      });
      expect(failure(shown)).toMatchObject({ error: "TICKET_LINK_INVALID" });
      expect((await answer(token, "Let me in")).status).toBe(404);
    }
    // Nothing was written anywhere, and my link still writes only to my ticket.
    expect(await ctx.deps.db.select().from(supportMessages)).toHaveLength(0);
    await answer(myToken, "More from me.");
    const stored = await ctx.deps.db.select().from(supportMessages);
    expect(stored.map((m) => [m.ticketId, m.body])).toEqual([[mine._id, "More from me."]]);
    expect((await thread(theirToken)).data!.messages.map((m) => m.body)).toEqual(["Theirs: other secret details."]);
  });

  test("a ticket that got the same id after a restore of an older backup is not shown by the old link", async () => {
    const gone = await openTicket("before@example.com", "Before the restore.");
    const token = await latestToken(`#${gone._id}`);
    await ctx.deps.db.delete(supportTickets).where(eq(supportTickets.id, gone._id));
    await ctx.deps.db
      .insert(supportTickets)
      .values({ id: gone._id, email: "after@example.com", message: "After the restore.", createdAt: ctx.clock.now() });
    expect((await thread(token)).status).toBe(404);
    await ctx.deps.db
      .update(supportTickets)
      .set({ linkNonce: "some-other-nonce" })
      .where(eq(supportTickets.id, gone._id));
    expect((await thread(token)).status).toBe(404);
    expect((await answer(token, "hello")).status).toBe(404);
  });

  test("works for SUPPORT_LINK_DAYS (30), then answers 410 with a sentence naming the ticket", async () => {
    const ticket = await openTicket();
    const token = await latestToken(`#${ticket._id}`);
    ctx.clock.advance(30 * DAY - 1000);
    expect((await thread(token)).status).toBe(200);
    ctx.clock.advance(1000);
    const expired = await thread(token);
    expect(expired.status).toBe(410);
    expect(failure(expired)).toMatchObject({
      error: "TICKET_LINK_EXPIRED",
      message: `This link has expired. The newest e-mail about ticket #${ticket._id} has one that works, or write to us again from the support page.`,
    });
    expect((await answer(token, "late")).status).toBe(410);
    // An answer from us brings a fresh link.
    const freshAdmin = (await signInAdmin(ctx)).token;
    await reply(ticket._id, "Still there?", undefined, freshAdmin);
    expect((await thread(await latestToken(`#${ticket._id}`))).status).toBe(200);
  });

  test("SUPPORT_LINK_DAYS sets how long a link works", async () => {
    const short = makeTestApp({ env: { SUPPORT_LINK_DAYS: "2" } });
    try {
      const ticket = await openTicket("short@example.com", "Hi", short);
      const token = await latestToken(`#${ticket._id}`, short);
      short.clock.advance(2 * DAY);
      expect((await thread(token, short)).status).toBe(410);
      expect((await outbox("support-received", short))[0].linkDays).toBe(2);
    } finally {
      short.cleanup();
    }
  });
});

describe("limits on every message", () => {
  const tooLong = "x".repeat(5001);

  test("an answer over 5000 characters, or of only spaces, is refused and stores nothing", async () => {
    const ticket = await openTicket();
    const token = await latestToken(`#${ticket._id}`);
    for (const message of [tooLong, "   ", ""]) {
      const refused = await answer(token, message);
      expect(refused.status).toBe(422);
      expect(failure(refused)?.message).toBe("Please write a message of 1 to 5000 characters.");
      const byAdmin = await reply(ticket._id, message);
      expect(byAdmin.status).toBe(422);
    }
    expect((await answer(token, "x".repeat(5000))).status).toBe(200);
    expect(await ctx.deps.db.select().from(supportMessages)).toHaveLength(1);
    expect(await outbox("support-reply")).toHaveLength(0);
  });

  test("a link's answers are limited per ticket, whatever address they come from, and per address", async () => {
    const limited = makeTestApp({ rateLimits: true, env: { TRUST_PROXY: "1" } });
    try {
      const ticket = await openTicket("flood@example.com", "First", limited);
      const token = await latestToken(`#${ticket._id}`, limited);
      const send = (ip: string) =>
        call(limited.app, "POST", "/api/support/ticket-link/messages", {
          body: { token, message: "again" },
          headers: { "x-forwarded-for": ip },
        });
      const perTicket: number[] = [];
      for (let i = 0; i < 12; i++) perTicket.push((await send(`198.51.100.${i + 1}`)).status);
      expect(perTicket.filter((s) => s === 200)).toHaveLength(10);
      expect(perTicket.slice(10)).toEqual([429, 429]);

      const other = await openTicket("other@example.com", "Second", limited);
      const otherToken = await latestToken(`#${other._id}`, limited);
      const perAddress: number[] = [];
      for (let i = 0; i < 7; i++)
        perAddress.push(
          (
            await call(limited.app, "POST", "/api/support/ticket-link/messages", {
              body: { token: otherToken, message: "hi" },
              headers: { "x-forwarded-for": "192.0.2.7" },
            })
          ).status,
        );
      // 5 in a burst from one client address, as the admin guide says.
      expect(perAddress).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const retry = await send("198.51.100.99");
      expect(retry.headers.get("retry-after")).not.toBeNull();
      expect(await limited.deps.db.select().from(supportMessages)).toHaveLength(15);
    } finally {
      limited.cleanup();
    }
  });

  test("an admin's answers are limited too", async () => {
    const limited = makeTestApp({ rateLimits: true });
    try {
      const token = (await signInAdmin(limited)).token;
      const ticket = await openTicket("patient@example.com", "Hello", limited);
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++)
        statuses.push(
          (
            await api(limited.app, token)
              .api.support.tickets({ id: ticket._id })
              .replies.post({ message: `${i}` })
          ).status,
        );
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.slice(20)).toEqual([429, 429]);
    } finally {
      limited.cleanup();
    }
  });
});

describe("beside a ticket, for admins", () => {
  test("the sender's account, subscription, keys and purchases, matched by the ticket's address", async () => {
    const bought = await paidWithDemoCard(ctx, "pro", "customer@example.com");
    const signedUp = await api(ctx.app).api.auth.signup.post({
      email: "customer@example.com",
      password: "correct horse",
      confirmPassword: "correct horse",
      productKey: bought.key,
    });
    const unused = await paidWithDemoCard(ctx, "month", "customer@example.com");
    await paidWithDemoCard(ctx, "lifetime", "stranger@example.com");
    const ticket = await openTicket("customer@example.com", "How do I renew?");
    const { sender } = (await detail(ticket._id)).data!;
    expect(sender.account).toMatchObject({ id: signedUp.data!.user.id, email: "customer@example.com" });
    expect(sender.account!.subscription).toMatchObject({ plan: "pro", status: "active" });
    expect(sender.keys.map((k) => [k.key, k.isUsed]).sort()).toEqual(
      [
        [bought.key, true],
        [unused.key, false],
      ].sort(),
    );
    expect(sender.purchases.map((p) => [p._id, p.plan, p.email])).toEqual([
      [(await unused.sale()).id, "month", "customer@example.com"],
      [(await bought.sale()).id, "pro", "customer@example.com"],
    ]);
    expect(sender.purchases[0].invoiceUrl).toStartWith("/api/invoices/");
  });

  test("a sender without an account: their purchases, no account", async () => {
    const bought = await paidWithDemoCard(ctx, "month", "guest@example.com");
    const ticket = await openTicket("guest@example.com", "Lost my key");
    const { sender } = (await detail(ticket._id)).data!;
    expect(sender.account).toBeNull();
    expect(sender.purchases.map((p) => p._id)).toEqual([(await bought.sale()).id]);
    expect(sender.keys.map((k) => k.key)).toEqual([bought.key]);
  });

  test("Resend keys e-mails every key bought with the address, audited; with none it is a 409", async () => {
    const bought = await paidWithDemoCard(ctx, "pro", "forgetful@example.com");
    const ticket = await openTicket("forgetful@example.com", "Where is my key?");
    const sent = await api(ctx.app, admin).api.support.tickets({ id: ticket._id })["resend-keys"].post();
    expect(sent.status).toBe(200);
    expect(sent.data!.message).toBe("E-mailed the key bought with forgetful@example.com.");
    const [mail] = await outbox("lost-keys");
    expect(mail.to).toBe("forgetful@example.com");
    expect((mail.keys as { key: string }[]).map((k) => k.key)).toEqual([bought.key]);
    expect(await ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "product-keys.resend"))).toHaveLength(1);

    const nothing = await openTicket("never-bought@example.com", "Hi");
    const refused = await api(ctx.app, admin).api.support.tickets({ id: nothing._id })["resend-keys"].post();
    expect(refused.status).toBe(409);
    expect(failure(refused)?.message).toBe("No paid purchase made with never-bought@example.com has a key to send.");
  });

  test("a refund made from beside the ticket shows on the ticket's purchases", async () => {
    const bought = await paidWithDemoCard(ctx, "month", "refundme@example.com");
    const ticket = await openTicket("refundme@example.com", "Please refund me.");
    const saleId = (await detail(ticket._id)).data!.sender.purchases[0]._id;
    expect((await api(ctx.app, admin).api.admin.sales({ id: saleId }).refund.post({})).status).toBe(200);
    expect((await detail(ticket._id)).data!.sender.purchases[0]).toMatchObject({
      _id: (await bought.sale()).id,
      status: "refunded",
    });
  });

  test("only admins see a ticket, answer it or resend keys; an unknown ticket is a 404", async () => {
    const ticket = await openTicket();
    const member = await signUpUser(ctx);
    for (const token of ["", member.token]) {
      expect((await detail(ticket._id, token)).status).toBe(token ? 403 : 401);
      expect((await reply(ticket._id, "hi", undefined, token)).status).toBe(token ? 403 : 401);
      expect((await api(ctx.app, token).api.support.tickets({ id: ticket._id })["resend-keys"].post()).status).toBe(
        token ? 403 : 401,
      );
    }
    expect((await detail(9999)).status).toBe(404);
    expect((await reply(9999, "hello?")).status).toBe(404);
    expect(await outbox("support-reply")).toHaveLength(0);
  });

  test("a status that isn't open, waiting or closed is refused", async () => {
    const ticket = await openTicket();
    const refused = await api(ctx.app, admin)
      .api.support.tickets({ id: ticket._id })
      .patch(invalid({ status: "done" }));
    expect(refused.status).toBe(422);
    expect(failure(refused)?.message).toBe("Status must be open, waiting or closed.");
  });
});
