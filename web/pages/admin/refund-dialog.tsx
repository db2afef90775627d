import { useState } from "react";
import { Undo2 } from "lucide-react";
import type { SaleView } from "@shared/api-types";
import { PLANS } from "@shared/plans";
import { FormDialog } from "../../components/form-dialog";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { failureToast } from "../../lib/failure-toast";
import { useRefundSale } from "../../lib/queries/admin";
import { toast } from "../../lib/use-toast";
import { formatMoney } from "./format";

/** Cents, from what an admin typed in dollars; null when it is not a positive amount of dollars and cents. */
function parseDollars(text: string): number | null {
  const match = /^\s*\$?\s*(\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

/** A whole number of seats from 1 to `most`, or null. */
function parseSeats(text: string, most: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const seats = Number(text);
  return seats >= 1 && seats <= most ? seats : null;
}

/**
 * The seats to end with the refund, for a sale of several seats: what is typed (empty: none), its error, and the
 * amount that many seats of the sale cost (what one cost, times them), which the dialog puts in the amount.
 */
function useSeatsToEnd(sale: SaleView) {
  const [text, setText] = useState("");
  const left = sale.seats - sale.refundedSeats;
  const offered = sale.seats > 1 && left > 0;
  const seats = text.trim() ? parseSeats(text, left) : null;
  const error = text.trim() && seats === null ? `Enter a whole number of seats from 1 to ${left}` : null;
  /** What `count` seats of this sale cost, in cents. */
  const centsFor = (count: number) => Math.round((sale.amount * 100 * count) / sale.seats);
  return { text, setText, left, offered, seats, error, centsFor };
}

/**
 * The amount to refund and the request: what is typed (empty means all that is left), its error, and the
 * Idempotency-Key, new when the dialog opens or the amount changes, the same for a double click or a retry after
 * a lost answer, so those refund once.
 */
function useRefund(sale: SaleView, close: () => void) {
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const refund = useRefundSale();
  const seats = useSeatsToEnd(sale);
  const leftCents = Math.round((sale.amount - sale.refunded) * 100);
  const typedCents = amount.trim() ? parseDollars(amount) : leftCents;
  const full = typedCents === leftCents;
  // More than is left is said at once, and then the dialog promises no refund of any kind or amount.
  const tooMuch = typedCents !== null && typedCents > leftCents;

  function type(text: string) {
    setAmount(text);
    setError(null);
    setIdempotencyKey(crypto.randomUUID());
  }

  /** Seats typed: the amount becomes what they cost (the admin can change it after). */
  function typeSeats(text: string) {
    seats.setText(text);
    const count = parseSeats(text, seats.left);
    type(count === null ? amount : (Math.min(seats.centsFor(count), leftCents) / 100).toFixed(2));
  }

  async function submit() {
    if (typedCents === null) return setError("Enter dollars and cents, e.g. 5.00");
    if (tooMuch || seats.error) return;
    setError(null);
    // mutateAsync, not mutate's callbacks: a full refund removes this row's button (and this dialog) as the
    // list refreshes, and the toast must come all the same.
    try {
      const updated = await refund.mutateAsync({
        saleId: sale._id,
        amount: full ? undefined : typedCents / 100,
        seats: full ? undefined : (seats.seats ?? undefined),
        idempotencyKey,
      });
      toast({
        title: "Refunded",
        description: `${formatMoney(typedCents / 100)} refunded to ${sale.email}.${updated.status === "refunded" ? " The sale is fully refunded." : ""}`,
      });
      close();
    } catch (failure) {
      failureToast("Refund Failed", {
        fallback: "Could not refund this sale",
        statusPrefix: "Refund failed.",
      })(failure);
    }
  }

  return {
    amount,
    type,
    seats,
    typeSeats,
    submit,
    pending: refund.isPending,
    leftCents,
    /** The cents to refund, when they can be refunded. */
    refundCents: typedCents !== null && !tooMuch ? typedCents : null,
    full,
    error: tooMuch ? `At most ${formatMoney(leftCents / 100)} is left to refund` : error,
  };
}

/**
 * Refund, full or partial, behind a confirmation: the provider refunds, then the sale updates. A full
 * refund takes back what the key gave (an unused key is deleted); a partial one leaves the key valid.
 */
export function RefundDialog({ sale }: { sale: SaleView }) {
  const [open, setOpen] = useState(false);
  const refund = useRefund(sale, () => setOpen(false));
  const left = formatMoney(refund.leftCents / 100);
  return (
    <FormDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Refund the sale to ${sale.email}`}>
          <Undo2 aria-hidden /> Refund
        </Button>
      }
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          refund.seats.setText("");
          refund.type("");
        }
      }}
      title="Refund this sale?"
      description={
        <p>
          {PLANS[sale.plan].name} bought by {sale.email} for {formatMoney(sale.amount)}
          {sale.refunded > 0 ? `, ${formatMoney(sale.refunded)} already refunded` : ""}. The money goes back to the
          buyer's card.
        </p>
      }
      submitLabel={refund.refundCents !== null ? `Refund ${formatMoney(refund.refundCents / 100)}` : "Refund"}
      pendingText="Refunding…"
      pending={refund.pending}
      destructive
      onSubmit={() => void refund.submit()}
    >
      <TextField
        id={`refund-amount-${sale._id}`}
        label="Amount to refund"
        inputMode="decimal"
        placeholder={(refund.leftCents / 100).toFixed(2)}
        value={refund.amount}
        onChange={(event) => refund.type(event.target.value)}
        error={refund.error}
        hint={`Leave empty to refund everything left: ${left}.`}
      />
      {refund.seats.offered ? (
        <TextField
          id={`refund-seats-${sale._id}`}
          label="Seats to end (optional)"
          inputMode="numeric"
          placeholder="0"
          value={refund.seats.text}
          onChange={(event) => refund.typeSeats(event.target.value)}
          error={refund.seats.error}
          hint={`Of the ${refund.seats.left} seats this sale still pays for; the amount becomes what they cost (${formatMoney(refund.seats.centsFor(1) / 100)} each).`}
        />
      ) : null}
      <p className="text-sm text-muted-foreground" role="status">
        {refund.refundCents === null ? "" : refundOutcome(sale, refund.full, refund.seats.seats)}
      </p>
    </FormDialog>
  );
}

/** What the refund will do, in a sentence: a sale of added seats has no key of its own, only its seats. */
function refundOutcome(sale: SaleView, full: boolean, seatsToEnd: number | null): string {
  const addedSeats = sale.kind === "added-seats";
  if (full)
    return addedSeats
      ? "A full refund ends the seats this sale added, the newest first."
      : "A full refund ends what this sale paid for: an unused key is deleted, a used key's time is taken back.";
  if (seatsToEnd !== null)
    return `${seatsToEnd} of the account's seats ${seatsToEnd === 1 ? "ends" : "end"}, the newest first; ${addedSeats ? "the others keep working" : "the key keeps working"}.`;
  return addedSeats ? "A partial refund leaves the added seats working." : "A partial refund leaves the key working.";
}
