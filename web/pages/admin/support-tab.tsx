import { Eye } from "lucide-react";
import type { SupportTicketView } from "@shared/api-types";
import { TICKET_STATUS_LABELS, TICKET_SUBJECT_LABELS, ticketNumber, type TicketStatus } from "@shared/support";
import { Button } from "../../components/ui/button";
import { Select } from "../../components/ui/select";
import { useSetTicketStatus, useTickets } from "../../lib/queries/admin";
import { useSearchParam } from "../../lib/use-search-param";
import type { Column } from "./data-table";
import { formatDateTime } from "./format";
import { EmailAddress } from "./email-address";
import { ListTab, usePaging } from "./list-tab";
import { RowActionButton } from "./row-actions";
import { TicketStatusBadge } from "./ticket-status";
import { TicketView } from "./ticket-view";

const PAGE_SIZE = 50;

/** The list's filter: one status, or every ticket. Open (ours to answer) is where work is, so it comes first. */
type Filter = TicketStatus | "all";
const FILTERS: Filter[] = ["open", "waiting", "closed", "all"];
const FILTER_LABELS: Record<Filter, string> = { ...TICKET_STATUS_LABELS, all: "All tickets" };
const EMPTY: Record<Filter, string> = {
  open: "No open tickets: nothing waits for an answer.",
  waiting: "No tickets are waiting for the buyer.",
  closed: "No closed tickets.",
  all: "No support tickets yet.",
};

function StatusButton({ ticket }: { ticket: SupportTicketView }) {
  const change = useSetTicketStatus();
  const next = ticket.status === "closed" ? "open" : "closed";
  return (
    <RowActionButton
      label={`${next === "closed" ? "Close" : "Reopen"} ticket from ${ticket.email}`}
      run={() => change.mutateAsync({ ticketId: ticket._id, status: next })}
      pending={change.isPending}
      done={{ title: next === "closed" ? "Ticket closed" : "Ticket reopened" }}
      failed="Failed to update ticket"
    >
      {next === "closed" ? "Close" : "Reopen"}
    </RowActionButton>
  );
}

function columns(open: (ticket: SupportTicketView) => void): Column<SupportTicketView>[] {
  return [
    {
      name: "Ticket",
      cell: (ticket) => (
        <>
          <span className="font-medium">{ticketNumber(ticket._id)}</span>
          <span className="block text-xs text-muted-foreground">
            {ticket.subject ? TICKET_SUBJECT_LABELS[ticket.subject] : "General"}
          </span>
        </>
      ),
    },
    { name: "From", cell: (ticket) => <EmailAddress email={ticket.email} /> },
    {
      name: "Message",
      className: "flex-col md:w-2/5",
      cell: (ticket) => <p className="line-clamp-2 text-left whitespace-pre-wrap">{ticket.message}</p>,
    },
    {
      name: "Last message",
      className: "md:whitespace-nowrap",
      cell: (ticket) => (
        <>
          {formatDateTime(ticket.lastMessageAt ?? ticket.createdAt)}
          {(ticket.messageCount ?? 1) > 1 && (
            <span className="block text-xs text-muted-foreground">{ticket.messageCount} messages</span>
          )}
        </>
      ),
    },
    { name: "Status", cell: (ticket) => <TicketStatusBadge status={ticket.status} /> },
    {
      name: "Actions",
      className: "justify-end",
      cell: (ticket) => (
        <div className="flex justify-end gap-2">
          <Button
            size="sm"
            onClick={() => open(ticket)}
            aria-label={`View ticket ${ticketNumber(ticket._id)} from ${ticket.email}`}
          >
            <Eye aria-hidden /> View
          </Button>
          <StatusButton ticket={ticket} />
        </div>
      ),
    },
  ];
}

function StatusFilter({ value, onChange }: { value: Filter; onChange: (filter: Filter) => void }) {
  return (
    <div className="w-full md:w-56">
      <Select aria-label="Show tickets" value={value} onChange={(event) => onChange(event.target.value as Filter)}>
        {FILTERS.map((filter) => (
          <option key={filter} value={filter}>
            {FILTER_LABELS[filter]}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Tickets by status, newest first; one opens with its thread and its sender (?ticket=42 in the address). */
export function SupportTab() {
  const paging = usePaging(PAGE_SIZE);
  const [ticketParam, setTicketParam] = useSearchParam("ticket");
  const [statusParam, setStatusParam] = useSearchParam("status");
  const filter: Filter = FILTERS.find((known) => known === statusParam) ?? "open";
  const tickets = useTickets(paging.page, filter === "all" ? undefined : filter);
  const ticketId = Number(ticketParam);
  if (ticketParam !== null && Number.isSafeInteger(ticketId) && ticketId > 0)
    return <TicketView ticketId={ticketId} onBack={() => setTicketParam(null)} />;
  const choose = (next: Filter) => {
    setStatusParam(next === "open" ? null : next);
    paging.reset();
  };
  return (
    <ListTab
      id="support"
      title="Support Tickets"
      description="Newest first. Open tickets are ours to answer (we promise 24 hours); answers go to the sender by e-mail."
      actions={<StatusFilter value={filter} onChange={choose} />}
      query={tickets}
      rows={tickets.data}
      rowKey={(ticket) => ticket._id}
      paging={paging}
      label="Support tickets"
      columns={columns((ticket) => setTicketParam(String(ticket._id)))}
      empty={EMPTY[filter]}
    />
  );
}
