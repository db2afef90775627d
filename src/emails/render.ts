/**
 * Renders an outbox e-mail to HTML and plain text through its entry in the registry. A stored payload
 * is checked against the entry's schema first, so a bad one fails with a sentence naming the field.
 */
import { TypeCompiler, type TypeCheck } from "elysia/type-system";
import type { TObject } from "@sinclair/typebox";
import { emailDefinition } from "./registry";

interface RenderedEmail {
  html: string;
  text: string;
}

const checks = new Map<TObject, TypeCheck<TObject>>();

function assertPayload(template: string, schema: TObject, payload: Record<string, unknown>) {
  let check = checks.get(schema);
  if (!check) checks.set(schema, (check = TypeCompiler.Compile(schema)));
  if (check.Check(payload)) return;
  const field = check.Errors(payload).First()?.path.replace(/^\//, "").replace(/\//g, ".") || "valid payload";
  throw new Error(`E-mail template "${template}" needs a "${field}" in its payload`);
}

export async function renderEmail(template: string, payload: Record<string, unknown>, appUrl: string): Promise<RenderedEmail> {
  const definition = emailDefinition(template);
  if (!definition) throw new Error(`Unknown e-mail template "${template}"`);
  assertPayload(template, definition.payload, payload);
  const element = await definition.element(payload, appUrl);
  const { render } = await import("@react-email/render");
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
