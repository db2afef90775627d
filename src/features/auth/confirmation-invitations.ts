/**
 * The one-time invitation to confirm, for accounts made before addresses were confirmed
 * (`layerlift accounts invite-unconfirmed`). Each unconfirmed account is invited at most once, ever: the
 * invitation is marked on the account with UPDATE … WHERE confirmation_invited_at IS NULL in the transaction
 * that queues its e-mail, so running the command again, or twice at once, invites nobody twice.
 */
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { users } from "../../db/schema";
import { queueAddressConfirmation } from "./address-confirmation";

/** Accounts invited per transaction: short write locks, so a running site goes on answering meanwhile. */
const BATCH = 200;

export interface InvitationResult {
  invited: number;
}

export async function inviteUnconfirmedAccounts(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
): Promise<InvitationResult> {
  let invited = 0;
  let after = 0;
  for (;;) {
    const now = deps.clock.now();
    const batch = await deps.db.transaction(async (tx) => {
      const candidates = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(gt(users.id, after), isNull(users.emailConfirmedAt), isNull(users.confirmationInvitedAt)))
        .orderBy(asc(users.id))
        .limit(BATCH);
      for (const { id } of candidates) {
        const [account] = await tx
          .update(users)
          .set({ confirmationInvitedAt: now })
          .where(and(eq(users.id, id), isNull(users.emailConfirmedAt), isNull(users.confirmationInvitedAt)))
          .returning({ id: users.id, email: users.email, language: users.language });
        if (!account) continue;
        await queueAddressConfirmation(tx, deps.config.appUrl, account, now, "address-invitation");
        invited++;
      }
      return candidates;
    });
    if (batch.length < BATCH) return { invited };
    after = batch.at(-1)!.id;
  }
}
