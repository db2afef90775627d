/** The admin's control for an account's seat count: more as goodwill, or fewer (the newest seats end). */
import { useState } from "react";
import { Armchair } from "lucide-react";
import { FormDialog } from "../../components/form-dialog";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/text-field";
import { useSetUserSeats } from "../../lib/queries/admin";
import { toast } from "../../lib/use-toast";
import type { AdminUserView } from "@shared/api-types";
import { INVALID_SEATS_MESSAGE, isSeatCount, MAX_SEATS, MIN_SEATS, seatsText } from "@shared/seats";

/** The count typed, or null when it is not a whole number from 1 to 100. */
export function seatCountFrom(text: string): number | null {
  const count = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  return isSeatCount(count) ? count : null;
}

export function SeatsDialog({ user }: { user: AdminUserView }) {
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState(String(user.seats));
  const [error, setError] = useState<string | null>(null);
  const setSeats = useSetUserSeats();

  function openChange(next: boolean) {
    setOpen(next);
    if (next) {
      setCount(String(user.seats));
      setError(null);
    }
  }

  function submit() {
    const seats = seatCountFrom(count);
    if (seats === null) return setError(INVALID_SEATS_MESSAGE);
    setSeats.mutate(
      { userId: user.id, seats },
      {
        onSuccess: (answer) => {
          const ended = answer.ended > 0 ? ` ${answer.ended} ended (the newest).` : "";
          toast({ title: "Seats set", description: `${user.email} has ${seatsText(answer.seats)}.${ended}` });
          setOpen(false);
        },
        onError: (failure) => setError(failure.message || "Could not set the seats."),
      },
    );
  }

  return (
    <FormDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Set seats of ${user.email}`}>
          <Armchair aria-hidden /> Seats
        </Button>
      }
      open={open}
      onOpenChange={openChange}
      title="Set seats"
      description={`${user.email} has ${seatsText(user.seats)}. More are a gift a refund never takes back; fewer end the newest seats, whose keys stop.`}
      submitLabel="Set seats"
      pendingText="Setting…"
      pending={setSeats.isPending}
      onSubmit={submit}
    >
      <TextField
        id={`seats-${user.id}`}
        label="Seats"
        type="number"
        inputMode="numeric"
        min={MIN_SEATS}
        max={MAX_SEATS}
        value={count}
        error={error}
        hint={`${MIN_SEATS}–${MAX_SEATS}. Audited.`}
        onChange={(e) => {
          setCount(e.target.value);
          setError(null);
        }}
      />
    </FormDialog>
  );
}
