import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { failures, idParams, jsonBodyFailures } from "../../shared/api/common";
import { authGuard } from "../auth/guard";
import { ReviewModel } from "../../shared/api/reviews";
import { deleteReview, listAllReviews, listVisibleReviews, myReview, saveReview, setReviewHidden } from "./service";

export function reviewRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/reviews" })
    .use(authGuard(deps))
    .get("", () => listVisibleReviews(deps.db), { response: { 200: ReviewModel.reviews }, detail: { tags: ["Site"] } })
    .get("/mine", ({ user }) => ({ review: myReview(deps.db, user.id) }), { signedIn: true, response: { 200: ReviewModel.mine }, detail: { tags: ["Account"] } })
    .post("", ({ user, body }) => saveReview(deps, user.id, body),
      { signedIn: true, body: ReviewModel.body, response: { 200: ReviewModel.review, ...jsonBodyFailures, ...failures(403) }, detail: { tags: ["Account"] } })
    // Moderation (admins only).
    .get("/all", () => listAllReviews(deps.db), { admin: true, response: { 200: ReviewModel.reviews } })
    .patch("/:id", ({ user, params, body }) => setReviewHidden(deps, user.id, params.id, body.hidden),
      { admin: true, params: idParams, body: ReviewModel.moderationBody, response: { 200: ReviewModel.review, ...failures(400, 404, 422) } })
    .delete("/:id", ({ user, params }) => deleteReview(deps, user.id, params.id),
      { admin: true, params: idParams, response: { 200: ReviewModel.deleted, ...failures(404, 422) } });
}
