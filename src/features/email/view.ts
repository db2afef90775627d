/** An outbox e-mail as the admin panel shows it: its row, and its text rendered (a reset link hidden). */
import type { AppDeps } from "../../deps";
import type { Email } from "../../db/schema";
import { toIso } from "../../lib/clock";
import { renderEmailText } from "./templates/render";
import { emailDefinition } from "./templates/registry";
import { wasOnlyPrinted } from "./mailer";
import type { EmailView, ListedEmailView } from "@shared/api/email";

const HIDDEN_RESET_LINK_TEXT = "(password reset link hidden)";

/** A reset link signs into the account it was sent for, so nobody but its recipient may see it. */
export const carriesSecret = (row: Email) => emailDefinition(row.template)?.secret !== undefined;

async function plainText(deps: Pick<AppDeps, "config">, row: Email): Promise<string> {
  if (carriesSecret(row)) return HIDDEN_RESET_LINK_TEXT;
  try {
    return await renderEmailText(row.template, row.payload, deps.config.appUrl);
  } catch (error) {
    return `(this e-mail cannot be rendered: ${(error as Error).message})`;
  }
}

export function listedEmailView(row: Email): ListedEmailView {
  return {
    _id: row.id,
    to: row.to,
    subject: row.subject,
    template: row.template,
    status: row.status,
    printed: row.status === "sent" && wasOnlyPrinted(row.providerMessageId),
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: toIso(row.createdAt)!,
    sentAt: toIso(row.sentAt),
    resendable: !carriesSecret(row),
  };
}

export async function emailView(deps: Pick<AppDeps, "config">, row: Email): Promise<EmailView> {
  return { ...listedEmailView(row), text: await plainText(deps, row) };
}
