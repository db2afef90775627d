/**
 * The rows of `layerlift seed-scale`, whatever engine they go to: one generator yields each row as its
 * table and its values (in SEED_COLUMNS' order), and a writer per engine puts them in (sqlite-writer.ts,
 * postgres-writer.ts). Every rule about what the made-up history looks like lives here and, for the sales, in
 * sale-rows.ts. Flags are booleans and JSON columns objects; each writer stores them the way its engine does.
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
import { BASE32, code, generator, KEY_ALPHABET, type SeedContext } from "./context";
import { type LastKeys, PROMOTIONS, salesRows } from "./sale-rows";
import type { SeedRow } from "./columns";

export type { SeedRow } from "./columns";

export const SEED_ADMIN_EMAIL = "admin@scale.example";
export const SEED_PASSWORD = "scale password";

const YEARS = 3;

export interface SeedSizes {
  users: number;
  sales: number;
  /** The seed's "today" (ms); its history runs over the three years before it. */
  now: number;
}

/** Every row of the seed, one at a time, so a writer holds only the batch it is writing. */
export function* seedRows(sizes: SeedSizes, passwordHash: string): Generator<SeedRow> {
  const { now, users: userCount, sales: saleCount } = sizes;
  const random = generator(userCount * 31 + saleCount);
  const salt = Math.floor(random() * 2 ** 32);
  const from = now - YEARS * 365 * DAY;
  const span = now - from;
  const ctx: SeedContext = {
    now,
    from,
    userCount,
    saleCount,
    salt,
    random,
    at: (i, count) => from + Math.floor((i / Math.max(1, count)) * span) + Math.floor(random() * MINUTE),
    email: (u) => (u === 0 ? SEED_ADMIN_EMAIL : `buyer${u}@example.com`),
    pick: (items) => items[Math.floor(random() * items.length)],
  };
  // The groups run in this order: each draws from the one seeded generator, so the order is the shape.
  const userCreated = yield* accountRows(ctx, passwordHash);
  const sales = yield* salesRows(ctx);
  for (const [key, last] of sales.counters)
    yield ["document_counters", [key.split("|")[0], Number(key.split("|")[1]), last]];
  for (const p of PROMOTIONS)
    yield ["promotion_codes", [p.code, p.percentOff ?? null, p.amountOffCents ?? null, false, true, from]];
  yield* adminKeyRows(ctx);
  yield* subscriptionRows(ctx, userCreated, sales.lastKeyOfUser);
  yield* auditRows(ctx);
  yield* supportAndReviewRows(ctx);
}

/** Accounts: the first is the admin; about half have a plugin key, a third a linked game account. Returns when each was made. */
function* accountRows(ctx: SeedContext, passwordHash: string): Generator<SeedRow, number[]> {
  const { random, userCount, now } = ctx;
  const userCreated: number[] = new Array(userCount);
  for (let u = 0; u < userCount; u++) {
    const created = ctx.at(u, userCount);
    userCreated[u] = created;
    const hasKey = u === 0 || random() < 0.5;
    const linked = hasKey && random() < 0.6;
    yield [
      "users",
      [
        u + 1,
        ctx.email(u),
        passwordHash,
        u === 0,
        hasKey ? `ll_${code(u, BASE32, 32, ctx.salt)}` : null,
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
  return userCreated;
}

/** Keys an admin made and never handed out, and some given away and used. */
function* adminKeyRows(ctx: SeedContext): Generator<SeedRow> {
  const { random, saleCount } = ctx;
  const adminKeys = Math.max(1, Math.floor(saleCount / 100));
  for (let k = 0; k < adminKeys; k++) {
    const id = saleCount + k + 1;
    const used = random() < 0.3;
    yield [
      "product_keys",
      [
        id,
        code(id, KEY_ALPHABET, PRODUCT_KEY_LENGTH, ctx.salt),
        ctx.pick(PLAN_IDS),
        used,
        used ? 1 + Math.floor(random() * ctx.userCount) : null,
        used ? ctx.now - DAY : null,
        random() < 0.5 ? "admin" : "cli",
        null,
        ctx.at(k, adminKeys),
      ],
    ];
  }
}

/**
 * A subscription per account that redeemed a key: active, cancelled, expired, on hold, or lifetime.
 * The reminders of the current period went out before today, as on a site that has been running.
 */
function* subscriptionRows(ctx: SeedContext, userCreated: number[], lastKeyOfUser: LastKeys): Generator<SeedRow> {
  const { random, now } = ctx;
  for (let u = 0; u < ctx.userCount; u++) {
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
}

const AUDIT_ACTIONS = [
  "product-keys.generate",
  "sale.refunded",
  "link.reset",
  "link.linked",
  "email.resend",
] as const satisfies readonly AuditAction[];

/** The audit trail: key batches, refunds, link resets and resends, one row per account. */
function* auditRows(ctx: SeedContext): Generator<SeedRow> {
  for (let a = 0; a < ctx.userCount; a++) {
    const action = ctx.pick(AUDIT_ACTIONS);
    yield [
      "audit_log",
      [
        action.startsWith("link.") ? a + 1 : 1,
        action,
        `${action.split(".")[0]}:${a + 1}`,
        JSON.stringify({ note: "seeded" }),
        ctx.at(a, ctx.userCount),
      ],
    ];
  }
}

/** Support tickets and reviews, in the proportions a small store sees. */
function* supportAndReviewRows(ctx: SeedContext): Generator<SeedRow> {
  const { random, userCount } = ctx;
  const tickets = Math.max(1, Math.floor(userCount / 100));
  for (let t = 0; t < tickets; t++)
    yield [
      "support_tickets",
      [
        ctx.email(1 + (t % userCount)),
        ctx.pick(["technical", "billing", "feature", "bug"] as const),
        "The import of a nested frame put a scroll in the wrong place; what should I tag?",
        random() < 0.1 ? "open" : "closed",
        ctx.at(t, tickets),
      ],
    ];
  const reviews = Math.min(userCount - 1, Math.max(0, Math.floor(userCount / 50)));
  for (let r = 0; r < reviews; r++)
    yield [
      "reviews",
      [
        r + 2,
        ctx.pick([3, 4, 5, 5, 5]),
        "Saves me an afternoon per screen.",
        `Builder ${r + 2}`,
        random() < 0.05,
        ctx.at(r, reviews),
      ],
    ];
}
