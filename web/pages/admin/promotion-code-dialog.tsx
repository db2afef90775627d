import { useState } from "react";
import { Plus } from "lucide-react";
import { PLAN_LIST, type PlanId } from "@shared/plans";
import type { PromotionCreateBody } from "@shared/api/pricing";
import { FormDialog } from "../../components/form-dialog";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { PromotionCodeField } from "../../components/promotion-code-field";
import { Label } from "../../components/ui/label";
import { SelectField, TextField } from "../../components/ui/text-field";
import { useCreatePromotionCode } from "../../lib/queries/pricing";
import { toast } from "../../lib/use-toast";

const EMPTY = {
  code: "",
  kind: "percent" as "percent" | "amount",
  value: "",
  startsAt: "",
  endsAt: "",
  maxRedemptions: "",
};

/** A datetime-local value (the admin's own time) → ISO, or undefined when empty. */
const isoFrom = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** New promotion code: the server checks every rule and answers a sentence for what it refuses. */
export function PromotionCodeDialog() {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [plans, setPlans] = useState<PlanId[]>(PLAN_LIST.map((p) => p.id));
  const [oncePerBuyer, setOncePerBuyer] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePromotionCode();
  const set = (change: Partial<typeof EMPTY>) => setForm((current) => ({ ...current, ...change }));

  function submit() {
    const value = Number(form.value);
    const body: PromotionCreateBody = {
      code: form.code.trim(),
      ...(form.kind === "percent" ? { percentOff: value } : { amountOff: value }),
      plans,
      startsAt: isoFrom(form.startsAt),
      endsAt: isoFrom(form.endsAt),
      maxRedemptions: form.maxRedemptions.trim() ? Number(form.maxRedemptions) : undefined,
      oncePerBuyer,
    };
    create.mutate(body, {
      onSuccess: (created) => {
        toast({
          title: "Promotion code created",
          description: `${created.code} can be used ${created.startsAt ? "from its start" : "now"}.`,
        });
        setOpen(false);
        setForm(EMPTY);
        setError(null);
      },
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <FormDialog
      trigger={
        <Button>
          <Plus aria-hidden /> New code
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title="New promotion code"
      description="Letters, digits and dashes; buyers may type it in any case."
      submitLabel="Create code"
      pendingText="Creating..."
      pending={create.isPending}
      className="max-w-lg"
      onSubmit={submit}
    >
      <PromotionCodeField
        id="promo-code"
        label="Code"
        value={form.code}
        onChange={(e) => set({ code: e.target.value })}
      />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          id="promo-kind"
          label="Discount"
          value={form.kind}
          onChange={(e) => set({ kind: e.target.value as "percent" | "amount" })}
        >
          <option value="percent">Percent off</option>
          <option value="amount">Dollars off</option>
        </SelectField>
        <TextField
          id="promo-value"
          label={form.kind === "percent" ? "Percent (1–100)" : "Dollars"}
          inputMode="decimal"
          value={form.value}
          onChange={(e) => set({ value: e.target.value })}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Plans</legend>
        {PLAN_LIST.map((plan) => (
          <div key={plan.id} className="flex items-center gap-2">
            <Checkbox
              id={`promo-plan-${plan.id}`}
              checked={plans.includes(plan.id)}
              onCheckedChange={(checked) =>
                setPlans((current) => (checked ? [...current, plan.id] : current.filter((id) => id !== plan.id)))
              }
            />
            <Label htmlFor={`promo-plan-${plan.id}`}>{plan.name}</Label>
          </div>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="promo-starts"
          label="Starts (optional)"
          type="datetime-local"
          value={form.startsAt}
          onChange={(e) => set({ startsAt: e.target.value })}
        />
        <TextField
          id="promo-ends"
          label="Ends (optional)"
          type="datetime-local"
          value={form.endsAt}
          onChange={(e) => set({ endsAt: e.target.value })}
        />
      </div>
      <TextField
        id="promo-max"
        label="Maximum uses (optional)"
        inputMode="numeric"
        value={form.maxRedemptions}
        hint="Empty for no limit."
        onChange={(e) => set({ maxRedemptions: e.target.value })}
      />
      <div className="flex items-center gap-2">
        <Checkbox
          id="promo-once"
          checked={oncePerBuyer}
          onCheckedChange={(checked) => setOncePerBuyer(checked === true)}
        />
        <Label htmlFor="promo-once">Once per buyer (per e-mail address)</Label>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </FormDialog>
  );
}
