/**
 * Revenue by day, and net, for the last 30 or 90 days: a Recharts area chart (this module is loaded only by
 * the admin Overview), with a summary and the numbers as a table for screen readers. Revenue is counted as
 * the figures above it count it (paid sales, after refunds, open disputes and tax), so the two never
 * disagree but for the period; the summary names both, and the sales it leaves out.
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

const sales = (count: number) => `${count} ${count === 1 ? "sale" : "sales"}`;

function Totals({ days, range }: { days: RevenueResponse["days"]; range: number }) {
  const sum = (pick: (day: RevenueResponse["days"][number]) => number) => days.reduce((total, d) => total + pick(d), 0);
  const revenue = sum((d) => d.revenue);
  const net = sum((d) => d.net);
  const paid = sum((d) => d.paidSales);
  const notCounted = sum((d) => d.sales) - paid;
  return (
    <p className="text-sm text-muted-foreground" data-testid="revenue-summary">
      Last {range} days: {formatMoney(revenue)} revenue from {paid} paid {paid === 1 ? "sale" : "sales"},{" "}
      {formatMoney(net)} net after fees.
      {notCounted > 0 &&
        ` ${sales(notCounted)} refunded in full or disputed ${notCounted === 1 ? "is" : "are"} not counted.`}
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
            Revenue as Total Revenue counts it (paid, after refunds, open disputes and tax) and net after fees, by UTC
            day.
          </CardDescription>
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons; a fieldset would bring its own border and legend */}
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
            <Totals days={days} range={range} />
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
                      formatter={(value, name) => [formatMoney(Number(value)), name === "revenue" ? "Revenue" : "Net"]}
                      contentStyle={{
                        background: "var(--color-popover)",
                        border: "1px solid var(--color-border)",
                        borderRadius: 8,
                      }}
                    />
                    <Area
                      type="monotone"
                      dataKey="revenue"
                      name="revenue"
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
                      <th scope="col">Revenue</th>
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
                          <td>{formatMoney(d.revenue)}</td>
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
                <span className="size-2.5 rounded-full bg-brand" /> Revenue
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
