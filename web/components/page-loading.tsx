import { Layout } from "./layout";
import { Skeleton } from "./ui/skeleton";
import { useT } from "../lib/language";

/** Shown while a screen's code or first data is on its way. */
export function PageLoading() {
  const t = useT();
  return (
    <Layout>
      <div role="status" aria-live="polite" className="grid gap-6">
        <span className="sr-only">{t("frame.loading")}</span>
        <Skeleton className="h-9 w-2/3 max-w-md" />
        <Skeleton className="h-5 w-full max-w-xl" />
        <div className="grid gap-4 sm:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-36" />
          ))}
        </div>
      </div>
    </Layout>
  );
}
