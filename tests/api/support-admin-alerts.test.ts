/**
 * The admins hear of support: a new ticket and a sender's answer each e-mail every admin who keeps Email
 * notifications on, once per message; an admin's own answer and a refused message e-mail nobody.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { emails } from "../../src/db/schema";
import { api, signInAdmin, signUpUser, type TestContext } from "../support/app";
import { eachTestWithAdmin } from "../support/each-test";

let ctx: TestContext;
let admin: string;
eachTestWithAdmin((made) => ({ ctx, admin } = made));

const alerts = async () =>
  (await ctx.deps.db.select().from(emails).where(eq(emails.template, "support-alert")).orderBy(emails.id)).map(
    (row) => ({ to: row.to, subject: row.subject, lines: row.payload.lines as string[] }),
  );

async function openTicket(message = "I paid twice this morning.") {
  const answer = await api(ctx.app).api.support.tickets.post({
    email: "buyer@example.com",
    subject: "billing",
    message,
  });
  expect(answer.status).toBe(200);
  return answer.data!;
}

async function linkToken(): Promise<string> {
  const [ack] = await ctx.deps.db.select().from(emails).where(eq(emails.template, "support-received")).limit(1);
  return new URL(ack!.payload.ticketUrl as string).searchParams.get("token")!;
}

describe("admins are e-mailed about support", () => {
  test("a new ticket e-mails every admin once, with who wrote, the subject and the message's start", async () => {
    await signInAdmin(ctx, "second-admin@example.com");
    const ticket = await openTicket();
    const sent = await alerts();
    expect(sent.map((mail) => mail.to)).toEqual(["admin@example.com", "second-admin@example.com"]);
    expect(sent[0]).toMatchObject({
      subject: `Layerlift: New support ticket #${ticket._id}`,
      lines: [
        "buyer@example.com wrote about billing:",
        "“I paid twice this morning.”",
        expect.stringContaining("Support tab"),
      ],
    });
  });

  test("an admin who turned Email notifications off gets none", async () => {
    const quiet = await signInAdmin(ctx, "quiet-admin@example.com");
    expect((await api(ctx.app, quiet.token).api.user.settings.put({ notifications: false })).status).toBe(200);
    await openTicket();
    expect((await alerts()).map((mail) => mail.to)).toEqual(["admin@example.com"]);
  });

  test("the sender's answer e-mails the admins once; an admin's own answer e-mails no admin", async () => {
    const ticket = await openTicket();
    const reply = await api(ctx.app, admin)
      .api.support.tickets({ id: ticket._id })
      .replies.post({ message: "Refunded one of them." });
    expect(reply.status).toBe(200);
    expect(await alerts()).toHaveLength(1);
    const answered = await api(ctx.app).api.support["ticket-link"].messages.post({
      token: await linkToken(),
      message: "Thanks, I see it.",
    });
    expect(answered.status).toBe(200);
    const sent = await alerts();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      to: "admin@example.com",
      subject: `Layerlift: An answer on support ticket #${ticket._id}`,
      lines: ["buyer@example.com answered about billing:", "“Thanks, I see it.”", expect.any(String)],
    });
  });

  test("a long message is cut in the e-mail; a refused one e-mails nobody", async () => {
    await openTicket("x".repeat(1000));
    const [mail] = await alerts();
    expect(mail!.lines[1]!.length).toBeLessThan(310);
    expect(mail!.lines[1]).toEndWith("…”");
    const refused = await api(ctx.app).api.support.tickets.post({ email: "buyer@example.com", message: "   " });
    expect(refused.status).toBe(422);
    expect(await alerts()).toHaveLength(1);
  });

  test("an account that is not an admin gets no alert, whatever its settings", async () => {
    const buyer = await signUpUser(ctx);
    await openTicket();
    expect((await alerts()).map((mail) => mail.to)).toEqual(["admin@example.com"]);
    expect((await alerts()).map((mail) => mail.to)).not.toContain(buyer.email);
  });
});
