/**
 * The link to a ticket's page that support e-mails carry: /support/ticket?token=…, so its sender can read
 * the thread and answer without an account. The token is `<ticket id>.<expiry>.<signature>`: an HMAC under
 * the server's secret of the id, the expiry and the ticket's random link nonce (kept in the database, never
 * sent), in the way the invoice links are signed. A link names exactly one ticket: the id comes only from the
 * signed token, and the signature only holds with that ticket's nonce, so neither another id nor a ticket
 * that got the same id after a restore of an older backup can be reached with it.
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { supportTickets, type SupportTicket } from "../../db/schema";
import { DAY } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import { newToken } from "../../lib/random";
import { signature, signatureHolds } from "../../lib/signed";
import { ticketNumber } from "@shared/support";
import type { SiteLanguage } from "@shared/languages";
import { pageUrl } from "../email/templates/links";

export const TICKET_PAGE_PATH = "/support/ticket";

const TOKEN_SHAPE = /^([1-9]\d{0,15})\.(\d{1,13})\.([A-Za-z0-9_-]{43})$/;
const INVALID = "This link doesn't match a ticket. Open it again from the newest e-mail about your ticket.";

type LinkDeps = Pick<AppDeps, "clock" | "config" | "jwtSecret">;

/** What a ticket link's signature covers. */
const signed = (id: number, expiresAt: number, nonce: string) => `support-ticket:${id}.${expiresAt}.${nonce}`;

/** The ticket's nonce, made (and stored, in the caller's transaction) the first time a link to it is made. */
export async function ensureLinkNonce(tx: DbOrTx, ticket: SupportTicket): Promise<string> {
  if (ticket.linkNonce) return ticket.linkNonce;
  const nonce = newToken(16);
  await tx.update(supportTickets).set({ linkNonce: nonce }).where(eq(supportTickets.id, ticket.id));
  return nonce;
}

/** A signed link to the ticket's page, in the e-mail's language, that works for SUPPORT_LINK_DAYS from now. */
export function ticketLink(deps: LinkDeps, ticket: { id: number }, nonce: string, language: SiteLanguage): string {
  const expiresAt = deps.clock.now() + deps.config.supportLinkDays * DAY;
  const token = `${ticket.id}.${expiresAt}.${signature(deps.jwtSecret, signed(ticket.id, expiresAt, nonce))}`;
  return pageUrl(deps.config.appUrl, language, `${TICKET_PAGE_PATH}?${new URLSearchParams({ token })}`);
}

/**
 * The ticket a link's token names, and when the link stops working: 404 for a token that isn't one of ours
 * or names no ticket (any more), 410 for a genuine one that has expired.
 */
export async function ticketOfLink(
  deps: LinkDeps & Pick<AppDeps, "db">,
  token: string,
): Promise<{ ticket: SupportTicket; expiresAt: number }> {
  const invalid = () => new AppError(404, "TICKET_LINK_INVALID", INVALID);
  const parts = TOKEN_SHAPE.exec(token.trim());
  if (!parts) throw invalid();
  const id = Number(parts[1]);
  const expiresAt = Number(parts[2]);
  const [ticket] = await deps.db.select().from(supportTickets).where(eq(supportTickets.id, id)).limit(1);
  if (!ticket?.linkNonce) throw invalid();
  if (!signatureHolds(deps.jwtSecret, signed(id, expiresAt, ticket.linkNonce), parts[3])) throw invalid();
  if (expiresAt <= deps.clock.now()) {
    throw new AppError(
      410,
      "TICKET_LINK_EXPIRED",
      `This link has expired. The newest e-mail about ticket ${ticketNumber(id)} has one that works, or write to us again from the support page.`,
    );
  }
  return { ticket, expiresAt };
}
