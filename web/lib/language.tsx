/**
 * The language of the page being shown, from its address (/de/… is German), and the hooks a screen
 * reads its words through: `useT()` for a message, `richMessage` for one with marked-up parts.
 */
import { createContext, Fragment, useCallback, useContext, useMemo, type ReactNode } from "react";
import { PRODUCT_NAME } from "@shared/product";
import { DEFAULT_LANGUAGE, type SiteLanguage } from "@shared/languages";
import { loadedCatalogue, type MessageId } from "./i18n";
import { formatMoney } from "./money";

interface PageLanguage {
  language: SiteLanguage;
  /** False on screens not translated yet: their content is English, marked lang="en". */
  translated: boolean;
}

const LanguageContext = createContext<PageLanguage>({ language: DEFAULT_LANGUAGE, translated: true });

export function LanguageProvider({ value, children }: { value: PageLanguage; children: ReactNode }) {
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export const usePageLanguage = () => useContext(LanguageContext);
export const useLanguage = () => useContext(LanguageContext).language;

/**
 * The language words are shown in here: the page's, or English inside a screen not translated yet. A payment is
 * started with this one, so the sale keeps the language its checkout (and its consent) was shown in.
 */
export function useWordsLanguage(): SiteLanguage {
  const { language, translated } = useContext(LanguageContext);
  return translated ? language : DEFAULT_LANGUAGE;
}

export type MessageValues = Record<string, string | number>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** The page's messages (English inside a screen not translated yet); every message may name {product}. */
export function useT(): Translate {
  const language = useWordsLanguage();
  return useMemo(() => {
    const i18n = loadedCatalogue(language) ?? loadedCatalogue(DEFAULT_LANGUAGE)!;
    const formatted = formattedOnce(i18n);
    return (id: MessageId, values?: MessageValues) => {
      if (values) return i18n._(id, { product: PRODUCT_NAME, ...values });
      let text = formatted.get(id);
      if (text === undefined) {
        text = i18n._(id, { product: PRODUCT_NAME });
        // Kept only once the message is there: English past the first chunk may still be on its way.
        if (Object.hasOwn(i18n.messages, id)) formatted.set(id, text);
      }
      return text;
    };
  }, [language]);
}

/**
 * A message without values always reads the same in one catalogue, so it is formatted once: a page says
 * hundreds of them on every render (the server's render of each page among them).
 */
const formattedMessages = new WeakMap<object, Map<string, string>>();
function formattedOnce(i18n: object): Map<string, string> {
  const kept = formattedMessages.get(i18n);
  if (kept) return kept;
  const formatted = new Map<string, string>();
  formattedMessages.set(i18n, formatted);
  return formatted;
}

/** Formats money for the page's language: "$24.99", "24,99 $" (de), "US$ 24,99" (pt-BR), as Intl would (lib/money.ts). */
export function useMoney(): (dollars: number) => string {
  const language = useWordsLanguage();
  return useCallback((dollars: number) => formatMoney(dollars, language), [language]);
}

/**
 * A message whose parts are marked <0>…</0>, <1>…</1>: each part is given to the wrapper of its number
 * ("Import Figma Designs into <0>Roblox UI</0>" with a span that colours it).
 */
export function richMessage(text: string, wrappers: ((children: string) => ReactNode)[]): ReactNode {
  const parts: ReactNode[] = [];
  const pattern = /<(\d+)>(.*?)<\/\1>/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const wrap = wrappers[Number(match[1])];
    parts.push(<Fragment key={match.index}>{wrap ? wrap(match[2]!) : match[2]}</Fragment>);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
