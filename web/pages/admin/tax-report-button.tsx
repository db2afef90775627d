/** The tax report for a period (net and tax per country and rate, refunds taken off), as CSV for a tax return. */
import { useState } from "react";
import { Landmark } from "lucide-react";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { CsvDownloadButton } from "./csv-download-button";

/** The current calendar quarter, as VAT returns are usually filed. */
function thisQuarter(): [string, string] {
  const now = new Date();
  const first = Math.floor(now.getUTCMonth() / 3) * 3;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return [
    day(new Date(Date.UTC(now.getUTCFullYear(), first, 1))),
    day(new Date(Date.UTC(now.getUTCFullYear(), first + 3, 0))),
  ];
}

/** One end of the report's period: a date, with its small label above. */
function DateField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        className="h-9 w-40"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

export function TaxReportButton() {
  const [[from, to], setRange] = useState(thisQuarter);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <DateField id="tax-report-from" label="Report from" value={from} onChange={(value) => setRange([value, to])} />
      <DateField id="tax-report-to" label="Report to" value={to} onChange={(value) => setRange([from, value])} />
      <CsvDownloadButton
        path={`/api/admin/tax-report.csv?${new URLSearchParams({ from, to })}`}
        what="the tax report"
        icon={<Landmark aria-hidden />}
        disabled={!from || !to}
      >
        Tax report
      </CsvDownloadButton>
    </div>
  );
}
