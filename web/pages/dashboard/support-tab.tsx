import { AccountListCard } from "./account-list-card";
import { Headset, MessageSquare } from "lucide-react";
import { Link } from "wouter";
import { PRODUCT_NAME, SUPPORT_RESPONSE_HOURS } from "@shared/product";
import { TICKET_SUBJECT_LABELS, type TicketStatus } from "@shared/support";
import type { AccountTicketView } from "@shared/api/support";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { TicketThread } from "../../components/ticket-thread";
import { TicketAnswerForm } from "../../components/ticket-answer-form";
import { useAccountTickets, useAnswerAccountTicket } from "../../lib/queries/account-tickets";
import { formatDate } from "./time";

/** The status in the sender's words, as on the ticket's own page. */
const STATUS: Record<TicketStatus, { label: string; variant: "accent" | "success" | "secondary" }> = {
  open: { label: "Open", variant: "accent" },
  waiting: { label: "Waiting for your answer", variant: "success" },
  closed: { label: "Closed", variant: "secondary" },
};

function TicketCard({ ticket }: { ticket: AccountTicketView }) {
  const answer = useAnswerAccountTicket(ticket.id);
  const status = STATUS[ticket.status];
  const headingId = `ticket-${ticket.id}-title`;
  return (
    <li>
      <section aria-labelledby={headingId} className="grid gap-4 rounded-lg border border-border p-4">
        <div className="flex flex-wrap items-center gap-3">
          <h3 id={headingId} className="font-semibold">
            Ticket {ticket.number}
          </h3>
          <Badge variant={status.variant}>{status.label}</Badge>
          <span className="text-sm text-muted-foreground">
            {ticket.subject ? `${TICKET_SUBJECT_LABELS[ticket.subject]} · ` : ""}Sent {formatDate(ticket.createdAt)}
          </span>
        </div>
        <TicketThread
          label={`Messages of ticket ${ticket.number}`}
          messages={ticket.messages}
          name={(message) => (message.author === "support" ? `${PRODUCT_NAME} Support` : "You")}
        />
        <TicketAnswerForm
          id={`ticket-${ticket.id}-answer`}
          number={ticket.number}
          closed={ticket.status === "closed"}
          pending={answer.isPending}
          send={(message, callbacks) => answer.mutate(message, callbacks)}
        />
      </section>
    </li>
  );
}

/** Dashboard → Support: the account's tickets with their threads, each with a box to answer it. */
export function SupportTab() {
  const tickets = useAccountTickets();
  return (
    <AccountListCard
      title="Support messages"
      description={`Your messages to support and our answers. We answer within ${SUPPORT_RESPONSE_HOURS} hours, by e-mail too.`}
      query={tickets}
      failedText="Could not load your support messages"
      loadingLabel="Loading support messages"
      placeholder={<Skeleton className="h-24" />}
    >
      {(data) =>
        data.tickets.length === 0 ? (
          <div className="grid gap-3 text-sm text-muted-foreground">
            <p className="flex items-center gap-2">
              <MessageSquare className="size-4" aria-hidden /> No support messages yet.
            </p>
            <Button asChild variant="outline" size="sm" className="justify-self-start">
              <Link href="/support">
                <Headset aria-hidden /> Contact Support
              </Link>
            </Button>
          </div>
        ) : (
          <ul className="grid gap-4">
            {data.tickets.map((ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} />
            ))}
          </ul>
        )
      }
    </AccountListCard>
  );
}
