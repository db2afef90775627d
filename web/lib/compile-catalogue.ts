/**
 * Turns a catalogue's ICU messages into Lingui's compiled form. The SPA's bundler does it once per
 * catalogue at build time (src/features/site/catalogues.ts), so the browser never carries the ICU parser;
 * the server does it when it first loads a catalogue (web/ssr.tsx).
 */
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { SERVER_MESSAGE_PREFIX } from "@shared/languages";
import type { CompiledCatalogue } from "./i18n";

export function compileCatalogue(messages: Record<string, string>): CompiledCatalogue {
  return Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(message)]));
}

/**
 * The English messages the app's first chunk carries: the frame, the home and 404 pages and every page's
 * head. The rest of English comes with the other screens' code (web/app.tsx), so the home page's script
 * grows only by what it shows. Other languages load whole, only when shown.
 */
export const FIRST_CHUNK_MESSAGES = ["frame.", "offer.", "notFound.", "route.", "home."];

export const inFirstChunk = (id: string) => FIRST_CHUNK_MESSAGES.some((prefix) => id.startsWith(prefix));

/**
 * The API's sentences (`api.…`, src/http/answer-language.ts) and the e-mails' words (`email.…`,
 * src/features/email/templates/words.ts): the server's alone, never in the SPA's bundles.
 */
export const forTheBrowser = (id: string) => !id.startsWith(SERVER_MESSAGE_PREFIX) && !id.startsWith("email.");
