import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { emails, passwordResets, users } from "../../src/db/schema";
import { HOUR, MINUTE } from "../../src/lib/clock";
import { deliverDueEmails } from "../../src/features/email/sender";
import { api, failure, makeTestApp, outboxOf, signInAdmin, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp();
});
afterEach(() => ctx.cleanup());

const SENT = "If an account exists for this email, we've sent a link to reset its password. It works for one hour.";

/** Asks for a reset and answers the token from the e-mailed link. */
async function requestLink(email: string) {
  const answer = await api(ctx.app).api.auth["forgot-password"].post({ email });
  expect(answer.status).toBe(200);
  const url = new URL((await ctx.deps.db.select().from(emails).orderBy(emails.id)).at(-1)!.payload.resetUrl as string);
  return url.searchParams.get("token")!;
}

/** The password reset e-mails in the outbox (sign-up also queues a welcome e-mail). */
const resetMails = () =>
  ctx.deps.db.select().from(emails).where(eq(emails.template, "password-reset")).orderBy(emails.id);

const login = (email: string, password: string) => api(ctx.app).api.auth.login.post({ email, password });

describe("forgot password", () => {
  test("an existing account gets an e-mail with a one-hour link to /reset-password", async () => {
    const user = await signUpUser(ctx);
    const answer = await api(ctx.app).api.auth["forgot-password"].post({ email: user.email.toUpperCase() });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ message: SENT });
    const [mail] = await resetMails();
    expect(mail).toMatchObject({
      to: user.email,
      template: "password-reset",
      subject: "Reset your Layerlift password",
    });
    expect(mail.payload.resetUrl).toStartWith(`${ctx.deps.config.appUrl}/reset-password?token=`);
    expect((await ctx.deps.db.select().from(passwordResets))[0]!.expiresAt).toBe(ctx.clock.now() + HOUR);
  });

  test("an unknown e-mail gets the same answer and no e-mail is queued", async () => {
    const answer = await api(ctx.app).api.auth["forgot-password"].post({ email: "nobody@example.com" });
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ message: SENT });
    expect(await ctx.deps.db.select().from(emails)).toHaveLength(0);
  });

  test("the token is stored only as a hash", async () => {
    const user = await signUpUser(ctx);
    const token = await requestLink(user.email);
    expect((await ctx.deps.db.select().from(passwordResets))[0]!.tokenHash).not.toContain(token);
  });

  test("too many requests answer 429", async () => {
    const limited = makeTestApp({ rateLimits: true });
    try {
      const statuses = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await api(limited.app).api.auth["forgot-password"].post({ email: "x@example.com" })).status);
      expect(statuses).toContain(429);
    } finally {
      limited.cleanup();
    }
  });
});

describe("the daily cap per address", () => {
  test(`an address gets at most ${5} reset e-mails a day, even spread out and even after a restart; the next day it gets one again`, async () => {
    const user = await signUpUser(ctx);
    const resetMails = async () => (await outboxOf(ctx, "password-reset")).length;
    for (let i = 0; i < 8; i++) {
      expect((await api(ctx.app).api.auth["forgot-password"].post({ email: user.email })).data).toEqual({
        message: SENT,
      });
      ctx.clock.advance(HOUR);
    }
    expect(await resetMails()).toBe(5);
    ctx.clock.advance(24 * HOUR);
    await api(ctx.app).api.auth["forgot-password"].post({ email: user.email });
    expect(await resetMails()).toBe(6);
  });

  test("requests racing each other still send at most the day's cap", async () => {
    const user = await signUpUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => api(ctx.app).api.auth["forgot-password"].post({ email: user.email })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    expect(await outboxOf(ctx, "password-reset")).toHaveLength(5);
    expect(await ctx.deps.db.select().from(passwordResets)).toHaveLength(5);
  });

  test("with rate limits on, the sixth request of a day answers 429 for a known and an unknown address alike", async () => {
    const limited = makeTestApp({ rateLimits: true });
    try {
      const user = await signUpUser(limited);
      for (const email of [user.email, "nobody@example.com"]) {
        const statuses = [];
        for (let i = 0; i < 6; i++) {
          statuses.push((await api(limited.app).api.auth["forgot-password"].post({ email })).status);
          limited.clock.advance(30 * MINUTE); // past the per-minute limit, within the day
        }
        expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      }
      const last = await api(limited.app).api.auth["forgot-password"].post({ email: "nobody@example.com" });
      expect(failure(last)?.message).toBe(
        "This address has been sent the most reset links allowed in a day. Please use the newest one, or try again tomorrow.",
      );
    } finally {
      limited.cleanup();
    }
  });
});

describe("reset password", () => {
  test("the link sets the new password, the old one stops working and old sessions end", async () => {
    const user = await signUpUser(ctx);
    const token = await requestLink(user.email);
    const answer = await api(ctx.app).api.auth["reset-password"].post({ token, password: "brand new secret" });
    expect(answer.status).toBe(200);
    expect(answer.data!.message).toBe("Your password has been changed. Please sign in with your new password.");
    expect((await login(user.email, "brand new secret")).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await api(ctx.app, user.token).api.auth.me.get()).status).toBe(401);
  });

  test("a link works once", async () => {
    const user = await signUpUser(ctx);
    const token = await requestLink(user.email);
    expect((await api(ctx.app).api.auth["reset-password"].post({ token, password: "first new one" })).status).toBe(200);
    const again = await api(ctx.app).api.auth["reset-password"].post({ token, password: "second new one" });
    expect(again.status).toBe(400);
    expect(failure(again)).toEqual({
      error: "INVALID_RESET_TOKEN",
      message: "This reset link is invalid or has expired. Please request a new one.",
    });
    expect((await login(user.email, "first new one")).status).toBe(200);
  });

  test("a link sent by several requests at once works for exactly one of them", async () => {
    const user = await signUpUser(ctx);
    const token = await requestLink(user.email);
    const passwords = Array.from({ length: 6 }, (_, i) => `racing password ${i}`);
    const answers = await Promise.all(
      passwords.map((password) => api(ctx.app).api.auth["reset-password"].post({ token, password })),
    );
    const winners = passwords.filter((_, i) => answers[i]!.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5);
    expect((await login(user.email, winners[0]!)).status).toBe(200);
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, user.user.id));
    expect(row!.tokenVersion).toBe(1);
  });

  test("a link older than one hour is refused and the password is unchanged", async () => {
    const user = await signUpUser(ctx);
    const token = await requestLink(user.email);
    ctx.clock.advance(HOUR + MINUTE);
    const answer = await api(ctx.app).api.auth["reset-password"].post({ token, password: "too late now" });
    expect(answer.status).toBe(400);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  test("an unknown token is refused", async () => {
    const answer = await api(ctx.app).api.auth["reset-password"].post({ token: "made-up", password: "whatever123" });
    expect(answer.status).toBe(400);
  });

  test("a short password is refused with a sentence and the link still works", async () => {
    const user = await signUpUser(ctx);
    const token = await requestLink(user.email);
    const short = await api(ctx.app).api.auth["reset-password"].post({ token, password: "short" });
    expect(short.status).toBe(422);
    expect(failure(short)?.message).toBe("Password must be at least 8 characters.");
    expect((await api(ctx.app).api.auth["reset-password"].post({ token, password: "long enough now" })).status).toBe(
      200,
    );
  });

  test("using one link cancels the account's other outstanding links", async () => {
    const user = await signUpUser(ctx);
    const first = await requestLink(user.email);
    const second = await requestLink(user.email);
    expect(
      (await api(ctx.app).api.auth["reset-password"].post({ token: second, password: "newest password" })).status,
    ).toBe(200);
    expect(
      (await api(ctx.app).api.auth["reset-password"].post({ token: first, password: "older password" })).status,
    ).toBe(400);
  });
});

describe("reset links and admins", () => {
  test("an admin cannot obtain a working reset link through any admin endpoint", async () => {
    const admin = await signInAdmin(ctx);
    const user = await signUpUser(ctx);
    const token = await requestLink(user.email);
    const mail = (await resetMails()).at(-1)!;

    const outbox = await api(ctx.app, admin.token).api.admin.emails.get();
    expect(outbox.status).toBe(200);
    expect((await api(ctx.app, admin.token).api.admin.emails({ id: mail.id }).get()).data!.text).toBe(
      "(password reset link hidden)",
    );
    expect(JSON.stringify(outbox.data)).not.toContain(token);

    const resend = await api(ctx.app, admin.token).api.admin.emails({ id: mail.id }).resend.post();
    expect(resend.status).toBe(409);
    expect(failure(resend)).toEqual({
      error: "RESET_EMAIL_NOT_RESENDABLE",
      message:
        'Password reset e-mails can\'t be resent. Ask the user to request a new link with "Forgot password" on the sign-in page.',
    });
    expect(await resetMails()).toHaveLength(1);

    expect(await deliverDueEmails(ctx.deps)).toEqual({ sent: 3, failed: 0 }); // the reset e-mail, and the sign-up's welcome and address confirmation
    const sent = (await resetMails())[0];
    expect(sent.status).toBe("sent");
    expect(JSON.stringify(sent.payload)).not.toContain(token);
    const afterSending = await api(ctx.app, admin.token).api.admin.emails.get();
    expect(JSON.stringify(afterSending.data)).not.toContain(token);

    // The link still works for the person it was e-mailed to.
    expect((await api(ctx.app).api.auth["reset-password"].post({ token, password: "brand new secret" })).status).toBe(
      200,
    );
  });
});
