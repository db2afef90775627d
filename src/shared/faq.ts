/**
 * The support page's questions and answers (install, devices, multiple projects, refunds,
 * auto-scaling, import limits). The page's accordion and its FAQPage structured data both read this.
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

/**
 * The refund answer follows the site's refund window (REFUND_WINDOW_DAYS): inside it a buyer refunds themselves,
 * from the dashboard or the key e-mail's link; with self-service refunds off (0) it is the original promise, by
 * message, within REFUND_DAYS.
 */
function refundAnswer(refundWindowDays: number): Pick<FaqEntry, "answer" | "link"> {
  if (refundWindowDays <= 0)
    return {
      answer: `If ${PRODUCT_NAME} isn't right for you, contact us within ${REFUND_DAYS} days of your purchase and we'll refund you in full. Use the contact form on this page or the community chat; we answer within ${SUPPORT_RESPONSE_HOURS} hours.`,
    };
  return {
    answer: `If ${PRODUCT_NAME} isn't right for you, you get your money back in full within ${refundWindowDays} days of your purchase, no questions asked. Press Request refund in your dashboard's Purchases tab, or open the refund link in the e-mail that brought your product key. Something else? Write to us with the contact form on this page; we answer within ${SUPPORT_RESPONSE_HOURS} hours.`,
    link: { href: "/refund-policy", label: "Read the refund policy" },
  };
}

/** The questions and answers, for a site with this refund window (its REFUND_WINDOW_DAYS). */
export function faqEntries(refundWindowDays: number): readonly FaqEntry[] {
  return FAQ_ENTRIES.map((entry) => (entry.id === "refunds" ? { ...entry, ...refundAnswer(refundWindowDays) } : entry));
}

const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: "install",
    question: `How do I install ${PRODUCT_NAME}?`,
    answer: `Choose a plan and your 12-character product key arrives by e-mail right away. Sign up with the key, open the Plugin tab of your dashboard and generate a plugin key. Install the ${PRODUCT_NAME} plugin, paste the plugin key when it asks, and you're ready to import your first frame.`,
    link: { href: GUIDE_PATH, label: "Read the setup guide, step by step" },
  },
  {
    id: "devices",
    question: "Which devices does the imported UI work on?",
    answer: `All of them. ${PRODUCT_NAME} sizes and positions every element relative to the screen, so the same UI fits phones, tablets, desktops and consoles in portrait and landscape, whatever their resolution or aspect ratio.`,
  },
  {
    id: "projects",
    question: "Can I use it in multiple projects?",
    answer: `Yes. Your subscription covers every game and every design file you work on, with no limit on the number of projects. Your plugin key is linked to one Roblox account; if you move to another account, reset the link from the Plugin tab of your dashboard.`,
  },
  {
    id: "refunds",
    question: "What is your refund policy?",
    answer: "",
  },
  {
    id: "auto-scaling",
    question: "How does auto-scaling work?",
    answer: `${PRODUCT_NAME} reads your frame's layout and converts every position and size into scale values relative to its parent, sets anchor points from where each element sits, and adds aspect-ratio constraints to layers tagged _lock. The result keeps its proportions on every screen without any manual resizing.`,
  },
  {
    id: "limits",
    question: "Are there any import limits?",
    answer: `No. Every plan includes unlimited imports. A typical screen is imported and scaled in under a minute, and you can re-import a frame as often as you like while you iterate on the design.`,
  },
];

/** The FAQ with the default refund window (REFUND_DAYS). */
export const FAQ = faqEntries(REFUND_DAYS);
