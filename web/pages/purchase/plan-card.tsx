import { Check, Sparkles } from "lucide-react";
import { formatDollars, type Plan } from "../../../src/shared/plans";
import { Badge } from "../../components/ui/badge";
import { PendingButton } from "../../components/ui/pending-button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { cn } from "../../lib/utils";

export interface PlanCardProps {
  plan: Plan;
  /** True while a payment intent is being created: every plan button is disabled. */
  processing: boolean;
  onChoose: (plan: Plan) => void;
}

/** One plan of SPEC.md §9: price, sale price and badge, MOST POPULAR, duration and features. */
export function PlanCard({ plan, processing, onChoose }: PlanCardProps) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      className={cn("relative flex h-full flex-col", plan.popular && "border-brand/60 shadow-lg shadow-primary/10 ring-1 ring-brand/40")}
    >
      {plan.popular && (
        <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 px-3 py-1">
          <Sparkles className="size-3" aria-hidden />
          MOST POPULAR
        </Badge>
      )}
      <CardHeader className="gap-3 pt-8">
        <div className="flex items-start justify-between gap-2">
          <CardTitle level={2} id={titleId}>{plan.name}</CardTitle>
          {plan.onSale && plan.saleBadge && <Badge variant="success">{plan.saleBadge}</Badge>}
        </div>
        <CardDescription>{plan.description}</CardDescription>
        <div className="flex items-baseline gap-2">
          <span className="text-4xl font-bold tracking-tight">${formatDollars(plan.priceCents)}</span>
          {plan.originalPriceCents !== undefined && (
            <span className="text-lg text-muted-foreground line-through">
              <span className="sr-only">was </span>${formatDollars(plan.originalPriceCents)}
            </span>
          )}
        </div>
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
          pendingText="Processing..."
          onClick={() => onChoose(plan)}
          // The name a screen reader hears starts with the words on the button, then says which plan.
          aria-label={processing ? undefined : `Choose Plan: ${plan.name}`}
        >
          Choose Plan
        </PendingButton>
      </CardFooter>
    </Card>
  );
}
