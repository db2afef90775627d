import { Check, Copy, Trash2 } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Tooltip, TooltipContent, TooltipTrigger } from "../../components/ui/tooltip";
import { useDeleteKey, useProductKeys } from "../../lib/queries/admin";
import { useCopy } from "../../lib/clipboard";
import { toast } from "../../lib/use-toast";
import { PLANS } from "../../../src/shared/plans";
import type { ProductKeyView } from "../../../src/shared/api-types";
import { dateColumn, type Column } from "./data-table";
import { GenerateKeysDialog } from "./generate-keys-dialog";
import { ListTab, usePaging } from "./list-tab";

const PAGE_SIZE = 50;


/** Where a key came from: bought, made in this panel, or made with the command line. */
const SOURCE_LABELS: Record<ProductKeyView["source"], string> = { purchase: "Purchase", admin: "Admin", cli: "CLI" };

function CopyButton({ value }: { value: string }) {
  const { copied, copy } = useCopy();
  async function onCopy() {
    if (await copy(value)) toast({ title: "Copied!", description: `${value} is on the clipboard.` });
    else toast({ variant: "destructive", title: "Failed", description: "Could not copy the key. Select it and copy it by hand." });
  }
  return (
    <Button variant="ghost" size="icon" aria-label={`Copy ${value}`} onClick={onCopy}>
      {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
    </Button>
  );
}

function DeleteButton({ productKey }: { productKey: ProductKeyView }) {
  const remove = useDeleteKey();
  const locked = productKey.isUsed ? "Used keys can't be deleted." : productKey.source === "purchase" ? "A customer bought this key; refund the payment instead." : null;
  if (locked) {
    return (
      <Tooltip>
        <TooltipTrigger asChild>
          {/* A disabled button gets no pointer events; the span carries the tooltip. */}
          <span tabIndex={0} className="inline-flex">
            <Button variant="ghost" size="icon" disabled aria-label={`Delete ${productKey.key}`}><Trash2 aria-hidden /></Button>
          </span>
        </TooltipTrigger>
        <TooltipContent>{locked}</TooltipContent>
      </Tooltip>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="icon" aria-label={`Delete ${productKey.key}`} className="hover:text-destructive-text">
          <Trash2 aria-hidden />
        </Button>
      }
      title="Delete this product key?"
      description={`${productKey.key} (${PLANS[productKey.plan].name}) will stop working for signup. This cannot be undone.`}
      confirmLabel="Delete"
      destructive
      pending={remove.isPending}
      onConfirm={(close) =>
        remove.mutate(productKey._id, {
          onSuccess: () => toast({ title: "Product key deleted successfully" }),
          onError: (error) => toast({ title: "Failed to delete product key", description: error.message, variant: "destructive" }),
          onSettled: close,
        })}
    />
  );
}

const COLUMNS: Column<ProductKeyView>[] = [
  { name: "Key", cell: (key) => <code className="font-mono text-sm tracking-wider">{key.key}</code> },
  { name: "Plan", cell: (key) => PLANS[key.plan].name },
  { name: "Status", cell: (key) => (key.isUsed ? <Badge variant="secondary">Used</Badge> : <Badge variant="success">Available</Badge>) },
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

export function KeysTab() {
  const paging = usePaging(PAGE_SIZE);
  const keys = useProductKeys(paging.page);
  return <ListTab id="keys" title="Product Keys" description="Newest first. Used keys stay as the record of a subscription." actions={<GenerateKeysDialog />}
    query={keys} rows={keys.data} rowKey={(key) => key._id} paging={paging} label="Product keys" columns={COLUMNS} empty="No product keys yet. Generate some to get started." />;
}
