/**
 * The legal pages' text: the operator's own Markdown from LEGAL_DIR where a file is there, else the
 * template shipped in the executable (defaults/, imported as text), with the seller's details and the
 * refund settings written in, rendered to HTML with marked. Each page is read and rendered once per
 * process, on first use: restart the server after changing a file.
 */
import { existsSync, readFileSync } from "node:fs";
import { WITHDRAWAL_CONSENT_TEXT } from "@shared/withdrawal";
import { join } from "node:path";
import type { Marked } from "marked";
import type { Config } from "../../config";
import { LEGAL_PAGES, type LegalSlug } from "@shared/legal";
import { PRODUCT_NAME, REFUND_DAYS, SUPPORT_RESPONSE_HOURS } from "@shared/product";
import type { LegalDocument } from "@shared/api/legal";
import terms from "./defaults/terms.md" with { type: "text" };
import privacy from "./defaults/privacy.md" with { type: "text" };
import refundPolicy from "./defaults/refund-policy.md" with { type: "text" };
import imprint from "./defaults/imprint.md" with { type: "text" };
import { lazyRequire } from "../../lib/lazy-module";

const TEMPLATES: Record<LegalSlug, string> = { terms, privacy, "refund-policy": refundPolicy, imprint };

/** marked loads with the first legal page rendered, not at start (docs/architecture.md#decisions). */
const loadMarked = lazyRequire("legal pages (marked)", () => require("marked") as typeof import("marked"));
let markdown: Marked | null = null;

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** A value written into Markdown: no HTML, and no Markdown syntax of its own. */
const literal = (text: string) => escapeHtml(text).replace(/([\\`*_[\]#|])/g, "\\$1");
/** What a page says where a detail is missing: plain to the operator, and to anyone reading. */
const missing = (what: string) => `[Not filled in yet: ${what}]`;

function howToAsk(config: Config): string {
  const email = config.seller.email ? literal(config.seller.email) : "us (see the [imprint](/imprint))";
  if (config.refundWindowDays === 0)
    return `Write to ${email} from the address you bought with, within the ${REFUND_DAYS} days.`;
  const decision =
    config.selfServiceRefunds === "auto"
      ? "The refund is made at once."
      : `We look at each request and answer by e-mail within ${SUPPORT_RESPONSE_HOURS} hours.`;
  return [
    "- **With an account:** open your [dashboard](/dashboard?tab=purchases), go to **Purchases** and press **Request refund** beside the purchase.",
    `- **Without an account:** use the **Refund this purchase** link in the e-mail that brought your product key. It works for ${config.refundWindowDays} days after the purchase, while the key is unused.`,
    `- Or write to ${email} from the address you bought with, within ${config.refundWindowDays} days.`,
    "",
    decision,
  ].join("\n");
}

/** The values the templates name as {{name}}; an operator's own files may use them too. */
function placeholders(config: Config): Record<string, string> {
  const { seller } = config;
  const addressLines = seller.address
    .split(/\n|\\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map(literal);
  return {
    product: PRODUCT_NAME,
    siteUrl: config.appUrl,
    sellerName: seller.name ? literal(seller.name) : missing("SELLER_NAME"),
    sellerAddress: addressLines.length ? addressLines.join("  \n") : missing("SELLER_ADDRESS"),
    sellerAddressInline: addressLines.length ? addressLines.join(", ") : missing("SELLER_ADDRESS"),
    sellerEmail: seller.email ? literal(seller.email) : missing("SELLER_EMAIL"),
    sellerTaxId: seller.taxId ? literal(seller.taxId) : missing("SELLER_TAX_ID (or remove this line if you have none)"),
    refundDays: String(config.refundWindowDays || REFUND_DAYS),
    howToAsk: howToAsk(config),
    todo: "**[To be filled in by the operator]**",
    withdrawalConsentText: WITHDRAWAL_CONSENT_TEXT,
  };
}

/** The Markdown of a page: the operator's file if LEGAL_DIR has one, else the shipped template. */
export function legalMarkdown(config: Config, slug: LegalSlug): { text: string; source: "operator" | "template" } {
  const own = config.legalDir ? join(config.legalDir, `${slug}.md`) : null;
  if (own && existsSync(own)) return { text: readFileSync(own, "utf8"), source: "operator" };
  return { text: TEMPLATES[slug], source: "template" };
}

export function renderLegalDocument(config: Config, slug: LegalSlug): LegalDocument {
  const values = placeholders(config);
  const text = legalMarkdown(config, slug).text.replace(
    /\{\{(\w+)\}\}/g,
    (whole, name: string) => values[name] ?? whole,
  );
  const page = LEGAL_PAGES.find((candidate) => candidate.slug === slug)!;
  markdown ??= new (loadMarked().Marked)({ gfm: true, breaks: false });
  return { slug, title: page.title, html: markdown.parse(text, { async: false }) };
}

const rendered = new WeakMap<Config, Map<LegalSlug, LegalDocument>>();

/** The page as served: rendered on first use, then kept for the life of the process. */
export function legalDocument(config: Config, slug: LegalSlug): LegalDocument {
  let pages = rendered.get(config);
  if (!pages) {
    pages = new Map();
    rendered.set(config, pages);
  }
  let page = pages.get(slug);
  if (!page) {
    page = renderLegalDocument(config, slug);
    pages.set(slug, page);
  }
  return page;
}
