import { lazy, Suspense } from "react";
import { ShieldCheck } from "lucide-react";
import type { PlanView } from "../../../src/shared/api/pricing";
import type { PaymentIntentResponse } from "../../../src/shared/api-types";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { DemoCardForm } from "./demo-card-form";

// Stripe's React bindings and Stripe.js load only when a real card form is needed.
const StripePaymentForm = lazy(() => import("./stripe-payment-form"));

export interface Checkout {
  plan: PlanView;
  clientSecret: string;
  provider: "stripe" | "demo";
  /** The lines of the price fixed into this payment by the server. */
  quote: PaymentIntentResponse["quote"];
}

const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/** The plan, the promotion code's line when there is one, and the total the card is charged. */
function QuoteSummary({ checkout }: { checkout: Checkout }) {
  const { quote } = checkout;
  if (!quote.promotionCode) {
    return (
      <span className="flex items-baseline justify-between gap-3">
        <span className="font-medium text-foreground">{checkout.plan.name}</span>
        <span className="text-lg font-semibold text-foreground">{money(quote.total)}</span>
      </span>
    );
  }
  return (
    <span className="grid gap-1">
      <span className="flex items-baseline justify-between gap-3">
        <span className="font-medium text-foreground">{checkout.plan.name}</span>
        <span className="text-foreground">{money(quote.listPrice)}</span>
      </span>
      <span className="flex items-baseline justify-between gap-3 text-success">
        <span>Promotion code {quote.promotionCode}</span>
        <span>−{money(quote.discount)}</span>
      </span>
      <span className="flex items-baseline justify-between gap-3 border-t border-border pt-1">
        <span className="font-medium text-foreground">Total</span>
        <span className="text-lg font-semibold text-foreground">{money(quote.total)}</span>
      </span>
    </span>
  );
}

export interface CheckoutDialogProps {
  checkout: Checkout | null;
  publishableKey: string | null;
  onClose: () => void;
  onPaid: (paymentIntentId: string) => void;
  onFailed: (message: string) => void;
  /** The line under the form: what happens once paid. */
  note?: string;
  /** Where the card provider returns after a payment that needed a redirect (3-D Secure). */
  returnPath?: string;
}

function FormSkeleton() {
  return (
    <div className="grid gap-3" aria-label="Loading the card form">
      <Skeleton className="h-10" />
      <div className="grid grid-cols-2 gap-3">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
      <Skeleton className="h-11" />
    </div>
  );
}

/** 'Complete Your Purchase': the chosen plan and price, and the card form. */
export function CheckoutDialog({
  checkout, publishableKey, onClose, onPaid, onFailed,
  note = "Payments are processed securely. Your product key is e-mailed to you right after payment.",
  returnPath = "/purchase/success",
}: CheckoutDialogProps) {
  return (
    <Dialog open={checkout !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent aria-describedby="checkout-summary" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Complete Your Purchase</DialogTitle>
          <DialogDescription id="checkout-summary">
            {checkout && <QuoteSummary checkout={checkout} />}
          </DialogDescription>
        </DialogHeader>
        {checkout && (
          checkout.provider === "stripe" ? (
            <Suspense fallback={<FormSkeleton />}>
              <StripePaymentForm clientSecret={checkout.clientSecret} publishableKey={publishableKey} returnPath={returnPath} onPaid={onPaid} onFailed={onFailed} />
            </Suspense>
          ) : (
            <DemoCardForm clientSecret={checkout.clientSecret} onPaid={onPaid} onFailed={onFailed} />
          )
        )}
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <ShieldCheck className="size-4 shrink-0" aria-hidden />
          {note}
        </p>
        {/* New tabs: leaving this page would lose the payment in progress. */}
        <p className="text-xs text-muted-foreground">
          By paying you agree to the <a href="/terms" target="_blank" rel="noopener" className="text-brand underline underline-offset-4">Terms</a> and
          the <a href="/refund-policy" target="_blank" rel="noopener" className="text-brand underline underline-offset-4">Refund policy</a>.
        </p>
      </DialogContent>
    </Dialog>
  );
}
