/**
 * The dashboard's Support tab: the account's own tickets with their threads, and its answers. A ticket is
 * the account's when its confirmed address sent it; an address typed at sign-up and never confirmed shows
 * nothing, and an answer to someone else's ticket is the same 404 as one to no ticket.
 */
import { afterEach, beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { supportMessages, supportTickets } from "../../src/db/schema";
import { api, confirmAddressOf, makeTestApp, signInAdmin, signUpWithKey, type TestContext } from "../support/app";
import { paidWithDemoCard } from "../support/purchase";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp();
});
afterEach(() => ctx.cleanup());

async function ticketFrom(email: string, message: string) {
  const { data } = await api(ctx.app).api.support.tickets.post({ email, subject: "technical", message });
  return data!._id;
}

test("a confirmed account lists its tickets with their threads and answers one; the ticket is open again", async () => {
  const id = await ticketFrom("ada@example.com", "The import flips my frames.");
  const admin = (await signInAdmin(ctx)).token;
  await api(ctx.app, admin).api.support.tickets({ id }).replies.post({ message: "Which version?" });
  const bought = await paidWithDemoCard(ctx, "month", "ada@example.com");
  const ada = await signUpWithKey(ctx, "ada@example.com", bought.key);
  expect((await api(ctx.app, ada.token).api.account.tickets.get()).data!.tickets).toEqual([]);
  await confirmAddressOf(ctx, "ada@example.com");

  const listed = (await api(ctx.app, ada.token).api.account.tickets.get()).data!.tickets;
  expect(listed).toEqual([
    expect.objectContaining({
      id,
      number: `#${id}`,
      status: "waiting",
      messages: [
        expect.objectContaining({ author: "buyer", body: "The import flips my frames." }),
        expect.objectContaining({ author: "support", body: "Which version?" }),
      ],
    }),
  ]);
  const answered = await api(ctx.app, ada.token).api.account.tickets({ id }).messages.post({ message: "  1.4.2 " });
  expect(answered.status).toBe(200);
  expect(answered.data!.status).toBe("open");
  expect(answered.data!.messages.at(-1)).toMatchObject({ author: "buyer", body: "1.4.2" });
  const [ticket] = await ctx.deps.db.select().from(supportTickets).where(eq(supportTickets.id, id));
  expect(ticket!.status).toBe("open");
});

test("someone else's ticket, an unknown one and an empty answer change nothing", async () => {
  const other = await ticketFrom("other@example.com", "Not yours.");
  const bought = await paidWithDemoCard(ctx, "month", "ada@example.com");
  const ada = await signUpWithKey(ctx, "ada@example.com", bought.key);
  await confirmAddressOf(ctx, "ada@example.com");
  const own = await ticketFrom("ada@example.com", "Mine.");

  expect(
    (await api(ctx.app, ada.token).api.account.tickets({ id: other }).messages.post({ message: "hi" })).status,
  ).toBe(404);
  expect(
    (await api(ctx.app, ada.token).api.account.tickets({ id: 99999 }).messages.post({ message: "hi" })).status,
  ).toBe(404);
  expect(
    (await api(ctx.app, ada.token).api.account.tickets({ id: own }).messages.post({ message: "   " })).status,
  ).toBe(422);
  expect((await api(ctx.app).api.account.tickets.get()).status).toBe(401);
  expect(await ctx.deps.db.select().from(supportMessages)).toEqual([]);
  expect((await api(ctx.app, ada.token).api.account.tickets.get()).data!.tickets.map((t) => t.id)).toEqual([own]);
});

test("an address typed at sign-up and never confirmed shows none of that address's tickets", async () => {
  await ticketFrom("victim@example.com", "Private.");
  const bought = await paidWithDemoCard(ctx, "month", "m@example.com");
  const m = await signUpWithKey(ctx, "victim@example.com", bought.key);
  expect((await api(ctx.app, m.token).api.account.tickets.get()).data!.tickets).toEqual([]);
});
