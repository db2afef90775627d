import { useState } from "react";
import { Check, Copy, Trash2 } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "../../components/ui/tooltip";
import { useDeleteKey, useProductKeys } from "../../lib/queries/admin";
import { KEY_NOT_COPIED, useCopy } from "../../lib/clipboard";
import { useSearchParam } from "../../lib/use-search-param";
import { PLANS } from "@shared/plans";
import type { AdminProductKeyView, ProductKeyView } from "@shared/api-types";
import { ADMIN_KEY_STATE_LABELS, ADMIN_KEY_STATES, type AdminKeyState } from "@shared/key-states";
import { Select } from "../../components/ui/select";
import { dateColumn, type Column } from "./data-table";
import { EmailAddress } from "./email-address";
import { DeleteRowButton } from "./row-actions";
import { GenerateKeysDialog } from "./generate-keys-dialog";
import { ListTab, usePaging } from "./list-tab";

const PAGE_SIZE = 50;

/** Where a key came from: bought, made in this panel, or made with the command line. */
const SOURCE_LABELS: Record<ProductKeyView["source"], string> = { purchase: "Purchase", admin: "Admin", cli: "CLI" };

function CopyButton({ value }: { value: string }) {
  const { copied, copy } = useCopy({
    copied: (text) => ({ title: "Copied!", description: `${text} is on the clipboard.` }),
    failed: KEY_NOT_COPIED,
  });
  return (
    <Button variant="ghost" size="icon" aria-label={`Copy ${value}`} onClick={() => copy(value)}>
      {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
    </Button>
  );
}

/**
 * Delete, greyed, with why: the reason is the button's description for a screen reader, and a tooltip on hover,
 * on keyboard focus and on a tap (a phone has no hover).
 */
function LockedDelete({ productKey, reason }: { productKey: ProductKeyView; reason: string }) {
  const [open, setOpen] = useState(false);
  const reasonId = `delete-reason-${productKey._id}`;
  return (
    <Tooltip open={open} onOpenChange={setOpen}>
      <TooltipTrigger asChild>
        {/*
          Not `disabled`: a disabled button takes no focus and no tap, and the reason is shown on both. Marked
          disabled for assistive technology instead, it does nothing but open the reason.
        */}
        <Button
          variant="ghost"
          size="icon"
          aria-disabled="true"
          className="cursor-default opacity-50 hover:bg-transparent"
          aria-label={`Delete ${productKey.key}`}
          aria-describedby={reasonId}
          onClick={() => setOpen(true)}
        >
          <Trash2 aria-hidden />
          <span id={reasonId} className="sr-only">
            {reason}
          </span>
        </Button>
      </TooltipTrigger>
      <TooltipContent>{reason}</TooltipContent>
    </Tooltip>
  );
}

function DeleteButton({ productKey }: { productKey: ProductKeyView }) {
  const remove = useDeleteKey();
  const locked = productKey.isUsed
    ? "Used keys can't be deleted."
    : productKey.source === "purchase"
      ? "A customer bought this key; refund the payment instead."
      : null;
  if (locked) return <LockedDelete productKey={productKey} reason={locked} />;
  return (
    <DeleteRowButton
      name={productKey.key}
      title="Delete this product key?"
      description={`${productKey.key} (${PLANS[productKey.plan].name}) will stop working for signup. This cannot be undone.`}
      remove={() => remove.mutateAsync(productKey._id)}
      pending={remove.isPending}
      deleted="Product key deleted successfully"
      failed="Failed to delete product key"
    />
  );
}

const STATE_BADGES: Record<AdminKeyState, "secondary" | "accent" | "success" | "outline"> = {
  unsold: "success",
  sold: "accent",
  redeemed: "secondary",
  refunded: "outline",
};

const COLUMNS: Column<AdminProductKeyView>[] = [
  { name: "Key", cell: (key) => <code className="font-mono text-sm tracking-wider">{key.key}</code> },
  { name: "Plan", cell: (key) => PLANS[key.plan].name },
  {
    name: "State",
    cell: (key) => <Badge variant={STATE_BADGES[key.state]}>{ADMIN_KEY_STATE_LABELS[key.state]}</Badge>,
  },
  {
    name: "Buyer",
    className: "break-all",
    cell: (key) =>
      key.buyerEmail ? <EmailAddress email={key.buyerEmail} /> : <span className="text-muted-foreground">—</span>,
  },
  { name: "Source", cell: (key) => SOURCE_LABELS[key.source] },
  dateColumn("Created", (key) => key.createdAt),
  {
    name: "Actions",
    cell: (key) => (
      <div className="-my-2 flex justify-end gap-1 md:justify-start">
        <CopyButton value={key.key} />
        <DeleteButton productKey={key} />
      </div>
    ),
  },
];

function StateFilter({
  value,
  onChange,
}: {
  value: AdminKeyState | "";
  onChange: (state: AdminKeyState | "") => void;
}) {
  return (
    <div className="w-full md:w-52">
      <Select
        aria-label="Filter by state"
        value={value}
        onChange={(event) => onChange(event.target.value as AdminKeyState | "")}
      >
        <option value="">All states</option>
        {ADMIN_KEY_STATES.map((state) => (
          <option key={state} value={state}>
            {ADMIN_KEY_STATE_LABELS[state]}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Keys newest first, filtered by state (?state=unsold in the address, as the overview's "available" opens it). */
export function KeysTab() {
  const paging = usePaging(PAGE_SIZE);
  const [stateParam, setStateParam] = useSearchParam("state");
  const state: AdminKeyState | "" = ADMIN_KEY_STATES.find((known) => known === stateParam) ?? "";
  const keys = useProductKeys(paging.page, state || undefined);
  const filter = (next: AdminKeyState | "") => {
    setStateParam(next || null);
    paging.reset();
  };
  return (
    <ListTab
      id="keys"
      title="Product Keys"
      description="Newest first. Used keys stay as the record of a subscription."
      actions={
        <div className="flex w-full flex-col gap-2 md:w-auto md:flex-row md:items-center">
          <StateFilter value={state} onChange={filter} />
          <GenerateKeysDialog />
        </div>
      }
      query={keys}
      rows={keys.data}
      rowKey={(key) => key._id}
      paging={paging}
      label="Product keys"
      columns={COLUMNS}
      empty={
        state
          ? `No ${ADMIN_KEY_STATE_LABELS[state].toLowerCase()} keys.`
          : "No product keys yet. Generate some to get started."
      }
    />
  );
}
