import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { ReviewBody } from "../../src/shared/api-types";
import { eq } from "drizzle-orm";
import { auditLog } from "../../src/db/schema";
import { MINUTE } from "../../src/lib/clock";
import { FakeClock } from "../support/fake-clock";
import { api, failure, makeTestApp, signInAdmin, signUpUser, type TestContext } from "../support/app";

let ctx: TestContext;
beforeEach(() => {
  ctx = makeTestApp({ clock: new FakeClock(Date.UTC(2026, 10, 1, 12)) });
});
afterEach(() => ctx.cleanup());

const post = (token: string | undefined, body: ReviewBody) => api(ctx.app, token).api.reviews.post(body);
const publicList = async () => (await api(ctx.app).api.reviews.get()).data!;

describe("writing a review", () => {
  test("a subscriber's review is public under the name they chose, never their e-mail", async () => {
    const user = await signUpUser(ctx, "pro", "jane.doe@example.com");
    const answer = await post(user.token, { rating: 5, comment: "Saved me hours.", displayName: "  Jane D  " });
    expect(answer.status).toBe(200);
    expect(await publicList()).toEqual([
      {
        id: answer.data!.id,
        rating: 5,
        comment: "Saved me hours.",
        createdAt: new Date(ctx.clock.now()).toISOString(),
        user: { username: "Jane D" },
      },
    ]);
  });

  test("without a chosen name the review is anonymous (the site shows 'Anonymous')", async () => {
    const user = await signUpUser(ctx, "pro", "john.smith@example.com");
    await post(user.token, { rating: 4, comment: "Solid." });
    const list = await publicList();
    expect(list![0].user).toEqual({ username: null });
    expect(JSON.stringify(list)).not.toContain("john");
  });

  test("a display name over 40 characters is refused", async () => {
    const user = await signUpUser(ctx);
    const answer = await post(user.token, { rating: 4, comment: "Good.", displayName: "x".repeat(41) });
    expect(answer.status).toBe(422);
    expect(failure(answer)?.message).toBe("Display name must be at most 40 characters.");
  });

  test("writing again replaces the user's one review", async () => {
    const user = await signUpUser(ctx);
    await post(user.token, { rating: 3, comment: "Fine." });
    await post(user.token, { rating: 4, comment: "Better after the update." });
    const list = await publicList();
    expect(list).toHaveLength(1);
    expect(list![0]).toMatchObject({ rating: 4, comment: "Better after the update." });
  });

  test("the user reads their own review back", async () => {
    const user = await signUpUser(ctx);
    await post(user.token, { rating: 4, comment: "Good." });
    const mine = await api(ctx.app, user.token).api.reviews.mine.get();
    expect(mine.data!.review).toMatchObject({ rating: 4, comment: "Good.", hidden: false });
  });

  test("reviews are listed newest first", async () => {
    const first = await signUpUser(ctx);
    const second = await signUpUser(ctx);
    await post(first.token, { rating: 5, comment: "First." });
    ctx.clock.advance(MINUTE);
    await post(second.token, { rating: 4, comment: "Second." });
    expect((await publicList()).map((r) => r.comment)).toEqual(["Second.", "First."]);
  });

  test("a rating outside 1 to 5 answers 422", async () => {
    const user = await signUpUser(ctx);
    expect((await post(user.token, { rating: 6, comment: "Too good." })).status).toBe(422);
    expect((await post(user.token, { rating: 0, comment: "Too bad." })).status).toBe(422);
  });

  test("a comment over 500 characters answers 422", async () => {
    const user = await signUpUser(ctx);
    expect((await post(user.token, { rating: 5, comment: "x".repeat(501) })).status).toBe(422);
    expect((await post(user.token, { rating: 5, comment: "x".repeat(500) })).status).toBe(200);
  });

  test("an account without a subscription can't review", async () => {
    const admin = await signInAdmin(ctx);
    const answer = await post(admin.token, { rating: 5, comment: "Self-praise." });
    expect(answer.status).toBe(403);
    expect(failure(answer)?.error).toBe("SUBSCRIPTION_REQUIRED");
  });

  test("writing a review needs a signed-in user", async () => {
    expect((await post(undefined, { rating: 5, comment: "Anonymous." })).status).toBe(401);
  });
});

describe("moderation", () => {
  async function reviewed() {
    const user = await signUpUser(ctx);
    const review = (await post(user.token, { rating: 1, comment: "Spam spam spam." })).data;
    return { user, review, admin: await signInAdmin(ctx) };
  }

  test("an admin hides a review: it leaves the public list and the audit log records it", async () => {
    const { review, admin } = await reviewed();
    const answer = await api(ctx.app, admin.token).api.reviews({ id: review!.id }).patch({ hidden: true });
    expect(answer.status).toBe(200);
    expect(answer.data!.hidden).toBe(true);
    expect(await publicList()).toEqual([]);
    const audit = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "review.hide"));
    expect(audit[0]).toMatchObject({ actorUserId: admin.user.id, subject: `review:${review!.id}` });
  });

  test("an admin shows a hidden review again", async () => {
    const { review, admin } = await reviewed();
    await api(ctx.app, admin.token).api.reviews({ id: review!.id }).patch({ hidden: true });
    await api(ctx.app, admin.token).api.reviews({ id: review!.id }).patch({ hidden: false });
    expect(await publicList()).toHaveLength(1);
  });

  test("a hidden review stays hidden when its author rewrites it", async () => {
    const { user, review, admin } = await reviewed();
    await api(ctx.app, admin.token).api.reviews({ id: review!.id }).patch({ hidden: true });
    await post(user.token, { rating: 2, comment: "Still spam." });
    expect(await publicList()).toEqual([]);
  });

  test("an admin deletes a review, written to the audit log", async () => {
    const { review, admin } = await reviewed();
    const answer = await api(ctx.app, admin.token).api.reviews({ id: review!.id }).delete();
    expect(answer.status).toBe(200);
    expect(await publicList()).toEqual([]);
    expect(await ctx.deps.db.select().from(auditLog).where(eq(auditLog.action, "review.delete"))).toHaveLength(1);
  });

  test("admins see hidden reviews in the moderation list", async () => {
    const { review, admin } = await reviewed();
    await api(ctx.app, admin.token).api.reviews({ id: review!.id }).patch({ hidden: true });
    const all = await api(ctx.app, admin.token).api.reviews.all.get();
    expect(all.data).toHaveLength(1);
    expect(all.data![0].hidden).toBe(true);
  });

  test("a missing review answers 404", async () => {
    const admin = await signInAdmin(ctx);
    expect((await api(ctx.app, admin.token).api.reviews({ id: 999 }).delete()).status).toBe(404);
  });

  test("a non-admin can't hide or delete: 403", async () => {
    const { user, review } = await reviewed();
    expect((await api(ctx.app, user.token).api.reviews({ id: review!.id }).patch({ hidden: true })).status).toBe(403);
    expect((await api(ctx.app, user.token).api.reviews({ id: review!.id }).delete()).status).toBe(403);
  });
});
