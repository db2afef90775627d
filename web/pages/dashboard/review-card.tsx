import { useEffect, useState, type FormEvent } from "react";
import { Star } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { TextareaField, TextField } from "../../components/ui/text-field";
import { failureToast } from "../../lib/failure-toast";
import { useMyReview, useSaveReview } from "../../lib/queries/dashboard";
import { toast } from "../../lib/use-toast";
import { cn } from "../../lib/utils";
import { REVIEW_COMMENT_MAX, REVIEW_NAME_MAX } from "@shared/product";
import { useT } from "../../lib/language";

const MAX_COMMENT = REVIEW_COMMENT_MAX;
const MAX_DISPLAY_NAME = REVIEW_NAME_MAX;

/**
 * Native radio buttons under the stars: one Tab stop for the group, and the arrow keys move the rating,
 * as in any radio group.
 */
function StarPicker({ value, onChange }: { value: number; onChange: (rating: number) => void }) {
  const t = useT();
  return (
    <div role="radiogroup" aria-label={t("dashboard.review.rating")} className="flex gap-1">
      {[1, 2, 3, 4, 5].map((rating) => (
        <label
          key={rating}
          className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
        >
          <input
            type="radio"
            name="review-rating"
            value={rating}
            checked={value === rating}
            onChange={() => onChange(rating)}
            // Over the star, unseen: a click on the star is a click on the radio.
            className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
          />
          <Star
            aria-hidden
            className={cn("size-6", rating <= value ? "fill-yellow-400 text-yellow-400" : "text-muted-foreground")}
          />
          <span className="sr-only">{t("dashboard.review.stars", { count: rating })}</span>
        </label>
      ))}
    </div>
  );
}

/** Until the review is known, a placeholder: not "Reviews are written by subscribers". */
function ReviewCardLoading() {
  const t = useT();
  return (
    <Card aria-busy="true" aria-label={t("dashboard.review.loading")}>
      <CardHeader className="gap-2">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-3/4" />
      </CardHeader>
      <CardContent className="grid gap-3">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-24 w-full" />
      </CardContent>
    </Card>
  );
}

type MyReview = NonNullable<NonNullable<ReturnType<typeof useMyReview>["data"]>["review"]>;

/** The rating, the comment and the name; filled with the review already written, if any. */
function ReviewForm({ existing }: { existing: MyReview | null }) {
  const save = useSaveReview();
  const t = useT();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const [displayName, setDisplayName] = useState("");

  // biome-ignore lint/correctness/useExhaustiveDependencies: fills the form when another review arrives, not on every refetch, which would undo edits
  useEffect(() => {
    if (existing) {
      setRating(existing.rating);
      setComment(existing.comment);
      setDisplayName(existing.user.username ?? "");
    }
  }, [existing?.id, existing?.createdAt]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (rating < 1 || !comment.trim()) {
      toast({
        variant: "destructive",
        title: t("dashboard.review.incomplete"),
        description: t("dashboard.review.incompleteText"),
      });
      return;
    }
    save.mutate(
      { rating, comment: comment.trim(), displayName: displayName.trim() },
      {
        onSuccess: () => toast({ title: t("dashboard.review.saved"), description: t("dashboard.review.savedText") }),
        onError: failureToast(t("dashboard.failed"), {
          fallback: t("dashboard.review.failed"),
          statusPrefix: t("dashboard.review.failedStatus"),
        }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      {existing?.hidden && (
        <p className="rounded-md border border-border bg-muted p-3 text-sm text-muted-foreground">
          {t("dashboard.review.hidden")}
        </p>
      )}
      <StarPicker value={rating} onChange={setRating} />
      <TextareaField
        id="review-comment"
        label={t("dashboard.review.comment")}
        hint={
          <span className="block text-right text-xs tabular-nums">
            {comment.length}/{MAX_COMMENT}
          </span>
        }
        value={comment}
        maxLength={MAX_COMMENT}
        onChange={(event) => setComment(event.target.value)}
        placeholder={t("dashboard.review.commentPlaceholder")}
      />
      <TextField
        id="review-name"
        label={t("dashboard.review.name")}
        placeholder={t("dashboard.review.anonymous")}
        autoComplete="nickname"
        value={displayName}
        maxLength={MAX_DISPLAY_NAME}
        onChange={(event) => setDisplayName(event.target.value)}
      />
      <div>
        <Button type="submit" disabled={save.isPending}>
          {existing ? t("dashboard.review.update") : t("dashboard.review.submit")}
        </Button>
      </div>
    </form>
  );
}

/** Write or edit the signed-in subscriber's one review (shown on the home page). */
export function ReviewCard({ canReview }: { canReview: boolean }) {
  const mine = useMyReview();
  const existing = mine.data?.review ?? null;
  const t = useT();
  if (canReview && mine.isPending) return <ReviewCardLoading />;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">
          {existing ? t("dashboard.review.edit") : t("dashboard.review.write")}
        </CardTitle>
        <CardDescription>
          {!canReview
            ? t("dashboard.review.subscribersOnly")
            : existing
              ? t("dashboard.review.written")
              : t("dashboard.review.invite")}
        </CardDescription>
      </CardHeader>
      {canReview && (
        <CardContent>
          <ReviewForm existing={existing} />
        </CardContent>
      )}
    </Card>
  );
}
