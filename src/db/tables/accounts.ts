/** Accounts: users, their subscription, and the tokens and records that hang off an account. */
import { PLAN_IDS } from "@shared/plans";
import { REMINDER_KINDS } from "@shared/reminders";
import { accountColumn, type Columns, type Referenced } from "./columns";

export function accountTables(b: Columns) {
  const users = usersTable(b);
  const subscriptions = subscriptionsTable(b, { users });
  const passwordResets = passwordResetsTable(b, { users });
  const emailChanges = emailChangesTable(b, { users });
  const addressConfirmations = addressConfirmationsTable(b, { users });
  const renewalReminders = renewalRemindersTable(b, { subscriptions });
  const accountRecords = accountRecordsTable(b, { users });
  return { users, subscriptions, passwordResets, emailChanges, addressConfirmations, renewalReminders, accountRecords };
}

function usersTable(b: Columns) {
  return b.table(
    "users",
    {
      id: b.id("id"),
      email: b.text("email").notNull().unique(),
      passwordHash: b.text("password_hash").notNull(),
      isAdmin: b.bool("is_admin").notNull().default(false),
      /** The plugin key (`ll_…`): the API still calls it figmaKey, and the column keeps its first name. */
      pluginKey: b.text("figma_key").unique(),
      linkedRobloxAccountId: b.text("linked_roblox_account_id"),
      linkedAt: b.ms("linked_at"),
      /** The last valid validation with the plugin key (seat 1's), written at most once a minute. */
      pluginValidatedAt: b.ms("plugin_validated_at"),
      lastLinkResetAt: b.ms("last_link_reset_at"),
      lastMismatchAlertAt: b.ms("last_mismatch_alert_at"),
      /**
       * The seats an admin gave beyond what the account's redeemed keys pay for (negative when one took some back):
       * a refund ends only the seats its purchase paid for, never these (src/features/seats/service.ts).
       */
      goodwillSeats: b.int("goodwill_seats").notNull().default(0),
      notifications: b.bool("notifications").notNull().default(true),
      autoSync: b.bool("auto_sync").notNull().default(true),
      theme: b.text("theme").notNull().default("dark"),
      /**
       * Whether the user ever chose `theme` (in Settings, or with the theme control while signed in). Until then
       * the account has no theme of its own and the browser keeps the one its visitor picked (or the site's
       * default).
       */
      themeChosen: b.bool("theme_chosen").notNull().default(false),
      language: b.text("language").notNull().default("en"),
      tokenVersion: b.int("token_version").notNull().default(0),
      createdAt: b.ms("created_at").notNull(),
      lastSeenAt: b.ms("last_seen_at"),
      /**
       * When a link sent to `email` was followed (sign-up's confirmation, or an e-mail change); null = not proven.
       * Until then nothing is the account's because of its address alone (docs/accounts.md#a-proven-address).
       */
      emailConfirmedAt: b.ms("email_confirmed_at"),
      /** When the one-time invitation to confirm went out (`layerlift accounts invite-unconfirmed`); null = never. */
      confirmationInvitedAt: b.ms("confirmation_invited_at"),
    },
    (t) => [b.index("users_last_seen_idx").on(t.lastSeenAt), b.index("users_created_idx").on(t.createdAt)],
  );
}

function subscriptionsTable(b: Columns, { users }: Record<"users", Referenced>) {
  return b.table(
    "subscriptions",
    {
      id: b.id("id"),
      userId: accountColumn(b, users).unique(),
      plan: b.text("plan", { enum: PLAN_IDS }).notNull(),
      status: b
        .text("status", { enum: ["active", "cancelled", "expired"] })
        .notNull()
        .default("active"),
      startDate: b.ms("start_date").notNull(),
      /** null = lifetime */
      endDate: b.ms("end_date"),
      cancelledAt: b.ms("cancelled_at"),
      /** Set while a payment for this subscription is disputed: access is on hold and its time stops counting. */
      suspendedAt: b.ms("suspended_at"),
    },
    (t) => [b.index("subscriptions_end_idx").on(t.endDate)],
  );
}

/**
 * What every one-time link's table holds (src/db/one-time-links.ts): the account it is for, the hash of its
 * token (the token itself is never kept), and when it expires, was used and was made.
 */
function linkColumns(b: Columns, users: Referenced) {
  return {
    userId: accountColumn(b, users),
    tokenHash: b.text("token_hash").notNull().unique(),
    expiresAt: b.ms("expires_at").notNull(),
    usedAt: b.ms("used_at"),
    createdAt: b.ms("created_at").notNull(),
  };
}

function passwordResetsTable(b: Columns, { users }: Record<"users", Referenced>) {
  return b.table("password_resets", { id: b.id("id"), ...linkColumns(b, users) });
}

/** A change of an account's e-mail, waiting for the link sent to the new address (only the token's hash is kept). */
function emailChangesTable(b: Columns, { users }: Record<"users", Referenced>) {
  return b.table("email_changes", {
    id: b.id("id"),
    newEmail: b.text("new_email").notNull(),
    ...linkColumns(b, users),
  });
}

/**
 * A link that proves the account's address (sent at sign-up, on request from the dashboard, or by the one-time
 * invitation): only the token's hash is kept. It confirms `email` only while that is still the account's address.
 */
function addressConfirmationsTable(b: Columns, { users }: Record<"users", Referenced>) {
  return b.table(
    "address_confirmations",
    {
      id: b.id("id"),
      email: b.text("email").notNull(),
      ...linkColumns(b, users),
    },
    (t) => [b.index("address_confirmations_user_idx").on(t.userId)],
  );
}

/**
 * Renewal reminders already queued: one row per subscription, period (its end date) and kind, so a
 * reminder goes out once per period however many times, or on however many servers, the scheduler runs.
 */
function renewalRemindersTable(b: Columns, { subscriptions }: Record<"subscriptions", Referenced>) {
  return b.table(
    "renewal_reminders",
    {
      id: b.id("id"),
      subscriptionId: b
        .int("subscription_id")
        .notNull()
        .references(() => subscriptions.id, { onDelete: "cascade" }),
      periodEnd: b.ms("period_end").notNull(),
      kind: b.text("kind", { enum: REMINDER_KINDS }).notNull(),
      createdAt: b.ms("created_at").notNull(),
    },
    (t) => [b.uniqueIndex("renewal_reminders_once").on(t.subscriptionId, t.periodEnd, t.kind)],
  );
}

/**
 * Whose a record is (docs/accounts.md#who-owns-a-purchase): written once, when the account proved it, and
 * never recomputed from the account's address, so an address change moves nothing. One row per record, so
 * a record is one account's or nobody's; the account's deletion takes its rows with it.
 */
function accountRecordsTable(b: Columns, { users }: Record<"users", Referenced>) {
  return b.table(
    "account_records",
    {
      kind: b.text("kind", { enum: ["sale", "ticket", "checkout", "email"] }).notNull(),
      recordId: b.int("record_id").notNull(),
      userId: accountColumn(b, users),
      /** key: it redeemed the key; renewal: it paid from the dashboard; address: its confirmed address; account: about the account. */
      reason: b.text("reason", { enum: ["key", "renewal", "address", "account", "sale"] }).notNull(),
      /** A sale the account paid for (its renewal, or bought with its own address): the buyer's details are its own. */
      paid: b.bool("paid").notNull().default(false),
      createdAt: b.ms("created_at").notNull(),
    },
    (t) => [b.primaryKey({ columns: [t.kind, t.recordId] }), b.index("account_records_user_idx").on(t.userId, t.kind)],
  );
}
