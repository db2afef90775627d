/**
 * Every e-mail the site sends, in one table: its subject, what its payload holds (a `t` schema, so the
 * payload's type comes from it and a stored payload is checked before rendering) and its component,
 * imported on first render (importing react-email at start costs about half a second).
 *
 * A new e-mail is one entry here plus its component in this folder; `queueEmail(tx, { to, template,
 * payload }, now)` then takes it, and the compiler checks every payload against the entry.
 */
import { createElement, type ReactElement } from "react";
import { t, type Static } from "elysia";
import type { TObject } from "@sinclair/typebox";
import { PRODUCT_NAME } from "../shared/product";
import { PlanId } from "../lib/schemas";

const text = t.String({ minLength: 1 });

interface EmailDefinition<Payload extends TObject> {
  payload: Payload;
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

const define = <Payload extends TObject>(definition: EmailDefinition<Payload>) => definition;

export const EMAIL_TEMPLATES = {
  /** After a purchase: the key and the three steps to start. */
  "product-key": define({
    payload: t.Object({ key: text, plan: PlanId, planName: text }),
    subject: () => `Your ${PRODUCT_NAME} product key`,
    element: async ({ key, planName }, appUrl) =>
      createElement((await import("./product-key")).ProductKeyEmail, { productKey: key, planName, appUrl }),
    highlights: ({ key }) => ({ key }),
  }),
  /** The admin panel's Test Email. */
  test: define({
    payload: t.Object({ testKey: text }),
    subject: () => `${PRODUCT_NAME} test email`,
    element: async ({ testKey }, appUrl) => createElement((await import("./test")).TestEmail, { testKey, appUrl }),
  }),
  /** Forgot password: a one-hour, single-use link. */
  "password-reset": define({
    payload: t.Object({ resetUrl: text }),
    subject: () => `Reset your ${PRODUCT_NAME} password`,
    element: async ({ resetUrl }) => createElement((await import("./password-reset")).PasswordResetEmail, { resetUrl }),
    highlights: ({ resetUrl }) => ({ link: resetUrl }),
    secret: "resetUrl",
  }),
  /** To a key's owner when the plugin key is used from another game account. */
  "key-sharing-alert": define({
    payload: t.Object({ attemptedRobloxUserId: text, linkedRobloxAccountId: text, dashboardUrl: text }),
    subject: () => `Your ${PRODUCT_NAME} plugin key was used from another account`,
    element: async (payload) => createElement((await import("./key-sharing-alert")).KeySharingAlertEmail, payload),
  }),
};

export type EmailTemplate = keyof typeof EMAIL_TEMPLATES;
export type EmailPayload<T extends EmailTemplate> = Static<(typeof EMAIL_TEMPLATES)[T]["payload"]>;


/** The entry of a stored template name, or null for a name this version does not know. */
export function emailDefinition(template: string): EmailDefinition<TObject> | null {
  return Object.hasOwn(EMAIL_TEMPLATES, template)
    ? (EMAIL_TEMPLATES[template as EmailTemplate] as unknown as EmailDefinition<TObject>)
    : null;
}
