/**
 * Plans: each plan's price, "was" price, badge and visibility, with its pricing card as buyers will
 * see it, updated as the operator types. Saving changes the site at once; payments already started
 * keep the price they started with.
 */
import { failureToast } from "../../lib/failure-toast";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { Save } from "lucide-react";
import type { PlanChangeBody, PlanView } from "@shared/api/pricing";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { TextField } from "../../components/ui/text-field";
import { useAdminPlans, useUpdatePlan } from "../../lib/queries/pricing";
import { toast } from "../../lib/use-toast";
import { PlanCard } from "../../components/plan-card";
import { matchingBadge, statesDiscount } from "@shared/plan-badge";
import { TabSection } from "./list-tab";

interface Draft {
  price: string;
  compareAtPrice: string;
  badge: string;
  visible: boolean;
}

const draftOf = (plan: PlanView): Draft => ({
  price: plan.price.toFixed(2),
  compareAtPrice: plan.compareAtPrice === null ? "" : plan.compareAtPrice.toFixed(2),
  badge: plan.badge ?? "",
  visible: plan.visible,
});

/** Dollars as typed ("6.99", "$6.99", "6,99" is not one), or NaN. */
const dollars = (text: string) =>
  /^\$?\s*\d+(\.\d{1,2})?$/.test(text.trim()) ? Number(text.trim().replace(/^\$\s*/, "")) : Number.NaN;

/** What the form says is wrong before asking the server (which checks the same again). */
function problems(draft: Draft): Partial<Record<"price" | "compareAtPrice" | "badge", string>> {
  const price = dollars(draft.price);
  const was = draft.compareAtPrice.trim() === "" ? null : dollars(draft.compareAtPrice);
  const found: Partial<Record<"price" | "compareAtPrice" | "badge", string>> = {};
  if (Number.isNaN(price) || price < 0.5) found.price = "At least 0.50, in dollars and cents (e.g. 6.99).";
  if (was !== null && (Number.isNaN(was) || (!Number.isNaN(price) && was <= price)))
    found.compareAtPrice = "Above the price, or empty for none.";
  if (was === null && statesDiscount(draft.badge.trim() || null))
    found.badge = 'This badge names a discount: give a "was" price to take it from, or change the badge.';
  return found;
}

const cents = (text: string) => Math.round(dollars(text) * 100);

/** The badge as it will be saved: a percentage off recomputed from the prices typed. */
function savedBadge(draft: Draft): string | null {
  const badge = draft.badge.trim() || null;
  const was = draft.compareAtPrice.trim() === "" ? null : cents(draft.compareAtPrice);
  const price = cents(draft.price);
  if (Number.isNaN(price) || (was !== null && Number.isNaN(was))) return badge;
  return matchingBadge(badge, price, was);
}

/** A plan's form as typed: its problems, the card it would show, and the save. */
function usePlanDraft(plan: PlanView) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(plan));
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdatePlan();
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const preview: PlanView = {
    ...plan,
    price: Number.isNaN(dollars(draft.price)) ? plan.price : dollars(draft.price),
    compareAtPrice:
      draft.compareAtPrice.trim() === "" || Number.isNaN(dollars(draft.compareAtPrice))
        ? null
        : dollars(draft.compareAtPrice),
    badge: savedBadge(draft),
  };

  function save(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(problems(draft)).length) return;
    const change: PlanChangeBody = {
      price: dollars(draft.price),
      compareAtPrice: draft.compareAtPrice.trim() === "" ? null : dollars(draft.compareAtPrice),
      badge: draft.badge.trim() || null,
      visible: draft.visible,
    };
    update.mutate(
      { id: plan.id, change },
      {
        onSuccess: (saved) => {
          setDraft(draftOf(saved));
          setSubmitted(false);
          toast({
            title: "Plan saved",
            description: `${saved.name} now costs $${saved.price.toFixed(2)}${saved.visible ? "" : " and is hidden"}.`,
          });
        },
        onError: failureToast("Failed to save the plan"),
      },
    );
  }

  return {
    draft,
    set,
    errors: submitted ? problems(draft) : {},
    preview,
    changed: JSON.stringify(draft) !== JSON.stringify(draftOf(plan)),
    save,
    saving: update.isPending,
  };
}

/** The plan's pricing card as buyers will see it, dimmed while the plan is hidden. */
function PlanPreview({ preview, visible }: { preview: PlanView; visible: boolean }) {
  return (
    <figure className="grid gap-2">
      <figcaption className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        Preview{visible ? "" : " (hidden from buyers)"}
      </figcaption>
      <div className={visible ? undefined : "opacity-60"}>
        <PlanCard plan={preview} processing={false} onChoose={() => undefined} preview />
      </div>
    </figure>
  );
}

function PlanEditor({ plan }: { plan: PlanView }) {
  const { draft, set, errors, preview, changed, save, saving } = usePlanDraft(plan);
  const id = (field: string) => `plan-${plan.id}-${field}`;
  const badge = savedBadge(draft);
  /** One of the two prices, in dollars and cents. */
  const dollarField = (field: "price" | "compareAtPrice") => ({
    inputMode: "decimal" as const,
    value: draft[field],
    error: errors[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set({ [field]: e.target.value }),
  });
  return (
    <Card role="group" aria-labelledby={id("heading")}>
      <CardHeader>
        <CardTitle level={3} id={id("heading")} className="text-lg">
          {plan.name}
        </CardTitle>
        <CardDescription>{plan.duration}. Payments already started keep their price.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
        <form
          className="grid content-start items-start gap-4 sm:grid-cols-2"
          onSubmit={save}
          noValidate
          aria-label={`${plan.name} price`}
        >
          <TextField id={id("price")} label="Price (USD)" {...dollarField("price")} />
          <TextField
            id={id("was")}
            label="Was price (USD)"
            hint="Struck through beside the price; empty for none."
            {...dollarField("compareAtPrice")}
          />
          <TextField
            id={id("badge")}
            label="Badge"
            value={draft.badge}
            maxLength={24}
            error={errors.badge}
            hint={
              badge !== (draft.badge.trim() || null)
                ? `Saved as "${badge}": a percentage off is worked out from the prices.`
                : "E.g. 30% OFF!; empty for none. A percentage off follows the prices."
            }
            onChange={(e) => set({ badge: e.target.value })}
          />
          <div className="flex items-center gap-3 sm:pt-7">
            <Switch id={id("visible")} checked={draft.visible} onCheckedChange={(visible) => set({ visible })} />
            <Label htmlFor={id("visible")}>Offered on the purchase page</Label>
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={!changed || saving}>
              <Save aria-hidden /> {saving ? "Saving..." : `Save ${plan.name}`}
            </Button>
          </div>
        </form>
        <PlanPreview preview={preview} visible={draft.visible} />
      </CardContent>
    </Card>
  );
}

export function PlansTab() {
  const { data: plans, error } = useAdminPlans();
  return (
    <TabSection
      id="plans"
      title="Plans"
      description="Prices shown on the site and charged for new payments. A change is live at once."
    >
      {error && (
        <p role="alert" className="text-sm text-destructive-text">
          {error.message}
        </p>
      )}
      {plans
        ? // Keyed by the saved values, so a save (or another admin's) starts the form afresh.
          plans.map((plan) => <PlanEditor key={`${plan.id}:${JSON.stringify(draftOf(plan))}`} plan={plan} />)
        : [0, 1, 2].map((i) => <Skeleton key={i} className="h-72" />)}
    </TabSection>
  );
}
