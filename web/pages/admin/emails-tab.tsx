import { useState } from "react";
import { failureToast } from "../../lib/failure-toast";
import { Eye, RotateCw } from "lucide-react";
import { Skeleton } from "../../components/ui/skeleton";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { DialogFrame } from "../../components/ui/dialog";
import {
  useAdminEmail,
  useAdminEmails,
  useFailedEmailCount,
  useResendEmail,
  useRetryFailedEmails,
} from "../../lib/queries/admin";
import { toast } from "../../lib/use-toast";
import type { ListedEmailView } from "@shared/api-types";
import { dateColumn, type Column } from "./data-table";
import { EmailAddress } from "./email-address";
import { capitalise, formatDateTime } from "./format";
import { ListTab, usePaging } from "./list-tab";
import { RowActionButton } from "./row-actions";
import { EmailTemplates } from "./email-templates";

const PAGE_SIZE = 50;

const STATUS_VARIANT = { sent: "success", pending: "accent", failed: "destructive" } as const;

function EmailText({ email }: { email: ListedEmailView }) {
  const [open, setOpen] = useState(false);
  const full = useAdminEmail(email._id, open);
  return (
    <DialogFrame
      trigger={
        // Rows to one address may share subject and minute: the outbox number tells them apart.
        <Button
          variant="ghost"
          size="sm"
          aria-label={`View e-mail ${email._id} to ${email.to}: ${email.subject}, ${formatDateTime(email.createdAt)}`}
        >
          <Eye aria-hidden /> View
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title={email.subject}
      description={`To ${email.to} · ${formatDateTime(email.createdAt)}`}
      className="max-w-2xl"
    >
      {full.data ? (
        // Focusable, so a keyboard can scroll a long e-mail.
        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label names the scrollable e-mail for the keyboard user who focuses it
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so a keyboard can scroll a long e-mail
          tabIndex={0}
          aria-label="E-mail text"
          className="max-h-[60vh] overflow-auto rounded-md bg-muted p-4 text-sm whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-ring"
        >
          {full.data.text}
        </pre>
      ) : full.isError ? (
        <p role="alert" className="text-sm text-destructive-text">
          {full.error.message}
        </p>
      ) : (
        <Skeleton className="h-40" />
      )}
    </DialogFrame>
  );
}

function ResendButton({ email }: { email: ListedEmailView }) {
  const resend = useResendEmail();
  return (
    <RowActionButton
      label={`Resend e-mail to ${email.to}`}
      run={() => resend.mutateAsync(email._id)}
      pending={resend.isPending}
      done={{ title: "Email queued again", description: `A new copy to ${email.to} is on its way.` }}
      failed="Failed to resend email"
    >
      <RotateCw aria-hidden /> Resend
    </RowActionButton>
  );
}

const COLUMNS: Column<ListedEmailView>[] = [
  dateColumn("Queued", (email) => email.createdAt),
  { name: "To", cell: (email) => <EmailAddress email={email.to} /> },
  {
    name: "Subject",
    cell: (email) => (
      <>
        {email.subject}
        <span className="block text-xs text-muted-foreground">{email.template}</span>
      </>
    ),
  },
  {
    name: "Status",
    cell: (email) => (
      <>
        {email.printed ? (
          // No e-mail provider is configured (development): the e-mail went to the server's console only.
          <Badge variant="secondary" title="Printed to the server's console; no e-mail provider is configured">
            Printed
          </Badge>
        ) : (
          <Badge variant={STATUS_VARIANT[email.status]}>{capitalise(email.status)}</Badge>
        )}
        {email.lastError && <span className="mt-1 block text-xs text-destructive-text">{email.lastError}</span>}
      </>
    ),
  },
  { name: "Attempts", className: "tabular-nums", cell: (email) => email.attempts },
  dateColumn("Sent", (email) => email.sentAt),
  {
    name: "Actions",
    cell: (email) => (
      <div className="flex justify-end gap-2">
        <EmailText email={email} />
        {/* The server refuses to resend a one-time link (password reset): not offered. */}
        {email.resendable && <ResendButton email={email} />}
      </div>
    ),
  },
];

/** Queues every failed e-mail again, after a provider outage longer than the retries lasted. */
function RetryFailedButton() {
  const retry = useRetryFailedEmails();
  const failed = useFailedEmailCount().data?.failed ?? 0;
  function run() {
    retry.mutate(undefined, {
      onSuccess: ({ retried, skipped }) =>
        toast({
          title: retried
            ? `${retried} failed e-mail${retried === 1 ? "" : "s"} queued again`
            : "No failed e-mails to retry",
          description: skipped
            ? `${skipped} password reset e-mail${skipped === 1 ? " was" : "s were"} left: ask the user to request a new link.`
            : undefined,
        }),
      onError: failureToast("Failed to retry e-mails"),
    });
  }
  // Nothing failed, nothing to retry: no button that can only say so.
  if (failed === 0) return null;
  return (
    <Button variant="outline" disabled={retry.isPending} onClick={run}>
      <RotateCw aria-hidden /> Retry {failed} failed e-mail{failed === 1 ? "" : "s"}
    </Button>
  );
}

export function EmailsTab() {
  const paging = usePaging(PAGE_SIZE);
  const emails = useAdminEmails(paging.page);
  return (
    <div className="grid gap-10">
      <ListTab
        id="emails"
        title="E-mails"
        description="The outbox: every e-mail the site sends, with delivery status. Failed ones can be sent again."
        actions={<RetryFailedButton />}
        query={emails}
        rows={emails.data}
        rowKey={(email) => email._id}
        paging={paging}
        label="E-mails"
        columns={COLUMNS}
        empty="No e-mails yet."
      />
      <EmailTemplates />
    </div>
  );
}
