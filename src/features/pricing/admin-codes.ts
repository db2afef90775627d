/**
 * The operator's promotion codes: create (validated), list with their uses, discount given and
 * revenue, turn off and on, and delete one nobody has used. Every change is audited, in its transaction.
 */
import { and, count, desc, eq, inArray, ne, sql, sum } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { forUpdate } from "../../db";
import { checkouts, promotionCodes, sales, type PromotionCode } from "../../db/schema";
import { AppError, conflict, notFound } from "../../lib/errors";
import { toIso } from "../../lib/clock";
import { centsToDollars, PLAN_IDS } from "@shared/plans";
import type { PromotionCodeView, PromotionCreateBody } from "@shared/api/pricing";
import { writeAudit } from "../audit/service";
import { describeDiscount, holdsUse, normaliseCode } from "./promotion-codes";

const invalid = (message: string) => new AppError(422, "VALIDATION", message);

/** Dollars → cents, refusing fractions of a cent. */
export function dollarsToCents(dollars: number, field: string): number {
  const cents = Math.round(dollars * 100);
  if (Math.abs(dollars * 100 - cents) > 1e-6)
    throw invalid(`${field} has at most 2 decimals (whole cents), e.g. 5.00.`);
  return cents;
}

function timeOf(iso: string | undefined, field: string): number | null {
  if (iso === undefined) return null;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw invalid(`${field} is an ISO-8601 time, e.g. 2026-12-01T00:00:00Z.`);
  return ms;
}

interface CodeFigures {
  uses: number;
  reserved: number;
  discountCents: number;
  revenueCents: number;
}

async function figures(deps: Pick<AppDeps, "db" | "clock">, ids: number[]): Promise<Map<number, CodeFigures>> {
  const out = new Map<number, CodeFigures>(
    ids.map((id) => [id, { uses: 0, reserved: 0, discountCents: 0, revenueCents: 0 }]),
  );
  if (ids.length === 0) return out;
  const now = deps.clock.now();
  const held = await deps.db
    .select({ id: checkouts.promotionCodeId, status: checkouts.status, n: count() })
    .from(checkouts)
    .where(and(inArray(checkouts.promotionCodeId, ids), holdsUse(now)))
    .groupBy(checkouts.promotionCodeId, checkouts.status);
  for (const row of held) {
    const entry = out.get(row.id!)!;
    if (row.status === "paid") entry.uses = row.n;
    else entry.reserved = row.n;
  }
  // What the code's sales gave away and brought in; a refunded sale neither.
  const money = await deps.db
    .select({
      id: checkouts.promotionCodeId,
      discount: sum(sales.discountCents).mapWith(Number),
      revenue: sum(sql`${sales.amountCents} - ${sales.refundedCents}`).mapWith(Number),
    })
    .from(sales)
    .innerJoin(checkouts, eq(checkouts.paymentIntentId, sales.paymentIntentId))
    .where(and(inArray(checkouts.promotionCodeId, ids), ne(sales.status, "refunded")))
    .groupBy(checkouts.promotionCodeId);
  for (const row of money) {
    const entry = out.get(row.id!)!;
    entry.discountCents = row.discount ?? 0;
    entry.revenueCents = row.revenue ?? 0;
  }
  return out;
}

function view(code: PromotionCode, f: CodeFigures): PromotionCodeView {
  return {
    id: code.id,
    code: code.code,
    percentOff: code.percentOff,
    amountOff: code.amountOffCents === null ? null : centsToDollars(code.amountOffCents),
    plans: code.plans,
    startsAt: toIso(code.startsAt),
    endsAt: toIso(code.endsAt),
    maxRedemptions: code.maxRedemptions,
    oncePerBuyer: code.oncePerBuyer,
    active: code.active,
    createdAt: toIso(code.createdAt)!,
    uses: f.uses,
    reserved: f.reserved,
    discountGiven: centsToDollars(f.discountCents),
    revenue: centsToDollars(f.revenueCents),
  };
}

/** Every code, newest first, with its figures. */
export async function listPromotionCodes(deps: Pick<AppDeps, "db" | "clock">): Promise<PromotionCodeView[]> {
  const codes = await deps.db.select().from(promotionCodes).orderBy(desc(promotionCodes.id));
  const f = await figures(
    deps,
    codes.map((c) => c.id),
  );
  return codes.map((code) => view(code, f.get(code.id)!));
}

async function oneCode(deps: Pick<AppDeps, "db" | "clock">, id: number): Promise<PromotionCodeView> {
  const [code] = await deps.db.select().from(promotionCodes).where(eq(promotionCodes.id, id)).limit(1);
  if (!code) throw notFound("No promotion code with this id.");
  return view(code, (await figures(deps, [id])).get(id)!);
}

export async function createPromotionCode(
  deps: Pick<AppDeps, "db" | "clock">,
  actorUserId: number,
  body: PromotionCreateBody,
): Promise<PromotionCodeView> {
  const now = deps.clock.now();
  const code = normaliseCode(body.code);
  if ((body.percentOff === undefined) === (body.amountOff === undefined)) {
    throw invalid("Give exactly one of percentOff (1–100) and amountOff (dollars).");
  }
  const amountOffCents = body.amountOff === undefined ? null : dollarsToCents(body.amountOff, "amountOff");
  const startsAt = timeOf(body.startsAt, "startsAt");
  const endsAt = timeOf(body.endsAt, "endsAt");
  if (endsAt !== null && endsAt <= (startsAt ?? now)) {
    throw invalid(startsAt === null ? "endsAt must be in the future." : "endsAt must be after startsAt.");
  }
  const plans =
    body.plans && body.plans.length < PLAN_IDS.length ? PLAN_IDS.filter((id) => body.plans!.includes(id)) : null;
  const exists = () =>
    conflict("PROMOTION_CODE_EXISTS", `There is already a promotion code ${code} (codes are case-insensitive).`);
  const created = await deps.db.transaction(async (tx) => {
    // The code is unique in the table: of two admins creating one code at once, the second is refused here.
    const [row] = await tx
      .insert(promotionCodes)
      .values({
        code,
        percentOff: body.percentOff ?? null,
        amountOffCents,
        plans,
        startsAt,
        endsAt,
        maxRedemptions: body.maxRedemptions ?? null,
        oncePerBuyer: body.oncePerBuyer ?? false,
        active: true,
        createdAt: now,
      })
      .onConflictDoNothing({ target: promotionCodes.code })
      .returning();
    if (!row) throw exists();
    await writeAudit(tx, {
      actorUserId,
      action: "promotion-code.create",
      subject: `promotion-code:${row.id}`,
      detail: {
        code,
        discount: describeDiscount(row),
        plans: plans ?? "all",
        startsAt: toIso(startsAt),
        endsAt: toIso(endsAt),
        maxRedemptions: row.maxRedemptions,
        oncePerBuyer: row.oncePerBuyer,
      },
      at: now,
    });
    return row;
  });
  return await oneCode(deps, created.id);
}

/** Turns a code off (it then answers as ended; payments already started with it are honoured) or back on. */
export async function setPromotionActive(
  deps: Pick<AppDeps, "db" | "clock">,
  actorUserId: number,
  id: number,
  active: boolean,
): Promise<PromotionCodeView> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [code] = await tx.select().from(promotionCodes).where(eq(promotionCodes.id, id)).limit(1);
    if (!code) throw notFound("No promotion code with this id.");
    // Only the call that actually turns it over is audited.
    const [changed] = await tx
      .update(promotionCodes)
      .set({ active })
      .where(and(eq(promotionCodes.id, id), eq(promotionCodes.active, !active)))
      .returning({ id: promotionCodes.id });
    if (!changed) return;
    await writeAudit(tx, {
      actorUserId,
      action: active ? "promotion-code.activate" : "promotion-code.deactivate",
      subject: `promotion-code:${id}`,
      detail: code.code,
      at: now,
    });
  });
  return await oneCode(deps, id);
}

/** Only a code no payment ever started with can be deleted: the books name the codes their sales used. */
export async function deletePromotionCode(
  deps: Pick<AppDeps, "db" | "clock">,
  actorUserId: number,
  id: number,
): Promise<{ success: true }> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Read for update: a payment starting with the code at this moment waits, then finds it gone.
    const [code] = await forUpdate(tx.select().from(promotionCodes).where(eq(promotionCodes.id, id)).limit(1));
    if (!code) throw notFound("No promotion code with this id.");
    const [started] = await tx.select({ n: count() }).from(checkouts).where(eq(checkouts.promotionCodeId, id));
    if ((started?.n ?? 0) > 0)
      throw conflict(
        "PROMOTION_CODE_USED",
        `The promotion code ${code.code} has been used, so it can't be deleted. Turn it off instead.`,
      );
    await tx.delete(promotionCodes).where(eq(promotionCodes.id, id));
    await writeAudit(tx, {
      actorUserId,
      action: "promotion-code.delete",
      subject: `promotion-code:${id}`,
      detail: code.code,
      at: now,
    });
  });
  return { success: true };
}
