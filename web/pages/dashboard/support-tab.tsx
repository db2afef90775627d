import { AccountListCard } from "./account-list-card";
import { Headset, MessageSquare } from "lucide-react";
import { Link } from "wouter";
import { SUPPORT_RESPONSE_HOURS } from "@shared/product";
import type { TicketStatus } from "@shared/support";
import type { AccountTicketView } from "@shared/api/support";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { TicketThread } from "../../components/ticket-thread";
import { TicketAnswerForm } from "../../components/ticket-answer-form";
import { useAccountTickets, useAnswerAccountTicket } from "../../lib/queries/account-tickets";
import { useFormats } from "./time";
import { useT } from "../../lib/language";
import type { MessageId } from "../../lib/i18n";

/** The status in the sender's words, as on the ticket's own page. */
const STATUS: Record<TicketStatus, { label: MessageId; variant: "accent" | "success" | "secondary" }> = {
  open: { label: "dashboard.ticket.open", variant: "accent" },
  waiting: { label: "dashboard.ticket.waiting", variant: "success" },
  closed: { label: "dashboard.ticket.closed", variant: "secondary" },
};

function TicketCard({ ticket }: { ticket: AccountTicketView }) {
  const answer = useAnswerAccountTicket(ticket.id);
  const t = useT();
  const { date } = useFormats();
  const status = STATUS[ticket.status];
  const headingId = `ticket-${ticket.id}-title`;
  return (
    <li>
      <section aria-labelledby={headingId} className="grid gap-4 rounded-lg border border-border p-4">
        <div className="flex flex-wrap items-center gap-3">
          <h3 id={headingId} className="font-semibold">
            {t("dashboard.ticket.title", { number: ticket.number })}
          </h3>
          <Badge variant={status.variant}>{t(status.label)}</Badge>
          <span className="text-sm text-muted-foreground">
            {ticket.subject ? `${t(`dashboard.ticket.subject.${ticket.subject}`)} · ` : ""}
            {t("dashboard.ticket.sent", { date: date(ticket.createdAt) })}
          </span>
        </div>
        <TicketThread
          label={t("dashboard.ticket.messages", { number: ticket.number })}
          messages={ticket.messages}
          name={(message) => (message.author === "support" ? t("dashboard.ticket.support") : t("dashboard.ticket.you"))}
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
  const t = useT();
  return (
    <AccountListCard
      title={t("dashboard.support.title")}
      description={t("dashboard.support.description", { hours: SUPPORT_RESPONSE_HOURS })}
      query={tickets}
      failedText={t("dashboard.support.loadFailed")}
      loadingLabel={t("dashboard.support.loading")}
      placeholder={<Skeleton className="h-24" />}
    >
      {(data) =>
        data.tickets.length === 0 ? (
          <div className="grid gap-3 text-sm text-muted-foreground">
            <p className="flex items-center gap-2">
              <MessageSquare className="size-4" aria-hidden /> {t("dashboard.support.none")}
            </p>
            <Button asChild variant="outline" size="sm" className="justify-self-start">
              <Link href="/support">
                <Headset aria-hidden /> {t("dashboard.support.contact")}
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
