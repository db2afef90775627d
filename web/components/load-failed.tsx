import { Button } from "./ui/button";
import { cn } from "../lib/utils";
import { useT } from "../lib/language";

/**
 * A part of a page whose data could not be loaded: what failed and why, on one line with Try again. Boxed where
 * it stands on the page itself, bare inside a card.
 */
export function LoadFailed({
  text,
  error,
  onRetry,
  boxed = false,
}: {
  /** What could not be loaded, as a sentence: "Could not load this page". */
  text: string;
  error: Error | null;
  onRetry: () => void;
  boxed?: boolean;
}) {
  const t = useT();
  return (
    <div
      role="alert"
      className={cn(
        "flex flex-wrap items-center gap-3 text-sm",
        boxed && "rounded-lg border border-destructive/40 p-4",
      )}
    >
      <span>
        {text}: {error?.message}
      </span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t("dashboard.tryAgain")}
      </Button>
    </div>
  );
}
