/** The Plugin tab of a licence for several people: every seat, each a plugin key of its own (docs/accounts.md#seats). */
import type { ReactNode } from "react";
import { Users } from "lucide-react";
import type { SeatsResponse } from "@shared/api-types";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { SeatRow } from "./seat-row";
import { EndedSeats } from "./ended-seats";

export function SeatsCard({
  seats,
  ownKey,
  action,
}: {
  seats: SeatsResponse;
  ownKey: string | null;
  /** Add seats, while the subscription runs. */
  action?: ReactNode;
}) {
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2 text-base">
          <Users className="size-5 text-brand" aria-hidden /> Seats
          <span className="font-normal text-muted-foreground" data-testid="seats-used">
            {seats.used} of {seats.total} in use
          </span>
        </CardTitle>
        <CardDescription>
          Give each person on your team a seat: a plugin key of their own, linked to their Roblox account the first time
          they use it. Seat 1 is your own key.
        </CardDescription>
        {action && <div className="pt-2">{action}</div>}
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4 lg:grid-cols-2">
          {seats.seats.map((seat, index) => (
            <SeatRow key={seat.id} seat={seat} number={index + 1} ownKey={ownKey} />
          ))}
        </ul>
        <EndedSeats ended={seats.ended} live={seats.seats} />
      </CardContent>
    </Card>
  );
}
