/** The parts of the purchase dialog below the billing form: the notices it shows, the card form, the fine print. */
import { lazy, Suspense } from "react";
import { RotateCcw, ShieldCheck } from "lucide-react";
import type { PaymentIntentResponse } from "@shared/api-types";
import { Button } from "../ui/button";
import { Skeleton } from "../ui/skeleton";
import { DemoCardForm } from "./demo-card-form";
import { richMessage, useT } from "../../lib/language";

// Stripe's React bindings and Stripe.js load only when a real card form is needed.
const StripePaymentForm = lazy(() => import("./stripe-payment-form"));

function FormSkeleton() {
  const t = useT();
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a named placeholder; a live role would have it announced, a change to make on purpose
    <div className="grid gap-3" aria-label={t("checkout.loadingCard")}>
      <Skeleton className="h-10" />
      <div className="grid grid-cols-2 gap-3">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
      <Skeleton className="h-11" />
    </div>
  );
}

/** The server refused the promotion code for this buyer: its sentence, and the list price to pay instead. */
export function PromotionRefusedNotice({
  message,
  listPrice,
  pending,
  onListPrice,
}: {
  message: string;
  listPrice: string;
  pending: boolean;
  onListPrice: () => void;
}) {
  const t = useT();
  return (
    <div role="alert" className="grid gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm">
      <p className="font-medium text-foreground">{message}</p>
      <Button type="button" variant="outline" size="sm" className="w-fit" disabled={pending} onClick={onListPrice}>
        {t("checkout.removeCode", { price: listPrice })}
      </Button>
    </div>
  );
}

/** Why the payment failed (or that it goes on in another window), and the button that tries again. */
export function PaymentFailedNotice({
  failure,
  elsewhere,
  pending,
  onRetry,
}: {
  failure: string;
  elsewhere: boolean;
  pending: boolean;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <div
      role="alert"
      className={
        elsewhere
          ? "grid gap-2 rounded-md border border-border bg-muted/40 p-3 text-sm"
          : "grid gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm"
      }
    >
      {elsewhere ? (
        <p className="font-medium text-foreground">{failure}</p>
      ) : (
        <>
          <p className="font-medium text-destructive-text">{t("checkout.failedReason", { reason: failure })}</p>
          <p className="text-muted-foreground">{t("checkout.nothingCharged")}</p>
        </>
      )}
      <Button type="button" variant="outline" size="sm" className="w-fit" disabled={pending} onClick={onRetry}>
        <RotateCcw aria-hidden /> {elsewhere ? t("checkout.payHere") : t("checkout.tryAgain")}
      </Button>
    </div>
  );
}

/** The card provider's form for the open payment: Stripe's (loaded on demand) or the demo provider's. */
export function CardForm({
  intent,
  publishableKey,
  returnPath,
  onPaid,
  onFailed,
}: {
  intent: PaymentIntentResponse;
  publishableKey: string | null;
  returnPath: string;
  onPaid: (paymentIntentId: string) => void;
  onFailed: (message: string, elsewhere?: boolean) => void;
}) {
  if (intent.provider !== "stripe")
    return (
      <DemoCardForm key={intent.clientSecret} clientSecret={intent.clientSecret} onPaid={onPaid} onFailed={onFailed} />
    );
  return (
    <Suspense fallback={<FormSkeleton />}>
      <StripePaymentForm
        key={intent.clientSecret}
        clientSecret={intent.clientSecret}
        paymentIntentId={intent.paymentIntentId}
        publishableKey={publishableKey}
        returnPath={returnPath}
        onPaid={onPaid}
        onFailed={onFailed}
      />
    </Suspense>
  );
}

/** What happens once paid, and the terms the payment agrees to (in new tabs: leaving would lose the payment). */
export function FinePrint({ note }: { note: string }) {
  const t = useT();
  const link = (href: string) => (text: string) => (
    <a href={href} target="_blank" rel="noopener" className="text-brand underline underline-offset-4">
      {text}
    </a>
  );
  return (
    <>
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <ShieldCheck className="size-4 shrink-0" aria-hidden />
        {note}
      </p>
      <p className="text-xs text-muted-foreground">
        {richMessage(t("checkout.terms"), [link("/terms"), link("/refund-policy")])}
      </p>
    </>
  );
}
