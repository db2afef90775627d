/** `layerlift accounts invite-unconfirmed`: the one-time e-mail asking accounts made before confirmation existed to confirm. */
import { systemClock } from "../lib/clock";
import { UsageError, type Command } from "./command";

export const accountsCommand: Command = {
  usage: `  layerlift accounts invite-unconfirmed               e-mail every unconfirmed account, once ever, a link
                                                      to confirm its address (run again: invites nobody twice)`,
  database: "existing",
  async run({ config, words: [sub] }) {
    if (sub !== "invite-unconfirmed") throw new UsageError("accounts takes invite-unconfirmed");
    const { closeDatabase, openConfiguredDatabase } = await import("../db");
    const { inviteUnconfirmedAccounts } = await import("../features/auth/confirmation-invitations");
    const db = await openConfiguredDatabase(config);
    let invited: number;
    try {
      ({ invited } = await inviteUnconfirmedAccounts({ db, clock: systemClock, config }));
    } finally {
      await closeDatabase(db);
    }
    console.log(
      invited === 0
        ? "No account to invite: every account is confirmed or was invited before."
        : `Invited ${invited} unconfirmed ${invited === 1 ? "account" : "accounts"} to confirm ${invited === 1 ? "its address" : "their addresses"}; the e-mails go out from the running server's outbox.`,
    );
    return 0;
  },
};
