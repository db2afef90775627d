import { Link, useSearch } from "wouter";
import { SUPPORT_RESPONSE_HOURS } from "@shared/product";
import type { TicketStatus } from "@shared/support";
import { DEFAULT_LANGUAGE, languageInfo } from "@shared/languages";
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
import { useLanguage, useT, type Translate } from "../../lib/language";
import type { MessageId } from "../../lib/i18n";

/** The status in the sender's words. */
const STATUS: Record<TicketStatus, { label: MessageId; variant: "accent" | "success" | "secondary"; note: MessageId }> =
  {
    open: { label: "dashboard.ticket.open", variant: "accent", note: "supportTicket.note.open" },
    waiting: { label: "dashboard.ticket.waiting", variant: "success", note: "supportTicket.note.waiting" },
    closed: { label: "dashboard.ticket.closed", variant: "secondary", note: "dashboard.answer.closed" },
  };

/** A day in the page's language: "March 3, 2026", "3. März 2026". */
function useFormatDay() {
  const language = useLanguage();
  const locale = language === DEFAULT_LANGUAGE ? "en-US" : languageInfo(language).tag;
  return (iso: string) => new Date(iso).toLocaleDateString(locale, { dateStyle: "long" });
}

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

/** What the page says instead of the thread: a missing token, a link that matches no ticket (404) or has expired (410). */
function problemOf(
  t: Translate,
  english: boolean,
  token: string,
  hydrated: boolean,
  error: Error | null,
): { title: string; text: string } | null {
  if (hydrated && !token) return { title: t("supportTicket.incomplete"), text: t("supportTicket.incompleteText") };
  if (!error) return null;
  const status = (error as { status?: number }).status;
  // In English the server's sentence names the ticket's number; the other languages say it in their own words.
  if (status === 410)
    return { title: t("supportTicket.expired"), text: english ? error.message : t("supportTicket.expiredText") };
  if (status === 404) return { title: t("supportTicket.notFound"), text: t("supportTicket.notFoundText") };
  return { title: t("supportTicket.notFound"), text: error.message };
}

/**
 * /support/ticket?token=…: a support ticket's thread for its sender, by the link in its e-mails; no account
 * needed. One card whose heading stays the same element from the server's skeleton to the thread.
 */
export default function SupportTicketPage() {
  const token = new URLSearchParams(useSearch()).get("token") ?? "";
  const hydrated = useHydrated();
  const t = useT();
  const formatDay = useFormatDay();
  const thread = useTicketThread(token, hydrated && token !== "");
  const problem = problemOf(t, useLanguage() === DEFAULT_LANGUAGE, token, hydrated, thread.error);
  const data = problem ? undefined : thread.data;
  const status = data ? STATUS[data.status] : null;

  return (
    <Layout>
      <Card className="mx-auto w-full max-w-3xl" aria-busy={!problem && !data ? true : undefined}>
        <CardHeader className="gap-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">
              {problem
                ? problem.title
                : data
                  ? t("dashboard.ticket.title", { number: data.number })
                  : t("supportTicket.title")}
            </h1>
            {status && <Badge variant={status.variant}>{t(status.label)}</Badge>}
          </div>
          {problem ? (
            <CardDescription role="alert">{problem.text}</CardDescription>
          ) : data && status ? (
            <CardDescription>
              {data.subject ? `${t(`dashboard.ticket.subject.${data.subject}`)} · ` : ""}
              {t("supportTicket.sent", { date: formatDay(data.createdAt) })}{" "}
              {t(status.note, { hours: SUPPORT_RESPONSE_HOURS })}
            </CardDescription>
          ) : (
            <Skeleton className="h-4 w-2/3" />
          )}
        </CardHeader>
        {problem ? (
          <CardFooter className="p-4 pt-0 sm:p-6 sm:pt-0">
            <Button asChild>
              <Link href="/support">{t("supportTicket.toSupport")}</Link>
            </Button>
          </CardFooter>
        ) : data ? (
          <CardContent className="grid gap-8 p-4 pt-0 sm:p-6 sm:pt-0">
            <TicketThread
              label={t("supportTicket.messages")}
              messages={data.messages}
              name={(message) =>
                message.author === "support" ? t("dashboard.ticket.support") : t("dashboard.ticket.you")
              }
            />
            <section aria-labelledby="answer-heading" className="grid gap-3 border-t border-border pt-6">
              <h2 id="answer-heading" className="text-lg font-semibold">
                {t("supportTicket.answer")}
              </h2>
              <AnswerForm token={token} thread={data} />
            </section>
            <p className="text-xs text-muted-foreground">
              {t("supportTicket.link", { date: formatDay(data.linkExpiresAt) })}
            </p>
          </CardContent>
        ) : (
          <CardContent className="grid gap-4 p-4 pt-0 sm:p-6 sm:pt-0" aria-label={t("supportTicket.loading")}>
            <Skeleton className="h-24" />
            <Skeleton className="h-32" />
          </CardContent>
        )}
      </Card>
    </Layout>
  );
}
