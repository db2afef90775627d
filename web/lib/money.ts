/**
 * Dollars written the way Intl.NumberFormat writes them for each of the site's languages ("$1,234.50",
 * "1.234,50 $", "US$ 1.234,50"…), without Intl. A phone's browser sets up its number formatting data on the
 * first Intl.NumberFormat a page makes: 17–38 ms in Chromium on a 2-core machine, which made the price list's
 * hydration one long task. tests/web/money.test.ts holds each language's output to Intl's, digit for digit.
 */
import type { SiteLanguage } from "@shared/languages";

interface MoneyStyle {
  /** Before the number ("$", "US$ ") and after it (" $", " US$"); the spaces are the no-break kinds Intl uses. */
  before: string;
  after: string;
  group: string;
  decimal: string;
  /** Digits the integer part needs before it is grouped at all: Spanish writes 1234,50 but 12.345,00. */
  groupFrom: number;
}

const NBSP = "\u00a0";
const NARROW_NBSP = "\u202f";

const STYLES: Record<SiteLanguage, MoneyStyle> = {
  en: { before: "$", after: "", group: ",", decimal: ".", groupFrom: 4 },
  "pt-BR": { before: `US$${NBSP}`, after: "", group: ".", decimal: ",", groupFrom: 4 },
  es: { before: "", after: `${NBSP}US$`, group: ".", decimal: ",", groupFrom: 5 },
  de: { before: "", after: `${NBSP}$`, group: ".", decimal: ",", groupFrom: 4 },
  fr: { before: "", after: `${NBSP}$US`, group: NARROW_NBSP, decimal: ",", groupFrom: 4 },
};

/** Whole cents, rounded half away from zero on the shortest decimal form of the number, as Intl rounds. */
function cents(dollars: number): number | null {
  const text = String(Math.abs(dollars));
  if (text.includes("e")) return null; // far below a cent or beyond any price: leave those to Intl
  return Math.round(Number(`${text}e2`));
}

export function formatMoney(dollars: number, language: SiteLanguage): string {
  const style = STYLES[language];
  const whole = Number.isFinite(dollars) ? cents(dollars) : null;
  if (whole === null) {
    const tag = language === "en" ? "en-US" : language;
    return new Intl.NumberFormat(tag, { style: "currency", currency: "USD" }).format(dollars);
  }
  const digits = String(Math.floor(whole / 100));
  const fraction = String(whole % 100).padStart(2, "0");
  const integer = digits.length < style.groupFrom ? digits : digits.replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
  const sign = dollars < 0 || Object.is(dollars, -0) ? "-" : ""; // Intl keeps the sign of an amount that rounds to 0
  return `${sign}${style.before}${integer}${style.decimal}${fraction}${style.after}`;
}
