import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { failures, idParams, jsonBodyFailures } from "@shared/api/common";
import { authGuard } from "../../http/guard";
import { ReviewModel } from "@shared/api/reviews";
import { deleteReview, listAllReviews, listVisibleReviews, myReview, saveReview, setReviewHidden } from "./service";

export function reviewRoutes(deps: AppDeps) {
  return (
    new Elysia({ prefix: "/api/reviews" })
      .use(authGuard(deps))
      .get("", () => listVisibleReviews(deps.db), {
        response: { 200: ReviewModel.reviews },
        detail: { tags: ["Site"], summary: "The reviews shown on the site, newest first" },
      })
      .get("/mine", async ({ user }) => ({ review: await myReview(deps.db, user.id) }), {
        signedIn: true,
        response: { 200: ReviewModel.mine },
        detail: { tags: ["Account"], summary: "The signed-in user's review, or null" },
      })
      .post("", ({ user, body }) => saveReview(deps, user.id, body), {
        signedIn: true,
        body: ReviewModel.body,
        response: { 200: ReviewModel.review, ...jsonBodyFailures, ...failures(403) },
        detail: {
          tags: ["Account"],
          summary: "Write or replace the user's review",
          description:
            "One review per account; writing again replaces it (a hidden review stays hidden). Only subscribers can write one (403).",
        },
      })
      // Moderation (admins only).
      .get("/all", () => listAllReviews(deps.db), {
        admin: true,
        response: { 200: ReviewModel.reviews },
        detail: { summary: "Every review, hidden ones included" },
      })
      .patch("/:id", ({ user, params, body }) => setReviewHidden(deps, user.id, params.id, body.hidden), {
        admin: true,
        params: idParams,
        body: ReviewModel.moderationBody,
        response: { 200: ReviewModel.review, ...failures(400, 404, 422) },
        detail: { summary: "Hide a review from the site, or show it again" },
      })
      .delete("/:id", ({ user, params }) => deleteReview(deps, user.id, params.id), {
        admin: true,
        params: idParams,
        response: { 200: ReviewModel.deleted, ...failures(404, 422) },
        detail: { summary: "Delete a review" },
      })
  );
}
