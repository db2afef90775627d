/** What one e-mail in the registry is (registry.ts), and the helper that checks an entry against its payload. */
import { t, type Static } from "elysia";
import type { TObject } from "@sinclair/typebox";
import type { ReactElement } from "react";
import { oneOf } from "@shared/api/common";
import { SITE_LANGUAGES } from "@shared/languages";

/** A payload field that must hold something. */
export const text = t.String({ minLength: 1 });

/**
 * The language an e-mail is written in: the sale's for e-mails about a sale, the account's for the others.
 * Absent from e-mails queued before e-mails had one: English.
 */
export const emailLanguage = t.Optional(oneOf(SITE_LANGUAGES));

export interface EmailDefinition<Payload extends TObject> {
  /** Its name in the admin panel's E-mails tab. */
  title: string;
  /** When it is sent, for the admin panel. */
  sentWhen: string;
  payload: Payload;
  /** A made-up payload for the admin panel's preview. */
  sample: Static<Payload>;
  subject: (payload: Static<Payload>) => string;
  /** The rendered e-mail; `appUrl` is the site's public address. */
  element: (payload: Static<Payload>, appUrl: string) => Promise<ReactElement>;
  /** Printed by the development console mailer beside to and subject, so a developer can use the e-mail. */
  highlights?: (payload: Static<Payload>) => Record<string, string>;
  /**
   * A payload field that signs someone in: admins never see it, the outbox drops it once the e-mail is
   * sent or given up on, and the e-mail can't be resent.
   */
  secret?: keyof Static<Payload> & string;
}

export const define = <Payload extends TObject>(definition: EmailDefinition<Payload>) => definition;
