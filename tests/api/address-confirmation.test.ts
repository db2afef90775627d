/**
 * Proving the account's address: a link at sign-up (24 hours, single use, only its hash stored), sent again
 * from the dashboard (rate limited), proven too by following an e-mail change's link, and a one-time
 * invitation for accounts made before confirmation existed.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { addressConfirmations, users } from "../../src/db/schema";
import { DAY, HOUR } from "../../src/lib/clock";
import { inviteUnconfirmedAccounts } from "../../src/features/auth/confirmation-invitations";
import { sha256Hex } from "../../src/lib/random";
import {
  api,
  auditRowsOf,
  confirmAddressOf,
  confirmationTokenFor,
  failure,
  makeTestApp,
  outboxOf,
  signUpUser,
  type TestContext,
} from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp({ rateLimits: true });
});
afterEach(() => ctx.cleanup());

const confirm = (token: string) => api(ctx.app).api.account["confirm-address"].post({ token });
const me = async (token: string) => (await api(ctx.app, token).api.auth.me.get()).data!.user;
const resend = (token: string) => api(ctx.app, token).api.account["confirm-address"].resend.post();

describe("sign-up", () => {
  test("signs in at once, unconfirmed, and e-mails a link that confirms the address", async () => {
    const account = await signUpUser(ctx);
    expect(account.user.emailConfirmed).toBe(false);
    const [mail] = await outboxOf(ctx, "address-confirm", account.email);
    expect(mail.subject).toBe("Confirm your Layerlift email address");
    expect(mail.payload.confirmUrl).toStartWith(`${ctx.deps.config.appUrl}/confirm-address?token=`);
    const answer = await confirm(await confirmationTokenFor(ctx, account.email));
    expect(answer.status).toBe(200);
    expect(answer.data!.email).toBe(account.email);
    expect((await me(account.token)).emailConfirmed).toBe(true);
    expect((await auditRowsOf(ctx, "account.email-confirmed")).map((row) => row.subject)).toEqual([
      `user:${account.user.id}`,
    ]);
  });

  test("the link works once, and not after 24 hours", async () => {
    const once = await signUpUser(ctx);
    const token = await confirmationTokenFor(ctx, once.email);
    expect((await confirm(token)).status).toBe(200);
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(failure(again)?.error).toBe("INVALID_CONFIRMATION_LINK");

    const late = await signUpUser(ctx);
    ctx.clock.advance(DAY + 1);
    expect((await confirm(await confirmationTokenFor(ctx, late.email))).status).toBe(400);
    expect((await me(late.token)).emailConfirmed).toBe(false);
  });

  test("a link followed by several requests at once confirms once", async () => {
    const account = await signUpUser(ctx);
    const token = await confirmationTokenFor(ctx, account.email);
    // Five: what one IP address may send in a row before the rate limit answers.
    const answers = await Promise.all(Array.from({ length: 5 }, () => confirm(token)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(4);
    expect(await auditRowsOf(ctx, "account.email-confirmed")).toHaveLength(1);
  });

  test("only the token's hash is stored", async () => {
    const account = await signUpUser(ctx);
    const token = await confirmationTokenFor(ctx, account.email);
    const rows = await ctx.deps.db.select().from(addressConfirmations);
    expect(rows.map((row) => row.tokenHash)).toEqual([sha256Hex(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  test("a link sent to an address the account no longer has confirms nothing", async () => {
    const account = await signUpUser(ctx);
    const old = await confirmationTokenFor(ctx, account.email);
    await ctx.deps.db.update(users).set({ email: "elsewhere@example.com" }).where(eq(users.id, account.user.id));
    expect((await confirm(old)).status).toBe(400);
    expect((await me(account.token)).emailConfirmed).toBe(false);
  });
});

describe("sending the link again", () => {
  test("sends a new link and the older one stops working", async () => {
    const account = await signUpUser(ctx);
    const first = await confirmationTokenFor(ctx, account.email);
    const answer = await resend(account.token);
    expect(answer.status).toBe(200);
    expect(answer.data!.message).toBe(
      `We've sent a new confirmation link to ${account.email}. It works once, within 24 hours.`,
    );
    expect(await outboxOf(ctx, "address-confirm", account.email)).toHaveLength(2);
    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(await confirmationTokenFor(ctx, account.email))).status).toBe(200);
  });

  test("is rate limited per account, and capped per day even after a restart", async () => {
    const account = await signUpUser(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await resend(account.token)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // A restarted server forgets its buckets; the links already sent today still count.
    const restarted = makeTestApp({ rateLimits: true, overrides: { db: ctx.deps.db } });
    ctx.clock.advance(HOUR);
    restarted.clock.set(ctx.clock.now());
    const after = await api(restarted.app, account.token).api.account["confirm-address"].resend.post();
    expect(after.status).toBe(200);
    const capped = await api(restarted.app, account.token).api.account["confirm-address"].resend.post();
    expect(capped.status).toBe(429);
    expect(await ctx.deps.db.select().from(addressConfirmations)).toHaveLength(5);
  });

  test("is refused once the address is confirmed", async () => {
    const account = await signUpUser(ctx);
    await confirmAddressOf(ctx, account.email);
    const answer = await resend(account.token);
    expect(answer.status).toBe(409);
    expect(failure(answer)?.error).toBe("ALREADY_CONFIRMED");
  });

  test("needs a signed-in user", async () => {
    expect((await api(ctx.app).api.account["confirm-address"].resend.post()).status).toBe(401);
  });
});

describe("an e-mail change", () => {
  test("following its link proves the new address", async () => {
    const account = await signUpUser(ctx);
    await api(ctx.app, account.token).api.account.email.post({
      newEmail: "moved@example.com",
      password: account.password,
    });
    const link = (await outboxOf(ctx, "email-change-confirm", "moved@example.com"))[0].payload.confirmUrl as string;
    const token = new URL(link).searchParams.get("token")!;
    expect((await api(ctx.app).api.account.email.confirm.post({ token })).status).toBe(200);
    expect(await me(account.token)).toMatchObject({ email: "moved@example.com", emailConfirmed: true });
  });
});

describe("the invitation for accounts made before confirmation", () => {
  test("goes once to each unconfirmed account, whatever how often it is run, and its link works for a week", async () => {
    const confirmed = await signUpUser(ctx);
    await confirmAddressOf(ctx, confirmed.email);
    const a = await signUpUser(ctx);
    const b = await signUpUser(ctx);
    expect(await inviteUnconfirmedAccounts(ctx.deps)).toEqual({ invited: 2 });
    expect(await inviteUnconfirmedAccounts(ctx.deps)).toEqual({ invited: 0 });
    expect((await outboxOf(ctx, "address-invitation")).map((mail) => mail.to).sort()).toEqual(
      [a.email, b.email].sort(),
    );
    expect((await outboxOf(ctx, "address-invitation"))[0].subject).toBe("Please confirm your Layerlift email address");
    // The invitation replaced the sign-up link, and works for seven days.
    ctx.clock.advance(6 * DAY);
    expect((await confirm(await confirmationTokenFor(ctx, a.email))).status).toBe(200);
    ctx.clock.advance(DAY + 1);
    expect((await confirm(await confirmationTokenFor(ctx, b.email))).status).toBe(400);
    // An account that already had its invitation is not invited again, confirmed or not.
    expect(await inviteUnconfirmedAccounts(ctx.deps)).toEqual({ invited: 0 });
  });
});
