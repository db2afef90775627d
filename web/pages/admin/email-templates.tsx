/** Under the outbox: every e-mail the site sends, when, and a preview of each made from a sample. */
import { useQuery } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import type { EmailPreview, EmailTemplateView } from "@shared/api/email-templates";
import { Button } from "../../components/ui/button";
import { DialogFrame } from "../../components/ui/dialog";
import { apiRequest } from "../../lib/api";
import { DataTable, ErrorState, TableSkeleton, type Column } from "./data-table";

const TEMPLATES = "/api/admin/emails/templates";

function PreviewBody({ template }: { template: EmailTemplateView }) {
  const preview = useQuery({
    queryKey: [TEMPLATES, template.template, "preview"],
    queryFn: () => apiRequest<EmailPreview>("GET", `${TEMPLATES}/${encodeURIComponent(template.template)}/preview`),
  });
  if (preview.error) return <ErrorState message={preview.error.message} onRetry={() => preview.refetch()} />;
  if (!preview.data) return <TableSkeleton rows={4} />;
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        <span className="text-muted-foreground">Subject:</span> {preview.data.subject}
      </p>
      {/* The HTML part as a mail client shows it: sandboxed, no scripts, on the e-mail's own white page. */}
      <iframe
        title={`${template.title}: HTML part`}
        srcDoc={preview.data.html}
        sandbox=""
        className="h-[50vh] w-full rounded-md border border-border bg-white"
      />
      <details>
        <summary className="cursor-pointer text-sm font-medium">Plain-text part</summary>
        <pre className="mt-2 max-h-[40vh] overflow-auto rounded-md bg-muted p-4 text-sm whitespace-pre-wrap">
          {preview.data.text}
        </pre>
      </details>
    </div>
  );
}

function PreviewButton({ template }: { template: EmailTemplateView }) {
  return (
    <DialogFrame
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Preview ${template.title}`}>
          <Eye aria-hidden /> Preview
        </Button>
      }
      title={template.title}
      description={`${template.sentWhen} A preview made from a sample.`}
      className="max-w-3xl"
    >
      <PreviewBody template={template} />
    </DialogFrame>
  );
}

const COLUMNS: Column<EmailTemplateView>[] = [
  {
    name: "E-mail",
    cell: (template) => (
      <>
        <span className="font-medium">{template.title}</span>
        <span className="block text-xs text-muted-foreground">{template.template}</span>
      </>
    ),
  },
  { name: "Sent", cell: (template) => template.sentWhen },
  {
    name: "Actions",
    cell: (template) => (
      <div className="flex justify-end">
        <PreviewButton template={template} />
      </div>
    ),
  },
];

export function EmailTemplates() {
  const templates = useQuery({
    queryKey: [TEMPLATES],
    queryFn: () => apiRequest<EmailTemplateView[]>("GET", TEMPLATES),
  });
  return (
    <section aria-labelledby="email-templates-heading" className="grid gap-4">
      <div>
        <h2 id="email-templates-heading" className="text-xl font-semibold">
          E-mails the site sends
        </h2>
        <p className="text-sm text-muted-foreground">
          Each one, when it goes, and a preview of its HTML and text parts.
        </p>
      </div>
      {templates.error ? (
        <ErrorState message={templates.error.message} onRetry={() => templates.refetch()} />
      ) : templates.data ? (
        <DataTable
          rows={templates.data}
          rowKey={(template) => template.template}
          label="E-mails the site sends"
          columns={COLUMNS}
        />
      ) : (
        <TableSkeleton rows={6} />
      )}
    </section>
  );
}
