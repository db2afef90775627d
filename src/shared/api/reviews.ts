import { t, type Static } from "./type-system";
import { REVIEW_COMMENT_MAX, REVIEW_NAME_MAX } from "../product";
import { BodyInt, Int, IsoDate } from "./common";

const review = t.Object({
  id: Int(),
  rating: Int({ minimum: 1, maximum: 5 }),
  comment: t.String(),
  hidden: t.Optional(t.Boolean({ description: "Only in the author's and the moderators' views." })),
  createdAt: IsoDate,
  user: t.Object({
    username: t.Nullable(t.String({ description: "The name the author chose; null shows as Anonymous." })),
  }),
});

export const ReviewModel = {
  review,
  reviews: t.Array(review),
  mine: t.Object({ review: t.Nullable(review) }),
  deleted: t.Object({ deleted: t.Literal(true) }),
  body: t.Object({
    rating: BodyInt({ minimum: 1, maximum: 5, error: "Rating must be a whole number from 1 to 5." }),
    comment: t.String({
      minLength: 1,
      maxLength: REVIEW_COMMENT_MAX,
      error: `Comment must be 1 to ${REVIEW_COMMENT_MAX} characters.`,
    }),
    displayName: t.Optional(
      t.String({ maxLength: REVIEW_NAME_MAX, error: `Display name must be at most ${REVIEW_NAME_MAX} characters.` }),
    ),
  }),
  moderationBody: t.Object({ hidden: t.Boolean({ error: "hidden must be true or false." }) }),
};

export type ReviewView = Static<typeof ReviewModel.review>;
export type MyReviewResponse = Static<typeof ReviewModel.mine>;
export type ReviewBody = Static<typeof ReviewModel.body>;
