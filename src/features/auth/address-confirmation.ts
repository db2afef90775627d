/**
 * Proving the account's address (docs/accounts.md#a-proven-address). Sign-up doesn't prove that whoever signs
 * up reads the inbox they typed, so a link goes to it: 24 hours, single use, only the token's hash kept, like
 * an e-mail change. Following it sets `emailConfirmedAt`; only then is anything the account's because of its
 * address alone. The dashboard can ask for a new link (rate limited per account, and counted in the database
 * so a restart doesn't reset the daily cap); accounts made before this existed get one invitation.
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { forUpdate, type DbOrTx } from "../../db";
import { issueLink, linksMadeSince, redeemLink, retireLinks } from "../../db/one-time-links";
import { addressConfirmations, users, type User } from "../../db/schema";
import { DAY } from "../../lib/clock";
import { AppError, conflict } from "../../lib/errors";
import { RATE_RULES } from "../../lib/rate-limit";
import { writeAudit } from "../audit/service";
import { queueEmail } from "../email/outbox";
import { accountLanguage } from "../email/language";
import { pageUrl } from "../email/templates/links";
import type { SiteLanguage } from "@shared/languages";
import { claimConfirmedAddress } from "../ownership/service";
import { lockAccount } from "../users/service";
import type { AccountMessage, ConfirmEmailAnswer } from "@shared/api/account";

/** How long a link works: a day for one just asked for; a week for the invitation, which nobody expects. */
export const CONFIRMATION_LINK_LIFETIME_MS = DAY;
export const INVITATION_LINK_LIFETIME_MS = 7 * DAY;
/** Links an account may be sent in a day, whatever the in-memory rate limit says after a restart. */
export const CONFIRMATION_LINKS_PER_DAY = 5;

const INVALID_LINK =
  "This confirmation link is invalid, has expired or was replaced by a newer one. Sign in and send a new one from your dashboard.";
const TOO_MANY = "We've sent several links already. Please use the newest one, or try again in a while.";

/** The confirmation page in the account's language, with the link's token. */
export const confirmAddressUrl = (appUrl: string, language: SiteLanguage, token: string) =>
  pageUrl(appUrl, language, `/confirm-address?token=${encodeURIComponent(token)}`);

/** Whether the account's address was proven (a confirmation or an e-mail change link was followed). */
export const isAddressConfirmed = (user: Pick<User, "emailConfirmedAt">) => user.emailConfirmedAt !== null;

/**
 * Writes a new link for the account's current address and queues its e-mail, in the caller's transaction.
 * An older unused link stops working, so only the newest e-mail counts.
 */
export async function queueAddressConfirmation(
  tx: DbOrTx,
  appUrl: string,
  user: Pick<User, "id" | "email" | "language">,
  now: number,
  kind: "address-confirm" | "address-invitation" = "address-confirm",
) {
  await retireLinks(tx, addressConfirmations, user.id, now);
  const lifetime = kind === "address-invitation" ? INVITATION_LINK_LIFETIME_MS : CONFIRMATION_LINK_LIFETIME_MS;
  const token = await issueLink(tx, addressConfirmations, { userId: user.id, email: user.email }, lifetime, now);
  await queueEmail(
    tx,
    {
      to: user.email,
      userId: user.id,
      template: kind,
      payload: {
        confirmUrl: confirmAddressUrl(appUrl, accountLanguage(user), token),
        language: accountLanguage(user),
      },
    },
    now,
  );
}

/** The dashboard's "Send the link again": refused once confirmed, and limited per account. */
export async function resendAddressConfirmation(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "limiter">,
  user: User,
): Promise<AccountMessage> {
  if (isAddressConfirmed(user)) throw conflict("ALREADY_CONFIRMED", "Your email address is already confirmed.");
  await deps.limiter.take("address-confirmation", { user: user.id }, RATE_RULES.addressConfirmation, TOO_MANY);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // The count and the new link are one transaction, so racing requests can't pass the daily cap together.
    await lockAccount(tx, user.id);
    const today = await linksMadeSince(tx, addressConfirmations, user.id, now - DAY);
    if (today.n >= CONFIRMATION_LINKS_PER_DAY) {
      const retryAfterSeconds = Math.max(1, Math.ceil(((today.oldest ?? now) + DAY - now) / 1000));
      throw new AppError(
        429,
        "RATE_LIMITED",
        TOO_MANY,
        { retryAfterSeconds },
        { "Retry-After": String(retryAfterSeconds) },
      );
    }
    await queueAddressConfirmation(tx, deps.config.appUrl, user, now);
  });
  return {
    message: `We've sent a new confirmation link to ${user.email}. It works once, within 24 hours.`,
  };
}

/**
 * Follows the link: marked used with UPDATE … WHERE used_at IS NULL, so two racing uses confirm once. It
 * confirms the address it was sent to only while that is still the account's address.
 */
export async function confirmAddress(deps: Pick<AppDeps, "db" | "clock">, token: string): Promise<ConfirmEmailAnswer> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const link = await redeemLink(tx, addressConfirmations, token, now);
    const [user] = link ? await forUpdate(tx.select().from(users).where(eq(users.id, link.userId))) : [];
    if (!link || !user || user.email !== link.email) throw new AppError(400, "INVALID_CONFIRMATION_LINK", INVALID_LINK);
    if (!isAddressConfirmed(user)) {
      await tx.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, user.id));
      // What the address made so far and is nobody's becomes the account's, for good.
      await claimConfirmedAddress(tx, user.id, user.email, now);
      await writeAudit(tx, {
        actorUserId: user.id,
        action: "account.email-confirmed",
        subject: `user:${user.id}`,
        at: now,
      });
    }
    return {
      email: user.email,
      message: `${user.email} is confirmed. Your dashboard now shows every purchase made with it, with its invoices, and your support messages.`,
    };
  });
}
