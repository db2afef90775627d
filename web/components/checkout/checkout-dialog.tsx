import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { ShieldCheck } from "lucide-react";
import type { PlanView } from "@shared/api/pricing";
import type { PaymentIntentResponse } from "@shared/api-types";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../ui/dialog";
import { Skeleton } from "../ui/skeleton";
import { DemoCardForm } from "./demo-card-form";
import type { TaxBreakdown } from "@shared/api/tax";
import { failureText } from "../../lib/error-text";
import { LocationForm, TaxBreakdownTable, type BuyerLocation } from "./tax-step";

// Stripe's React bindings and Stripe.js load only when a real card form is needed.
const StripePaymentForm = lazy(() => import("./stripe-payment-form"));

export interface Checkout {
  plan: PlanView;
  clientSecret: string;
  provider: "stripe" | "demo";
  /** The lines of the price fixed into this payment by the server; null while tax is on and the location is still to be asked. */
  quote: PaymentIntentResponse["quote"] | null;
  breakdown?: TaxBreakdown;
  /** With tax on: makes the intent for a billing location; the dialog asks once per distinct location. */
  requestIntent?: (location: BuyerLocation) => Promise<PaymentIntentResponse>;
}

const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/** The plan, the promotion code's line when there is one, and the total the card is charged. */
function QuoteSummary({ checkout, quote }: { checkout: Checkout; quote: Checkout["quote"] }) {
  if (!quote?.promotionCode) {
    return (
      <span className="flex items-baseline justify-between gap-3">
        <span className="font-medium text-foreground">{checkout.plan.name}</span>
        <span className="text-lg font-semibold text-foreground">{money(quote?.total ?? checkout.plan.price)}</span>
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
  /** The intent paid, and the client secret it was paid with (the result page shows this browser the key). */
  onPaid: (paymentIntentId: string, clientSecret: string) => void;
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

type Intent = Pick<Checkout, "clientSecret" | "provider" | "breakdown" | "quote">;

/**
 * With tax on, the intents made for each location the buyer tried, so going back to a country asks nothing
 * again; the one for the location chosen last is the one paid.
 */
function useTaxedIntent(checkout: Checkout | null) {
  const [current, setCurrent] = useState<Intent | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cache = useRef(new Map<string, Intent>());
  const wanted = useRef("");
  useEffect(() => {
    cache.current.clear();
    setCurrent(null);
    setError(null);
  }, [checkout]);
  async function locate(location: BuyerLocation) {
    if (!checkout?.requestIntent) return;
    const key = [location.country, location.postalCode ?? "", (location.taxId ?? "").toUpperCase()].join("|");
    wanted.current = key;
    const known = cache.current.get(key);
    if (known) {
      setCurrent(known);
      setError(null);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const answer = await checkout.requestIntent(location);
      if (answer.provider === "free") throw new Error("A free order needs no card.");
      const intent = {
        clientSecret: answer.clientSecret,
        provider: answer.provider,
        breakdown: answer.breakdown,
        quote: answer.quote,
      };
      cache.current.set(key, intent);
      // A slower answer for a location the buyer has since changed is kept but not shown.
      if (wanted.current === key) setCurrent(intent);
    } catch (failure) {
      if (wanted.current === key) {
        setCurrent(null);
        setError(
          failureText(failure, {
            fallback: "Tax could not be calculated. Please try again.",
            statusPrefix: "Tax could not be calculated.",
          }),
        );
      }
    } finally {
      setPending(false);
    }
  }
  return { current, pending, error, locate };
}

/** 'Complete Your Purchase': the chosen plan and price (with tax on: billing location and breakdown first), and the card form. */
export function CheckoutDialog({
  checkout,
  publishableKey,
  onClose,
  onPaid,
  onFailed,
  note = "Payments are processed securely. Your product key is e-mailed to you right after payment.",
  returnPath = "/purchase/success",
}: CheckoutDialogProps) {
  const taxed = useTaxedIntent(checkout);
  const asksLocation = !!checkout?.requestIntent;
  const intent: Intent | null = asksLocation ? taxed.current : checkout;
  const paid = (paymentIntentId: string) => onPaid(paymentIntentId, intent?.clientSecret ?? "");
  return (
    <Dialog open={checkout !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent aria-describedby="checkout-summary" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Complete Your Purchase</DialogTitle>
          <DialogDescription id="checkout-summary">
            {checkout && <QuoteSummary checkout={checkout} quote={intent?.quote ?? null} />}
          </DialogDescription>
        </DialogHeader>
        {asksLocation && (
          <LocationForm
            pending={taxed.pending}
            error={taxed.error}
            calculated={taxed.current !== null}
            onSubmit={(location) => void taxed.locate(location)}
          />
        )}
        {intent?.breakdown?.tax && <TaxBreakdownTable breakdown={intent.breakdown} />}
        {intent &&
          (intent.provider === "stripe" ? (
            <Suspense fallback={<FormSkeleton />}>
              <StripePaymentForm
                key={intent.clientSecret}
                clientSecret={intent.clientSecret}
                publishableKey={publishableKey}
                returnPath={returnPath}
                onPaid={paid}
                onFailed={onFailed}
              />
            </Suspense>
          ) : (
            <DemoCardForm
              key={intent.clientSecret}
              clientSecret={intent.clientSecret}
              onPaid={paid}
              onFailed={onFailed}
            />
          ))}
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <ShieldCheck className="size-4 shrink-0" aria-hidden />
          {note}
        </p>
        {/* New tabs: leaving this page would lose the payment in progress. */}
        <p className="text-xs text-muted-foreground">
          By paying you agree to the{" "}
          <a href="/terms" target="_blank" rel="noopener" className="text-brand underline underline-offset-4">
            Terms
          </a>{" "}
          and the{" "}
          <a href="/refund-policy" target="_blank" rel="noopener" className="text-brand underline underline-offset-4">
            Refund policy
          </a>
          .
        </p>
      </DialogContent>
    </Dialog>
  );
}
