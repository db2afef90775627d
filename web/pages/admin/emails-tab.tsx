import { useState } from "react";
import { Eye, RotateCw } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "../../components/ui/dialog";
import { useAdminEmails, useResendEmail } from "../../lib/queries/admin";
import { toast } from "../../lib/use-toast";
import type { EmailView } from "../../../src/shared/api-types";
import { Cell, DataTable, EmptyState, ErrorState, Pager, Row, TableSkeleton } from "./data-table";
import { capitalise, formatDateTime } from "./format";

const PAGE_SIZE = 50;

const STATUS_VARIANT = { sent: "success", pending: "accent", failed: "destructive" } as const;

function EmailText({ email }: { email: EmailView }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`View e-mail to ${email.to}`}><Eye aria-hidden /> View</Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{email.subject}</DialogTitle>
          <DialogDescription>To {email.to} · {formatDateTime(email.createdAt)}</DialogDescription>
        </DialogHeader>
        <pre className="max-h-[60vh] overflow-auto rounded-md bg-muted p-4 text-sm whitespace-pre-wrap">{email.text}</pre>
      </DialogContent>
    </Dialog>
  );
}

function ResendButton({ email }: { email: EmailView }) {
  const resend = useResendEmail();
  function run() {
    resend.mutate(email._id, {
      onSuccess: () => toast({ title: "Email queued again", description: `A new copy to ${email.to} is on its way.` }),
      onError: (error) => toast({ title: "Failed to resend email", description: error.message, variant: "destructive" }),
    });
  }
  return (
    <Button variant="outline" size="sm" disabled={resend.isPending} onClick={run} aria-label={`Resend e-mail to ${email.to}`}>
      <RotateCw aria-hidden /> Resend
    </Button>
  );
}

export function EmailsTab() {
  const [offset, setOffset] = useState(0);
  const emails = useAdminEmails({ limit: PAGE_SIZE, offset });
  return (
    <section aria-labelledby="emails-heading" className="grid gap-4">
      <div>
        <h2 id="emails-heading" className="text-xl font-semibold">E-mails</h2>
        <p className="text-sm text-muted-foreground">The outbox: every e-mail the site sends, with delivery status. Failed ones can be sent again.</p>
      </div>
      {emails.isError ? <ErrorState message={emails.error.message} onRetry={() => emails.refetch()} />
        : !emails.data ? <TableSkeleton />
        : emails.data.length === 0 && offset === 0 ? <EmptyState>No e-mails yet.</EmptyState>
        : (
          <>
            <DataTable label="E-mails" columns={["Queued", "To", "Subject", "Status", "Attempts", "Sent", "Actions"]}>
              {emails.data.map((email) => (
                <Row key={email._id}>
                  <Cell label="Queued" className="md:whitespace-nowrap">{formatDateTime(email.createdAt)}</Cell>
                  <Cell label="To">{email.to}</Cell>
                  <Cell label="Subject">
                    {email.subject}
                    <span className="block text-xs text-muted-foreground">{email.template}</span>
                  </Cell>
                  <Cell label="Status">
                    <Badge variant={STATUS_VARIANT[email.status]}>{capitalise(email.status)}</Badge>
                    {email.lastError && <span className="mt-1 block text-xs text-destructive-text">{email.lastError}</span>}
                  </Cell>
                  <Cell label="Attempts" className="tabular-nums">{email.attempts}</Cell>
                  <Cell label="Sent" className="md:whitespace-nowrap">{formatDateTime(email.sentAt)}</Cell>
                  <Cell>
                    <div className="flex justify-end gap-2">
                      <EmailText email={email} />
                      <ResendButton email={email} />
                    </div>
                  </Cell>
                </Row>
              ))}
            </DataTable>
            <Pager offset={offset} limit={PAGE_SIZE} shown={emails.data.length} onChange={setOffset} />
          </>
        )}
    </section>
  );
}
