/**
 * The FAQ as the English page shows it with the default refund window (REFUND_DAYS), read from the English
 * catalogue. Pages build theirs with `faqEntries` in their own language (faq-entries.ts).
 */
import english from "./locales/en.json";
import { REFUND_DAYS } from "./product";
import { faqEntries, type FaqText } from "./faq-entries";

export { faqEntries, type FaqEntry, type FaqText } from "./faq-entries";

/** The FAQ's messages take plain parameters only ({product}, {days}, {hours}). */
const inEnglish: FaqText = (id, values = {}) =>
  (english as Record<string, string>)[id]!.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

export const FAQ = faqEntries(REFUND_DAYS, inEnglish);
