/**
 * Revenue by day, gross and net, for the last 30 or 90 days: a Recharts area chart (this module is
 * loaded only by the admin Overview), with a summary and the numbers as a table for screen readers.
 * The drawing itself is hidden from them and out of the tab order (Recharts' keyboard layer is off):
 * the table says the same, without the pointer.
 */
import { useState } from "react";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { RevenueResponse } from "@shared/api-types";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useRevenue } from "../../lib/queries/admin";
import { formatMoney } from "./format";

const RANGES = [30, 90] as const;
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

function Totals({ days }: { days: RevenueResponse["days"] }) {
  const gross = days.reduce((sum, d) => sum + d.gross, 0);
  const net = days.reduce((sum, d) => sum + d.net, 0);
  const count = days.reduce((sum, d) => sum + d.sales, 0);
  return (
    <p className="text-sm text-muted-foreground" data-testid="revenue-summary">
      {count} {count === 1 ? "sale" : "sales"}: {formatMoney(gross)} gross, {formatMoney(net)} net after refunds,
      disputes and fees.
    </p>
  );
}

export default function RevenueChart() {
  const [range, setRange] = useState<(typeof RANGES)[number]>(30);
  const revenue = useRevenue(range);
  const days = revenue.data?.days ?? [];
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle level={2} className="text-lg" id="revenue-title">
            Revenue by day
          </CardTitle>
          <CardDescription>
            Gross, and net of refunds, open disputes and fees (as in the CSV), in UTC days.
          </CardDescription>
        </div>
        <div role="group" aria-label="Period" className="flex gap-1">
          {RANGES.map((days) => (
            <Button
              key={days}
              size="sm"
              variant={range === days ? "default" : "outline"}
              aria-pressed={range === days}
              onClick={() => setRange(days)}
            >
              {days} days
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        {!revenue.data ? (
          <Skeleton className="h-64" />
        ) : (
          <>
            <Totals days={days} />
            <figure aria-labelledby="revenue-title" className="h-64 w-full">
              <div aria-hidden className="h-full w-full">
                <ResponsiveContainer width="100%" height="100%">
                  <AreaChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
                    <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" vertical={false} />
                    <XAxis
                      dataKey="date"
                      tickFormatter={dayLabel}
                      tick={{ fill: "var(--color-muted-foreground)", fontSize: 12 }}
                      minTickGap={24}
                    />
                    <YAxis
                      tickFormatter={(v: number) => `$${v}`}
                      tick={{ fill: "var(--color-muted-foreground)", fontSize: 12 }}
                      width={56}
                    />
                    <Tooltip
                      labelFormatter={(label) => dayLabel(String(label))}
                      formatter={(value, name) => [formatMoney(Number(value)), name === "gross" ? "Gross" : "Net"]}
                      contentStyle={{
                        background: "var(--color-popover)",
                        border: "1px solid var(--color-border)",
                        borderRadius: 8,
                      }}
                    />
                    <Area
                      type="monotone"
                      dataKey="gross"
                      name="gross"
                      stroke="var(--color-brand)"
                      fill="var(--color-brand)"
                      fillOpacity={0.15}
                    />
                    <Area
                      type="monotone"
                      dataKey="net"
                      name="net"
                      stroke="var(--color-success)"
                      fill="var(--color-success)"
                      fillOpacity={0.15}
                    />
                  </AreaChart>
                </ResponsiveContainer>
              </div>
              <figcaption className="sr-only">
                <table>
                  <caption>Revenue by day, last {range} days</caption>
                  <thead>
                    <tr>
                      <th scope="col">Day</th>
                      <th scope="col">Gross</th>
                      <th scope="col">Net</th>
                      <th scope="col">Sales</th>
                    </tr>
                  </thead>
                  <tbody>
                    {days
                      .filter((d) => d.sales > 0)
                      .map((d) => (
                        <tr key={d.date}>
                          <th scope="row">{d.date}</th>
                          <td>{formatMoney(d.gross)}</td>
                          <td>{formatMoney(d.net)}</td>
                          <td>{d.sales}</td>
                        </tr>
                      ))}
                  </tbody>
                </table>
              </figcaption>
            </figure>
            <p className="flex gap-4 text-xs text-muted-foreground" aria-hidden>
              <span className="flex items-center gap-1.5">
                <span className="size-2.5 rounded-full bg-brand" /> Gross
              </span>
              <span className="flex items-center gap-1.5">
                <span className="size-2.5 rounded-full bg-success" /> Net
              </span>
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
