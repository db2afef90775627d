import { Link, useSearch } from "wouter";
import { PRODUCT_NAME, SUPPORT_RESPONSE_HOURS } from "@shared/product";
import { TICKET_SUBJECT_LABELS, type TicketStatus } from "@shared/support";
import type { TicketThreadView } from "@shared/api-types";
import { Layout } from "../../components/layout";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { TicketThread } from "../../components/ticket-thread";
import { TicketAnswerForm } from "../../components/ticket-answer-form";
import { useAnswerTicket, useTicketThread } from "../../lib/queries/public";
import { useHydrated } from "../../lib/use-hydrated";

/** The status in the sender's words. */
const STATUS: Record<TicketStatus, { label: string; variant: "accent" | "success" | "secondary"; note: string }> = {
  open: {
    label: "Open",
    variant: "accent",
    note: `We answer within ${SUPPORT_RESPONSE_HOURS} hours; you'll get our answer by e-mail too.`,
  },
  waiting: {
    label: "Waiting for your answer",
    variant: "success",
    note: "We've answered. Answer below if something is still not right.",
  },
  closed: { label: "Closed", variant: "secondary", note: "This ticket is closed. Answering opens it again." },
};

const formatDay = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "long" });

function AnswerForm({ token, thread }: { token: string; thread: TicketThreadView }) {
  const send = useAnswerTicket(token);
  return (
    <TicketAnswerForm
      id="ticket-answer"
      number={thread.number}
      closed={thread.status === "closed"}
      pending={send.isPending}
      send={(message, callbacks) => send.mutate(message, callbacks)}
    />
  );
}

/** What the page says instead of the thread: a missing token, or the server's 404 / 410 sentence. */
function problemOf(token: string, hydrated: boolean, error: Error | null): { title: string; text: string } | null {
  if (hydrated && !token)
    return {
      title: "Ticket link incomplete",
      text: "This page needs the link from your support e-mail. Open it again from there.",
    };
  if (!error) return null;
  const expired = (error as { status?: number }).status === 410;
  return { title: expired ? "This link has expired" : "Ticket not found", text: error.message };
}

/**
 * /support/ticket?token=…: a support ticket's thread for its sender, by the link in its e-mails; no account
 * needed. One card whose heading stays the same element from the server's skeleton to the thread.
 */
export default function SupportTicketPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const hydrated = useHydrated();
  const thread = useTicketThread(token, hydrated && token !== "");
  const problem = problemOf(token, hydrated, thread.error);
  const data = problem ? undefined : thread.data;
  const status = data ? STATUS[data.status] : null;

  return (
    <Layout>
      <Card className="mx-auto w-full max-w-3xl" aria-busy={!problem && !data ? true : undefined}>
        <CardHeader className="gap-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">
              {problem ? problem.title : data ? `Ticket ${data.number}` : "Your support ticket"}
            </h1>
            {status && <Badge variant={status.variant}>{status.label}</Badge>}
          </div>
          {problem ? (
            <CardDescription role="alert">{problem.text}</CardDescription>
          ) : data && status ? (
            <CardDescription>
              {data.subject ? `${TICKET_SUBJECT_LABELS[data.subject]} · ` : ""}Sent {formatDay(data.createdAt)}.{" "}
              {status.note}
            </CardDescription>
          ) : (
            <Skeleton className="h-4 w-2/3" />
          )}
        </CardHeader>
        {problem ? (
          <CardFooter className="p-4 pt-0 sm:p-6 sm:pt-0">
            <Button asChild>
              <Link href="/support">Go to Support</Link>
            </Button>
          </CardFooter>
        ) : data ? (
          <CardContent className="grid gap-8 p-4 pt-0 sm:p-6 sm:pt-0">
            <TicketThread
              label="Messages"
              messages={data.messages}
              name={(message) => (message.author === "support" ? `${PRODUCT_NAME} Support` : "You")}
            />
            <section aria-labelledby="answer-heading" className="grid gap-3 border-t border-border pt-6">
              <h2 id="answer-heading" className="text-lg font-semibold">
                Answer
              </h2>
              <AnswerForm token={token} thread={data} />
            </section>
            <p className="text-xs text-muted-foreground">
              This link works until {formatDay(data.linkExpiresAt)}, without an account; every answer from us brings a
              new one. Whoever has the link can read and answer this ticket, so please don't share it.
            </p>
          </CardContent>
        ) : (
          <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0" aria-label="Loading your ticket">
            <Skeleton className="h-24" />
            <Skeleton className="h-32" />
          </CardContent>
        )}
      </Card>
    </Layout>
  );
}
