/**
 * Renders an outbox e-mail to HTML and plain text. The templates and react-email are imported
 * here, lazily, on the first render: importing them at start costs about half a second.
 * Payload contracts (what queueEmail callers put in `payload`):
 *   product-key        {key, plan, planName}
 *   test               {testKey}
 *   password-reset     {resetUrl}
 *   key-sharing-alert  {attemptedRobloxUserId, linkedRobloxAccountId, dashboardUrl}
 */
import { createElement, type ReactElement } from "react";

export interface RenderedEmail {
  html: string;
  text: string;
}

function field(payload: Record<string, unknown>, name: string, template: string): string {
  const value = payload[name];
  if (typeof value === "string" && value) return value;
  if (typeof value === "number") return String(value);
  throw new Error(`E-mail template "${template}" needs a "${name}" in its payload`);
}

async function elementFor(template: string, payload: Record<string, unknown>, appUrl: string): Promise<ReactElement> {
  const need = (name: string) => field(payload, name, template);
  switch (template) {
    case "product-key": {
      const { ProductKeyEmail } = await import("./product-key");
      return createElement(ProductKeyEmail, { productKey: need("key"), planName: need("planName"), appUrl });
    }
    case "test": {
      const { TestEmail } = await import("./test");
      return createElement(TestEmail, { testKey: need("testKey"), appUrl });
    }
    case "password-reset": {
      const { PasswordResetEmail } = await import("./password-reset");
      return createElement(PasswordResetEmail, { resetUrl: need("resetUrl") });
    }
    case "key-sharing-alert": {
      const { KeySharingAlertEmail } = await import("./key-sharing-alert");
      return createElement(KeySharingAlertEmail, {
        attemptedRobloxUserId: need("attemptedRobloxUserId"),
        linkedRobloxAccountId: need("linkedRobloxAccountId"),
        dashboardUrl: need("dashboardUrl"),
      });
    }
    default:
      throw new Error(`Unknown e-mail template "${template}"`);
  }
}

export async function renderEmail(template: string, payload: Record<string, unknown>, appUrl: string): Promise<RenderedEmail> {
  const element = await elementFor(template, payload, appUrl);
  const { render } = await import("@react-email/render");
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
