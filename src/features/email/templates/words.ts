/**
 * An e-mail's words in the language of the sale it is about, from the site's catalogues (src/shared/locales,
 * compiled once per language on first use by src/lib/catalogue-words.ts, which invoices read too).
 */
import { createElement, Fragment, type ReactNode } from "react";
import { catalogueWords, type CatalogueWords } from "../../../lib/catalogue-words";

export type EmailWords = CatalogueWords;

/** The words of `language` (English for none, as for e-mails queued before sales kept one). */
export const emailWords = catalogueWords;

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
