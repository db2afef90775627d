/**
 * How many people the purchase licenses: each gets a plugin key of their own. The price is the plan's times the
 * seats; the server's quote says the exact total.
 */
import { isSeatCount, MAX_SEATS, MIN_SEATS } from "@shared/seats";
import { useT, type Translate } from "../../lib/language";
import { Input } from "../ui/input";
import { Field } from "../ui/text-field";

const HINT_ID = "checkout-seats-hint";

/** The seats the field's text names, or null when it is not a whole number from 1 to 100. */
export function seatsOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const seats = Number(trimmed);
  return isSeatCount(seats) ? seats : null;
}

function hint(t: Translate, current: number | undefined, adding: boolean): string {
  if (adding) return t("checkout.seats.hintAdding", { seats: t("checkout.seatCount", { count: current ?? 1 }) });
  return current === undefined || current === 1
    ? t("checkout.seats.hintOne")
    : t("checkout.seats.hintRenew", { seats: t("checkout.seatCount", { count: current }) });
}

export function SeatsField({
  value,
  error,
  onChange,
  onCommit,
  current,
  adding = false,
}: {
  value: string;
  error: string | null;
  /** A renewal: the seats the account has now (the field starts from them; with several, the hint says so). */
  current?: number;
  /** Seats added to the running subscription: the field is how many more. */
  adding?: boolean;
  onChange: (text: string) => void;
  /** The buyer is done with the field (left it): the total can be worked out again. */
  onCommit: () => void;
}) {
  const t = useT();
  // The hint stands beside the short number box rather than under it, so the dialog stays as short as it was.
  return (
    <Field
      id="checkout-seats"
      label={adding ? t("checkout.seats.labelAdding") : t("checkout.seats.label")}
      error={error ?? undefined}
    >
      {(control) => (
        <div className="flex items-center gap-3">
          <Input
            {...control}
            aria-describedby={control["aria-describedby"] ?? HINT_ID}
            type="number"
            inputMode="numeric"
            min={MIN_SEATS}
            max={MAX_SEATS}
            step={1}
            className="w-24 shrink-0"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onCommit}
          />
          <p id={HINT_ID} className="text-sm text-muted-foreground">
            {hint(t, current, adding)}
          </p>
        </div>
      )}
    </Field>
  );
}
