/** The language a ticket's e-mails are written in. */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db";
import { users, type SupportTicket } from "../../db/schema";
import type { SiteLanguage } from "@shared/languages";
import { ownerOf } from "../ownership/service";
import { accountLanguage } from "../email/language";

/** The language of the account that owns the ticket, or else of the page it was sent from. */
export async function ticketLanguage(
  db: DbOrTx,
  ticket: Pick<SupportTicket, "id" | "language">,
): Promise<SiteLanguage> {
  const owner = await ownerOf(db, "ticket", ticket.id);
  if (!owner) return ticket.language;
  const [account] = await db.select({ language: users.language }).from(users).where(eq(users.id, owner.userId));
  return account ? accountLanguage(account) : ticket.language;
}
