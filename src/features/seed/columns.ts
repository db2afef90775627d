/** The tables `layerlift seed-scale` fills and their columns: what the row generator yields and each writer takes. */

/** The columns each seeded table gets, in the order the generator gives its values; parents before children. */
export const SEED_COLUMNS = {
  users: [
    "id",
    "email",
    "password_hash",
    "is_admin",
    "figma_key",
    "linked_roblox_account_id",
    "linked_at",
    "notifications",
    "created_at",
    "last_seen_at",
    "email_confirmed_at",
  ],
  sales: [
    "id",
    "payment_intent_id",
    "email",
    "plan",
    "amount_cents",
    "fee_cents",
    "refunded_cents",
    "status",
    "product_key_id",
    "dispute_id",
    "dispute_status",
    "dispute_amount_cents",
    "dispute_fee_cents",
    "disputed_at",
    "dispute_closed_at",
    "created_at",
    "promotion_code",
    "discount_cents",
    "invoice_number",
  ],
  credit_notes: ["number", "sale_id", "amount_cents", "created_at"],
  product_keys: ["id", "key", "plan", "is_used", "used_by_user_id", "used_at", "source", "sale_id", "created_at"],
  emails: [
    "to",
    "template",
    "subject",
    "payload",
    "status",
    "attempts",
    "provider_message_id",
    "delivery_key",
    "created_at",
    "sent_at",
  ],
  document_counters: ["kind", "year", "last"],
  promotion_codes: ["code", "percent_off", "amount_off_cents", "once_per_buyer", "active", "created_at"],
  subscriptions: ["id", "user_id", "plan", "status", "start_date", "end_date", "cancelled_at", "suspended_at"],
  renewal_reminders: ["subscription_id", "period_end", "kind", "created_at"],
  audit_log: ["actor_user_id", "action", "subject", "detail", "created_at"],
  support_tickets: ["email", "subject", "message", "status", "created_at"],
  reviews: ["user_id", "rating", "comment", "display_name", "hidden", "created_at"],
  account_records: ["kind", "record_id", "user_id", "reason", "paid", "created_at"],
} as const;

export type SeedTable = keyof typeof SEED_COLUMNS;
/** The tables in an order their foreign keys accept (a parent before the tables that point at it). */
export const SEED_TABLES = Object.keys(SEED_COLUMNS) as SeedTable[];
/** Columns holding JSON: an object from the generator, text on SQLite, jsonb on PostgreSQL. */
export const SEED_JSON_COLUMNS: Partial<Record<SeedTable, readonly string[]>> = { emails: ["payload"] };
/** Tables whose ids the seed gives itself (the others take them from the table's own counter). */
export const SEED_TABLES_WITH_IDS = SEED_TABLES.filter((t) => (SEED_COLUMNS[t] as readonly string[]).includes("id"));

export type SeedRow = [SeedTable, unknown[]];
