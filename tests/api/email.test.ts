import { describe, expect, test } from "bun:test";
import { emails } from "../../src/db/schema";
import { deliverDueEmails, MAX_ATTEMPTS, startEmailSender } from "../../src/features/email/sender";
import { createOutboxOnlyMailer } from "../../src/features/email/mailer";
import { queueEmail } from "../../src/features/email/outbox";
import { MINUTE } from "../../src/lib/clock";
import type { PlanId } from "../../src/shared/plans";
import { api, makeTestApp, type TestContext } from "../support/app";
import type { FakeResend } from "../support/fake-resend";
import { eachTestOnFakeResend } from "../support/each-test";
import { captureLog } from "../support/log";

let resend: FakeResend;
let ctx: TestContext;
eachTestOnFakeResend((made) => ({ ctx, resend } = made));

const outbox = () => ctx.deps.db.select().from(emails).orderBy(emails.id);

/** Buys a plan through the demo provider; answers the key that was issued. */
async function buy(plan: PlanId = "pro", email = "buyer@example.com") {
  const intent = await api(ctx.app).api["create-payment-intent"].post({ plan, email });
  await api(ctx.app).api.payment.demo.confirm.post({ clientSecret: intent.data!.clientSecret });
  return (await outbox()).at(-1)!.payload.key as string;
}

describe("sending through Resend", () => {
  test("the key e-mail arrives with the key in its text and HTML", async () => {
    const key = await buy("pro", "reader@example.com");
    expect(await deliverDueEmails(ctx.deps)).toEqual({ sent: 1, failed: 0 });
    expect(resend.delivered).toHaveLength(1);
    const mail = resend.delivered[0];
    expect(mail).toMatchObject({
      to: "reader@example.com",
      from: "Layerlift <keys@layerlift.test>",
      subject: "Your Layerlift product key",
      authorization: "Bearer re_test_fake",
    });
    expect(mail.text).toContain(key);
    expect(mail.text).toContain("4 Month Pro");
    expect(mail.text).toContain(`${ctx.deps.config.appUrl}/signup`);
    expect(mail.html).toContain(key);
    expect((await outbox())[0]).toMatchObject({
      status: "sent",
      attempts: 1,
      providerMessageId: mail.id,
      lastError: null,
    });
  });

  test("Resend failing twice then recovering delivers the e-mail exactly once", async () => {
    const key = await buy();
    resend.failNext(2);
    expect(await deliverDueEmails(ctx.deps)).toEqual({ sent: 0, failed: 1 });
    expect((await outbox())[0]).toMatchObject({ status: "pending", attempts: 1 });
    expect((await outbox())[0].lastError).toContain("Temporary failure");
    // Not due again until its backoff has passed.
    expect(await deliverDueEmails(ctx.deps)).toEqual({ sent: 0, failed: 0 });
    ctx.clock.advance(MINUTE);
    expect(await deliverDueEmails(ctx.deps)).toEqual({ sent: 0, failed: 1 });
    ctx.clock.advance(5 * MINUTE);
    expect(await deliverDueEmails(ctx.deps)).toEqual({ sent: 1, failed: 0 });
    ctx.clock.advance(60 * MINUTE);
    expect(await deliverDueEmails(ctx.deps)).toEqual({ sent: 0, failed: 0 });
    expect(resend.attempts).toBe(3);
    expect(resend.delivered).toHaveLength(1);
    expect(resend.delivered[0].text).toContain(key);
    expect((await outbox())[0]).toMatchObject({ status: "sent", attempts: 3 });
  });

  test(`after ${MAX_ATTEMPTS} failed tries the e-mail is marked failed and the key stays in the outbox`, async () => {
    const key = await buy();
    resend.failNext(100);
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await deliverDueEmails(ctx.deps);
      ctx.clock.advance(60 * MINUTE);
    }
    expect(resend.attempts).toBe(MAX_ATTEMPTS);
    expect((await outbox())[0]).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, nextAttemptAt: null });
    expect((await outbox())[0].payload.key).toBe(key);
  });

  test(`a password-reset e-mail keeps no link in the outbox once sent, or once given up on after ${MAX_ATTEMPTS} tries`, async () => {
    const payload = { resetUrl: "https://layerlift.example/reset-password?token=secret-token-123" };
    await queueEmail(ctx.deps.db, { to: "sent@example.com", template: "password-reset", payload }, ctx.clock.now());
    await deliverDueEmails(ctx.deps);
    expect(resend.delivered[0].text).toContain("secret-token-123");
    await queueEmail(ctx.deps.db, { to: "failed@example.com", template: "password-reset", payload }, ctx.clock.now());
    resend.failNext(100);
    for (let i = 0; i < MAX_ATTEMPTS + 1; i++) {
      await deliverDueEmails(ctx.deps);
      ctx.clock.advance(60 * MINUTE);
    }
    expect((await outbox()).map((e) => e.status)).toEqual(["sent", "failed"]);
    expect(JSON.stringify(await outbox())).not.toContain("secret-token-123");
  });

  test("two senders running at once send an e-mail once", async () => {
    await buy();
    const [a, b] = await Promise.all([deliverDueEmails(ctx.deps), deliverDueEmails(ctx.deps)]);
    expect(a.sent + b.sent).toBe(1);
    expect(resend.delivered).toHaveLength(1);
  });

  test("the background sender delivers queued e-mails by itself", async () => {
    const sender = startEmailSender(ctx.deps, 20);
    try {
      await buy("month", "loop@example.com");
      for (let i = 0; i < 100 && resend.delivered.length === 0; i++) await Bun.sleep(20);
      expect(resend.delivered.map((m) => m.to)).toEqual(["loop@example.com"]);
    } finally {
      await sender.stop();
    }
  });
});

describe("outbox-only mailer (development)", () => {
  test("logs to, subject and key and marks the e-mail sent", async () => {
    const dev = makeTestApp();
    const log = captureLog();
    try {
      await queueEmail(
        dev.deps.db,
        {
          to: "dev@example.com",
          template: "product-key",
          payload: { key: "ABCDEFGH2345", plan: "pro", planName: "4 Month Pro" },
        },
        dev.clock.now(),
      );
      await deliverDueEmails({ ...dev.deps, mailer: createOutboxOnlyMailer() });
      const printed = log.text();
      expect(printed).toContain("dev@example.com");
      expect(printed).toContain("Your Layerlift product key");
      expect(printed).toContain("ABCDEFGH2345");
      expect((await dev.deps.db.select().from(emails))[0]!.status).toBe("sent");
    } finally {
      log.restore();
      dev.cleanup();
    }
  });
});
