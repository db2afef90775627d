/**
 * The seats that ended when the licence's seats went down, under the live ones: the owner can keep one of them
 * instead of a live seat they pick, which ends in its place (docs/accounts.md#seats).
 */
import { useState } from "react";
import { ArchiveRestore } from "lucide-react";
import type { EndedSeatView, SeatView } from "@shared/api-types";
import { Button } from "../../components/ui/button";
import { Select } from "../../components/ui/select";
import { Label } from "../../components/ui/label";
import { useRestoreSeat } from "../../lib/queries/seats";
import { toast } from "../../lib/use-toast";
import { failureToast } from "../../lib/failure-toast";
import { SeatAccount, seatName } from "./seat-row";
import { useT } from "../../lib/language";

function EndedSeat({ seat, live }: { seat: EndedSeatView; live: SeatView[] }) {
  const restore = useRestoreSeat();
  const t = useT();
  // Seat 1 is the owner's own key and always stays: the others can end instead.
  const choices = live.map((other, index) => ({ other, number: index + 1 })).slice(1);
  const [instead, setInstead] = useState(String(choices.at(-1)?.other.id ?? ""));
  const name = seat.label ?? t("dashboard.ended.seat");
  const keep = () =>
    restore.mutate(
      { seatId: seat.id, instead: Number(instead) },
      {
        onSuccess: () =>
          toast({ title: t("dashboard.ended.kept"), description: t("dashboard.ended.keptText", { name }) }),
        onError: failureToast(t("dashboard.failed"), {
          fallback: t("dashboard.ended.keepFailed"),
          statusPrefix: t("dashboard.ended.keepFailedStatus"),
        }),
      },
    );
  return (
    <li className="grid content-start gap-3 rounded-md border border-dashed border-border p-4" data-testid="ended-seat">
      <h4 className="font-medium">{name}</h4>
      <div className="rounded-md border border-border bg-muted px-3 py-2 font-mono text-xs break-all sm:text-sm">
        {seat.keyPreview ?? <span className="font-sans text-muted-foreground">{t("dashboard.ended.noKey")}</span>}
      </div>
      <SeatAccount id={seat.robloxUserId} />
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor={`ended-seat-${seat.id}-instead`}>{t("dashboard.ended.instead")}</Label>
          <Select
            id={`ended-seat-${seat.id}-instead`}
            value={instead}
            onChange={(event) => setInstead(event.target.value)}
            className="w-56"
          >
            {choices.map(({ other, number }) => (
              <option key={other.id} value={other.id}>
                {seatName(t, number, other.label)}
              </option>
            ))}
          </Select>
        </div>
        <Button size="sm" variant="outline" className="h-10" disabled={restore.isPending} onClick={keep}>
          <ArchiveRestore aria-hidden /> {restore.isPending ? t("dashboard.ended.keeping") : t("dashboard.ended.keep")}
        </Button>
      </div>
    </li>
  );
}

export function EndedSeats({ ended, live }: { ended: EndedSeatView[]; live: SeatView[] }) {
  const t = useT();
  if (ended.length === 0 || live.length < 2) return null;
  return (
    <section className="mt-6 grid gap-3" aria-labelledby="ended-seats-title">
      <div>
        <h3 id="ended-seats-title" className="font-medium">
          {t("dashboard.ended.title")}
        </h3>
        <p className="text-sm text-muted-foreground">{t("dashboard.ended.text")}</p>
      </div>
      <ul className="grid gap-4 lg:grid-cols-2">
        {ended.map((seat) => (
          <EndedSeat key={seat.id} seat={seat} live={live} />
        ))}
      </ul>
    </section>
  );
}
