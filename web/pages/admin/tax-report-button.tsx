/** The tax report for a period (net and tax per country and rate, refunds taken off), as CSV for a tax return. */
import { useState } from "react";
import { Landmark } from "lucide-react";
import { PendingButton } from "../../components/ui/pending-button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { failureToast } from "../../lib/failure-toast";
import { downloadFile } from "../../lib/api";

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

export function TaxReportButton() {
  const [[from, to], setRange] = useState(thisQuarter);
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile(`/api/admin/tax-report.csv?${new URLSearchParams({ from, to })}`);
    } catch (error) {
      failureToast("Download Failed", {
        fallback: "Could not download the tax report",
        statusPrefix: "Download failed.",
      })(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1">
        <Label htmlFor="tax-report-from" className="text-xs">
          Report from
        </Label>
        <Input
          id="tax-report-from"
          type="date"
          className="h-9 w-40"
          value={from}
          onChange={(event) => setRange([event.target.value, to])}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor="tax-report-to" className="text-xs">
          Report to
        </Label>
        <Input
          id="tax-report-to"
          type="date"
          className="h-9 w-40"
          value={to}
          onChange={(event) => setRange([from, event.target.value])}
        />
      </div>
      <PendingButton
        variant="outline"
        size="sm"
        pending={busy}
        pendingText="Preparing…"
        icon={<Landmark aria-hidden />}
        onClick={download}
        disabled={!from || !to}
      >
        Tax report
      </PendingButton>
    </div>
  );
}
