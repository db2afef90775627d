import { useMemo, useState } from "react";
import { type UseQueryResult, useMutation, useQuery } from "@tanstack/react-query";
import { Undo2 } from "lucide-react";
import { Link, useSearch } from "wouter";
import type { RefundLinkAnswer, RefundLinkView } from "@shared/api/purchases";
import { DEFAULT_LANGUAGE, languageInfo } from "@shared/languages";
import { Layout } from "../../components/layout";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { failureToast } from "../../lib/failure-toast";
import { apiRequest } from "../../lib/api";
import { useHydrated } from "../../lib/use-hydrated";
import { signInTo } from "../../lib/after-sign-in";
import { RefundReason } from "../../components/refund-reason";
import { richMessage, useLanguage, useMoney, useT, useWordsLanguage } from "../../lib/language";

const PURCHASES_PATH = "/dashboard?tab=purchases";

/** A day in the page's language: "March 3, 2026", "3. März 2026". */
function useLongDate() {
  const language = useWordsLanguage();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language === DEFAULT_LANGUAGE ? "en-US" : languageInfo(language).tag, {
      dateStyle: "long",
    });
    return (iso: string) => format.format(new Date(iso));
  }, [language]);
}

/** What the link's purchase is, and whether it can still be refunded (or why not). */
function PurchaseSummary({ data }: { data: RefundLinkView }) {
  const t = useT();
  const money = useMoney();
  const longDate = useLongDate();
  const plan = (name: string) => <span className="font-medium text-foreground">{name}</span>;
  return (
    <div className="grid gap-2">
      <p>
        {richMessage(
          t("refund.summary", { plan: data.planName, amount: money(data.amount), date: longDate(data.date) }),
          [plan],
        )}
      </p>
      <p>
        {data.available ? (
          t("refund.until", { date: longDate(data.until!) })
        ) : (
          <RefundReason code={data.reasonCode} sentence={data.reason} days={data.refundWindowDays} />
        )}
      </p>
    </div>
  );
}

/** The card's text: the answer once asked, else the purchase, a link without its key, a failure, or a placeholder. */
function RefundLinkBody({
  linkKey,
  done,
  purchase,
}: {
  linkKey: string;
  done: string | null;
  purchase: UseQueryResult<RefundLinkView>;
}) {
  const hydrated = useHydrated();
  const t = useT();
  if (done) return <p role="status">{done}</p>;
  if (!linkKey && hydrated) return <p>{t("refund.noKey")}</p>;
  if (purchase.isError) return <p role="alert">{purchase.error.message}</p>;
  if (purchase.data) return <PurchaseSummary data={purchase.data} />;
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a named placeholder; a live role would have it announced, a change to make on purpose
    <div className="grid gap-2" aria-busy="true" aria-label={t("refund.loading")}>
      <Skeleton className="h-5" />
      <Skeleton className="h-5 w-2/3" />
    </div>
  );
}

/** Request refund, behind a confirmation that says what happens to the money and the key. */
function RequestRefund({
  data,
  linkKey,
  onDone,
}: {
  data: RefundLinkView;
  linkKey: string;
  onDone: (message: string) => void;
}) {
  const t = useT();
  const money = useMoney();
  const refund = useMutation({
    mutationFn: () => apiRequest<RefundLinkAnswer>("POST", "/api/refund-link", { key: linkKey }),
  });
  const auto = data.selfServiceRefunds === "auto";
  const amount = money(data.amount);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive">
          <Undo2 aria-hidden /> {t("refund.request")}
        </Button>
      }
      title={t("refund.confirm.title")}
      description={auto ? t("refund.confirm.auto", { amount }) : t("refund.confirm.request", { amount })}
      confirmLabel={auto ? t("refund.confirm.refund") : t("refund.confirm.send")}
      cancelLabel={t("refund.confirm.keep")}
      destructive
      pending={refund.isPending}
      onConfirm={(close) =>
        refund
          .mutateAsync()
          .then(
            ({ outcome }) => onDone(outcome === "refunded" ? t("refund.done.refunded") : t("refund.done.requested")),
            failureToast(t("refund.failed.title"), {
              fallback: t("refund.failed.fallback"),
              statusPrefix: t("refund.failed.status"),
            }),
          )
          .finally(close)
      }
    />
  );
}

/** /refund?key=…: the product-key e-mail's refund link, for a buyer without an account. */
export default function RefundLinkPage() {
  const key = new URLSearchParams(useSearch()).get("key") ?? "";
  const hydrated = useHydrated();
  const t = useT();
  // The answer's sentences (a refusal, the reason) are in the page's language: another language asks again.
  const language = useLanguage();
  const purchase = useQuery<RefundLinkView>({
    queryKey: ["/api/refund-link", `?key=${encodeURIComponent(key)}`, language],
    enabled: hydrated && key !== "",
    queryFn: () => apiRequest<RefundLinkView>("GET", `/api/refund-link?key=${encodeURIComponent(key)}`),
  });
  const [done, setDone] = useState<string | null>(null);
  const data = purchase.data;
  return (
    <Layout className="flex items-start justify-center sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">{t("refund.title")}</h1>
          <CardDescription>
            {data ? t("refund.description", { plan: data.planName }) : t("refund.descriptionNoPlan")}
          </CardDescription>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          <RefundLinkBody linkKey={key} done={done} purchase={purchase} />
        </CardContent>
        <CardFooter className="flex-wrap justify-center gap-3">
          {data?.available && !done ? (
            <RequestRefund data={data} linkKey={key} onDone={setDone} />
          ) : (
            <>
              {data?.onAccount && (
                <Button asChild>
                  <Link href={signInTo(PURCHASES_PATH)}>{t("refund.signIn")}</Link>
                </Button>
              )}
              <Button asChild variant="outline">
                <Link href="/refund-policy">{t("refund.policy")}</Link>
              </Button>
            </>
          )}
        </CardFooter>
      </Card>
    </Layout>
  );
}
