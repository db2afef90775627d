/**
 * "Can't find your key?" (POST /api/keys/resend): e-mails every key bought with an address, each
 * marked unused or used. The answer is one sentence whatever the address (bought, never bought, not
 * even an address), so nobody learns who bought. At most LOST_KEY_EMAILS_PER_DAY such e-mails go to
 * one address a day, counted in the outbox, so a restart doesn't reset the cap.
 */
import { and, asc, count, eq, gt } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { emails, productKeys, sales } from "../../db/schema";
import { DAY, toIso } from "../../lib/clock";
import { PLANS } from "@shared/plans";
import { queueEmail } from "../email/outbox";
import { normaliseEmail } from "../users/service";
import { DEFAULT_LANGUAGE, type SiteLanguage } from "@shared/languages";

export const KEY_RESEND_MESSAGE =
  "If that address bought a key, we've e-mailed every key bought with it. It can take a few minutes; check your spam folder too.";
export const LOST_KEY_EMAILS_PER_DAY = 3;

const LOOKS_LIKE_AN_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The keys of the paid (not refunded) sales made with `email`, oldest first. */
function keysBoughtWith(db: DbOrTx, email: string) {
  return db
    .select({
      key: productKeys.key,
      plan: sales.plan,
      boughtAt: sales.createdAt,
      used: productKeys.isUsed,
      renewalUserId: sales.renewalUserId,
    })
    .from(sales)
    .innerJoin(productKeys, eq(productKeys.id, sales.productKeyId))
    .where(and(eq(sales.email, email), eq(sales.status, "paid")))
    .orderBy(asc(sales.createdAt), asc(sales.id));
}

/** Queues the lost-keys e-mail: every key bought with `email`; null (nothing queued) when it bought none. */
/** `language` is the one the e-mail is written in: the asking page's, or the ticket's beside which an admin sent it. */
export async function queueLostKeys(
  tx: DbOrTx,
  email: string,
  now: number,
  language: SiteLanguage = DEFAULT_LANGUAGE,
): Promise<{ keys: number } | null> {
  const keys = await keysBoughtWith(tx, email);
  if (!keys.length) return null;
  await queueEmail(
    tx,
    {
      to: email,
      template: "lost-keys",
      payload: {
        email,
        keys: keys.map((k) => ({
          key: k.key,
          planName: PLANS[k.plan].name,
          boughtAt: toIso(k.boughtAt)!,
          used: k.used,
          ...(k.renewalUserId !== null ? { renewal: true } : {}),
        })),
        language,
      },
    },
    now,
  );
  return { keys: keys.length };
}

export async function resendKeys(
  deps: Pick<AppDeps, "db" | "clock">,
  rawEmail: string,
  language: SiteLanguage = DEFAULT_LANGUAGE,
): Promise<{ message: string }> {
  const email = normaliseEmail(rawEmail);
  if (!LOOKS_LIKE_AN_ADDRESS.test(email)) return { message: KEY_RESEND_MESSAGE };
  const now = deps.clock.now();
  // The count and the queueing share one transaction, so two requests at once can't both pass the cap.
  await deps.db.transaction(async (tx) => {
    const [sent] = await tx
      .select({ n: count() })
      .from(emails)
      .where(and(eq(emails.to, email), eq(emails.template, "lost-keys"), gt(emails.createdAt, now - DAY)));
    if (sent!.n >= LOST_KEY_EMAILS_PER_DAY) return;
    await queueLostKeys(tx, email, now, language);
  });
  return { message: KEY_RESEND_MESSAGE };
}
