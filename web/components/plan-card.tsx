import { Check, Sparkles } from "lucide-react";
import type { PlanView } from "@shared/api/pricing";
import { Badge } from "./ui/badge";
import { PendingButton } from "./ui/pending-button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./ui/card";
import { cn } from "../lib/utils";
import { useMoney, useT } from "../lib/language";

/** What a promotion code makes of a plan's price (dollars). */
export interface PromotionPrice {
  code: string;
  discount: number;
  total: number;
}

export interface PlanCardProps {
  plan: PlanView;
  /** The code applied to the cards, when it applies to this plan. */
  promotion?: PromotionPrice | null;
  /** True while a payment intent is being created: every plan button is disabled. */
  processing: boolean;
  onChoose: (plan: PlanView) => void;
  /** The admin panel's preview: the card as buyers see it, with its button shown but inert. */
  preview?: boolean;
}

/**
 * One plan: price, "was" price and badge from the price list, MOST POPULAR, duration
 * and features. With a promotion code the price it would be is shown, the price before it struck through.
 */
export function PlanCard({ plan, promotion, processing, onChoose, preview = false }: PlanCardProps) {
  const titleId = `plan-${preview ? "preview-" : ""}${plan.id}-title`;
  const struck = promotion ? plan.price : plan.compareAtPrice;
  const t = useT();
  const money = useMoney();
  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      className={cn(
        "relative flex h-full flex-col",
        plan.popular && "border-brand/60 shadow-lg shadow-primary/10 ring-1 ring-brand/40",
      )}
    >
      {plan.popular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">
          <Sparkles className="size-3" aria-hidden />
          {t("plan.popular")}
        </Badge>
      )}
      <CardHeader className="gap-3 pt-8">
        <div className="flex items-start justify-between gap-2">
          <CardTitle level={preview ? 4 : 2} id={titleId}>
            {plan.name}
          </CardTitle>
          {/* The badge describes the list price against its "was" price; a code's price is described below it. */}
          {plan.badge && !promotion && <Badge variant="success">{plan.badge}</Badge>}
        </div>
        <CardDescription>{plan.description}</CardDescription>
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-4xl font-bold tracking-tight">{money(promotion ? promotion.total : plan.price)}</span>
          {struck !== null && (
            <span className="text-lg text-muted-foreground line-through">
              <span className="sr-only">{t("plan.was")}</span>
              {money(struck)}
            </span>
          )}
        </div>
        {promotion && (
          <p className="text-sm font-medium text-success">
            {t("plan.promotion", { code: promotion.code, amount: money(promotion.discount) })}
          </p>
        )}
        <p className="text-sm font-medium text-brand">{plan.duration}</p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-2.5 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <PendingButton
          className="w-full"
          size="lg"
          variant={plan.popular ? "default" : "secondary"}
          pending={processing}
          pendingText={t("plan.processing")}
          onClick={() => onChoose(plan)}
          tabIndex={preview ? -1 : undefined}
          aria-hidden={preview ? true : undefined}
          // The name a screen reader hears starts with the words on the button, then says which plan.
          aria-label={processing || preview ? undefined : t("plan.chooseNamed", { name: plan.name })}
        >
          {t("plan.choose")}
        </PendingButton>
      </CardFooter>
    </Card>
  );
}
