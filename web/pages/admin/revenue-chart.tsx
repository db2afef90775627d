/**
 * Revenue by day, and net, for the last 30 or 90 days: a Recharts area chart (this module is loaded only by
 * the admin Overview), with a summary and the numbers as a table for screen readers. Revenue is counted as
 * the figures above it count it (paid sales, after refunds, open disputes and tax), so the two never
 * disagree but for the period; the summary names both, and the sales it leaves out.
 * The drawing itself is hidden from them and out of the tab order (Recharts' keyboard layer is off):
 * the table says the same, without the pointer, counting sales as the summary does.
 * Net is often equal to revenue (no fees): it is drawn dashed over a wider solid revenue line, so both show.
 * The value axis steps evenly up to a round top (value-ticks.ts).
 */
import { useState } from "react";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { RevenueResponse } from "@shared/api-types";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useRevenue } from "../../lib/queries/admin";
import { formatMoney } from "./format";
import { valueTicks } from "./value-ticks";

const RANGES = [30, 90] as const;
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

const sales = (count: number) => `${count} ${count === 1 ? "sale" : "sales"}`;

/** An axis label: whole dollars with thousands separators, cents only where the step has them. */
const axisLabel = (value: number) =>
  `${value < 0 ? "-" : ""}$${Math.abs(value).toLocaleString("en-US", { maximumFractionDigits: 2 })}`;

/** The two lines' strokes, shared by the chart and its legend. */
const LINES = {
  revenue: { label: "Revenue", color: "var(--color-brand)", width: 3, dash: undefined, fillOpacity: 0.15 },
  net: { label: "Net", color: "var(--color-success)", width: 2, dash: "6 4", fillOpacity: 0.1 },
} as const;

/** One line of the chart, filled below, in its stroke from LINES (an element, not a component: Recharts reads its children's types). */
function lineArea(line: keyof typeof LINES) {
  const { color, width, dash, fillOpacity } = LINES[line];
  return (
    <Area
      type="monotone"
      dataKey={line}
      name={line}
      className={`${line}-line`}
      stroke={color}
      strokeWidth={width}
      strokeDasharray={dash}
      fill={color}
      fillOpacity={fillOpacity}
    />
  );
}

function Legend() {
  return (
    <p className="flex gap-4 text-xs text-muted-foreground" aria-hidden data-testid="revenue-legend">
      {(["revenue", "net"] as const).map((line) => (
        <span key={line} className="flex items-center gap-1.5" data-line={line}>
          <svg width="20" height="8" viewBox="0 0 20 8" aria-hidden>
            <line
              x1="0"
              y1="4"
              x2="20"
              y2="4"
              stroke={LINES[line].color}
              strokeWidth={LINES[line].width}
              strokeDasharray={LINES[line].dash}
            />
          </svg>
          {LINES[line].label}
        </span>
      ))}
    </p>
  );
}

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

type Days = RevenueResponse["days"];

/** The drawing, hidden from screen readers (the table says the same). */
function Drawing({ days }: { days: Days }) {
  const ticks = valueTicks(days.flatMap((d) => [d.revenue, d.net]));
  return (
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
            domain={[ticks[0]!, ticks.at(-1)!]}
            ticks={ticks}
            interval={0}
            tickFormatter={axisLabel}
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
          {/* Revenue first, so the dashed net line is drawn over it and both show where they are equal. */}
          {lineArea("revenue")}
          {lineArea("net")}
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The chart's numbers as a table, for screen readers: the days that had sales. */
function DayTable({ days, range }: { days: Days; range: number }) {
  return (
    <table>
      <caption>Revenue by day, last {range} days</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Revenue</th>
          <th scope="col">Net</th>
          <th scope="col">Paid sales</th>
          <th scope="col">Refunded in full or disputed</th>
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
              <td>{d.paidSales}</td>
              <td>{d.sales - d.paidSales}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}

/** The period's toggle: 30 or 90 days. */
function RangeButtons({ range, onChange }: { range: Range; onChange: (range: Range) => void }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons; a fieldset would bring its own border and legend
    <div role="group" aria-label="Period" className="flex gap-1">
      {RANGES.map((days) => (
        <Button
          key={days}
          size="sm"
          variant={range === days ? "default" : "outline"}
          aria-pressed={range === days}
          onClick={() => onChange(days)}
        >
          {days} days
        </Button>
      ))}
    </div>
  );
}

type Range = (typeof RANGES)[number];

export default function RevenueChart() {
  const [range, setRange] = useState<Range>(30);
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
        <RangeButtons range={range} onChange={setRange} />
      </CardHeader>
      <CardContent className="grid gap-3">
        {!revenue.data ? (
          <Skeleton className="h-64" />
        ) : (
          <>
            <Totals days={days} range={range} />
            <figure aria-labelledby="revenue-title" className="h-64 w-full">
              <Drawing days={days} />
              <figcaption className="sr-only">
                <DayTable days={days} range={range} />
              </figcaption>
            </figure>
            <Legend />
          </>
        )}
      </CardContent>
    </Card>
  );
}
