/**
 * Add seats: more seats for the running subscription, on its own plan, each priced to the days it has left (the
 * dialog shows the server's arithmetic). Paid, they are in the seat list at once: there is no key to type.
 */
import { useState } from "react";
import { UserPlus } from "lucide-react";
import type { PlanView } from "@shared/api/pricing";
import type { SubscriptionView } from "@shared/api-types";
import { PendingButton } from "../../components/ui/pending-button";
import { CheckoutDialog, useCheckoutDialogWaiting } from "../../components/checkout/lazy-checkout-dialog";
import { asksBeforePaying, type Checkout } from "../../components/checkout/checkout-types";
import { formFromDetails } from "../../components/checkout/buyer-form";
import { failureToast } from "../../lib/failure-toast";
import { toast } from "../../lib/use-toast";
import { usePublicConfig, verifyPayment } from "../../lib/queries/checkout";
import { useLastBillingDetails } from "../../lib/queries/account";
import { usePlans } from "../../lib/queries/pricing";
import { refreshSeats, useAddSeats } from "../../lib/queries/seats";
import { refreshSubscription } from "../../lib/queries/dashboard";
import { useT, type Translate } from "../../lib/language";

/** Seats can be added while the subscription runs (not ended, not on hold for a dispute). */
export const canAddSeats = (subscription: SubscriptionView | null | undefined) =>
  subscription != null && (subscription.status === "active" || subscription.status === "cancelled");

/** Paid: the seats are the account's (fulfilled now if the provider's webhook hasn't yet), then said. */
async function seatsAdded(t: Translate, paymentIntentId: string, clientSecret: string | null, added: number) {
  try {
    await verifyPayment(paymentIntentId, clientSecret);
  } finally {
    await Promise.all([refreshSeats(), refreshSubscription()]);
  }
  toast({ title: t("dashboard.addSeats.added"), description: t("dashboard.addSeats.addedText", { count: added }) });
}

function useAddingSeats(plan: PlanView | undefined, current: number) {
  const add = useAddSeats();
  const t = useT();
  const { data: config } = usePublicConfig();
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [added, setAdded] = useState(1);

  function open() {
    if (!plan) return;
    const opened: Omit<Checkout, "provider"> = {
      plan,
      asksSeats: true,
      adding: { current },
      asksLocation: config ? config.tax !== "off" : false,
      consentSetting: config?.withdrawalConsent ?? "eu",
      requestIntent: async ({ withoutPromotion: _, seats, ...details }) => {
        setAdded(seats ?? 1);
        const answer = await add.mutateAsync({ seats: seats ?? 1, ...details });
        if (answer.provider === "free") {
          setCheckout(null);
          void seatsAdded(t, answer.paymentIntentId, answer.clientSecret, seats ?? 1);
        }
        return answer;
      },
    };
    if (config && asksBeforePaying(config)) return setCheckout({ ...opened, provider: config.paymentProvider });
    setAdded(1);
    add.mutate(
      { seats: 1 },
      {
        onSuccess: (answer) =>
          setCheckout({ ...opened, provider: answer.provider as Checkout["provider"], initial: answer }),
        onError: failureToast(t("dashboard.error"), {
          fallback: t("dashboard.addSeats.failed"),
          statusPrefix: t("dashboard.paymentNotStarted"),
        }),
      },
    );
  }

  async function paid(paymentIntentId: string, clientSecret: string) {
    setCheckout(null);
    await seatsAdded(t, paymentIntentId, clientSecret, added);
  }
  return { config, checkout, open, paid, close: () => setCheckout(null), busy: add.isPending };
}

/** The button, and the payment dialog it opens in its "add seats" form. */
export function AddSeatsButton({ subscription, current }: { subscription: SubscriptionView; current: number }) {
  const plan = usePlans().data?.find((one) => one.id === subscription.plan);
  const adding = useAddingSeats(plan, current);
  const { data: lastDetails } = useLastBillingDetails();
  const t = useT();
  const dialogWaiting = useCheckoutDialogWaiting(adding.checkout);
  return (
    <>
      <PendingButton
        variant="outline"
        size="sm"
        disabled={!plan || adding.busy}
        pending={(adding.busy && adding.checkout === null) || dialogWaiting}
        pendingText={t("dashboard.addSeats.opening")}
        onClick={adding.open}
      >
        <UserPlus className="size-4" aria-hidden /> {t("dashboard.addSeats.button")}
      </PendingButton>
      <CheckoutDialog
        checkout={adding.checkout}
        publishableKey={adding.config?.stripePublishableKey ?? null}
        onClose={adding.close}
        onPaid={(id, secret) => void adding.paid(id, secret)}
        note={t("dashboard.addSeats.note")}
        returnPath="/dashboard?tab=plugin"
        initialForm={{ ...formFromDetails(lastDetails?.details), seats: "1" }}
      />
    </>
  );
}
