/** Every e-mail of the registry for the admin panel, and a preview of each rendered from its sample. */
import type { AppDeps } from "../../deps";
import { EMAIL_TEMPLATES, emailDefinition } from "./templates/registry";
import { renderEmail } from "./templates/render";
import { notFound } from "../../lib/errors";
import type { EmailPreview, EmailTemplateView } from "@shared/api/email-templates";

export function listEmailTemplates(): EmailTemplateView[] {
  return Object.entries(EMAIL_TEMPLATES).map(([template, { title, sentWhen }]) => ({ template, title, sentWhen }));
}

export async function previewEmailTemplate(deps: Pick<AppDeps, "config">, template: string): Promise<EmailPreview> {
  const definition = emailDefinition(template);
  if (!definition) throw notFound(`No e-mail template "${template}".`);
  const { html, text } = await renderEmail(template, definition.sample, deps.config.appUrl);
  return { template, subject: definition.subject(definition.sample), html, text };
}
