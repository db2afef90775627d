import { failureToast } from "../../lib/failure-toast";
import { useState, type FormEvent } from "react";
import { Search, Unlink } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Input } from "../../components/ui/input";
import { useAdminUsers, useResetUserLink } from "../../lib/queries/admin";
import { toast } from "../../lib/use-toast";
import type { AdminUserView, SubscriptionView } from "@shared/api-types";
import { dateColumn, type Column } from "./data-table";
import { EmailAddress } from "./email-address";
import { capitalise, formatDateTime } from "./format";
import { ListTab, usePaging } from "./list-tab";
import { SeatsDialog } from "./seats-dialog";

const PAGE_SIZE = 25;

export function SubscriptionSummary({ subscription }: { subscription: SubscriptionView | null }) {
  if (!subscription) return <span className="text-muted-foreground">None</span>;
  const variant =
    subscription.status === "active"
      ? "success"
      : subscription.status === "expired" || subscription.status === "suspended"
        ? "destructive"
        : "secondary";
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
  const reset = useResetUserLink();
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          disabled={!user.linkedRobloxAccountId}
          aria-label={`Reset link of ${user.email}`}
        >
          <Unlink aria-hidden /> Reset link
        </Button>
      }
      title="Reset the linked game account?"
      description={`${user.email}'s plugin key will link to the next game account that uses it. No cooldown applies to admins.`}
      confirmLabel="Reset link"
      destructive
      pending={reset.isPending}
      onConfirm={(close) =>
        reset.mutate(user.id, {
          onSuccess: () =>
            toast({ title: "Account reset", description: `${user.email} can link a game account again.` }),
          onError: failureToast("Failed"),
          onSettled: close,
        })
      }
    />
  );
}

const COLUMNS: Column<AdminUserView>[] = [
  {
    name: "Email",
    cell: (user) => (
      <>
        <EmailAddress email={user.email} />
        {user.isAdmin && (
          <Badge variant="accent" className="ml-2">
            Admin
          </Badge>
        )}
      </>
    ),
  },
  { name: "Subscription", cell: (user) => <SubscriptionSummary subscription={user.subscription} /> },
  {
    name: "Linked account",
    cell: (user) =>
      user.linkedRobloxAccountId ? (
        <code className="font-mono">{user.linkedRobloxAccountId}</code>
      ) : (
        <span className="text-muted-foreground">Not linked</span>
      ),
  },
  {
    name: "Plugin key",
    cell: (user) => (user.hasFigmaKey ? "Generated" : <span className="text-muted-foreground">Not generated yet</span>),
  },
  {
    name: "Seats",
    className: "tabular-nums",
    cell: (user) => user.seats,
  },
  dateColumn("Joined", (user) => user.createdAt),
  {
    name: "Actions",
    className: "justify-end",
    cell: (user) => (
      <span className="flex flex-wrap justify-end gap-2">
        <SeatsDialog user={user} />
        <ResetLinkButton user={user} />
      </span>
    ),
  },
];

export function UsersTab() {
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState("");
  const paging = usePaging(PAGE_SIZE);
  const users = useAdminUsers(query, paging.page);

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery(draft.trim());
    paging.reset();
  }

  const searchForm = (
    // biome-ignore lint/a11y/useSemanticElements: the search landmark on the form itself; a <search> wrapper would add an element
    <form role="search" onSubmit={search} className="flex w-full gap-2 md:w-auto">
      <Input
        type="search"
        aria-label="Search by email"
        placeholder="Search by email"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        className="md:w-72"
      />
      <Button type="submit" variant="secondary">
        <Search aria-hidden /> Search
      </Button>
    </form>
  );
  return (
    <ListTab
      id="users"
      title="Users"
      description="Find an account by e-mail to see its subscription and linked game account."
      actions={searchForm}
      query={users}
      rows={users.data}
      rowKey={(user) => user.id}
      paging={paging}
      label="Users"
      columns={COLUMNS}
      empty={query ? `No account matches “${query}”.` : "No accounts yet."}
    />
  );
}
