import { Link, useLocation } from "wouter";
import { LifeBuoy, Mail, Star, Users } from "lucide-react";
import { PRODUCT_KEY_LENGTH } from "@shared/product";
import { useT } from "../../lib/language";
import { EmailField } from "../../components/email-field";
import { ActiveUserCount } from "../../components/active-user-count";
import { Layout } from "../../components/layout";
import { Card, CardContent } from "../../components/ui/card";
import { useActiveUsers, useReviews } from "../../lib/queries/public";
import { usePlans } from "../../lib/queries/pricing";
import { Skeleton } from "../../components/ui/skeleton";
import { CheckoutDialog } from "../../components/checkout/lazy-checkout-dialog";
import { PlanCard } from "../../components/plan-card";
import { PromotionCodeBox } from "./promotion-code";
import { EMAIL_FIELD_ID, useBuyPlan } from "./use-buy-plan";

function SocialProof() {
  const { data: active } = useActiveUsers();
  const { data: reviews } = useReviews();
  const count = active?.count ?? 0;
  const review = reviews?.[0];
  const t = useT();
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
          <div className="flex gap-0.5" role="img" aria-label={t("home.reviews.rating", { count: review.rating })}>
            {Array.from({ length: Math.max(0, Math.round(review.rating)) }, (_, i) => (
              <Star key={i} className="size-3.5 fill-amber-400 text-amber-400" aria-hidden />
            ))}
          </div>
          <blockquote className="italic">"{review.comment}"</blockquote>
          <figcaption>— {review.user?.username?.trim() || t("home.reviews.anonymous")}</figcaption>
        </figure>
      )}
    </div>
  );
}

function AfterPurchase() {
  const t = useT();
  return (
    <Card className="mx-auto mt-12 max-w-3xl border-brand/30 bg-accent/40">
      <CardContent className="grid gap-3 pt-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Mail className="size-5 text-brand" aria-hidden />
          {t("purchase.after.title")}
        </h2>
        <ol className="grid list-decimal gap-2 pl-5 text-sm text-muted-foreground marker:text-brand">
          <li>{t("purchase.after.email", { length: PRODUCT_KEY_LENGTH })}</li>
          <li>{t("purchase.after.signup")}</li>
          <li>{t("purchase.after.pluginKey")}</li>
          <li>{t("purchase.after.import")}</li>
        </ol>
      </CardContent>
    </Card>
  );
}

export default function PurchasePage() {
  const [, navigate] = useLocation();
  const { data: plans } = usePlans();
  const buy = useBuyPlan();
  const t = useT();
  return (
    <Layout>
      <header className="text-center">
        <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">{t("purchase.title")}</h1>
        <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">{t("purchase.intro")}</p>
      </header>

      <div className="mx-auto mt-10 max-w-md">
        <EmailField
          id={EMAIL_FIELD_ID}
          label={t("purchase.email.label")}
          hint={t("purchase.email.hint")}
          value={buy.email.value}
          error={buy.email.error ?? undefined}
          onChange={(event) => buy.email.change(event.target.value)}
        />
      </div>

      <div className="mx-auto mt-6 max-w-md">
        <PromotionCodeBox
          code={buy.code}
          lookup={buy.promotion.data ?? undefined}
          planCount={plans?.length ?? 0}
          failure={buy.promotion.error?.message}
          checking={buy.promotion.isFetching}
          onApply={(typed) => navigate(`/purchase?code=${encodeURIComponent(typed.toUpperCase())}`, { replace: true })}
          onRemove={() => navigate("/purchase", { replace: true })}
        />
      </div>

      <ul className="mt-12 grid gap-6 md:grid-cols-3" aria-label={t("purchase.plans")}>
        {plans
          ? plans.map((plan) => (
              <li key={plan.id}>
                <PlanCard
                  plan={plan}
                  promotion={buy.promotionPrice(plan)}
                  processing={buy.processing}
                  onChoose={buy.choose}
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
        {t("purchase.questions")}{" "}
        <Link
          href="/support"
          className="rounded-sm font-medium text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {t("purchase.visitSupport")}
        </Link>
      </p>

      <CheckoutDialog
        checkout={buy.checkout}
        publishableKey={buy.publishableKey}
        onClose={buy.closeCheckout}
        onPaid={buy.paid}
      />
    </Layout>
  );
}
