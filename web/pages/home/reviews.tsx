import { Star } from "lucide-react";
import type { ReviewView } from "@shared/api-types";
import { Card, CardContent } from "../../components/ui/card";
import { useReviews } from "../../lib/queries/public";
import { useT } from "../../lib/language";

/** Reviews shown on the home page (docs/architecture.md#reviews). */
const MAX_REVIEWS = 3;

function Stars({ rating }: { rating: number }) {
  const count = Math.max(0, Math.round(rating));
  const t = useT();
  return (
    <div className="flex gap-0.5" role="img" aria-label={t("home.reviews.rating", { count })}>
      {Array.from({ length: count }, (_, i) => (
        <Star key={i} className="size-4 fill-amber-400 text-amber-400" aria-hidden />
      ))}
    </div>
  );
}

function ReviewCard({ review }: { review: ReviewView }) {
  const username = review.user?.username?.trim() || null;
  const initial = username ? username.charAt(0).toUpperCase() : "U";
  const t = useT();
  return (
    <Card className="h-full">
      <CardContent className="flex h-full flex-col gap-4 pt-6">
        <Stars rating={review.rating} />
        <blockquote className="flex-1 leading-relaxed text-foreground">"{review.comment}"</blockquote>
        <div className="flex items-center gap-3">
          <span
            aria-hidden
            className="flex size-10 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground"
          >
            {initial}
          </span>
          <span className="font-medium">{username ?? t("home.reviews.anonymous")}</span>
        </div>
      </CardContent>
    </Card>
  );
}

/** 'What Developers Are Saying': only when at least one review exists. */
export function Reviews() {
  const { data } = useReviews();
  const reviews = (data ?? []).slice(0, MAX_REVIEWS);
  const t = useT();
  if (reviews.length === 0) return null;
  return (
    <section aria-labelledby="reviews-title" className="mt-24 sm:mt-32">
      <h2 id="reviews-title" className="text-center text-3xl font-semibold tracking-tight sm:text-4xl">
        {t("home.reviews.title")}
      </h2>
      {/* Three columns at most; one or two reviews sit centred. */}
      <ul className="mt-10 flex flex-wrap justify-center gap-4">
        {reviews.map((review) => (
          <li key={review.id} className="w-full md:w-[calc((100%-2rem)/3)]">
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
    </section>
  );
}
