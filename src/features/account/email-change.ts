/**
 * Changing the account's e-mail: a link goes to the new address, and only following it changes the
 * address, so a typo can't lock anyone out. Until then the old address still signs in; when it is
 * done, the old address is told. Only the token's hash is stored.
 */
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { forUpdate, isUniqueViolation } from "../../db";
import { issueLink, redeemLink, retireLinks } from "../../db/one-time-links";
import { emailChanges, users, type User } from "../../db/schema";
import { DAY } from "../../lib/clock";
import { AppError, badRequest, conflict } from "../../lib/errors";
import { queueEmail } from "../email/outbox";
import { accountLanguage } from "../email/language";
import { pageUrl } from "../email/templates/links";
import type { SiteLanguage } from "@shared/languages";
import { claimConfirmedAddress } from "../ownership/service";
import { findUserByEmail, normaliseEmail } from "../users/service";
import { assertPassword, recordSignInChange } from "./password";
import type { AccountMessage, ConfirmEmailAnswer, PendingEmailChange } from "@shared/api/account";
import { toIso } from "../../lib/clock";

const LINK_LIFETIME_MS = DAY;
/** One sentence for a taken address, whoever has it: it never says whose it is. */
const ADDRESS_TAKEN = "This email address can't be used for your account. Please choose another.";
const INVALID_LINK =
  "This confirmation link is invalid, has expired or was replaced by a newer one. Please ask for a new one in Settings.";

type EmailDeps = Pick<AppDeps, "db" | "clock" | "config">;

/** The new address's confirmation page in the account's language, with the link's token. */
export const confirmEmailUrl = (appUrl: string, language: SiteLanguage, token: string) =>
  pageUrl(appUrl, language, `/confirm-email?token=${encodeURIComponent(token)}`);

export async function requestEmailChange(
  deps: EmailDeps,
  user: User,
  rawNewEmail: string,
  password: string,
): Promise<AccountMessage> {
  await assertPassword(user, password);
  const newEmail = normaliseEmail(rawNewEmail);
  if (newEmail === user.email) throw badRequest("SAME_EMAIL", "That is already your account's email address.");
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, newEmail)) throw conflict("EMAIL_TAKEN", ADDRESS_TAKEN);
    // A newer request replaces any older link.
    await retireLinks(tx, emailChanges, user.id, now);
    const token = await issueLink(tx, emailChanges, { userId: user.id, newEmail }, LINK_LIFETIME_MS, now);
    await queueEmail(
      tx,
      {
        to: newEmail,
        userId: user.id,
        template: "email-change-confirm",
        payload: {
          confirmUrl: confirmEmailUrl(deps.config.appUrl, accountLanguage(user), token),
          oldEmail: user.email,
          language: accountLanguage(user),
        },
      },
      now,
    );
  });
  return {
    message: `We've sent a confirmation link to ${newEmail}. Your email changes when you open it (within 24 hours); until then, sign in with ${user.email}.`,
  };
}

/** Follows the link: marked used with UPDATE … WHERE used_at IS NULL, so two racing uses change it once. */
export async function confirmEmailChange(deps: EmailDeps, token: string): Promise<ConfirmEmailAnswer> {
  const now = deps.clock.now();
  const email = await deps.db.transaction(async (tx) => {
    const change = await redeemLink(tx, emailChanges, token, now);
    if (!change) throw new AppError(400, "INVALID_EMAIL_LINK", INVALID_LINK);
    const [user] = await forUpdate(tx.select().from(users).where(eq(users.id, change.userId)));
    if (!user) throw new AppError(400, "INVALID_EMAIL_LINK", INVALID_LINK);
    // Someone may have signed up with the address since the link was sent.
    if (await findUserByEmail(tx, change.newEmail)) throw conflict("EMAIL_TAKEN", ADDRESS_TAKEN);
    // The link was followed from the new address's inbox: that proves it. The address is unique: one taken by a
    // sign-up racing this is the same answer.
    await tx
      .update(users)
      .set({ email: change.newEmail, emailConfirmedAt: now })
      .where(eq(users.id, user.id))
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? conflict("EMAIL_TAKEN", ADDRESS_TAKEN) : error;
      });
    // The new address's records that are nobody's become the account's; the old address's stay its own.
    await claimConfirmedAddress(tx, user.id, change.newEmail, now);
    await recordSignInChange(
      tx,
      user,
      {
        template: "email-changed",
        payload: { newEmail: change.newEmail, language: accountLanguage(user) },
        action: "account.email-changed",
      },
      now,
    );
    return change.newEmail;
  });
  return { email, message: `Your account's email is now ${email}. Sign in with it from now on.` };
}

/** The change waiting for its link (the newest unused one still valid: a newer request replaces older links). */
export async function pendingEmailChange(deps: EmailDeps, userId: number): Promise<PendingEmailChange> {
  const now = deps.clock.now();
  const [change] = await deps.db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
    .orderBy(desc(emailChanges.id))
    .limit(1);
  return { pending: change ? { newEmail: change.newEmail, expiresAt: toIso(change.expiresAt)! } : null };
}

/** Cancels the waiting change: its link stops working and the address stays as it is. */
export async function cancelEmailChange(deps: EmailDeps, userId: number): Promise<PendingEmailChange> {
  await retireLinks(deps.db, emailChanges, userId, deps.clock.now());
  return { pending: null };
}
