/**
 * Turns a catalogue's ICU messages into Lingui's compiled form. The SPA's bundler does it once per
 * catalogue at build time (src/features/site/assets.ts), so the browser never carries the ICU parser;
 * the server does it when it first loads a catalogue (web/ssr.tsx).
 */
import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { CompiledCatalogue } from "./i18n";

export function compileCatalogue(messages: Record<string, string>): CompiledCatalogue {
  return Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(message)]));
}
