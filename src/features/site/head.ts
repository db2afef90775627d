/** Each page's <head>: title, description, canonical URL, link-preview tags, JSON-LD, fonts and the boot script. */
import { PRODUCT_NAME } from "@shared/product";
import type { FaqEntry } from "@shared/faq-entries";
import { BOOT_SCRIPT } from "./boot-script";
import type { ResolvedPage } from "./site-map";
import { structuredData } from "./structured-data";
import type { PlanView } from "@shared/api/pricing";

/** The link-preview picture (1200×630), served at a stable address. */
export const SOCIAL_IMAGE = {
  path: "/social-preview.png",
  width: 1200,
  height: 630,
  alt: `${PRODUCT_NAME}: a design frame with tagged layers imported into a Roblox game screen that scales to desktop, tablet and phone.`,
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** JSON inside <script>: no "</script>" or "<!--" can end it early. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

export interface HeadInput {
  page: ResolvedPage;
  path: string;
  /** APP_URL, without a trailing slash. */
  appUrl: string;
  /** @font-face rules (fonts.ts). */
  fonts: string;
  /** The plans on sale now, for the JSON-LD offers. */
  plans: PlanView[];
  /** PLUGIN_INSTALL_URL: the setup guide and the plugin key card read it from the page (web/lib/plugin-install-url.ts). */
  pluginInstallUrl?: string | null;
  /** The support page's questions and answers as it shows them (its language, REFUND_WINDOW_DAYS), for its JSON-LD. */
  faq?: readonly FaqEntry[];
  /** The page's version in each language (hreflang, with x-default), for a translated page. */
  alternates?: { hreflang: string; path: string }[];
}

export function pageHead({
  page,
  path,
  appUrl,
  fonts,
  plans,
  pluginInstallUrl = null,
  faq = [],
  alternates = [],
}: HeadInput): string {
  const { title, description, canonicalPath } = page.head;
  const url = appUrl + (canonicalPath ?? path);
  const image = appUrl + SOCIAL_IMAGE.path;
  const meta = (attribute: "name" | "property", key: string, content: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}">`;
  const tags = [
    `<script>${BOOT_SCRIPT}</script>`,
    `<title>${escapeHtml(title)}</title>`,
    meta("name", "description", description),
    canonicalPath ? `<link rel="canonical" href="${escapeHtml(url)}">` : meta("name", "robots", "noindex"),
    ...alternates.map(
      ({ hreflang, path }) =>
        `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(appUrl + (path === "/" ? "/" : path))}">`,
    ),
    meta("property", "og:site_name", PRODUCT_NAME),
    meta("property", "og:type", page.tag ? "article" : "website"),
    meta("property", "og:title", title),
    meta("property", "og:description", description),
    meta("property", "og:url", url),
    meta("property", "og:image", image),
    meta("property", "og:image:type", "image/png"),
    meta("property", "og:image:width", SOCIAL_IMAGE.width),
    meta("property", "og:image:height", SOCIAL_IMAGE.height),
    meta("property", "og:image:alt", SOCIAL_IMAGE.alt),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", title),
    meta("name", "twitter:description", description),
    meta("name", "twitter:image", image),
    meta("name", "twitter:image:alt", SOCIAL_IMAGE.alt),
    ...structuredData(page, path, appUrl, image, plans, faq).map(
      (data) => `<script type="application/ld+json">${scriptJson(data)}</script>`,
    ),
    ...(pluginInstallUrl ? [meta("name", "plugin-install-url", pluginInstallUrl)] : []),
    fonts,
  ];
  return tags.join("\n    ");
}
