/**
 * The site's messages (src/shared/locales) as the server writes them outside pages: in e-mails and on invoices,
 * in the reader's language. Each catalogue is compiled once per language on first use, as the pages' server
 * rendering does.
 */
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

export type CatalogueWords = (id: keyof typeof en, values?: Record<string, string | number>) => string;

/** The words of `language` (English for none, as for e-mails queued before sales kept one). */
export function catalogueWords(language: SiteLanguage | undefined): CatalogueWords {
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

/** "4 Month Pro", or "4 Month Pro × 5 seats" ("× 5 Plätze"): the plan's name is the operator's, as entered. */
export function planWithSeatsIn(language: SiteLanguage | undefined, planName: string, seats: number): string {
  if (seats === 1) return planName;
  const t = catalogueWords(language);
  return t("checkout.planTimesSeats", { plan: planName, seats: t("checkout.seatCount", { count: seats }) });
}

/** "4 Month Pro — 2 added seats" ("— 2 zusätzliche Plätze"). */
export const addedSeatsIn = (language: SiteLanguage | undefined, planName: string, seats: number): string =>
  catalogueWords(language)("email.sale.addedSeats", { plan: planName, count: seats });
