/**
 * The support page's questions and answers (install, devices, multiple projects, refunds,
 * auto-scaling, import limits), in the page's language. The page's accordion and its FAQPage structured
 * data both read this, each with the page's messages (`support.faq.…` in src/shared/locales).
 */
import { PRODUCT_NAME, REFUND_DAYS, SUPPORT_RESPONSE_HOURS } from "./product";
import { GUIDE_PATH } from "./routes";

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
  /** A page that says more, linked after the answer. */
  link?: { href: string; label: string };
}

/** A message of the page's language: the SPA's `useT()`, or the server's translator. */
export type FaqText = (id: `support.faq.${string}`, values?: Record<string, string | number>) => string;

const QUESTIONS = ["install", "devices", "projects", "refunds", "auto-scaling", "limits"] as const;
type QuestionId = (typeof QUESTIONS)[number];

const LINKS: Partial<Record<QuestionId, string>> = { install: GUIDE_PATH };

/**
 * The refund answer follows the site's refund window (REFUND_WINDOW_DAYS): inside it a buyer refunds themselves,
 * from the dashboard or the key e-mail's link; with self-service refunds off (0) it is the original promise, by
 * message, within REFUND_DAYS.
 */
function refundAnswer(refundWindowDays: number, text: FaqText): Pick<FaqEntry, "answer" | "link"> {
  const values = { product: PRODUCT_NAME, hours: SUPPORT_RESPONSE_HOURS };
  if (refundWindowDays <= 0)
    return { answer: text("support.faq.refunds.answerByMessage", { ...values, days: REFUND_DAYS }) };
  return {
    answer: text("support.faq.refunds.answer", { ...values, days: refundWindowDays }),
    link: { href: "/refund-policy", label: text("support.faq.refunds.link") },
  };
}

/** The questions and answers, for a site with this refund window (its REFUND_WINDOW_DAYS), in `text`'s language. */
export function faqEntries(refundWindowDays: number, text: FaqText): readonly FaqEntry[] {
  return QUESTIONS.map((id) => {
    const say = (part: string) => text(`support.faq.${id}.${part}`, { product: PRODUCT_NAME });
    const question = say("question");
    if (id === "refunds") return { id, question, ...refundAnswer(refundWindowDays, text) };
    const href = LINKS[id];
    return { id, question, answer: say("answer"), ...(href ? { link: { href, label: say("link") } } : {}) };
  });
}
