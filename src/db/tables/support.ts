/** Support tickets with their threads, and the buyers' reviews. */
import { TICKET_STATUSES } from "@shared/support";
import { SITE_LANGUAGES } from "@shared/languages";
import { accountColumn, type Columns, type Referenced } from "./columns";

export function supportTables(b: Columns, { users }: Record<"users", Referenced>) {
  const supportTickets = supportTicketsTable(b);
  const supportMessages = supportMessagesTable(b, { supportTickets, users });
  const reviews = reviewsTable(b, { users });
  return { supportTickets, supportMessages, reviews };
}

function supportTicketsTable(b: Columns) {
  return b.table(
    "support_tickets",
    {
      id: b.id("id"),
      email: b.text("email").notNull(),
      subject: b.text("subject", { enum: ["technical", "billing", "feature", "bug"] }),
      /** The sender's first message; the answers that follow are support_messages. */
      message: b.text("message").notNull(),
      /** open: ours to answer; waiting: answered, waiting for the buyer; closed. */
      status: b.text("status", { enum: TICKET_STATUSES }).notNull().default("open"),
      createdAt: b.ms("created_at").notNull(),
      /** The newest message's time (null: only the first message, at createdAt). */
      lastMessageAt: b.ms("last_message_at"),
      /**
       * Random, signed into every link to the ticket's page, so a link names this ticket and no other, even
       * one that gets the same id after a restore. Null until the first link is made.
       */
      linkNonce: b.text("link_nonce"),
      /**
       * The language of the page the ticket was sent from, a site language tag ('en' for tickets older than it):
       * the e-mails about the ticket are written in it unless an account owns the ticket (then the account's).
       */
      language: b.text("language", { enum: SITE_LANGUAGES }).notNull().default("en"),
    },
    (t) => [
      b.index("support_tickets_created_idx").on(t.createdAt),
      b.index("support_tickets_status_idx").on(t.status),
      b.index("support_tickets_status_created_idx").on(t.status, t.createdAt),
      b.index("support_tickets_email_idx").on(t.email),
    ],
  );
}

/** The answers in a ticket's thread after its first message, oldest first. */
function supportMessagesTable(b: Columns, { supportTickets, users }: Record<"supportTickets" | "users", Referenced>) {
  return b.table(
    "support_messages",
    {
      id: b.id("id"),
      ticketId: b
        .int("ticket_id")
        .notNull()
        .references(() => supportTickets.id, { onDelete: "cascade" }),
      /** buyer: the sender, through the ticket's link; support: an admin, from the admin panel. */
      author: b.text("author", { enum: ["buyer", "support"] }).notNull(),
      /** The admin who wrote a support answer (null for the buyer's, or once that admin's account is gone). */
      adminUserId: b.int("admin_user_id").references(() => users.id, { onDelete: "set null" }),
      body: b.text("body").notNull(),
      createdAt: b.ms("created_at").notNull(),
    },
    (t) => [b.index("support_messages_ticket_idx").on(t.ticketId, t.id)],
  );
}

function reviewsTable(b: Columns, { users }: Record<"users", Referenced>) {
  return b.table(
    "reviews",
    {
      id: b.id("id"),
      userId: accountColumn(b, users).unique(),
      rating: b.int("rating").notNull(),
      comment: b.text("comment").notNull(),
      /** The name shown with the review; chosen by its author, never derived from the e-mail. */
      displayName: b.text("display_name"),
      hidden: b.bool("hidden").notNull().default(false),
      createdAt: b.ms("created_at").notNull(),
    },
    (t) => [b.index("reviews_visible_idx").on(t.hidden, t.createdAt)],
  );
}
