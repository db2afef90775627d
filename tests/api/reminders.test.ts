/**
 * Renewal reminders: 7 days and 1 day before the end, and when access has ended; once per period,
 * on however many servers; none with notifications off, for lifetime or cancelled subscriptions.
 * Also `layerlift reminders` from the command line, and the scheduler a server runs.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import { closeDatabase } from "../../src/db";
import { emails, renewalReminders, subscriptions, users } from "../../src/db/schema";
import { DAY, HOUR } from "../../src/lib/clock";
import {
  dueReminders,
  REMINDER_BATCH,
  reminderDue,
  sendDueReminders,
  sendReminderBatch,
} from "../../src/features/reminders/service";
import { startReminderScheduler } from "../../src/features/reminders/scheduler";
import { renderEmail } from "../../src/features/email/templates/render";
import { captureLog } from "../support/log";
import { api, makeTestApp, openSameDatabase, signUpUser, type TestContext } from "../support/app";
import { onPostgres } from "../support/postgres-pass";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp();
});
afterEach(() => ctx.cleanup());

/** The two reminders and the access-ended e-mail. */
const reminderEmails = async (to?: string) =>
  (
    await ctx.deps.db
      .select()
      .from(emails)
      .where(inArray(emails.template, ["renewal-reminder", "access-ended"]))
      .orderBy(emails.id)
  ).filter((e) => !to || e.to === to);

async function subscriber(plan: "month" | "pro" | "lifetime" = "month") {
  const user = await signUpUser(ctx, plan);
  const [sub] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.user.id));
  return { ...user, end: sub.endDate };
}

/** `count` accounts with a month subscription ending `endsIn(i)` from now, written directly; answers the subscription ids. */
async function manySubscriptions(
  count: number,
  options: { status: "active" | "cancelled"; endsIn: (i: number) => number },
): Promise<number[]> {
  const now = ctx.clock.now();
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const id = await ctx.deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: `pending${i}@example.com`, passwordHash: "x", createdAt: now })
        .returning();
      await tx
        .update(users)
        .set({ email: `sub${user.id}@example.com` })
        .where(eq(users.id, user.id));
      const [sub] = await tx
        .insert(subscriptions)
        .values({
          userId: user.id,
          plan: "month",
          status: options.status,
          startDate: now - 20 * DAY,
          endDate: now + options.endsIn(i),
          cancelledAt: options.status === "cancelled" ? now : null,
        })
        .returning();
      return sub.id;
    });
    ids.push(id);
  }
  return ids;
}

describe("which reminder is due", () => {
  test("7 days before, 1 day before, and in the 3 days after the end; nothing else", () => {
    const end = Date.UTC(2026, 11, 1);
    expect(reminderDue(end, end - 8 * DAY)).toBeNull();
    expect(reminderDue(end, end - 7 * DAY)).toBe("7-days");
    expect(reminderDue(end, end - 2 * DAY)).toBe("7-days");
    expect(reminderDue(end, end - DAY)).toBe("1-day");
    expect(reminderDue(end, end - 1)).toBe("1-day");
    expect(reminderDue(end, end)).toBe("ended");
    expect(reminderDue(end, end + 3 * DAY - 1)).toBe("ended");
    expect(reminderDue(end, end + 3 * DAY)).toBeNull();
  });
});

describe("sending reminders", () => {
  test("a month subscriber gets each of the three once, saying what ends when and linking to renewing", async () => {
    const user = await subscriber("month");
    const sent: string[] = [];
    for (let t = ctx.clock.now(); t < user.end! + 4 * DAY; t += HOUR) {
      for (const r of await sendDueReminders(ctx.deps, t)) sent.push(r.kind);
    }
    expect(sent).toEqual(["7-days", "1-day", "ended"]);
    const rows = await reminderEmails(user.email);
    expect(rows.map((e) => e.subject)).toEqual([
      "Your Layerlift access ends in 7 days",
      "Your Layerlift access ends tomorrow",
      "Your Layerlift access has ended",
    ]);
    const { text } = await renderEmail(rows[0].template, rows[0].payload, ctx.deps.config.appUrl);
    expect(text).toContain("1 Month Subscription access ends on December 1, 2026");
    expect(text).toContain(`${ctx.deps.config.appUrl}/dashboard?tab=subscription`);
    expect(rows.map((e) => e.template)).toEqual(["renewal-reminder", "renewal-reminder", "access-ended"]);
  });

  test("access ended: on the day it runs out, once, saying when it ended, with the renew link and the settings link", async () => {
    const user = await subscriber("month");
    expect((await sendDueReminders(ctx.deps, user.end! + 10 * 60_000)).map((r) => r.kind)).toEqual(["ended"]);
    expect(await sendDueReminders(ctx.deps, user.end! + DAY)).toEqual([]);
    const rows = await reminderEmails(user.email);
    expect(rows).toHaveLength(1);
    expect(rows[0].template).toBe("access-ended");
    expect(rows[0].status).toBe("pending"); // in the outbox, for the sender
    const { text, html } = await renderEmail(rows[0].template, rows[0].payload, ctx.deps.config.appUrl);
    expect(text).toContain("Your 1 Month Subscription ended on December 1, 2026 (UTC).");
    expect(text).toContain(`Renew now ${ctx.deps.config.appUrl}/dashboard?tab=subscription`);
    expect(text).toContain(`your dashboard settings ${ctx.deps.config.appUrl}/dashboard?tab=settings`);
    // Each link once, with its words.
    expect(text.split(`${ctx.deps.config.appUrl}/dashboard?tab=subscription`)).toHaveLength(2);
    expect(html).toContain(`href="${ctx.deps.config.appUrl}/dashboard?tab=subscription"`);
  });

  test("a server that was down through the 7-day mark sends only the reminder due now", async () => {
    const user = await subscriber("month");
    expect((await sendDueReminders(ctx.deps, user.end! - 12 * HOUR)).map((r) => r.kind)).toEqual(["1-day"]);
    expect(await sendDueReminders(ctx.deps, user.end! - 6 * HOUR)).toEqual([]);
  });

  test("renewing starts a new period, whose reminders come again", async () => {
    const user = await subscriber("month");
    expect((await sendDueReminders(ctx.deps, user.end! - 6 * DAY)).map((r) => r.kind)).toEqual(["7-days"]);
    ctx.clock.set(user.end! - 5 * DAY);
    const { data: session } = await api(ctx.app).api.auth.login.post({ email: user.email, password: user.password });
    const renew = await api(ctx.app, session!.token).api.subscription.renew.post({ plan: "month" });
    await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: renew.data!.clientSecret });
    const newEnd = user.end! + 30 * DAY;
    expect(await sendDueReminders(ctx.deps, user.end! - DAY)).toEqual([]); // the old end no longer counts
    expect((await sendDueReminders(ctx.deps, newEnd - 6 * DAY)).map((r) => r.kind)).toEqual(["7-days"]);
    expect(await reminderEmails(user.email)).toHaveLength(2);
  });

  test("none with notifications off or for lifetime access; a cancelled subscription only gets access ended", async () => {
    const quiet = await subscriber("month");
    expect((await api(ctx.app, quiet.token).api.user.settings.put({ notifications: false })).status).toBe(200);
    const lifetime = await subscriber("lifetime");
    const cancelled = await subscriber("month");
    expect((await api(ctx.app, cancelled.token).api.subscription.cancel.post()).status).toBe(200);
    expect(await sendDueReminders(ctx.deps, quiet.end! - 6 * DAY)).toEqual([]);
    expect(lifetime.end).toBeNull();
    // A cancelled subscription is told once its access has ended: it ran until then like any other.
    expect((await sendDueReminders(ctx.deps, quiet.end! + HOUR)).map((r) => [r.email, r.kind])).toEqual([
      [cancelled.email, "ended"],
    ]);
    expect((await reminderEmails()).map((e) => [e.to, e.template])).toEqual([[cancelled.email, "access-ended"]]);
  });

  test("two servers on one database send a reminder once", async () => {
    const user = await subscriber("pro");
    const other = openSameDatabase(ctx.deps);
    try {
      const at = user.end! - 3 * DAY;
      const seenByBoth = [await dueReminders(ctx.deps.db, at), await dueReminders(other, at)];
      expect(seenByBoth.map((due) => due.length)).toEqual([1, 1]);
      const sent = [...(await sendDueReminders({ db: other }, at)), ...(await sendDueReminders(ctx.deps, at))];
      expect(sent).toHaveLength(1);
      expect(await reminderEmails(user.email)).toHaveLength(1);
    } finally {
      await closeDatabase(other);
    }
  });

  test("two rounds at once on one server queue a reminder once", async () => {
    const user = await subscriber("pro");
    const at = user.end! - 3 * DAY;
    const rounds = await Promise.all([sendReminderBatch(ctx.deps, at), sendReminderBatch(ctx.deps, at)]);
    expect(rounds.flatMap((round) => round.sent)).toHaveLength(1);
    expect(await reminderEmails(user.email)).toHaveLength(1);
  });

  test("a renewal that lands while a round runs leaves no reminder for the old end", async () => {
    const user = await subscriber("month");
    const at = user.end! - 3 * DAY;
    const newEnd = user.end! + 30 * DAY;
    // The round has seen the old end as due; the renewal is written before the round queues anything.
    const renewal = ctx.deps.db
      .update(subscriptions)
      .set({ endDate: newEnd })
      .where(eq(subscriptions.userId, user.user.id));
    // On PostgreSQL the two really run at once and either may go first, each order correct: the round reads
    // the subscriptions FOR UPDATE, so a renewal being written is waited for. There the renewal goes first.
    const [round] = onPostgres
      ? [await renewal.then(() => sendReminderBatch(ctx.deps, at))]
      : await Promise.all([sendReminderBatch(ctx.deps, at), renewal]);
    expect(round.sent).toEqual([]);
    expect(await reminderEmails(user.email)).toEqual([]);
  });

  test("the scheduler sends what is due when it starts, and stops", async () => {
    const user = await subscriber("month");
    ctx.clock.set(user.end! - 2 * DAY);
    const scheduler = startReminderScheduler(ctx.deps, { intervalMs: 20 });
    await Bun.sleep(100);
    await scheduler.stop();
    expect((await reminderEmails(user.email)).map((e) => e.payload.kind)).toEqual(["7-days"]);
  });

  test("many due at once go out in bounded batches, soonest end first, each exactly once", async () => {
    const now = ctx.clock.now();
    const count = 2 * REMINDER_BATCH + 3;
    // Cancelled before their end: in the window, never due. More of them than a batch holds, ending soonest,
    // so a batch that left them out only after reading them would come back empty-handed every round.
    const cancelled = await manySubscriptions(REMINDER_BATCH + 2, { status: "cancelled", endsIn: (i) => DAY + i });
    const due = await manySubscriptions(count, { status: "active", endsIn: (i) => 3 * DAY + i });
    const sizes: number[] = [];
    const sent: number[] = [];
    for (let round = 0; round < 10; round++) {
      const batch = await sendReminderBatch(ctx.deps, now);
      sizes.push(batch.sent.length);
      sent.push(...batch.sent.map((r) => r.subscriptionId));
      if (!batch.more) break;
    }
    expect(sizes).toEqual([REMINDER_BATCH, REMINDER_BATCH, 3]);
    expect(sent).toEqual(due); // soonest end first, none twice
    expect(await sendReminderBatch(ctx.deps, now)).toEqual({ sent: [], more: false });
    const rows = await reminderEmails();
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((e) => e.to)).size).toBe(count);
    const claims = await ctx.deps.db.select().from(renewalReminders);
    expect(claims.map((r) => r.subscriptionId).sort((a, b) => a - b)).toEqual(due);
    expect(rows.some((e) => cancelled.some((id) => e.to === `sub${id}@example.com`))).toBe(false);
  });

  test("the scheduler works through a backlog a batch per round until each is sent once", async () => {
    const now = ctx.clock.now();
    const due = await manySubscriptions(3 * REMINDER_BATCH + 1, { status: "active", endsIn: (i) => 2 * DAY + i });
    // The first round runs at start and takes one batch only; the rest follow in quick rounds.
    const log = captureLog();
    const scheduler = startReminderScheduler(ctx.deps, { intervalMs: 60_000, catchUpMs: 5 });
    try {
      while ((await reminderEmails()).length < due.length) await Bun.sleep(5);
      await Bun.sleep(30); // a few more rounds: nothing is sent again
    } finally {
      await scheduler.stop();
      log.restore();
    }
    const rounds = log.lines.filter((line) => line.msg === "renewal reminders queued").map((line) => line.reminders);
    expect(rounds).toEqual([REMINDER_BATCH, REMINDER_BATCH, REMINDER_BATCH, 1]);
    expect(await reminderEmails()).toHaveLength(due.length);
    expect(await dueReminders(ctx.deps.db, now)).toEqual([]);
  });

  test("a user deleted with their subscription leaves nothing to send", async () => {
    const user = await subscriber("month");
    await ctx.deps.db.delete(users).where(eq(users.id, user.user.id));
    expect(await dueReminders(ctx.deps.db, user.end! - DAY)).toEqual([]);
  });
});

describe("layerlift reminders", () => {
  const root = join(import.meta.dir, "../..");
  const run = (...args: string[]) => {
    const child = Bun.spawnSync(
      [process.execPath, "src/index.ts", "reminders", ...args, "--db", ctx.deps.config.databasePath],
      {
        cwd: root,
        // On the PostgreSQL pass the command works on the test's database through DATABASE_URL.
        env: { ...process.env, NODE_ENV: "development", DATABASE_URL: ctx.deps.config.databaseUrl?.url ?? "" },
      },
    );
    return { code: child.exitCode, out: child.stdout.toString(), err: child.stderr.toString() };
  };

  test("--dry-run lists the user due 6 days before the end; the real run sends once; a second run sends nothing", async () => {
    const user = await subscriber("month");
    const at = new Date(user.end! - 6 * DAY).toISOString();
    const dry = run("--at", at, "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.out).toContain("1 renewal reminder due at");
    expect(dry.out).toContain(`${user.email}\t7-days\tmonth\tends ${new Date(user.end!).toISOString()}`);
    expect(await reminderEmails()).toHaveLength(0);

    const real = run("--at", at);
    expect(real.out).toContain("1 renewal reminder queued");
    expect(await reminderEmails(user.email)).toHaveLength(1);
    expect(run("--at", at).out).toContain("0 renewal reminders queued");
    expect(await reminderEmails(user.email)).toHaveLength(1);
  });

  test("a date it can't read is a clear error", () => {
    const bad = run("--at", "next tuesday");
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--at must be a date and time");
  });
});
