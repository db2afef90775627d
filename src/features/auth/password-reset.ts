/**
 * Forgot password (docs/architecture.md#accounts): a one-hour, single-use link e-mailed to the account's address.
 * The request always answers the same, so nobody can probe which e-mails have accounts. Only the
 * token's hash is stored; using it sets the password and ends every existing session.
 */
import { eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { issueLink, linksMadeSince, redeemLink, retireLinks } from "../../db/one-time-links";
import { passwordResets, users } from "../../db/schema";
import { DAY, HOUR } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import { hashPassword } from "../../lib/passwords";
import { queueEmail } from "../email/outbox";
import { accountLanguage } from "../email/language";
import { pageUrl } from "../email/templates/links";
import type { SiteLanguage } from "@shared/languages";
import { findUserByEmail, lockAccount } from "../users/service";

const RESET_LINK_LIFETIME_MS = HOUR;
/** Reset e-mails one address gets in a day, whatever asks for them: nobody can flood an inbox through us. */
export const RESET_EMAILS_PER_DAY = 5;
const RESET_REQUESTED_MESSAGE =
  "If an account exists for this email, we've sent a link to reset its password. It works for one hour.";
const INVALID_RESET_LINK_MESSAGE = "This reset link is invalid or has expired. Please request a new one.";
const PASSWORD_RESET_MESSAGE = "Your password has been changed. Please sign in with your new password.";

type ResetDeps = Pick<AppDeps, "db" | "clock" | "config">;

/** The reset page in the account's language, with the link's token. */
export function resetUrl(appUrl: string, language: SiteLanguage, token: string): string {
  return pageUrl(appUrl, language, `/reset-password?token=${encodeURIComponent(token)}`);
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
    await deps.db.transaction(async (tx) => {
      // Counted in the database, so a restart doesn't reset the cap.
      await lockAccount(tx, user.id);
      if ((await linksMadeSince(tx, passwordResets, user.id, now - DAY)).n >= RESET_EMAILS_PER_DAY) return;
      const token = await issueLink(tx, passwordResets, { userId: user.id }, RESET_LINK_LIFETIME_MS, now);
      await queueEmail(
        tx,
        {
          to: user.email,
          userId: user.id,
          template: "password-reset",
          payload: {
            resetUrl: resetUrl(deps.config.appUrl, accountLanguage(user), token),
            language: accountLanguage(user),
          },
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
    const used = await redeemLink(tx, passwordResets, token, now);
    if (!used) throw new AppError(400, "INVALID_RESET_TOKEN", INVALID_RESET_LINK_MESSAGE);
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, used.userId));
    // Any other outstanding link of the account stops working too.
    await retireLinks(tx, passwordResets, used.userId, now);
  });
  return { message: PASSWORD_RESET_MESSAGE };
}
