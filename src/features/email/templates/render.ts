/**
 * Renders an outbox e-mail to HTML and plain text through its entry in the registry. A stored payload
 * is checked against the entry's schema first, so a bad one fails with a sentence naming the field.
 */
import { TypeCompiler, type TypeCheck } from "elysia/type-system";
import type { TObject } from "@sinclair/typebox";
import { emailDefinition } from "./registry";
import { lazyModule } from "../../../lib/lazy-module";

/** React's server renderer and the HTML-to-text converter load with the first e-mail (docs/architecture.md#decisions). */
const loadRenderer = lazyModule("e-mail rendering (react-email)", () => import("@react-email/render"));

interface RenderedEmail {
  html: string;
  text: string;
}

const checks = new Map<TObject, TypeCheck<TObject>>();

function assertPayload(template: string, schema: TObject, payload: Record<string, unknown>) {
  let check = checks.get(schema);
  if (!check) {
    check = TypeCompiler.Compile(schema);
    checks.set(schema, check);
  }
  if (check.Check(payload)) return;
  const field = check.Errors(payload).First()?.path.replace(/^\//, "").replace(/\//g, ".") || "valid payload";
  throw new Error(`E-mail template "${template}" needs a "${field}" in its payload`);
}

async function element(template: string, payload: Record<string, unknown>, appUrl: string) {
  const definition = emailDefinition(template);
  if (!definition) throw new Error(`Unknown e-mail template "${template}"`);
  assertPayload(template, definition.payload, payload);
  return definition.element(payload, appUrl);
}

export async function renderEmail(
  template: string,
  payload: Record<string, unknown>,
  appUrl: string,
): Promise<RenderedEmail> {
  const rendered = await element(template, payload, appUrl);
  const { render, toPlainText } = await loadRenderer();
  // One render: the text part is the HTML part converted, as render(…, { plainText: true }) would do after rendering again.
  const html = await render(rendered);
  return { html, text: toPlainText(html) };
}

/** The plain-text part only (the admin E-mails list shows it): half the work of renderEmail. */
export async function renderEmailText(
  template: string,
  payload: Record<string, unknown>,
  appUrl: string,
): Promise<string> {
  const rendered = await element(template, payload, appUrl);
  const { render } = await loadRenderer();
  return render(rendered, { plainText: true });
}
