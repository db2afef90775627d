/**
 * Forgot password (docs/architecture.md#accounts): a one-hour, single-use link e-mailed to the account's address.
 * The request always answers the same, so nobody can probe which e-mails have accounts. Only the
 * token's hash is stored; using it sets the password and ends every existing session.
 */
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { passwordResets, users } from "../../db/schema";
import { DAY, HOUR } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import { hashPassword } from "../../lib/passwords";
import { newToken, sha256Hex } from "../../lib/random";
import { queueEmail } from "../email/outbox";
import { findUserByEmail, lockAccount } from "../users/service";

const RESET_LINK_LIFETIME_MS = HOUR;
/** Reset e-mails one address gets in a day, whatever asks for them: nobody can flood an inbox through us. */
export const RESET_EMAILS_PER_DAY = 5;
const RESET_REQUESTED_MESSAGE =
  "If an account exists for this email, we've sent a link to reset its password. It works for one hour.";
const INVALID_RESET_LINK_MESSAGE = "This reset link is invalid or has expired. Please request a new one.";
const PASSWORD_RESET_MESSAGE = "Your password has been changed. Please sign in with your new password.";

type ResetDeps = Pick<AppDeps, "db" | "clock" | "config">;

export function resetUrl(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** Reset links made for an account in the last day (kept in the database, so a restart doesn't reset the cap). */
async function resetsToday(tx: DbOrTx, userId: number, now: number): Promise<number> {
  const [today] = await tx
    .select({ n: count() })
    .from(passwordResets)
    .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, now - DAY)));
  return today?.n ?? 0;
}

/**
 * Queues the reset e-mail when the account exists and has had fewer than RESET_EMAILS_PER_DAY today;
 * answers the same sentence either way. (The route's per-address limit answers 429 for any address.) The
 * count and the new link are one transaction, so racing requests can't pass the cap together.
 */
export async function requestPasswordReset(deps: ResetDeps, email: string): Promise<{ message: string }> {
  const now = deps.clock.now();
  const user = await findUserByEmail(deps.db, email);
  if (user) {
    const token = newToken(32);
    await deps.db.transaction(async (tx) => {
      await lockAccount(tx, user.id);
      if ((await resetsToday(tx, user.id, now)) >= RESET_EMAILS_PER_DAY) return;
      await tx.insert(passwordResets).values({
        tokenHash: sha256Hex(token),
        userId: user.id,
        expiresAt: now + RESET_LINK_LIFETIME_MS,
        createdAt: now,
      });
      await queueEmail(
        tx,
        {
          to: user.email,
          userId: user.id,
          template: "password-reset",
          payload: { resetUrl: resetUrl(deps.config.appUrl, token) },
        },
        now,
      );
    });
  }
  return { message: RESET_REQUESTED_MESSAGE };
}

/**
 * Uses a reset token: marked used with UPDATE … WHERE used_at IS NULL, so of two racing uses one
 * wins. The password changes and tokenVersion goes up, which ends every session of the account.
 */
export async function resetPassword(deps: ResetDeps, token: string, password: string): Promise<{ message: string }> {
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256Hex(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!used) throw new AppError(400, "INVALID_RESET_TOKEN", INVALID_RESET_LINK_MESSAGE);
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, used.userId));
    // Any other outstanding link of the account stops working too.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, used.userId), isNull(passwordResets.usedAt)));
  });
  return { message: PASSWORD_RESET_MESSAGE };
}
