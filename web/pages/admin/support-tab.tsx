import { useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { useSetTicketStatus, useTickets } from "../../lib/queries/admin";
import { toast } from "../../lib/use-toast";
import type { SupportTicketView } from "../../../src/shared/api-types";
import { Cell, DataTable, EmptyState, ErrorState, Pager, Row, TableSkeleton } from "./data-table";
import { capitalise, formatDateTime } from "./format";

const PAGE_SIZE = 50;

function StatusButton({ ticket }: { ticket: SupportTicketView }) {
  const change = useSetTicketStatus();
  const next = ticket.status === "closed" ? "open" : "closed";
  function run() {
    change.mutate({ ticketId: ticket._id, status: next }, {
      onSuccess: () => toast({ title: next === "closed" ? "Ticket closed" : "Ticket reopened" }),
      onError: (error) => toast({ title: "Failed to update ticket", description: error.message, variant: "destructive" }),
    });
  }
  return (
    <Button variant="outline" size="sm" disabled={change.isPending} onClick={run}
      aria-label={`${next === "closed" ? "Close" : "Reopen"} ticket from ${ticket.email}`}>
      {next === "closed" ? "Close" : "Reopen"}
    </Button>
  );
}

export function SupportTab() {
  const [offset, setOffset] = useState(0);
  const tickets = useTickets({ limit: PAGE_SIZE, offset });
  return (
    <section aria-labelledby="support-heading" className="grid gap-4">
      <div>
        <h2 id="support-heading" className="text-xl font-semibold">Support Tickets</h2>
        <p className="text-sm text-muted-foreground">Messages from the contact form, newest first. We promise an answer within 24 hours.</p>
      </div>
      {tickets.isError ? <ErrorState message={tickets.error.message} onRetry={() => tickets.refetch()} />
        : !tickets.data ? <TableSkeleton />
        : tickets.data.length === 0 && offset === 0 ? <EmptyState>No support tickets yet.</EmptyState>
        : (
          <>
            <DataTable label="Support tickets" columns={["Received", "From", "Subject", "Message", "Status", "Actions"]}>
              {tickets.data.map((ticket) => {
                const status = ticket.status ?? "open";
                return (
                  <Row key={ticket._id}>
                    <Cell label="Received" className="md:whitespace-nowrap">{formatDateTime(ticket.createdAt)}</Cell>
                    <Cell label="From">
                      <a className="text-brand hover:underline" href={`mailto:${ticket.email}`}>{ticket.email}</a>
                    </Cell>
                    <Cell label="Subject">{ticket.subject ? capitalise(ticket.subject) : "General"}</Cell>
                    <Cell label="Message" className="flex-col md:max-w-md">
                      <p className="text-left whitespace-pre-wrap">{ticket.message}</p>
                    </Cell>
                    <Cell label="Status">
                      <Badge variant={status === "open" ? "accent" : "secondary"}>{capitalise(status)}</Badge>
                    </Cell>
                    <Cell className="justify-end"><StatusButton ticket={ticket} /></Cell>
                  </Row>
                );
              })}
            </DataTable>
            <Pager offset={offset} limit={PAGE_SIZE} shown={tickets.data.length} onChange={setOffset} />
          </>
        )}
    </section>
  );
}
