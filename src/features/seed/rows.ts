/**
 * The rows of `layerlift seed-scale`, whatever engine they go to: one generator yields each row as its
 * table and its values (in SEED_COLUMNS' order), and a writer per engine puts them in (sqlite-writer.ts,
 * postgres-writer.ts). Every rule about what the made-up history looks like lives here. Flags are booleans
 * and JSON columns objects; each writer stores them the way its engine does.
 *
 * Rows come in an order every foreign key accepts: accounts first, then each sale before its credit note
 * and key, subscriptions before their reminders. Randomness is a seeded generator, so two runs with the
 * same sizes make the same shapes.
 */
import { DAY, MINUTE } from "../../lib/clock";
import { PLANS, PLAN_IDS, type PlanId } from "@shared/plans";
import { PRODUCT_KEY_LENGTH } from "@shared/product";
import type { AuditAction } from "@shared/audit-actions";
import { reminderDue } from "../reminders/service";

export const SEED_ADMIN_EMAIL = "admin@scale.example";
export const SEED_PASSWORD = "scale password";

/** What the synthetic sales were paid: the launch prices, as the price list's seed migration has them. */
const SEED_PRICE_CENTS: Record<PlanId, number> = { month: 699, pro: 2499, lifetime: 14999 };
const YEARS = 3;
const KEY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

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

export interface SeedSizes {
  users: number;
  sales: number;
  /** The seed's "today" (ms); its history runs over the three years before it. */
  now: number;
}

/** mulberry32: small, fast and seeded; these rows need variety, not secrecy. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A unique code for `n`: a bijective scramble of n into `length` letters of `alphabet` (32 letters). */
function code(n: number, alphabet: string, length: number, salt: number): string {
  // Multiplying by an odd number modulo 2^40 is a bijection, so distinct n give distinct codes.
  let x = (BigInt(n) * 0x9e3779b97n + BigInt(salt)) & 0xffffffffffn;
  let out = "";
  for (let i = 0; i < length; i++) {
    out += alphabet[Number(x & 31n)];
    x >>= 5n;
    if (x === 0n && i >= 7) x = BigInt(salt + i * 7919) & 0xffffffffffn;
  }
  return out;
}

const feeOf = (cents: number) => Math.round(cents * 0.029) + 30;

/** Every row of the seed, one at a time, so a writer holds only the batch it is writing. */
export function* seedRows(sizes: SeedSizes, passwordHash: string): Generator<SeedRow> {
  const { now, users: userCount, sales: saleCount } = sizes;
  const random = generator(userCount * 31 + saleCount);
  const salt = Math.floor(random() * 2 ** 32);
  const from = now - YEARS * 365 * DAY;
  const span = now - from;
  const at = (i: number, count: number) =>
    from + Math.floor((i / Math.max(1, count)) * span) + Math.floor(random() * MINUTE);
  const email = (u: number) => (u === 0 ? SEED_ADMIN_EMAIL : `buyer${u}@example.com`);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];

  // Accounts: the first is the admin; about half have a plugin key, a third a linked game account.
  const userCreated: number[] = new Array(userCount);
  for (let u = 0; u < userCount; u++) {
    const created = at(u, userCount);
    userCreated[u] = created;
    const hasKey = u === 0 || random() < 0.5;
    const linked = hasKey && random() < 0.6;
    yield [
      "users",
      [
        u + 1,
        email(u),
        passwordHash,
        u === 0,
        hasKey ? `ll_${code(u, BASE32, 32, salt)}` : null,
        linked ? String(10_000_000 + u) : null,
        linked ? created + DAY : null,
        random() < 0.9,
        created,
        random() < 0.7 ? created + Math.floor(random() * (now - created)) : null,
        // Four accounts in five followed the link sent at sign-up.
        u % 5 === 0 ? null : created + 10 * MINUTE,
      ],
    ];
  }

  // Sales over the years, each with its key; most keys were redeemed by the account of the same buyer.
  // Invoices and credit notes numbered per year without gaps, as src/features/invoices/numbers.ts does.
  const counters = new Map<string, number>();
  const documentNumber = (kind: "invoice" | "credit-note", at: number) => {
    const year = new Date(at).getUTCFullYear();
    const next = (counters.get(`${kind}|${year}`) ?? 0) + 1;
    counters.set(`${kind}|${year}`, next);
    return `${kind === "invoice" ? "LL" : "LL-CN"}-${year}-${String(next).padStart(6, "0")}`;
  };
  const promotions = [
    { code: "LAUNCH20", percentOff: 20 },
    { code: "FRIEND10", percentOff: 10 },
    { code: "SAVE5", amountOffCents: 500 },
  ];
  const lastKeyOfUser = new Map<number, { plan: PlanId; at: number }>();
  for (let s = 0; s < saleCount; s++) {
    const id = s + 1;
    const created = at(s, saleCount);
    const plan = random() < 0.55 ? "month" : random() < 0.75 ? "pro" : "lifetime";
    // One sale in ten used a promotion code; the sale's amount is what was paid after it.
    const promotion = random() < 0.1 ? pick(promotions) : null;
    const discount = promotion
      ? promotion.percentOff
        ? Math.round((SEED_PRICE_CENTS[plan] * promotion.percentOff) / 100)
        : promotion.amountOffCents!
      : 0;
    const amount = SEED_PRICE_CENTS[plan] - discount;
    const buyer = 1 + Math.floor(random() * (userCount - 1 || 1));
    const roll = random();
    // 94% paid, 2% partly refunded, 2.5% refunded, 0.5% open dispute, 0.6% won, 0.4% lost.
    let status = "paid",
      refunded = 0,
      dispute: [string, number, number, number, number | null] | null = null;
    if (roll < 0.02) refunded = Math.round(amount * pick([0.25, 0.5]));
    else if (roll < 0.045) status = "refunded";
    else if (roll < 0.05) {
      status = "disputed";
      dispute = ["needs_response", amount, 1500, created + 3 * DAY, null];
    } else if (roll < 0.056) dispute = ["won", amount, 1500, created + 3 * DAY, created + 40 * DAY];
    else if (roll < 0.06) {
      status = "refunded";
      dispute = ["lost", amount, 1500, created + 3 * DAY, created + 40 * DAY];
    }
    const redeemed = status !== "refunded" && random() < 0.8;
    const key = code(id, KEY_ALPHABET, PRODUCT_KEY_LENGTH, salt);
    const usedAt = redeemed ? created + Math.floor(random() * DAY) : null;
    yield [
      "sales",
      [
        id,
        `pi_scale_${id}`,
        redeemed ? email(buyer) : `guest${id}@example.com`,
        plan,
        amount,
        feeOf(amount),
        refunded,
        status,
        id,
        dispute ? `dp_scale_${id}` : null,
        dispute?.[0] ?? null,
        dispute?.[1] ?? null,
        dispute?.[2] ?? null,
        dispute?.[3] ?? null,
        dispute?.[4] ?? null,
        created,
        promotion?.code ?? null,
        discount,
        documentNumber("invoice", created),
      ],
    ];
    if (status === "refunded" || refunded > 0) {
      const refundedAt = created + (dispute ? 40 : 2) * DAY;
      yield [
        "credit_notes",
        [documentNumber("credit-note", refundedAt), id, status === "refunded" ? amount : refunded, refundedAt],
      ];
    }
    yield ["product_keys", [id, key, plan, redeemed, redeemed ? buyer : null, usedAt, "purchase", id, created]];
    // The buyer redeemed the key bought with its own address: the sale is its own, paid by it.
    if (redeemed) yield ["account_records", ["sale", id, buyer, "key", true, usedAt]];
    if (redeemed) lastKeyOfUser.set(buyer, { plan, at: created });
    const pending = now - created < 5 * MINUTE;
    const failed = !pending && random() < 0.0005;
    yield [
      "emails",
      [
        redeemed ? email(buyer) : `guest${id}@example.com`,
        "product-key",
        "Your Layerlift product key",
        { key, plan, planName: PLANS[plan].name },
        pending ? "pending" : failed ? "failed" : "sent",
        failed ? 5 : 1,
        pending || failed ? null : `re_scale_${id}`,
        `dk_scale_${id}`,
        created,
        pending || failed ? null : created + 2_000,
      ],
    ];
  }

  for (const [key, last] of counters) yield ["document_counters", [key.split("|")[0], Number(key.split("|")[1]), last]];
  for (const p of promotions)
    yield ["promotion_codes", [p.code, p.percentOff ?? null, p.amountOffCents ?? null, false, true, from]];

  // Keys an admin made and never handed out, and some given away and used.
  const adminKeys = Math.max(1, Math.floor(saleCount / 100));
  for (let k = 0; k < adminKeys; k++) {
    const id = saleCount + k + 1;
    const used = random() < 0.3;
    yield [
      "product_keys",
      [
        id,
        code(id, KEY_ALPHABET, PRODUCT_KEY_LENGTH, salt),
        pick(PLAN_IDS),
        used,
        used ? 1 + Math.floor(random() * userCount) : null,
        used ? now - DAY : null,
        random() < 0.5 ? "admin" : "cli",
        null,
        at(k, adminKeys),
      ],
    ];
  }

  // A subscription per account that redeemed a key: active, cancelled, expired, on hold, or lifetime.
  // The reminders of the current period went out before today, as on a site that has been running.
  for (let u = 0; u < userCount; u++) {
    const last = lastKeyOfUser.get(u + 1) ?? (u === 0 ? { plan: "lifetime" as PlanId, at: userCreated[0] } : undefined);
    if (!last) continue;
    const days = PLANS[last.plan].days;
    const start = Math.max(userCreated[u], last.at);
    const end = days === null ? null : Math.max(start + days * DAY, now - 60 * DAY + Math.floor(random() * 120 * DAY));
    const roll = random();
    const status = end !== null && end < now ? "expired" : roll < 0.08 ? "cancelled" : "active";
    const suspended = status === "active" && end !== null && roll > 0.995;
    yield [
      "subscriptions",
      [
        u + 1,
        u + 1,
        last.plan,
        status,
        start,
        end,
        status === "cancelled" ? now - Math.floor(random() * 20 * DAY) : null,
        suspended ? now - 2 * DAY : null,
      ],
    ];
    const due = end === null ? null : reminderDue(end, now);
    if (due) yield ["renewal_reminders", [u + 1, end, due, now - MINUTE]];
  }

  // The audit trail: key batches, refunds, link resets and resends, one row per account.
  const actions = [
    "product-keys.generate",
    "sale.refunded",
    "link.reset",
    "link.linked",
    "email.resend",
  ] as const satisfies readonly AuditAction[];
  for (let a = 0; a < userCount; a++) {
    const action = pick(actions);
    yield [
      "audit_log",
      [
        action.startsWith("link.") ? a + 1 : 1,
        action,
        `${action.split(".")[0]}:${a + 1}`,
        JSON.stringify({ note: "seeded" }),
        at(a, userCount),
      ],
    ];
  }

  // Support tickets and reviews, in the proportions a small store sees.
  const tickets = Math.max(1, Math.floor(userCount / 100));
  for (let t = 0; t < tickets; t++)
    yield [
      "support_tickets",
      [
        email(1 + (t % userCount)),
        pick(["technical", "billing", "feature", "bug"] as const),
        "The import of a nested frame put a scroll in the wrong place; what should I tag?",
        random() < 0.1 ? "open" : "closed",
        at(t, tickets),
      ],
    ];
  const reviews = Math.min(userCount - 1, Math.max(0, Math.floor(userCount / 50)));
  for (let r = 0; r < reviews; r++)
    yield [
      "reviews",
      [
        r + 2,
        pick([3, 4, 5, 5, 5]),
        "Saves me an afternoon per screen.",
        `Builder ${r + 2}`,
        random() < 0.05,
        at(r, reviews),
      ],
    ];
}
