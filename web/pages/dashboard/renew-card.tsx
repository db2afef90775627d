import { useState } from "react";
import { CalendarPlus } from "lucide-react";
import type { PlanView } from "@shared/api/pricing";
import type { SubscriptionView } from "@shared/api-types";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { PendingButton } from "../../components/ui/pending-button";
import { failureToast } from "../../lib/failure-toast";
import { refreshSubscription, useRenewSubscription } from "../../lib/queries/dashboard";
import { usePublicConfig, verifyPayment } from "../../lib/queries/checkout";
import { toast } from "../../lib/use-toast";
import { CheckoutDialog, useCheckoutDialogWaiting } from "../../components/checkout/lazy-checkout-dialog";
import { asksBeforePaying, type Checkout } from "../../components/checkout/checkout-types";
import { formFromDetails } from "../../components/checkout/buyer-form";
import { useLastBillingDetails } from "../../lib/queries/account";
import { usePlans } from "../../lib/queries/pricing";
import { refreshSeats, useSeats } from "../../lib/queries/seats";
import { PromotionCodeField } from "../../components/promotion-code-field";
import { useMoney, useT, type Translate } from "../../lib/language";

/** Where the card provider returns to after a renewal that needed a redirect (3-D Secure). */
export const RENEW_RETURN_PATH = "/dashboard?tab=subscription";

/** The card's title, the same whether there is something to renew or not. */
function RenewHeader({ description }: { description: string }) {
  const t = useT();
  return (
    <CardHeader>
      <CardTitle level={2} className="flex items-center gap-2 text-base">
        <CalendarPlus className="size-5 text-brand" aria-hidden /> {t("dashboard.renew.title")}
      </CardTitle>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
  );
}

/**
 * Choosing a plan to renew with: the payment dialog opens at once where it asks first (location, consent),
 * else once the server has started the payment; a code that makes it free is applied without a card.
 */
/** A paid renewal: applied now if the provider's webhook hasn't yet (the same answer if it has), then said. */
async function renewalApplied(
  t: Translate,
  onApplied: () => void,
  planName: string,
  paymentIntentId: string,
  clientSecret: string | null,
) {
  onApplied();
  try {
    await verifyPayment(paymentIntentId, clientSecret);
  } finally {
    await Promise.all([refreshSubscription(), refreshSeats()]);
  }
  toast({
    title: t("dashboard.renew.extended"),
    description: t("dashboard.renew.extendedText", { plan: planName }),
  });
}

function useRenewal(promotionCode: string, onApplied: () => void) {
  const renew = useRenewSubscription();
  const t = useT();
  const { data: config } = usePublicConfig();
  // The renewal starts from the seats the account has now; the dialog lets the owner pick more or fewer.
  const currentSeats = useSeats().data?.total ?? 1;
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [choosing, setChoosing] = useState<PlanView["id"] | null>(null);

  const applied = (planName: string, paymentIntentId: string, clientSecret: string | null) =>
    renewalApplied(t, onApplied, planName, paymentIntentId, clientSecret);

  function choose(plan: PlanView) {
    const code = { promotionCode: promotionCode.trim() || undefined };
    // One seat is not sent, as the dialog does not send it.
    const seats = currentSeats === 1 ? {} : { seats: currentSeats };
    const opened: Omit<Checkout, "provider"> = {
      plan,
      asksSeats: true,
      currentSeats,
      // Renewals are taxed, and asked for consent, like purchases.
      asksLocation: config ? config.tax !== "off" : false,
      consentSetting: config?.withdrawalConsent ?? "eu",
      requestIntent: async ({ withoutPromotion, ...details }) => {
        const answer = await renew.mutateAsync({ plan: plan.id, ...(withoutPromotion ? {} : code), ...details });
        if (answer.provider === "free") {
          setCheckout(null);
          void applied(plan.name, answer.paymentIntentId, answer.clientSecret);
        }
        return answer;
      },
    };
    if (config && asksBeforePaying(config)) {
      setCheckout({ ...opened, provider: config.paymentProvider });
      return;
    }
    setChoosing(plan.id);
    renew.mutate(
      { plan: plan.id, ...code, ...seats },
      {
        onSuccess: (answer) => {
          // A code that makes it free: already applied to the account, no card to ask for.
          if (answer.provider === "free") void applied(plan.name, answer.paymentIntentId, answer.clientSecret);
          else setCheckout({ ...opened, provider: answer.provider, initial: answer });
        },
        onError: failureToast(t("dashboard.error"), {
          fallback: t("dashboard.renew.failed"),
          statusPrefix: t("dashboard.paymentNotStarted"),
        }),
        onSettled: () => setChoosing(null),
      },
    );
  }

  async function paid(paymentIntentId: string, clientSecret: string) {
    const planName = checkout?.plan.name ?? "";
    setCheckout(null);
    await applied(planName, paymentIntentId, clientSecret);
  }

  return {
    config,
    checkout,
    close: () => setCheckout(null),
    choosing,
    busy: renew.isPending,
    choose,
    paid,
    currentSeats,
  };
}

/**
 * Renew / Extend: pick a plan and pay in the purchase dialog; the key is applied to this account as
 * soon as the payment goes through (nothing to type, no e-mail to wait for).
 */
export function RenewCard({ subscription }: { subscription: SubscriptionView | null }) {
  const [promotionCode, setPromotionCode] = useState("");
  const renewal = useRenewal(promotionCode, () => setPromotionCode(""));
  const { data: plans } = usePlans();
  const { data: lastDetails } = useLastBillingDetails();
  const running = subscription !== null && subscription.status !== "expired";
  const t = useT();
  const money = useMoney();
  const dialogWaiting = useCheckoutDialogWaiting(renewal.checkout);

  if (subscription?.plan === "lifetime" && subscription.endDate === null) {
    return (
      <Card>
        <RenewHeader description={t("dashboard.renew.lifetime")} />
      </Card>
    );
  }

  return (
    <Card>
      <RenewHeader description={running ? t("dashboard.renew.running") : t("dashboard.renew.ended")} />
      <CardContent>
        <div className="mb-3 max-w-xs">
          <PromotionCodeField
            id="renew-promotion-code"
            label={t("dashboard.renew.code")}
            value={promotionCode}
            hint={t("dashboard.renew.codeHint")}
            onChange={(event) => setPromotionCode(event.target.value)}
          />
        </div>
        <ul className="grid gap-2" aria-label={t("dashboard.renew.plans")}>
          {(plans ?? []).map((plan) => (
            <li
              key={plan.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3"
            >
              <div>
                <p className="font-medium">{plan.name}</p>
                <p className="text-sm text-muted-foreground">
                  {plan.duration} · {money(plan.price)}
                </p>
              </div>
              <PendingButton
                size="sm"
                variant={plan.popular ? "default" : "outline"}
                disabled={renewal.busy}
                pending={renewal.choosing === plan.id || (dialogWaiting && renewal.checkout?.plan.id === plan.id)}
                pendingText={t("dashboard.renew.processing")}
                aria-label={t(running ? "dashboard.renew.extendWith" : "dashboard.renew.renewWith", {
                  plan: plan.name,
                })}
                onClick={() => renewal.choose(plan)}
              >
                {running ? t("dashboard.renew.extend") : t("dashboard.next.renew")}
              </PendingButton>
            </li>
          ))}
        </ul>
      </CardContent>
      <CheckoutDialog
        checkout={renewal.checkout}
        publishableKey={renewal.config?.stripePublishableKey ?? null}
        onClose={renewal.close}
        onPaid={(id, secret) => void renewal.paid(id, secret)}
        note={t("dashboard.renew.note")}
        returnPath={RENEW_RETURN_PATH}
        initialForm={{ ...formFromDetails(lastDetails?.details), seats: String(renewal.currentSeats) }}
      />
    </Card>
  );
}
