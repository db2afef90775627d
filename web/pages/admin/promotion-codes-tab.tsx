import { PLANS } from "@shared/plans";
import type { PromotionCodeView } from "@shared/api/pricing";
import { Badge } from "../../components/ui/badge";
import { Skeleton } from "../../components/ui/skeleton";
import { useDeletePromotionCode, usePromotionCodes, useSetPromotionActive } from "../../lib/queries/pricing";
import { DataTable, type Column } from "./data-table";
import { formatDateTime, formatMoney } from "./format";
import { PromotionCodeDialog } from "./promotion-code-dialog";
import { DeleteRowButton, RowActionButton } from "./row-actions";

function status(code: PromotionCodeView, now = Date.now()) {
  if (!code.active) return <Badge variant="secondary">Off</Badge>;
  if (code.endsAt && Date.parse(code.endsAt) <= now) return <Badge variant="secondary">Ended</Badge>;
  if (code.startsAt && Date.parse(code.startsAt) > now) return <Badge variant="outline">Scheduled</Badge>;
  if (code.maxRedemptions !== null && code.uses + code.reserved >= code.maxRedemptions)
    return <Badge variant="secondary">Used up</Badge>;
  return <Badge variant="success">Active</Badge>;
}

function ToggleButton({ code }: { code: PromotionCodeView }) {
  const toggle = useSetPromotionActive();
  const active = !code.active;
  return (
    <RowActionButton
      label={`${code.active ? "Turn off" : "Turn on"} ${code.code}`}
      run={() => toggle.mutateAsync({ id: code.id, active })}
      pending={toggle.isPending}
      done={{
        title: active ? "Promotion code turned on" : "Promotion code turned off",
        description: `${code.code} ${active ? "can be used again" : "can no longer be used; payments already started keep it"}.`,
      }}
      failed="Failed"
    >
      {code.active ? "Turn off" : "Turn on"}
    </RowActionButton>
  );
}

function DeleteButton({ code }: { code: PromotionCodeView }) {
  const remove = useDeletePromotionCode();
  // Once any payment started with it, the books name it: it can only be turned off.
  if (code.uses > 0 || code.reserved > 0) return null;
  return (
    <DeleteRowButton
      name={code.code}
      title="Delete this promotion code?"
      description={`${code.code} has never been used. Deleting it cannot be undone.`}
      remove={() => remove.mutateAsync(code.id)}
      pending={remove.isPending}
      deleted="Promotion code deleted"
      failed="Failed to delete"
    />
  );
}

const COLUMNS: Column<PromotionCodeView>[] = [
  { name: "Code", cell: (c) => <code className="font-mono text-sm font-semibold tracking-wider">{c.code}</code> },
  {
    name: "Discount",
    cell: (c) => (c.percentOff !== null ? `${c.percentOff}% off` : `${formatMoney(c.amountOff ?? 0)} off`),
  },
  { name: "Plans", cell: (c) => (c.plans ? c.plans.map((id) => PLANS[id].name).join(", ") : "All plans") },
  {
    name: "Valid",
    className: "md:whitespace-nowrap",
    cell: (c) =>
      c.startsAt || c.endsAt
        ? `${c.startsAt ? formatDateTime(c.startsAt) : "Now"} – ${c.endsAt ? formatDateTime(c.endsAt) : "no end"}`
        : "Always",
  },
  {
    name: "Uses",
    cell: (c) =>
      `${c.uses}${c.maxRedemptions !== null ? ` of ${c.maxRedemptions}` : ""}${c.reserved ? ` (+${c.reserved} in checkout)` : ""}${c.oncePerBuyer ? " · once per buyer" : ""}`,
  },
  { name: "Discount given", cell: (c) => formatMoney(c.discountGiven) },
  { name: "Revenue", cell: (c) => formatMoney(c.revenue) },
  { name: "Status", cell: (c) => status(c) },
  {
    name: "Actions",
    cell: (c) => (
      <div className="-my-1 flex items-center justify-end gap-1 md:justify-start">
        <ToggleButton code={c} />
        <DeleteButton code={c} />
      </div>
    ),
  },
];

export function PromotionCodesTab() {
  const { data: codes, error } = usePromotionCodes();
  return (
    <section aria-labelledby="promotion-codes-title" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="promotion-codes-title" className="text-xl font-semibold">
            Promotion Codes
          </h2>
          <p className="text-sm text-muted-foreground">
            Newest first. Revenue and discount given leave refunded sales out.
          </p>
        </div>
        <PromotionCodeDialog />
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive-text">
          {error.message}
        </p>
      )}
      {!codes ? (
        <Skeleton className="h-40" />
      ) : codes.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground">
          No promotion codes yet.
        </p>
      ) : (
        <DataTable label="Promotion codes" columns={COLUMNS} rows={codes} rowKey={(c) => c.id} />
      )}
    </section>
  );
}
