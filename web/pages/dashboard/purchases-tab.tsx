import { AccountListCard } from "./account-list-card";
import { KeyRound, Receipt, Undo2 } from "lucide-react";
import type { PurchaseView } from "@shared/api/purchases";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { failureToast } from "../../lib/failure-toast";
import { PURCHASES_QUERY_KEY, usePurchases, useRequestRefund } from "../../lib/queries/purchases";
import { useRedeemKey } from "../../lib/queries/dashboard";
import { queryClient } from "../../lib/query-client";
import { toast } from "../../lib/use-toast";
import { formatDate } from "./time";
import { SupportLinkedText } from "../../components/support-linked-text";

const STATUS_BADGE: Record<
  PurchaseView["status"],
  { label: string; variant: "success" | "secondary" | "destructive" | "outline" }
> = {
  paid: { label: "Paid", variant: "success" },
  "partly refunded": { label: "Partly refunded", variant: "outline" },
  refunded: { label: "Refunded", variant: "secondary" },
  disputed: { label: "Disputed", variant: "destructive" },
};

const money = (dollars: number) => `$${dollars.toFixed(2)}`;

function RefundButton({ purchase, selfService }: { purchase: PurchaseView; selfService: "auto" | "request" }) {
  const refund = useRequestRefund();
  const what =
    selfService === "auto"
      ? `${money(purchase.amount)} goes back to the card you paid with at once; banks usually take 5–10 days to show it.`
      : `We look at your request and e-mail you when it is decided. If it is approved, ${money(purchase.amount)} goes back to the card you paid with; banks usually take 5–10 days to show it.`;
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="outline">
          <Undo2 aria-hidden /> Request refund
        </Button>
      }
      title={`Refund ${purchase.planName}?`}
      description={
        <span className="grid gap-2">
          <span>{what}</span>
          <span>
            The time this key added is taken back from your subscription, so the plugin stops working when none is left.
            This can't be undone.
          </span>
        </span>
      }
      confirmLabel={selfService === "auto" ? "Refund Purchase" : "Send Request"}
      cancelLabel="Keep Purchase"
      destructive
      pending={refund.isPending}
      // mutateAsync, not mutate's callbacks: the refunded row loses this button before they would run.
      onConfirm={(close) =>
        refund
          .mutateAsync(purchase.id)
          .then(
            ({ outcome, message }) =>
              toast({ title: outcome === "refunded" ? "Purchase Refunded" : "Refund Requested", description: message }),
            (error) => {
              failureToast("Refund Failed", {
                fallback: "Could not refund this purchase",
                statusPrefix: "Refund failed.",
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
  return (
    <Button
      size="sm"
      disabled={redeem.isPending}
      aria-label={`Redeem ${purchase.planName} key ${productKey}`}
      onClick={() =>
        redeem.mutate(productKey, {
          onSuccess: () => {
            void queryClient.invalidateQueries({ queryKey: PURCHASES_QUERY_KEY });
            toast({ title: "Key Redeemed", description: "Your subscription has been extended." });
          },
          onError: failureToast("Redeem Failed", {
            fallback: "Could not redeem the key",
            statusPrefix: "Could not redeem the key.",
          }),
        })
      }
    >
      <KeyRound aria-hidden /> {redeem.isPending ? "Redeeming…" : "Redeem"}
    </Button>
  );
}

/** Where the refund stands, or why the button isn't there. */
function refundNote(purchase: PurchaseView): string | null {
  const { refund } = purchase;
  if (refund.request === "pending") return "Refund requested: waiting for a decision.";
  if (refund.request === "declined") return "Refund request declined.";
  if (purchase.status === "refunded") return null;
  if (refund.available && refund.until) return `Refundable until ${formatDate(refund.until)}.`;
  return null;
}

function PurchaseRow({ purchase, selfService }: { purchase: PurchaseView; selfService: "auto" | "request" }) {
  const badge = STATUS_BADGE[purchase.status];
  const note = refundNote(purchase);
  const redeemable =
    purchase.productKey !== null &&
    !purchase.keyUsed &&
    (purchase.status === "paid" || purchase.status === "partly refunded");
  return (
    <li className="grid gap-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{purchase.planName}</span>
          <Badge variant={badge.variant}>{badge.label}</Badge>
          {purchase.kind === "renewal" && <Badge variant="outline">Renewal</Badge>}
          {purchase.kind === "added-seats" && <Badge variant="outline">Added seats</Badge>}
        </div>
        <p className="text-sm text-muted-foreground">
          {formatDate(purchase.date)} · {money(purchase.amount)}
          {purchase.reverseCharge
            ? " (no tax charged: reverse charge)"
            : purchase.tax !== null && ` (incl. ${money(purchase.tax)} tax)`}
          {purchase.refunded > 0 && ` · ${money(purchase.refunded)} refunded`}
        </p>
        {purchase.productKey && (
          <p className="text-sm text-muted-foreground">
            Key <span className="font-mono text-foreground">{purchase.productKey}</span> ·{" "}
            {purchase.keyUsed ? "used" : "not used yet"}
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
                Invoice <span className="whitespace-nowrap">{purchase.invoiceNumber}</span>
              </a>
            )}
            {purchase.creditNoteUrl && (
              <a
                href={purchase.creditNoteUrl}
                target="_blank"
                rel="noreferrer"
                className="text-brand underline underline-offset-4"
              >
                Credit note <span className="whitespace-nowrap">{purchase.creditNoteNumber}</span>
              </a>
            )}
          </p>
        )}
        {note && <p className="text-sm text-muted-foreground">{note}</p>}
        {/* Part refunded by an admin: the rest is asked for through support, which the sentence links. */}
        {purchase.status === "partly refunded" && !note && purchase.refund.reason && (
          <p className="text-sm text-muted-foreground">
            <SupportLinkedText text={purchase.refund.reason} />
          </p>
        )}
      </div>
      {(purchase.refund.available || redeemable) && (
        <div className="flex flex-wrap gap-2">
          {redeemable && purchase.productKey && <RedeemButton purchase={purchase} productKey={purchase.productKey} />}
          {purchase.refund.available && <RefundButton purchase={purchase} selfService={selfService} />}
        </div>
      )}
    </li>
  );
}

export function PurchasesTab() {
  const purchases = usePurchases();
  const days = purchases.data?.refundWindowDays ?? 0;
  return (
    <AccountListCard
      title="Purchases"
      description={
        days > 0
          ? `Every purchase and renewal on your account. Not for you? Request a refund within ${days} days of buying.`
          : "Every purchase and renewal on your account."
      }
      query={purchases}
      failedText="Could not load your purchases"
      loadingLabel="Loading purchases"
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
            <Receipt className="size-4" aria-hidden /> No purchases on this account yet.
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {data.purchases.map((purchase) => (
              <PurchaseRow key={purchase.id} purchase={purchase} selfService={data.selfServiceRefunds} />
            ))}
          </ul>
        )
      }
    </AccountListCard>
  );
}
