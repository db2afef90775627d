/**
 * Reviews (docs/architecture.md#reviews): one per subscriber, replaced on rewrite; visible ones are public, newest
 * first; admins hide or delete them, and every moderation goes to the audit log.
 */
import { desc, eq } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { DbOrTx } from "../../db";
import { reviews, type Review } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { toIso } from "../../lib/clock";
import type { ReviewView } from "@shared/api/reviews";
import { writeAudit } from "../audit/service";
import { getSubscription } from "../users/service";

const PUBLIC_REVIEWS_LIMIT = 100;

/** The public name of a reviewer is the one they chose; without one the site shows 'Anonymous'. */
function view(row: Review, withHidden: boolean): ReviewView {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    ...(withHidden ? { hidden: row.hidden } : {}),
    createdAt: toIso(row.createdAt)!,
    user: { username: row.displayName },
  };
}

function selectReviews(db: DbOrTx) {
  return db.select({ review: reviews }).from(reviews);
}

export async function listVisibleReviews(db: DbOrTx): Promise<ReviewView[]> {
  const rows = await selectReviews(db)
    .where(eq(reviews.hidden, false))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(PUBLIC_REVIEWS_LIMIT);
  return rows.map((r) => view(r.review, false));
}

/** Every review, hidden ones included, for moderation. */
export async function listAllReviews(db: DbOrTx): Promise<ReviewView[]> {
  const rows = await selectReviews(db).orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((r) => view(r.review, true));
}

export async function myReview(db: DbOrTx, userId: number): Promise<ReviewView | null> {
  const [row] = await selectReviews(db).where(eq(reviews.userId, userId)).limit(1);
  return row ? view(row.review, true) : null;
}

/** Writes or replaces the user's one review. A hidden review stays hidden when rewritten. */
export async function saveReview(
  deps: AppDeps,
  userId: number,
  input: { rating: number; comment: string; displayName?: string },
): Promise<ReviewView> {
  const comment = input.comment.trim();
  const displayName = input.displayName?.trim() || null;
  if (!comment) throw new AppError(422, "VALIDATION", "Please write a comment.");
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (!(await getSubscription(tx, userId))) {
      throw new AppError(403, "SUBSCRIPTION_REQUIRED", "Only subscribers can write a review.");
    }
    await tx
      .insert(reviews)
      .values({ userId, rating: input.rating, comment, displayName, createdAt: now })
      .onConflictDoUpdate({
        target: reviews.userId,
        set: { rating: input.rating, comment, displayName, createdAt: now },
      });
    return (await myReview(tx, userId))!;
  });
}

export async function setReviewHidden(
  deps: AppDeps,
  actorUserId: number,
  reviewId: number,
  hidden: boolean,
): Promise<ReviewView> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.update(reviews).set({ hidden }).where(eq(reviews.id, reviewId)).returning();
    if (!row) throw notFound("This review no longer exists.");
    await writeAudit(tx, {
      actorUserId,
      action: hidden ? "review.hide" : "review.show",
      subject: `review:${reviewId}`,
      at: now,
    });
    return (await myReview(tx, row.userId))!;
  });
}

export async function deleteReview(deps: AppDeps, actorUserId: number, reviewId: number): Promise<{ deleted: true }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(reviews).where(eq(reviews.id, reviewId)).returning();
    if (!row) throw notFound("This review no longer exists.");
    await writeAudit(tx, {
      actorUserId,
      action: "review.delete",
      subject: `review:${reviewId}`,
      detail: { userId: row.userId, rating: row.rating, comment: row.comment },
      at: now,
    });
    return { deleted: true as const };
  });
}
