import { useState } from "react";
import { failureToast } from "../../lib/failure-toast";
import { Plus } from "lucide-react";
import { FormDialog } from "../../components/form-dialog";
import { Button } from "../../components/ui/button";
import { SelectField, TextField } from "../../components/ui/text-field";
import { useGenerateKeys } from "../../lib/queries/admin";
import { toast } from "../../lib/use-toast";
import { PLAN_LIST, PLANS, type PlanId } from "@shared/plans";
import { KEY_GENERATION_MAX, KEY_GENERATION_MIN } from "@shared/product";

/** The count falls back to 1 when it is not a number. */
export function keyCountFrom(text: string): number {
  const count = Number.parseInt(text, 10);
  return Number.isNaN(count) ? 1 : count;
}

export function GenerateKeysDialog() {
  const [open, setOpen] = useState(false);
  const [plan, setPlan] = useState<PlanId>("pro");
  const [count, setCount] = useState("1");
  const generate = useGenerateKeys();

  function submit() {
    generate.mutate(
      { plan, count: keyCountFrom(count) },
      {
        onSuccess: (keys) => {
          toast({
            title: "Product Keys Generated",
            description: `${keys.length} ${keys.length === 1 ? "key" : "keys"} added (${PLANS[plan].name}).`,
          });
          setOpen(false);
          setCount("1");
        },
        onError: failureToast("Failed to generate product keys"),
      },
    );
  }

  return (
    <FormDialog
      trigger={
        <Button>
          <Plus aria-hidden /> Generate Keys
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title="Generate product keys"
      description={`New keys are unused; hand them to buyers or testers. ${KEY_GENERATION_MIN} to ${KEY_GENERATION_MAX} at a time.`}
      submitLabel="Generate"
      pendingText="Generating..."
      pending={generate.isPending}
      onSubmit={submit}
    >
      <SelectField id="generate-plan" label="Plan" value={plan} onChange={(e) => setPlan(e.target.value as PlanId)}>
        {PLAN_LIST.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <TextField
        id="generate-count"
        label="Count"
        type="number"
        inputMode="numeric"
        min={KEY_GENERATION_MIN}
        max={KEY_GENERATION_MAX}
        value={count}
        onChange={(e) => setCount(e.target.value)}
      />
    </FormDialog>
  );
}
