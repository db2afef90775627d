/**
 * The card form of the real provider: Stripe's Payment Element. Loaded only when the purchase
 * dialog opens with Stripe active; `@stripe/stripe-js/pure` fetches Stripe.js on first use only.
 */
import { useMemo, useState, type FormEvent } from "react";
import { Lock } from "lucide-react";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe, StripeError } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { reportCanceledPayment } from "../../lib/queries/checkout";
import { PendingButton } from "../ui/pending-button";
import type { PaymentFormProps } from "./demo-card-form";
import { useT, useWordsLanguage } from "../../lib/language";

/** Without a publishable key, development warns and uses a test key. */
const FALLBACK_TEST_KEY = "pk_test_layerlift_development";

const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string | null, onLoadError: () => void): Promise<Stripe | null> {
  let key = publishableKey;
  if (!key) {
    console.warn("No Stripe publishable key is configured; using a fallback test key (development only).");
    key = FALLBACK_TEST_KEY;
  }
  if (!loaded.has(key)) {
    loaded.set(
      key,
      loadStripe(key).catch(() => {
        loaded.delete(key!);
        return null;
      }),
    );
  }
  return loaded.get(key)!.then((stripe) => {
    if (!stripe) onLoadError();
    return stripe;
  });
}

/**
 * Stripe refuses to confirm a payment that is no longer open: the server cancelled it. When that was because the
 * buyer started the same once-per-buyer code's payment in another window, the payment goes on there: asking the
 * server (which the failure would tell anyway) says so.
 */
async function takenOverElsewhere(error: StripeError, open: { paymentIntentId: string; clientSecret: string }) {
  const notOpen = error.code === "payment_intent_unexpected_state" || error.payment_intent?.status === "canceled";
  return notOpen && (await reportCanceledPayment(open))?.takenOver === true;
}

function CheckoutForm({
  onPaid,
  onFailed,
  returnPath,
  open,
}: Omit<PaymentFormProps, "clientSecret"> & {
  returnPath: string;
  open: { paymentIntentId: string; clientSecret: string };
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const t = useT();
  const couldNot = t("checkout.failure.generic");
  const busy = !stripe || !elements || !ready || submitting;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${returnPath}` },
        redirect: "if_required",
      });
      // A field left incomplete is shown by the Payment Element itself; nothing was tried, so the payment stays open.
      if (error?.type === "validation_error") return;
      if (error && (await takenOverElsewhere(error, open))) onFailed(t("checkout.error.takenOver"), true);
      else if (error) onFailed(error.message ?? couldNot);
      else if (paymentIntent) onPaid(paymentIntent.id);
    } catch (error) {
      onFailed(error instanceof Error && error.message ? error.message : couldNot);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-4" aria-label={t("checkout.card.form")}>
      <div className="min-h-24" data-testid="payment-element">
        <PaymentElement
          options={{ layout: "tabs" }}
          onReady={() => setReady(true)}
          onLoadError={(event) => onFailed(event.error.message ?? t("checkout.card.loadFailed"))}
        />
      </div>
      <PendingButton
        type="submit"
        size="lg"
        className="w-full"
        pending={busy}
        pendingText={t("checkout.card.processing")}
        icon={<Lock aria-hidden />}
      >
        {t("checkout.card.pay")}
      </PendingButton>
    </form>
  );
}

export default function StripePaymentForm({
  clientSecret,
  paymentIntentId,
  publishableKey,
  returnPath,
  onPaid,
  onFailed,
}: PaymentFormProps & { paymentIntentId: string; publishableKey: string | null; returnPath: string }) {
  const t = useT();
  const language = useWordsLanguage();
  const [loadError, setLoadError] = useState(false);
  const stripePromise = useMemo(() => stripeFor(publishableKey, () => setLoadError(true)), [publishableKey]);
  if (loadError)
    return (
      <p role="alert" className="text-sm text-destructive-text">
        {t("checkout.card.loadFailed")}
      </p>
    );
  return (
    <Elements
      stripe={stripePromise}
      options={{
        clientSecret,
        // Stripe's own fields and its messages in the page's language.
        locale: language,
        appearance: {
          theme: "night",
          variables: { colorPrimary: "#7c3aed", colorBackground: "#111116", borderRadius: "8px" },
        },
      }}
    >
      <CheckoutForm
        onPaid={onPaid}
        onFailed={onFailed}
        returnPath={returnPath}
        open={{ paymentIntentId, clientSecret }}
      />
    </Elements>
  );
}
