/**
 * One support ticket in the admin panel: its thread in order, the answer box (sent by e-mail with a link the
 * sender answers through), the status buttons, and beside it the sender with what can be done for them.
 */
import { useState } from "react";
import { ArrowLeft } from "lucide-react";
import type { TicketDetailView } from "@shared/api-types";
import { PRODUCT_NAME } from "@shared/product";
import { TICKET_SUBJECT_LABELS, ticketNumber, type TicketStatus } from "@shared/support";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { PendingButton } from "../../components/ui/pending-button";
import { Skeleton } from "../../components/ui/skeleton";
import { MessageForm } from "../../components/message-form";
import { failureToast } from "../../lib/failure-toast";
import { TicketThread } from "../../components/ticket-thread";
import { useReplyToTicket, useSetTicketStatus, useTicket } from "../../lib/queries/admin";
import { toast } from "../../lib/use-toast";
import { ErrorState } from "./data-table";
import { EmailAddress } from "./email-address";
import { formatDateTime } from "./format";
import { TicketSender } from "./ticket-sender";
import { TicketStatusBadge } from "./ticket-status";

type Ticket = TicketDetailView["ticket"];

const STATUS_ACTIONS: Record<TicketStatus, { to: TicketStatus; label: string; done: string }[]> = {
  open: [
    { to: "waiting", label: "Mark waiting", done: "Ticket waits for the buyer" },
    { to: "closed", label: "Close", done: "Ticket closed" },
  ],
  waiting: [
    { to: "open", label: "Reopen", done: "Ticket reopened" },
    { to: "closed", label: "Close", done: "Ticket closed" },
  ],
  closed: [{ to: "open", label: "Reopen", done: "Ticket reopened" }],
};

function StatusActions({ ticket }: { ticket: Ticket }) {
  const change = useSetTicketStatus();
  return (
    <div className="flex flex-wrap gap-2">
      {STATUS_ACTIONS[ticket.status].map(({ to, label, done }) => (
        <Button
          key={to}
          variant="outline"
          size="sm"
          disabled={change.isPending}
          onClick={() =>
            change.mutate(
              { ticketId: ticket._id, status: to },
              {
                onSuccess: () => toast({ title: done }),
                onError: failureToast("Failed to update ticket"),
              },
            )
          }
        >
          {label}
        </Button>
      ))}
    </div>
  );
}

function AnswerBox({ ticket }: { ticket: Ticket }) {
  const reply = useReplyToTicket(ticket._id);
  const [closing, setClosing] = useState(false);
  return (
    <MessageForm
      id="ticket-reply"
      formLabel="Answer the ticket"
      label="Your answer"
      hint={`E-mailed to ${ticket.email}, with a link to answer on the ticket's page.`}
      rows={6}
      emptyError="Write the answer first"
      gap="gap-3"
      submitLabel="Send answer"
      pendingText="Sending…"
      pending={reply.isPending && !closing}
      busy={reply.isPending}
      actions={(send) => (
        <PendingButton
          type="button"
          variant="outline"
          pending={reply.isPending && closing}
          pendingText="Sending…"
          disabled={reply.isPending}
          onClick={() => send("close")}
        >
          Send and close
        </PendingButton>
      )}
      onSend={(message, sent, action) => {
        const close = action === "close";
        setClosing(close);
        reply.mutate(
          { message, ...(close ? { close: true } : {}) },
          {
            onSuccess: () => {
              sent();
              toast({
                title: close ? "Answer sent, ticket closed" : "Answer sent",
                description: `E-mailed to ${ticket.email} with a link to answer.`,
              });
            },
            onError: failureToast("Answer Not Sent", {
              fallback: "Could not send the answer",
              statusPrefix: "Sending failed.",
            }),
          },
        );
      }}
    />
  );
}

export function TicketView({ ticketId, onBack }: { ticketId: number; onBack: () => void }) {
  const detail = useTicket(ticketId);
  const back = (
    <Button variant="ghost" size="sm" className="justify-self-start" onClick={onBack}>
      <ArrowLeft aria-hidden /> All tickets
    </Button>
  );
  if (detail.isError)
    return (
      <div className="grid gap-4">
        {back}
        <ErrorState message={detail.error.message} onRetry={() => detail.refetch()} />
      </div>
    );
  const data = detail.data;
  return (
    <div className="grid gap-4">
      {back}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(300px,380px)]">
        <Card>
          <CardHeader className="gap-2 p-4 sm:p-6">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="flex flex-wrap items-center gap-3">
                <h2 className="text-xl font-semibold">Ticket {ticketNumber(ticketId)}</h2>
                {data && <TicketStatusBadge status={data.ticket.status} />}
              </div>
              {data && <StatusActions ticket={data.ticket} />}
            </div>
            {data ? (
              <CardDescription>
                {data.ticket.subject ? TICKET_SUBJECT_LABELS[data.ticket.subject] : "General"} · from{" "}
                <EmailAddress email={data.ticket.email} /> · received {formatDateTime(data.ticket.createdAt)}
              </CardDescription>
            ) : (
              <Skeleton className="h-4 w-2/3" />
            )}
          </CardHeader>
          <CardContent className="grid gap-6 p-4 pt-0 sm:p-6 sm:pt-0">
            {data ? (
              <>
                <TicketThread
                  label="Messages"
                  messages={data.messages}
                  name={(message) =>
                    message.author === "buyer"
                      ? data.ticket.email
                      : `${PRODUCT_NAME} Support${message.adminEmail ? ` (${message.adminEmail})` : ""}`
                  }
                />
                <div className="border-t border-border pt-6">
                  <AnswerBox ticket={data.ticket} />
                </div>
              </>
            ) : (
              <>
                <Skeleton className="h-24" />
                <Skeleton className="h-32" />
              </>
            )}
          </CardContent>
        </Card>
        {data ? (
          <TicketSender ticketId={ticketId} email={data.ticket.email} sender={data.sender} />
        ) : (
          <Skeleton className="h-80" />
        )}
      </div>
    </div>
  );
}
