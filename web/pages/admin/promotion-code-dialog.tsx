import { useState, type ChangeEvent } from "react";
import { Plus } from "lucide-react";
import { PLAN_LIST, type PlanId } from "@shared/plans";
import { PROMOTION_CODE } from "@shared/promotion-code";
import type { PromotionCreateBody } from "@shared/api/pricing";
import { FormDialog } from "../../components/form-dialog";
import { Button } from "../../components/ui/button";
import { Checkbox } from "../../components/ui/checkbox";
import { PromotionCodeField } from "../../components/promotion-code-field";
import { Label } from "../../components/ui/label";
import { SelectField, TextField } from "../../components/ui/text-field";
import { useCreatePromotionCode } from "../../lib/queries/pricing";
import { toast } from "../../lib/use-toast";

const ALL_PLANS = PLAN_LIST.map((p) => p.id);

const EMPTY = {
  code: "",
  kind: "percent" as "percent" | "amount",
  value: "",
  startsAt: "",
  endsAt: "",
  maxRedemptions: "",
};

type Form = typeof EMPTY;
type Problems = Partial<Record<keyof Form | "plans", string>>;

/** A datetime-local value (the admin's own time) → ISO, or undefined when empty. */
const isoFrom = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** The zone the date fields are read in (the browser's): its name ("Europe/Berlin") and offset now ("UTC+01:00"). */
function ownTimeZone(): { name: string; offset: string } {
  const minutes = -new Date().getTimezoneOffset();
  const sign = minutes < 0 ? "−" : "+";
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, "0");
  const rest = String(Math.abs(minutes) % 60).padStart(2, "0");
  return { name: Intl.DateTimeFormat().resolvedOptions().timeZone, offset: `UTC${sign}${hours}:${rest}` };
}

/** What is wrong with the form, field by field, in the admin's words (the server checks the same again). */
function problemsOf(form: Form, plans: PlanId[]): Problems {
  const found: Problems = {};
  if (!PROMOTION_CODE.test(form.code.trim())) found.code = "Use 2 to 40 letters, digits and dashes, e.g. LAUNCH20.";
  const value = form.value.trim();
  if (form.kind === "percent" && !(/^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 100))
    found.value = "A whole percentage from 1 to 100.";
  if (form.kind === "amount" && !(/^\d+(\.\d{1,2})?$/.test(value) && Number(value) > 0))
    found.value = "An amount in dollars above 0, e.g. 5 or 4.99.";
  if (plans.length === 0) found.plans = "Choose at least one plan.";
  if (form.startsAt && form.endsAt && new Date(form.endsAt) <= new Date(form.startsAt))
    found.endsAt = "The end must come after the start.";
  else if (form.endsAt && new Date(form.endsAt).getTime() <= Date.now())
    found.endsAt = "The end must be in the future.";
  const max = form.maxRedemptions.trim();
  if (max && !(/^\d+$/.test(max) && Number(max) >= 1))
    found.maxRedemptions = "A whole number, at least 1; empty for no limit.";
  return found;
}

/** The form's values, emptied each time the dialog opens, and the request that creates the code. */
function usePromotionForm(close: () => void) {
  const [form, setForm] = useState(EMPTY);
  const [plans, setPlans] = useState<PlanId[]>(ALL_PLANS);
  const [oncePerBuyer, setOncePerBuyer] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useCreatePromotionCode();
  const set = (change: Partial<Form>) => setForm((current) => ({ ...current, ...change }));

  /** Every opening starts from an empty form: nothing of the last code is left ticked. */
  function reset() {
    setForm(EMPTY);
    setPlans(ALL_PLANS);
    setOncePerBuyer(false);
    setSubmitted(false);
    setError(null);
  }

  function submit() {
    setSubmitted(true);
    if (Object.keys(problemsOf(form, plans)).length) return;
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
        close();
      },
      onError: (failure) => setError(failure.message),
    });
  }

  const problems = submitted ? problemsOf(form, plans) : {};
  return { form, set, plans, setPlans, oncePerBuyer, setOncePerBuyer, problems, error, reset, submit, create };
}

/** The plans a code applies to. */
function PlanChoices(props: {
  plans: PlanId[];
  setPlans: (change: (current: PlanId[]) => PlanId[]) => void;
  error?: string;
}) {
  const { plans, setPlans, error } = props;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? "promo-plans-error" : undefined}>
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
      {error && (
        <p id="promo-plans-error" className="text-sm text-destructive-text">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** When the code may be used: from and until a moment in the admin's own time, each optional. */
function UsePeriod({ form, set, error }: { form: Form; set: (change: Partial<Form>) => void; error?: string }) {
  const zone = ownTimeZone();
  const moment = (edge: "startsAt" | "endsAt", label: string, empty: string) => ({
    label: `${label} (optional), your time (${zone.offset})`,
    type: "datetime-local",
    className: "min-w-0",
    value: form[edge],
    hint: `In ${zone.name} time. Empty: ${empty}.`,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set({ [edge]: e.target.value }),
  });
  return (
    <div className="grid items-start gap-3 sm:grid-cols-2 [&>*]:min-w-0">
      <TextField id="promo-starts" {...moment("startsAt", "Starts", "now")} />
      <TextField id="promo-ends" error={error} {...moment("endsAt", "Ends", "no end")} />
    </div>
  );
}

/** New promotion code: checked as typed, then by the server, which answers a sentence for what it refuses. */
export function PromotionCodeDialog() {
  const [open, setOpen] = useState(false);
  const promo = usePromotionForm(() => setOpen(false));
  const { form, set, problems } = promo;
  return (
    <FormDialog
      trigger={
        <Button>
          <Plus aria-hidden /> New code
        </Button>
      }
      open={open}
      onOpenChange={(next) => {
        if (next) promo.reset();
        setOpen(next);
      }}
      title="New promotion code"
      description="Letters, digits and dashes; buyers may type it in any case."
      submitLabel="Create code"
      pendingText="Creating..."
      pending={promo.create.isPending}
      className="max-w-lg"
      onSubmit={promo.submit}
    >
      <PromotionCodeField
        id="promo-code"
        label="Code"
        value={form.code}
        error={problems.code}
        onChange={(e) => set({ code: e.target.value })}
      />
      <div className="grid grid-cols-2 items-start gap-3 [&>*]:min-w-0">
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
          error={problems.value}
          onChange={(e) => set({ value: e.target.value })}
        />
      </div>
      <PlanChoices plans={promo.plans} setPlans={promo.setPlans} error={problems.plans} />
      <UsePeriod form={form} set={set} error={problems.endsAt} />
      <TextField
        id="promo-max"
        label="Maximum uses (optional)"
        inputMode="numeric"
        value={form.maxRedemptions}
        error={problems.maxRedemptions}
        hint="Empty for no limit."
        onChange={(e) => set({ maxRedemptions: e.target.value })}
      />
      <div className="flex items-center gap-2">
        <Checkbox
          id="promo-once"
          checked={promo.oncePerBuyer}
          onCheckedChange={(checked) => promo.setOncePerBuyer(checked === true)}
        />
        <Label htmlFor="promo-once">Once per buyer (per e-mail address)</Label>
      </div>
      {promo.error && (
        <p role="alert" className="text-sm text-destructive-text">
          {promo.error}
        </p>
      )}
    </FormDialog>
  );
}
