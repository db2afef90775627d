/**
 * E-mail delivery when the provider misbehaves: a provider that hangs holds back only its own e-mail,
 * a day-long outage loses nothing, an answer lost after the provider took the e-mail doesn't send it
 * twice, and no two e-mails (of any database) share an idempotency key.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { emails } from "../../src/db/schema";
import { deliverDueEmails, MAX_ATTEMPTS, retryDelayMs, startEmailSender } from "../../src/features/email/sender";
import { queueEmail } from "../../src/features/email/outbox";
import { DAY, HOUR, MINUTE } from "../../src/lib/clock";
import { jobCounts } from "../../src/lib/jobs";
import { outageBackoffMs } from "../../src/lib/round-outage";
import { api, makeTestApp, signInAdmin, type TestContext } from "../support/app";
import type { FakeResend } from "../support/fake-resend";
import { eachTestOnFakeResend } from "../support/each-test";
import { captureLog } from "../support/log";

let resend: FakeResend;
let ctx: TestContext;
eachTestOnFakeResend((made) => ({ ctx, resend } = made));

/**
 * The provider call's time limit: long enough for an answer on a loaded machine. A send the provider leaves hanging
 * is given `hangMs` instead, so waiting it out costs the test little; a sender that meets a hang and then real
 * answers gets `senderMs`.
 */
const timeoutMs = 15_000;
const hangMs = 500;
const senderMs = 3_000;
const outbox = () => ctx.deps.db.select().from(emails).orderBy(emails.id);

function queueKeyEmail(to: string, key = "ABCDEFGH2345") {
  return queueEmail(
    ctx.deps.db,
    { to, template: "product-key", payload: { key, plan: "pro", planName: "4 Month Pro" } },
    ctx.clock.now(),
  );
}

async function waitFor(condition: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await Bun.sleep(25);
  return condition();
}

describe("a provider that hangs", () => {
  test("still lets a second key e-mail be delivered within 30 s", async () => {
    resend.hangNext(1);
    await queueKeyEmail("first@example.com");
    const sender = startEmailSender(ctx.deps, 50, { timeoutMs: senderMs });
    try {
      expect(await waitFor(() => resend.attempts >= 1, 5_000)).toBe(true);
      await queueKeyEmail("second@example.com");
      expect(await waitFor(() => resend.delivered.some((mail) => mail.to === "second@example.com"), 30_000)).toBe(true);
    } finally {
      await sender.stop(0);
    }
  }, 40_000);

  test("a send with no answer counts as a failed try after the time limit, and the retry delivers it", async () => {
    resend.hangNext(1);
    await queueKeyEmail("slow@example.com");
    expect(await deliverDueEmails(ctx.deps, { timeoutMs: hangMs })).toEqual({ sent: 0, failed: 1 });
    expect((await outbox())[0]).toMatchObject({ status: "pending", attempts: 1 });
    expect((await outbox())[0].lastError).toContain("time limit");
    ctx.clock.advance(MINUTE);
    expect(await deliverDueEmails(ctx.deps, { timeoutMs })).toEqual({ sent: 1, failed: 0 });
  }, 40_000);

  test("stopping the sender hands a hanging e-mail back, due at once and with no try counted", async () => {
    resend.hangNext(1);
    await queueKeyEmail("stop@example.com");
    const sender = startEmailSender(ctx.deps, 50, { timeoutMs: hangMs });
    expect(await waitFor(() => resend.attempts >= 1, 5_000)).toBe(true);
    await sender.stop(100);
    expect((await outbox())[0]).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: ctx.clock.now() });
  });
});

describe("a provider outage", () => {
  test("the retry schedule spans more than a day", () => {
    let total = 0;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) total += retryDelayMs(attempt);
    expect(total).toBeGreaterThan(DAY);
  });

  test("of 20 hours, followed by its return, delivers every queued e-mail exactly once", async () => {
    resend.setDown(true);
    const queued: unknown[] = [];
    for (const name of ["a", "b", "c", "d", "e"]) queued.push(await queueKeyEmail(`${name}@example.com`));
    for (let hour = 0; hour < 20; hour++) {
      for (let step = 0; step < 6; step++) {
        await deliverDueEmails(ctx.deps, { timeoutMs });
        ctx.clock.advance(10 * MINUTE);
      }
    }
    expect(resend.delivered).toHaveLength(0);
    expect((await outbox()).every((row) => row.status === "pending")).toBe(true);
    resend.setDown(false);
    for (let step = 0; step < 12 && (await outbox()).some((row) => row.status !== "sent"); step++) {
      await deliverDueEmails(ctx.deps, { timeoutMs });
      ctx.clock.advance(10 * MINUTE);
    }
    expect((await outbox()).map((row) => row.status)).toEqual(queued.map(() => "sent"));
    expect(resend.delivered.map((mail) => mail.to).sort()).toEqual(
      ["a", "b", "c", "d", "e"].map((name) => `${name}@example.com`),
    );
  });

  test("an answer lost after the provider took the e-mail doesn't send it twice", async () => {
    resend.hangAfterTakingNext(1);
    await queueKeyEmail("once@example.com");
    expect(await deliverDueEmails(ctx.deps, { timeoutMs: hangMs })).toEqual({ sent: 0, failed: 1 });
    ctx.clock.advance(MINUTE);
    expect(await deliverDueEmails(ctx.deps, { timeoutMs })).toEqual({ sent: 1, failed: 0 });
    expect(resend.delivered).toHaveLength(1);
    expect((await outbox())[0].providerMessageId).toBe(resend.delivered[0].id);
  }, 40_000);
});

describe("idempotency keys", () => {
  test("are random per e-mail: the same outbox id in another database (a restored copy) gets another key", async () => {
    const other = makeTestApp({ env: resend.env });
    try {
      const here = await queueKeyEmail("here@example.com");
      const there = await queueEmail(
        other.deps.db,
        {
          to: "there@example.com",
          template: "product-key",
          payload: { key: "ZZZZZZZZ2345", plan: "pro", planName: "4 Month Pro" },
        },
        other.clock.now(),
      );
      expect(here.id).toBe(there.id);
      expect(here.deliveryKey).not.toBe(there.deliveryKey);
      await deliverDueEmails(ctx.deps, { timeoutMs });
      await deliverDueEmails(other.deps, { timeoutMs });
      expect(resend.delivered.map((mail) => mail.to).sort()).toEqual(["here@example.com", "there@example.com"]);
      expect(new Set(resend.delivered.map((mail) => mail.idempotencyKey)).size).toBe(2);
    } finally {
      other.cleanup();
    }
  });

  test("an e-mail queued before keys were stored gets one when it is first sent, and keeps it", async () => {
    const row = await queueKeyEmail("old@example.com");
    await ctx.deps.db.update(emails).set({ deliveryKey: null }).where(eq(emails.id, row.id));
    resend.failNext(1);
    await deliverDueEmails(ctx.deps, { timeoutMs });
    const key = (await outbox())[0].deliveryKey;
    expect(key).toMatch(/^email-/);
    ctx.clock.advance(HOUR);
    await deliverDueEmails(ctx.deps, { timeoutMs });
    expect(resend.delivered[0].idempotencyKey).toBe(key);
  });
});

describe("the admin panel's E-mails tab", () => {
  test("an e-mail Resend delivered is listed as sent, not as printed", async () => {
    const admin = (await signInAdmin(ctx)).token;
    await queueKeyEmail("real@example.com");
    expect(await deliverDueEmails(ctx.deps, { timeoutMs })).toEqual({ sent: 1, failed: 0 });
    const [listed] = (await api(ctx.app, admin).api.admin.emails.get()).data!;
    expect(listed).toMatchObject({ to: "real@example.com", status: "sent", printed: false });
  });
});

describe("a database outage", () => {
  test("the sender backs off, and logs one line when its rounds start failing and one when they work again", async () => {
    const log = captureLog("info");
    let down = true;
    let tries = 0;
    // The app's own database as the sender sees it during an outage: every round's first read fails.
    const db = new Proxy(ctx.deps.db, {
      get(target, name, receiver) {
        if (name !== "select") return Reflect.get(target, name, receiver);
        return (...args: Parameters<typeof target.select>) => {
          tries++;
          if (down) throw new Error("Failed query: select ...\nparams: ", { cause: new Error("Connection refused") });
          return target.select(...args);
        };
      },
    });
    await queueKeyEmail("waits@example.com");
    const sender = startEmailSender({ ...ctx.deps, db }, 10, { timeoutMs });
    try {
      // A round is tried again only once its back-off has passed on the clock: 1 s, 2 s, 4 s, 8 s, then 16 s.
      // The clock moves on only once the sender has counted the failed round (the runner's tally), not as soon as
      // the read throws: moved earlier, the back-off would start from the moved clock.
      const failedBefore = jobCounts().get("e-mail sender")?.failed ?? 0;
      const failedRounds = () => (jobCounts().get("e-mail sender")?.failed ?? 0) - failedBefore;
      for (let failed = 1; failed <= 5; failed++) {
        expect(await waitFor(() => failedRounds() >= failed, 5_000)).toBe(true);
        expect(tries).toBe(failed);
        if (failed === 5) down = false;
        ctx.clock.advance(outageBackoffMs(failed));
      }
      expect(await waitFor(() => resend.delivered.some((mail) => mail.to === "waits@example.com"), 5_000)).toBe(true);
    } finally {
      await sender.stop(0);
      log.restore();
    }
    const told = log.lines.filter((line) => String(line.msg).startsWith("e-mail sender"));
    expect(told.map((line) => [line.level, line.msg])).toEqual([
      ["error", "e-mail sender round failed; retrying with back-off, and saying nothing more until it works"],
      ["info", "e-mail sender works again"],
    ]);
    expect(told[0]!.reason).toBe("Connection refused");
    expect(told[1]).toMatchObject({ failedRounds: 5 });
    expect(log.text()).not.toContain("Failed query");
  });

  test("the back-off doubles from a second up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(outageBackoffMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });
});
