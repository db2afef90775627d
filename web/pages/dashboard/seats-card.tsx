/** The Plugin tab of a licence for several people: every seat, each a plugin key of its own (docs/accounts.md#seats). */
import type { ReactNode } from "react";
import { Users } from "lucide-react";
import type { SeatsResponse } from "@shared/api-types";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { SeatRow } from "./seat-row";
import { EndedSeats } from "./ended-seats";
import { useT } from "../../lib/language";

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
  const t = useT();
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2 text-base">
          <Users className="size-5 text-brand" aria-hidden /> {t("dashboard.seats.title")}
          <span className="font-normal text-muted-foreground" data-testid="seats-used">
            {t("dashboard.seats.used", { used: seats.used, total: seats.total })}
          </span>
        </CardTitle>
        <CardDescription>{t("dashboard.seats.description")}</CardDescription>
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
