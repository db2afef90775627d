import { useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { LifeBuoy, Mail, Star, Users } from "lucide-react";
import type { PlanView } from "@shared/api/pricing";
import { PROMOTION_CODE } from "@shared/promotion-code";
import { PRODUCT_KEY_LENGTH, PRODUCT_NAME } from "@shared/product";
import { EmailField } from "../../components/email-field";
import { ActiveUserCount } from "../../components/active-user-count";
import { Layout } from "../../components/layout";
import { Card, CardContent } from "../../components/ui/card";
import { useActiveUsers, useReviews } from "../../lib/queries/public";
import { paymentResultPath, useCreatePaymentIntent, usePublicConfig } from "../../lib/queries/checkout";
import { toast } from "../../lib/use-toast";
import { usePlans, usePromotionLookup } from "../../lib/queries/pricing";
import { Skeleton } from "../../components/ui/skeleton";
import { asksBeforePaying, CheckoutDialog, type Checkout } from "../../components/checkout/checkout-dialog";
import { PlanCard, type PromotionPrice } from "../../components/plan-card";
import { PromotionCodeBox } from "./promotion-code";
import { isPromotionRefusal } from "../../components/checkout/use-open-payment";

/** The code /purchase?code=… carries, when it is one. */
function codeIn(search: string): string | null {
  const code = new URLSearchParams(search).get("code")?.trim() ?? "";
  return PROMOTION_CODE.test(code) ? code.toUpperCase() : null;
}

/** Brings the field to the middle of the screen, clear of the header and of a toast under it, and focuses it. */
function focusField(field: HTMLInputElement | null) {
  field?.scrollIntoView({ block: "center" });
  field?.focus({ preventScroll: true });
}

function SocialProof() {
  const { data: active } = useActiveUsers();
  const { data: reviews } = useReviews();
  const count = active?.count ?? 0;
  const review = reviews?.[0];
  if (count <= 0 && !review) return null;
  return (
    <div className="mx-auto mt-10 flex max-w-3xl flex-col items-center gap-3 text-sm text-muted-foreground">
      {count > 0 && (
        <p className="flex items-center gap-2">
          <Users className="size-4 text-success" aria-hidden />
          <ActiveUserCount count={count} />
        </p>
      )}
      {review && (
        <figure className="flex flex-col items-center gap-1 text-center">
          <div className="flex gap-0.5" role="img" aria-label={`Rated ${review.rating} out of 5`}>
            {Array.from({ length: Math.max(0, Math.round(review.rating)) }, (_, i) => (
              <Star key={i} className="size-3.5 fill-amber-400 text-amber-400" aria-hidden />
            ))}
          </div>
          <blockquote className="italic">"{review.comment}"</blockquote>
          <figcaption>— {review.user?.username?.trim() || "Anonymous"}</figcaption>
        </figure>
      )}
    </div>
  );
}

function AfterPurchase() {
  return (
    <Card className="mx-auto mt-12 max-w-3xl border-brand/30 bg-accent/40">
      <CardContent className="grid gap-3 pt-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Mail className="size-5 text-brand" aria-hidden />
          What happens after purchase?
        </h2>
        <ol className="grid list-decimal gap-2 pl-5 text-sm text-muted-foreground marker:text-brand">
          <li>You'll receive an instant email with your {PRODUCT_KEY_LENGTH}-character product key.</li>
          <li>Create your account on the Sign Up page with that key.</li>
          <li>Generate your plugin key in the dashboard and paste it into the {PRODUCT_NAME} plugin.</li>
          <li>Import your first design and watch it scale to every device.</li>
        </ol>
      </CardContent>
    </Card>
  );
}

export default function PurchasePage() {
  const [, navigate] = useLocation();
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const createIntent = useCreatePaymentIntent();
  const { data: config } = usePublicConfig();
  const { data: plans } = usePlans();
  const code = codeIn(useSearch());
  const promotion = usePromotionLookup(code);
  const applied = code && promotion.data?.applies ? promotion.data : null;

  function promotionPrice(plan: PlanView): PromotionPrice | null {
    const price = applied?.prices.find((p) => p.plan === plan.id);
    return applied && price ? { code: applied.code, discount: price.discount, total: price.total } : null;
  }

  function freeOrder(paymentIntentId: string, clientSecret: string) {
    // Nothing to pay: the order is complete and the key is on its way; the result page shows it.
    setCheckout(null);
    toast({ title: "Order Complete", description: "Check your email for your product key!" });
    navigate(paymentResultPath(paymentIntentId, clientSecret));
  }

  function choose(plan: PlanView) {
    const address = email.trim();
    const field = document.getElementById("purchase-email") as HTMLInputElement | null;
    if (!address) {
      // Said at the field and in the toast the product has always shown.
      setEmailError("Please enter your email address to continue.");
      toast({ title: "Email Required", description: "Please enter your email address to continue." });
      focusField(field);
      return;
    }
    if (field && !field.validity.valid) {
      // The browser knows an address when it sees one ("bad@" is not): said at the field, before any request.
      setEmailError("Enter a full email address, like you@example.com.");
      focusField(field);
      return;
    }
    const promotion = applied && promotionPrice(plan) ? { promotionCode: applied.code } : {};
    const opened: Omit<Checkout, "provider"> = {
      plan,
      asksLocation: config ? config.tax !== "off" : false,
      asksSeats: true,
      consentSetting: config?.withdrawalConsent ?? "eu",
      promotion: promotionPrice(plan),
      requestIntent: async ({ withoutPromotion, ...details }) => {
        const code = withoutPromotion ? {} : promotion;
        const answer = await createIntent.mutateAsync({ plan: plan.id, email: address, ...code, ...details });
        if (answer.provider === "free") freeOrder(answer.paymentIntentId, answer.clientSecret);
        return answer;
      },
    };
    if (config && asksBeforePaying(config)) {
      // The dialog asks first (billing location, consent), then makes the payment for the answers.
      setCheckout({ ...opened, provider: config.paymentProvider });
      return;
    }
    createIntent.mutate(
      { plan: plan.id, email: address, ...promotion },
      {
        onSuccess: (answer) => {
          if (answer.provider === "free") freeOrder(answer.paymentIntentId, answer.clientSecret);
          else setCheckout({ ...opened, provider: answer.provider, initial: answer });
        },
        onError: (error) => {
          // A code this buyer can't use (used before, say): the dialog says why and offers the list price.
          if (isPromotionRefusal(error) && config)
            setCheckout({ ...opened, provider: config.paymentProvider, promotionRefused: error.message });
          else
            toast({
              variant: "destructive",
              title: "Error",
              description: error.message || "Failed to process payment",
            });
        },
      },
    );
  }

  function paid(paymentIntentId: string, clientSecret: string) {
    toast({ title: "Payment Successful", description: "Check your email for your product key!" });
    setCheckout(null);
    // The client secret goes along, as in the card provider's own return URL: it shows this browser the key.
    navigate(paymentResultPath(paymentIntentId, clientSecret));
  }

  return (
    <Layout>
      <header className="text-center">
        <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">Choose Your Plan</h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">
          Pick the plan that fits your project. Your product key arrives by e-mail the moment your payment goes through.
        </p>
      </header>

      <div className="mx-auto mt-10 max-w-md">
        <EmailField
          id="purchase-email"
          label="Email address"
          hint="We'll send your product key to this address."
          value={email}
          error={emailError ?? undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(null);
          }}
        />
      </div>

      <div className="mx-auto mt-6 max-w-md">
        <PromotionCodeBox
          code={code}
          lookup={promotion.data ?? undefined}
          failure={promotion.error?.message}
          checking={promotion.isFetching}
          onApply={(typed) => navigate(`/purchase?code=${encodeURIComponent(typed.toUpperCase())}`, { replace: true })}
          onRemove={() => navigate("/purchase", { replace: true })}
        />
      </div>

      <ul className="mt-12 grid gap-6 md:grid-cols-3" aria-label="Plans">
        {plans
          ? plans.map((plan) => (
              <li key={plan.id}>
                <PlanCard
                  plan={plan}
                  promotion={promotionPrice(plan)}
                  processing={createIntent.isPending}
                  onChoose={choose}
                />
              </li>
            ))
          : [0, 1, 2].map((i) => (
              <li key={i}>
                <Skeleton className="h-[30rem] rounded-xl" />
              </li>
            ))}
      </ul>

      {/* Below the plans: it fills in after the page has loaded and must not push the plans down. */}
      <SocialProof />

      <AfterPurchase />

      <p className="mt-8 flex items-center justify-center gap-2 text-center text-sm text-muted-foreground">
        <LifeBuoy className="size-4" aria-hidden />
        Questions before you buy?{" "}
        <Link
          href="/support"
          className="rounded-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          Visit Support
        </Link>
      </p>

      <CheckoutDialog
        checkout={checkout}
        publishableKey={config?.stripePublishableKey ?? null}
        onClose={() => setCheckout(null)}
        onPaid={paid}
      />
    </Layout>
  );
}
