import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { useSetTicketStatus, useTickets } from "../../lib/queries/admin";
import { toast } from "../../lib/use-toast";
import type { SupportTicketView } from "@shared/api-types";
import { dateColumn, type Column } from "./data-table";
import { capitalise } from "./format";
import { ListTab, usePaging } from "./list-tab";

const PAGE_SIZE = 50;

function StatusBadge({ status }: { status: NonNullable<SupportTicketView["status"]> }) {
  return <Badge variant={status === "open" ? "accent" : "secondary"}>{capitalise(status)}</Badge>;
}

function StatusButton({ ticket }: { ticket: SupportTicketView }) {
  const change = useSetTicketStatus();
  const next = ticket.status === "closed" ? "open" : "closed";
  function run() {
    change.mutate(
      { ticketId: ticket._id, status: next },
      {
        onSuccess: () => toast({ title: next === "closed" ? "Ticket closed" : "Ticket reopened" }),
        onError: (error) =>
          toast({ title: "Failed to update ticket", description: error.message, variant: "destructive" }),
      },
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={change.isPending}
      onClick={run}
      aria-label={`${next === "closed" ? "Close" : "Reopen"} ticket from ${ticket.email}`}
    >
      {next === "closed" ? "Close" : "Reopen"}
    </Button>
  );
}

const COLUMNS: Column<SupportTicketView>[] = [
  dateColumn("Received", (ticket) => ticket.createdAt),
  {
    name: "From",
    cell: (ticket) => (
      <a className="text-brand hover:underline" href={`mailto:${ticket.email}`}>
        {ticket.email}
      </a>
    ),
  },
  { name: "Subject", cell: (ticket) => (ticket.subject ? capitalise(ticket.subject) : "General") },
  {
    name: "Message",
    className: "flex-col md:max-w-md",
    cell: (ticket) => <p className="text-left whitespace-pre-wrap">{ticket.message}</p>,
  },
  { name: "Status", cell: (ticket) => <StatusBadge status={ticket.status ?? "open"} /> },
  { name: "Actions", className: "justify-end", cell: (ticket) => <StatusButton ticket={ticket} /> },
];

export function SupportTab() {
  const paging = usePaging(PAGE_SIZE);
  const tickets = useTickets(paging.page);
  return (
    <ListTab
      id="support"
      title="Support Tickets"
      description="Messages from the contact form, newest first. We promise an answer within 24 hours."
      query={tickets}
      rows={tickets.data}
      rowKey={(ticket) => ticket._id}
      paging={paging}
      label="Support tickets"
      columns={COLUMNS}
      empty="No support tickets yet."
    />
  );
}
