/**
 * Where rendered e-mails go. Resend when RESEND_API_KEY is set (RESEND_BASE_URL overrides its
 * host); otherwise outbox-only: the e-mail stays in the outbox and is printed to the console.
 */
import type { Config } from "../../config";
import { emailDefinition } from "./templates/registry";
import { log } from "../../lib/logger";
import { lazyModule } from "../../lib/lazy-module";

/** The Resend SDK loads with the first e-mail sent, not at start (docs/architecture.md#decisions). */
const loadResend = lazyModule("e-mail delivery (the Resend SDK)", () => import("resend"));

interface OutgoingEmail {
  /** The provider's idempotency key, so a retried send delivers once. */
  deliveryKey: string;
  outboxId: number;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  payload: Record<string, unknown>;
  /** Aborts the provider call: its time limit, or the server stopping. */
  signal?: AbortSignal;
}

export interface Mailer {
  readonly name: "resend" | "outbox";
  /** Resolves with the provider's message id; throws when the provider refused or could not be reached. */
  send(email: OutgoingEmail): Promise<{ id: string }>;
}

/** The provider message id the outbox-only mailer gives an e-mail it printed: "outbox-<id>". */
const PRINTED_ID_PREFIX = "outbox-";

/** Whether an e-mail marked sent was only printed to the console by the outbox-only mailer (development), never delivered. */
export const wasOnlyPrinted = (providerMessageId: string | null) =>
  providerMessageId?.startsWith(PRINTED_ID_PREFIX) ?? false;

/** Development: nothing leaves the machine. Prints to, subject and what the template highlights (a key, a link). */
export function createOutboxOnlyMailer(options: { print?: boolean } = {}): Mailer {
  const print = options.print ?? true;
  return {
    name: "outbox",
    async send(email) {
      if (print) {
        const highlights = emailDefinition(email.template)?.highlights?.(email.payload) ?? {};
        const lines = Object.entries(highlights)
          .map(([name, value]) => `\n  ${`${name}:`.padEnd(8)} ${value}`)
          .join("");
        log.info(`e-mail (outbox only, not sent)\n  to:      ${email.to}\n  subject: ${email.subject}${lines}`);
      }
      return { id: `${PRINTED_ID_PREFIX}${email.outboxId}` };
    },
  };
}

function createResendMailer(config: NonNullable<Config["resend"]>): Mailer {
  let client: Promise<import("resend").Resend> | null = null;
  const resend = () =>
    (client ??= loadResend().then(
      ({ Resend }) =>
        new Resend(config.apiKey, config.baseUrl ? { baseUrl: config.baseUrl.replace(/\/+$/, "") } : undefined),
    ));
  return {
    name: "resend",
    async send(email) {
      const { data, error } = await (await resend()).emails.send(
        { from: email.from, to: email.to, subject: email.subject, html: email.html, text: email.text },
        { idempotencyKey: email.deliveryKey, signal: email.signal },
      );
      if (email.signal?.aborted) throw new Error(`Resend: no answer within the time limit`);
      if (error || !data) throw new Error(`Resend: ${error?.message ?? "no answer"}`);
      return { id: data.id };
    },
  };
}

export function buildMailer(config: Config, options: { print?: boolean } = {}): Mailer {
  return config.resend ? createResendMailer(config.resend) : createOutboxOnlyMailer(options);
}
