/**
 * The price list (docs/architecture.md#plans-and-prices): each plan's price, "was" price, badge and visibility, read from the
 * database and kept in memory until the price list itself is changed through `updatePlanPrice`, which
 * drops the kept copy in the same call, so the next page or quote already sees the new values. A read
 * that was under way while the price list changed is not kept: it may hold the old values.
 * On PostgreSQL other instances may change the price list too, so there the copy is kept for at most
 * KEPT_CATALOGUE_MS and then read again: a change made anywhere shows everywhere within that.
 */
import { eq } from "drizzle-orm";
import { matchingBadge, statesDiscount } from "@shared/plan-badge";
import { engineOf, forUpdate, type Db, type DbOrTx } from "../../db";
import { KEPT_ROW_MS } from "../../db/prepared";
import { planPrices, type PlanPrice } from "../../db/schema";
import { isPlanId, PLAN_IDS, PLANS, type PlanId, type PricedPlan } from "@shared/plans";
import type { PlanView } from "@shared/api/pricing";
import { writeAudit } from "../audit/service";
import { AppError, notFound } from "../../lib/errors";
import { planView } from "./view";

interface KeptCatalogue {
  /** Moves with every change, so pages rendered from the catalogue know when they are stale. */
  version: number;
  plans: PricedPlan[] | null;
  /** When `plans` was read (Date.now()). */
  readAt: number;
}

/** How long another instance's change to the price list may go unseen here (PostgreSQL): as for kept rows. */
export const KEPT_CATALOGUE_MS = KEPT_ROW_MS;

const kept = new WeakMap<Db, KeptCatalogue>();

function keptFor(db: Db): KeptCatalogue {
  let entry = kept.get(db);
  if (!entry) {
    entry = { version: 0, plans: null, readAt: 0 };
    kept.set(db, entry);
  }
  return entry;
}

function priced(row: PlanPrice): PricedPlan {
  return {
    ...PLANS[row.plan],
    priceCents: row.priceCents,
    compareAtCents: row.compareAtCents,
    badge: row.badge,
    visible: row.visible,
  };
}

async function readFromDatabase(db: DbOrTx): Promise<PricedPlan[]> {
  const rows = new Map((await db.select().from(planPrices)).map((row) => [row.plan, row]));
  return PLAN_IDS.map((id) => {
    const row = rows.get(id);
    // The seed migration writes every plan; a plan added in code later needs its own seed row.
    if (!row) throw new Error(`the price list has no row for the plan '${id}'`);
    return priced(row);
  });
}

/** Every plan with its current price, in the catalogue's order, hidden ones included. */
export async function readCatalogue(db: Db): Promise<PricedPlan[]> {
  const entry = keptFor(db);
  const fresh = engineOf(db) === "sqlite" || Date.now() - entry.readAt < KEPT_CATALOGUE_MS;
  if (entry.plans && fresh) return entry.plans;
  const version = entry.version;
  const readAt = Date.now();
  const plans = await readFromDatabase(db);
  if (entry.version !== version) return plans;
  // Read again after its time ran out: a change made through another instance moves the version too.
  if (entry.plans && JSON.stringify(entry.plans) !== JSON.stringify(plans)) entry.version++;
  entry.plans = plans;
  entry.readAt = readAt;
  return plans;
}

/** One plan with its current price. */
export async function pricedPlan(db: Db, plan: PlanId): Promise<PricedPlan> {
  return (await readCatalogue(db)).find((p) => p.id === plan)!;
}

/** A number that changes whenever the price list does (for caches of things rendered from it). */
export function catalogueVersion(db: Db): number {
  return keptFor(db).version;
}

/** Drops the kept copy; called by every change to the price list, after it is written. */
export function invalidateCatalogue(db: Db) {
  const entry = keptFor(db);
  entry.plans = null;
  entry.version++;
}

export interface PlanPriceChange {
  priceCents?: number;
  /** null removes the "was" price. */
  compareAtCents?: number | null;
  /** null or "" removes the badge. */
  badge?: string | null;
  visible?: boolean;
}

/** The smallest price a card payment can be (Stripe's minimum charge in USD). */
export const MIN_PRICE_CENTS = 50;

/**
 * Changes a plan's price, "was" price, badge or visibility, audited, in one transaction. The new
 * values apply to payments started afterwards; a payment already started keeps the price it was made with.
 */
export async function updatePlanPrice(
  deps: { db: Db; clock: { now(): number } },
  actorUserId: number,
  plan: string,
  change: PlanPriceChange,
): Promise<PricedPlan> {
  if (!isPlanId(plan)) throw notFound(`There is no plan '${plan}'. The plans are ${PLAN_IDS.join(", ")}.`);
  if (Object.values(change).every((value) => value === undefined)) {
    throw new AppError(422, "VALIDATION", "Give at least one of price, compareAtPrice, badge and visible.");
  }
  const now = deps.clock.now();
  const updated = await deps.db.transaction(async (tx) => {
    const [current] = await forUpdate(tx.select().from(planPrices).where(eq(planPrices.plan, plan)).limit(1));
    if (!current) throw new Error(`the price list has no row for the plan '${plan}'`);
    const next = {
      priceCents: change.priceCents ?? current.priceCents,
      compareAtCents: change.compareAtCents === undefined ? current.compareAtCents : change.compareAtCents,
      badge: change.badge === undefined ? current.badge : change.badge?.trim() || null,
      visible: change.visible ?? current.visible,
    };
    if (next.priceCents < MIN_PRICE_CENTS) {
      throw new AppError(422, "INVALID_PRICE", "The price must be at least $0.50, the smallest card payment.");
    }
    if (next.compareAtCents !== null && next.compareAtCents <= next.priceCents) {
      throw new AppError(
        422,
        "INVALID_COMPARE_AT_PRICE",
        'The "was" price must be above the price, or empty for none.',
      );
    }
    if (next.compareAtCents === null && statesDiscount(next.badge)) {
      throw new AppError(
        422,
        "BADGE_WITHOUT_COMPARE_AT_PRICE",
        `The badge "${next.badge}" names a discount, but the plan has no "was" price to take it from: set one, or change the badge.`,
      );
    }
    // "30% OFF!" says what the prices say: raising the price recomputes it rather than keeping a stale promise.
    next.badge = matchingBadge(next.badge, next.priceCents, next.compareAtCents);
    const [row] = await tx
      .update(planPrices)
      .set({ ...next, updatedAt: now })
      .where(eq(planPrices.plan, plan))
      .returning();
    await writeAudit(tx, {
      actorUserId,
      action: "plan.update",
      subject: `plan:${plan}`,
      detail: { before: describe(current), after: describe(row) },
      at: now,
    });
    return row;
  });
  invalidateCatalogue(deps.db);
  return priced(updated);
}

const describe = (row: PlanPrice) => ({
  price: row.priceCents,
  compareAt: row.compareAtCents,
  badge: row.badge,
  visible: row.visible,
});

/** The plans on sale, as GET /api/plans and the server-rendered pages show them. */
export async function publicPlans(db: Db): Promise<PlanView[]> {
  return (await readCatalogue(db)).filter((plan) => plan.visible).map(planView);
}
