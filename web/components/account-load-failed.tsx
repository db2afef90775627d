import { Button } from "./ui/button";
import { Layout } from "./layout";
import { useT } from "../lib/language";

/** A signed-in screen whose account could not be loaded (server error, offline): say so and offer a retry. */
export function AccountLoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useT();
  return (
    <Layout className="flex flex-col items-center justify-center gap-4 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{t("dashboard.accountLoadFailed")}</h1>
      <p role="alert" className="max-w-md text-sm text-muted-foreground">
        {error.message}
      </p>
      <Button onClick={onRetry}>{t("dashboard.tryAgain")}</Button>
    </Layout>
  );
}
