/**
 * Changing the password from Settings: the current password is checked, tokenVersion goes up (every
 * session of the account ends), the session that asked gets a fresh token, and the account is told.
 */
import { and, eq, sql } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { users, type User } from "../../db/schema";
import { AppError, badRequest } from "../../lib/errors";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { writeAudit } from "../audit/service";
import { signSessionToken } from "../../lib/session-token";
import { queueEmail } from "../email/outbox";
import { accountLanguage } from "../email/language";
import type { EmailPayload, EmailTemplate } from "../email/templates/registry";
import type { ChangePasswordAnswer } from "@shared/api/account";
import type { AuditAction } from "@shared/audit-actions";

type AccountDeps = Pick<AppDeps, "db" | "clock" | "config" | "jwtSecret">;

/**
 * 403, not 401: the session is fine, only the password typed is wrong (a 401 would sign the person
 * out for a typo).
 */
export async function assertPassword(user: User, password: string) {
  if (!(await verifyPassword(password, user.passwordHash))) {
    throw new AppError(403, "WRONG_PASSWORD", "That is not your current password.");
  }
}

/**
 * A change its holder made to how the account signs in (its password, its address): e-mailed to the address
 * the account had, so a change made from a stolen session reaches the owner, and kept in the audit log as the
 * holder's own act.
 */
export async function recordSignInChange<T extends EmailTemplate>(
  tx: DbOrTx,
  account: Pick<User, "id" | "email">,
  change: { template: T; payload: EmailPayload<T>; action: AuditAction },
  now: number,
): Promise<void> {
  const { template, payload, action } = change;
  await queueEmail(tx, { to: account.email, userId: account.id, template, payload }, now);
  await writeAudit(tx, { actorUserId: account.id, action, subject: `user:${account.id}`, at: now });
}

export async function changePassword(
  deps: AccountDeps,
  user: User,
  currentPassword: string,
  newPassword: string,
): Promise<ChangePasswordAnswer> {
  await assertPassword(user, currentPassword);
  if (currentPassword === newPassword)
    throw badRequest("SAME_PASSWORD", "The new password is the same as the current one.");
  const passwordHash = await hashPassword(newPassword);
  const now = deps.clock.now();
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      // Only if nothing changed it meanwhile: of two racing changes one wins, the other's session has ended.
      .where(and(eq(users.id, user.id), eq(users.tokenVersion, user.tokenVersion)))
      .returning();
    if (!row)
      throw new AppError(
        409,
        "PASSWORD_CHANGED_MEANWHILE",
        "Your password was changed from another session. Please sign in again.",
      );
    await recordSignInChange(
      tx,
      row,
      {
        template: "password-changed",
        payload: { changedAt: new Date(now).toISOString(), language: accountLanguage(row) },
        action: "account.password-changed",
      },
      now,
    );
    return row;
  });
  const token = await signSessionToken(deps.jwtSecret, { userId: updated.id, tokenVersion: updated.tokenVersion }, now);
  return { token, message: "Your password has been changed. Every other session of your account has been signed out." };
}
