import { AccountListCard } from "./account-list-card";
import { KeyRound, Receipt, Undo2 } from "lucide-react";
import type { PurchaseView, PurchasesResponse } from "@shared/api/purchases";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { failureToast } from "../../lib/failure-toast";
import { PURCHASES_QUERY_KEY, usePurchases, useRequestRefund } from "../../lib/queries/purchases";
import { useRedeemKey } from "../../lib/queries/dashboard";
import { queryClient } from "../../lib/query-client";
import { toast } from "../../lib/use-toast";
import { useFormats } from "./time";
import { useMoney, useT, type Translate } from "../../lib/language";
import type { MessageId } from "../../lib/i18n";
import { redeemWording } from "./redeem-key-card";
import { RefundReason } from "../../components/refund-reason";

const STATUS_BADGE: Record<
  PurchaseView["status"],
  { label: MessageId; variant: "success" | "secondary" | "destructive" | "outline" }
> = {
  paid: { label: "dashboard.purchases.paid", variant: "success" },
  "partly refunded": { label: "dashboard.purchases.partlyRefunded", variant: "outline" },
  refunded: { label: "dashboard.status.refunded", variant: "secondary" },
  disputed: { label: "dashboard.purchases.disputed", variant: "destructive" },
};

function RefundButton({ purchase, selfService }: { purchase: PurchaseView; selfService: "auto" | "request" }) {
  const refund = useRequestRefund();
  const t = useT();
  const money = useMoney();
  const what = t(selfService === "auto" ? "dashboard.refund.auto" : "dashboard.refund.request", {
    amount: money(purchase.amount),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline">
          <Undo2 aria-hidden /> {t("dashboard.refund.button")}
        </Button>
      }
      title={t("dashboard.refund.title", { plan: purchase.planName })}
      description={
        <span className="grid gap-2">
          <span>{what}</span>
          <span>{t("dashboard.refund.text")}</span>
        </span>
      }
      confirmLabel={selfService === "auto" ? t("dashboard.refund.confirm") : t("dashboard.refund.send")}
      cancelLabel={t("dashboard.refund.keep")}
      destructive
      pending={refund.isPending}
      // mutateAsync, not mutate's callbacks: the refunded row loses this button before they would run.
      onConfirm={(close) =>
        refund
          .mutateAsync(purchase.id)
          .then(
            ({ outcome }) =>
              toast(
                outcome === "refunded"
                  ? { title: t("dashboard.refund.refunded"), description: t("dashboard.refund.refundedText") }
                  : { title: t("dashboard.refund.requested"), description: t("dashboard.refund.requestedText") },
              ),
            (error) => {
              failureToast(t("dashboard.refund.failed"), {
                fallback: t("dashboard.refund.failedText"),
                statusPrefix: t("dashboard.refund.failedStatus"),
              })(error);
            },
          )
          .finally(close)
      }
    />
  );
}

/** A key bought with this account's address but not yet on it: one press adds its time. */
function RedeemButton({ purchase, productKey }: { purchase: PurchaseView; productKey: string }) {
  const redeem = useRedeemKey();
  const t = useT();
  return (
    <Button
      size="sm"
      disabled={redeem.isPending}
      aria-label={t("dashboard.purchases.redeemLabel", { plan: purchase.planName, key: productKey })}
      onClick={() =>
        redeem.mutate(productKey, {
          onSuccess: () => {
            void queryClient.invalidateQueries({ queryKey: PURCHASES_QUERY_KEY });
            toast({ title: t("dashboard.redeem.done"), description: t("dashboard.redeem.doneText") });
          },
          onError: failureToast(t("dashboard.redeem.failed"), redeemWording(t)),
        })
      }
    >
      <KeyRound aria-hidden /> {redeem.isPending ? t("dashboard.redeem.redeeming") : t("dashboard.purchases.redeem")}
    </Button>
  );
}

/** Where the refund stands, or why the button isn't there. */
function refundNote(t: Translate, date: (iso: string) => string, purchase: PurchaseView): string | null {
  const { refund } = purchase;
  if (refund.request === "pending") return t("dashboard.refund.pending");
  if (refund.request === "declined") return t("dashboard.refund.declined");
  if (purchase.status === "refunded") return null;
  if (refund.available && refund.until) return t("dashboard.refund.until", { date: date(refund.until) });
  return null;
}

/** The account's refund terms, as the purchases list gives them. */
type RefundTerms = Pick<PurchasesResponse, "selfServiceRefunds" | "refundWindowDays">;

function PurchaseRow({ purchase, terms }: { purchase: PurchaseView; terms: RefundTerms }) {
  const t = useT();
  const money = useMoney();
  const { date } = useFormats();
  const badge = STATUS_BADGE[purchase.status];
  const note = refundNote(t, date, purchase);
  const redeemable =
    purchase.productKey !== null &&
    !purchase.keyUsed &&
    (purchase.status === "paid" || purchase.status === "partly refunded");
  return (
    <li className="grid gap-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{purchase.planName}</span>
          <Badge variant={badge.variant}>{t(badge.label)}</Badge>
          {purchase.kind === "renewal" && <Badge variant="outline">{t("dashboard.purchases.renewal")}</Badge>}
          {purchase.kind === "added-seats" && <Badge variant="outline">{t("dashboard.purchases.addedSeats")}</Badge>}
        </div>
        <p className="text-sm text-muted-foreground">
          {date(purchase.date)} · {money(purchase.amount)}
          {purchase.reverseCharge
            ? ` ${t("dashboard.purchases.reverseCharge")}`
            : purchase.tax !== null && ` ${t("dashboard.purchases.tax", { amount: money(purchase.tax) })}`}
          {purchase.refunded > 0 && ` · ${t("dashboard.purchases.refunded", { amount: money(purchase.refunded) })}`}
        </p>
        {purchase.productKey && (
          <p className="text-sm text-muted-foreground">
            {t("dashboard.purchases.key")} <span className="font-mono text-foreground">{purchase.productKey}</span> ·{" "}
            {purchase.keyUsed ? t("dashboard.purchases.used") : t("dashboard.purchases.notUsed")}
          </p>
        )}
        {(purchase.invoiceUrl || purchase.creditNoteUrl) && (
          <p className="flex flex-wrap gap-3 text-sm">
            {purchase.invoiceUrl && (
              <a
                href={purchase.invoiceUrl}
                target="_blank"
                rel="noreferrer"
                className="text-brand underline underline-offset-4"
              >
                {t("dashboard.purchases.invoice")} <span className="whitespace-nowrap">{purchase.invoiceNumber}</span>
              </a>
            )}
            {purchase.creditNoteUrl && (
              <a
                href={purchase.creditNoteUrl}
                target="_blank"
                rel="noreferrer"
                className="text-brand underline underline-offset-4"
              >
                {t("dashboard.purchases.creditNote")}{" "}
                <span className="whitespace-nowrap">{purchase.creditNoteNumber}</span>
              </a>
            )}
          </p>
        )}
        {note && <p className="text-sm text-muted-foreground">{note}</p>}
        {/* Part refunded by an admin: the rest is asked for through support, which the sentence links. */}
        {purchase.status === "partly refunded" && !note && purchase.refund.reason && (
          <p className="text-sm text-muted-foreground">
            <RefundReason
              code={purchase.refund.reasonCode}
              sentence={purchase.refund.reason}
              days={terms.refundWindowDays}
            />
          </p>
        )}
      </div>
      {(purchase.refund.available || redeemable) && (
        <div className="flex flex-wrap gap-2">
          {redeemable && purchase.productKey && <RedeemButton purchase={purchase} productKey={purchase.productKey} />}
          {purchase.refund.available && <RefundButton purchase={purchase} selfService={terms.selfServiceRefunds} />}
        </div>
      )}
    </li>
  );
}

export function PurchasesTab() {
  const purchases = usePurchases();
  const days = purchases.data?.refundWindowDays ?? 0;
  const t = useT();
  return (
    <AccountListCard
      title={t("dashboard.tab.purchases")}
      description={
        days > 0 ? t("dashboard.purchases.descriptionRefund", { days }) : t("dashboard.purchases.description")
      }
      query={purchases}
      failedText={t("dashboard.purchases.loadFailed")}
      loadingLabel={t("dashboard.purchases.loading")}
      placeholder={
        <>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </>
      }
    >
      {(data) =>
        data.purchases.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Receipt className="size-4" aria-hidden /> {t("dashboard.purchases.none")}
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {data.purchases.map((purchase) => (
              <PurchaseRow key={purchase.id} purchase={purchase} terms={data} />
            ))}
          </ul>
        )
      }
    </AccountListCard>
  );
}
