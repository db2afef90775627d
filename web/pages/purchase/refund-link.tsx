import { useState } from "react";
import { type UseQueryResult, useMutation, useQuery } from "@tanstack/react-query";
import { Undo2 } from "lucide-react";
import { Link, useSearch } from "wouter";
import type { RefundLinkAnswer, RefundLinkView } from "@shared/api/purchases";
import { Layout } from "../../components/layout";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { failureToast } from "../../lib/failure-toast";
import { apiRequest } from "../../lib/api";
import { useHydrated } from "../../lib/use-hydrated";
import { signInTo } from "../../lib/after-sign-in";
import { SupportLinkedText } from "../../components/support-linked-text";

const PURCHASES_PATH = "/dashboard?tab=purchases";

const money = (dollars: number) => `$${dollars.toFixed(2)}`;

const longDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "long" });

/** What the link's purchase is, and whether it can still be refunded (or why not). */
function PurchaseSummary({ data }: { data: RefundLinkView }) {
  return (
    <div className="grid gap-2">
      <p>
        <span className="font-medium text-foreground">{data.planName}</span>, {money(data.amount)}, bought{" "}
        {longDate(data.date)}.
      </p>
      <p>
        {data.available
          ? `You can refund it until ${longDate(data.until!)}.`
          : data.reason && <SupportLinkedText text={data.reason} />}
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
  if (done) return <p role="status">{done}</p>;
  if (!linkKey && hydrated)
    return <p>This page needs the refund link from your product-key e-mail. Open it again from there.</p>;
  if (purchase.isError) return <p role="alert">{purchase.error.message}</p>;
  if (purchase.data) return <PurchaseSummary data={purchase.data} />;
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a named placeholder; a live role would have it announced, a change to make on purpose
    <div className="grid gap-2" aria-busy="true" aria-label="Loading">
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
  const refund = useMutation({
    mutationFn: () => apiRequest<RefundLinkAnswer>("POST", "/api/refund-link", { key: linkKey }),
  });
  const auto = data.selfServiceRefunds === "auto";
  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive">
          <Undo2 aria-hidden /> Request refund
        </Button>
      }
      title="Refund this purchase?"
      description={
        auto
          ? `${money(data.amount)} goes back to the card you paid with at once; banks usually take 5–10 days to show it. Your product key is cancelled.`
          : `We look at your request and e-mail you when it is decided. If it is approved, ${money(data.amount)} goes back to your card (5–10 days) and your product key is cancelled.`
      }
      confirmLabel={auto ? "Refund Purchase" : "Send Request"}
      cancelLabel="Keep Purchase"
      destructive
      pending={refund.isPending}
      onConfirm={(close) =>
        refund
          .mutateAsync()
          .then(
            ({ message }) => onDone(message),
            failureToast("Refund Failed", {
              fallback: "Could not refund this purchase",
              statusPrefix: "Refund failed.",
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
  const purchase = useQuery<RefundLinkView>({
    queryKey: ["/api/refund-link", `?key=${encodeURIComponent(key)}`],
    enabled: hydrated && key !== "",
    queryFn: () => apiRequest<RefundLinkView>("GET", `/api/refund-link?key=${encodeURIComponent(key)}`),
  });
  const [done, setDone] = useState<string | null>(null);
  const data = purchase.data;
  return (
    <Layout className="flex items-start justify-center sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Refund your purchase</h1>
          <CardDescription>The {data ? data.planName : "purchase"} your product key came with.</CardDescription>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          <RefundLinkBody linkKey={key} done={done} purchase={purchase} />
        </CardContent>
        <CardFooter className="justify-center gap-3">
          {data?.available && !done ? (
            <RequestRefund data={data} linkKey={key} onDone={setDone} />
          ) : (
            <>
              {data?.onAccount && (
                <Button asChild>
                  <Link href={signInTo(PURCHASES_PATH)}>Sign in to refund</Link>
                </Button>
              )}
              <Button asChild variant="outline">
                <Link href="/refund-policy">Refund policy</Link>
              </Button>
            </>
          )}
        </CardFooter>
      </Card>
    </Layout>
  );
}
