import { useState } from "react";
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
import { Cell, DataTable, EmptyState, ErrorState, Pager, Row, TableSkeleton } from "./data-table";
import { formatDateTime } from "./format";
import { GenerateKeysDialog } from "./generate-keys-dialog";

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
  const [open, setOpen] = useState(false);
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
  function confirm() {
    remove.mutate(productKey._id, {
      onSuccess: () => {
        toast({ title: "Product key deleted successfully" });
        setOpen(false);
      },
      onError: (error) => {
        toast({ title: "Failed to delete product key", description: error.message, variant: "destructive" });
        setOpen(false);
      },
    });
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
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
      onConfirm={confirm}
    />
  );
}

export function KeysTab() {
  const [offset, setOffset] = useState(0);
  const keys = useProductKeys({ limit: PAGE_SIZE, offset });
  return (
    <section aria-labelledby="keys-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="keys-heading" className="text-xl font-semibold">Product Keys</h2>
          <p className="text-sm text-muted-foreground">Newest first. Used keys stay as the record of a subscription.</p>
        </div>
        <GenerateKeysDialog />
      </div>
      {keys.isError ? <ErrorState message={keys.error.message} onRetry={() => keys.refetch()} />
        : !keys.data ? <TableSkeleton />
        : keys.data.length === 0 && offset === 0 ? <EmptyState>No product keys yet. Generate some to get started.</EmptyState>
        : (
          <>
            <DataTable label="Product keys" columns={["Key", "Plan", "Status", "Source", "Created", "Actions"]}>
              {keys.data.map((key) => (
                <Row key={key._id}>
                  <Cell label="Key"><code className="font-mono text-sm tracking-wider">{key.key}</code></Cell>
                  <Cell label="Plan">{PLANS[key.plan].name}</Cell>
                  <Cell label="Status">
                    {key.isUsed ? <Badge variant="secondary">Used</Badge> : <Badge variant="success">Available</Badge>}
                  </Cell>
                  <Cell label="Source">{SOURCE_LABELS[key.source]}</Cell>
                  <Cell label="Created">{formatDateTime(key.createdAt)}</Cell>
                  <Cell label="Actions">
                    <div className="-my-2 flex justify-end gap-1 md:justify-start">
                      <CopyButton value={key.key} />
                      <DeleteButton productKey={key} />
                    </div>
                  </Cell>
                </Row>
              ))}
            </DataTable>
            <Pager offset={offset} limit={PAGE_SIZE} shown={keys.data.length} onChange={setOffset} />
          </>
        )}
    </section>
  );
}
