/** The legal pages: their paths, names and what each is for. The server renders their Markdown. */
export const LEGAL_PAGES = [
  {
    slug: "terms",
    title: "Terms of Service",
    description: "The terms under which the plugin and its licences are sold and used.",
  },
  {
    slug: "privacy",
    title: "Privacy Policy",
    description: "What personal data the site stores, why, for how long, who else handles it, and your rights.",
  },
  {
    slug: "refund-policy",
    title: "Refund Policy",
    description: "How to get your money back, and what a refund does to your subscription.",
  },
  { slug: "imprint", title: "Imprint", description: "Who sells the plugin, and how to reach them." },
] as const;

export type LegalSlug = (typeof LEGAL_PAGES)[number]["slug"];

export const isLegalSlug = (value: string): value is LegalSlug => LEGAL_PAGES.some((page) => page.slug === value);
