import { Elysia, t } from "elysia";
import type { AppDeps } from "../../deps";
import { authGuard } from "../auth/guard";
import { idParams } from "../../lib/schemas";
import { adminBeforeValidation } from "../admin/admin-first";
import { deleteReview, listAllReviews, listVisibleReviews, MAX_COMMENT_LENGTH, MAX_DISPLAY_NAME_LENGTH, myReview, saveReview, setReviewHidden } from "./service";

const reviewBody = t.Object({
  rating: t.Integer({ minimum: 1, maximum: 5, error: "Rating must be a whole number from 1 to 5." }),
  comment: t.String({ minLength: 1, maxLength: MAX_COMMENT_LENGTH, error: `Comment must be 1 to ${MAX_COMMENT_LENGTH} characters.` }),
  displayName: t.Optional(t.String({ maxLength: MAX_DISPLAY_NAME_LENGTH, error: `Display name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters.` })),
});
const moderationBody = t.Object({ hidden: t.Boolean({ error: "hidden must be true or false." }) });

export function reviewRoutes(deps: AppDeps) {
  return new Elysia({ prefix: "/api/reviews" })
    .use(authGuard(deps))
    .get("/", () => listVisibleReviews(deps.db))
    .get("/mine", ({ user }) => ({ review: myReview(deps.db, user.id) }), { signedIn: true })
    .post("/", ({ user, body }) => saveReview(deps, user.id, body), { signedIn: true, body: reviewBody })
    // Moderation: strangers get 401/403 before their input is looked at.
    .use(adminBeforeValidation(deps))
    .get("/all", () => listAllReviews(deps.db), { admin: true })
    .patch("/:id", ({ user, params, body }) => setReviewHidden(deps, user.id, params.id, body.hidden),
      { admin: true, params: idParams, body: moderationBody })
    .delete("/:id", ({ user, params }) => deleteReview(deps, user.id, params.id), { admin: true, params: idParams });
}
