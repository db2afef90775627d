import { useState, type FormEvent } from "react";
import { Search, Unlink } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Input } from "../../components/ui/input";
import { useAdminUsers, useResetUserLink } from "../../lib/queries/admin";
import { toast } from "../../lib/use-toast";
import type { AdminUserView, SubscriptionView } from "../../../src/shared/api-types";
import { Cell, DataTable, EmptyState, ErrorState, Pager, Row, TableSkeleton } from "./data-table";
import { capitalise, formatDateTime } from "./format";

const PAGE_SIZE = 25;

function SubscriptionSummary({ subscription }: { subscription: SubscriptionView | null }) {
  if (!subscription) return <span className="text-muted-foreground">None</span>;
  const variant = subscription.status === "active" ? "success" : subscription.status === "expired" ? "destructive" : "secondary";
  return (
    <span className="inline-flex flex-col items-end gap-1 md:items-start">
      <span className="flex items-center gap-2">
        {subscription.planName} <Badge variant={variant}>{capitalise(subscription.status)}</Badge>
      </span>
      <span className="text-xs text-muted-foreground">
        {subscription.endDate ? `Ends ${formatDateTime(subscription.endDate)}` : "Never ends"}
      </span>
    </span>
  );
}

function ResetLinkButton({ user }: { user: AdminUserView }) {
  const [open, setOpen] = useState(false);
  const reset = useResetUserLink();
  function confirm() {
    reset.mutate(user.id, {
      onSuccess: () => {
        toast({ title: "Account reset", description: `${user.email} can link a game account again.` });
        setOpen(false);
      },
      onError: (error) => {
        toast({ title: "Failed", description: error.message || "Could not reset linked account", variant: "destructive" });
        setOpen(false);
      },
    });
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" size="sm" disabled={!user.linkedRobloxAccountId} aria-label={`Reset link of ${user.email}`}>
          <Unlink aria-hidden /> Reset link
        </Button>
      }
      title="Reset the linked game account?"
      description={`${user.email}'s plugin key will link to the next game account that uses it. No cooldown applies to admins.`}
      confirmLabel="Reset link"
      destructive
      pending={reset.isPending}
      onConfirm={confirm}
    />
  );
}

export function UsersTab() {
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState("");
  const [offset, setOffset] = useState(0);
  const users = useAdminUsers(query, { limit: PAGE_SIZE, offset });

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery(draft.trim());
    setOffset(0);
  }

  return (
    <section aria-labelledby="users-heading" className="grid gap-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div>
          <h2 id="users-heading" className="text-xl font-semibold">Users</h2>
          <p className="text-sm text-muted-foreground">Find an account by e-mail to see its subscription and linked game account.</p>
        </div>
        <form role="search" onSubmit={search} className="flex w-full gap-2 md:w-auto">
          <Input type="search" aria-label="Search by email" placeholder="Search by email" value={draft}
            onChange={(e) => setDraft(e.target.value)} className="md:w-72" />
          <Button type="submit" variant="secondary"><Search aria-hidden /> Search</Button>
        </form>
      </div>
      {users.isError ? <ErrorState message={users.error.message} onRetry={() => users.refetch()} />
        : !users.data ? <TableSkeleton />
        : users.data.length === 0 && offset === 0 ? <EmptyState>{query ? `No account matches “${query}”.` : "No accounts yet."}</EmptyState>
        : (
          <>
            <DataTable label="Users" columns={["Email", "Subscription", "Linked account", "Plugin key", "Joined", "Actions"]}>
              {users.data.map((user) => (
                <Row key={user.id}>
                  <Cell label="Email">
                    {user.email}
                    {user.isAdmin && <Badge variant="accent" className="ml-2">Admin</Badge>}
                  </Cell>
                  <Cell label="Subscription"><SubscriptionSummary subscription={user.subscription} /></Cell>
                  <Cell label="Linked account">
                    {user.linkedRobloxAccountId
                      ? <code className="font-mono">{user.linkedRobloxAccountId}</code>
                      : <span className="text-muted-foreground">Not linked</span>}
                  </Cell>
                  <Cell label="Plugin key">{user.hasFigmaKey ? "Generated" : <span className="text-muted-foreground">Not generated yet</span>}</Cell>
                  <Cell label="Joined" className="md:whitespace-nowrap">{formatDateTime(user.createdAt)}</Cell>
                  <Cell className="justify-end"><ResetLinkButton user={user} /></Cell>
                </Row>
              ))}
            </DataTable>
            <Pager offset={offset} limit={PAGE_SIZE} shown={users.data.length} onChange={setOffset} />
          </>
        )}
    </section>
  );
}
