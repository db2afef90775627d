/**
 * An e-mail's words in the language of the sale it is about, from the site's catalogues (src/shared/locales):
 * compiled once per language on first use, as the pages' server rendering does.
 */
import { createElement, Fragment, type ReactNode } from "react";
import { setupI18n, type I18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { PRODUCT_NAME } from "@shared/product";
import { DEFAULT_LANGUAGE, type SiteLanguage } from "@shared/languages";
import en from "@shared/locales/en.json";
import ptBR from "@shared/locales/pt-BR.json";
import es from "@shared/locales/es.json";
import de from "@shared/locales/de.json";
import fr from "@shared/locales/fr.json";

const CATALOGUES: Record<SiteLanguage, Record<string, string>> = { en, "pt-BR": ptBR, es, de, fr };
const compiled = new Map<SiteLanguage, I18n>();

export type EmailWords = (id: keyof typeof en, values?: Record<string, string | number>) => string;

/** The words of `language` (English for none, as for e-mails queued before sales kept one). */
export function emailWords(language: SiteLanguage | undefined): EmailWords {
  const tag = language ?? DEFAULT_LANGUAGE;
  let i18n = compiled.get(tag);
  if (!i18n) {
    const messages = Object.fromEntries(
      Object.entries(CATALOGUES[tag]).map(([id, message]) => [id, compileMessage(message)]),
    );
    i18n = setupI18n({ locale: tag, messages: { [tag]: messages } });
    compiled.set(tag, i18n);
  }
  const ready = i18n;
  return (id, values) => ready._(id, { product: PRODUCT_NAME, ...values });
}

/** A message's marked parts (<0>…</0>) given to the wrappers of their numbers, around the text between them. */
export function markedParts(text: string, wrappers: ((children: string) => ReactNode)[]): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/<(\d+)>(.*?)<\/\1>/g)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const wrap = wrappers[Number(match[1])];
    parts.push(createElement(Fragment, { key: match.index }, wrap ? wrap(match[2]!) : match[2]));
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
