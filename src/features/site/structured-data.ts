/**
 * JSON-LD for search engines, built from the same data the pages render: the plan catalogue
 * (SoftwareApplication with its offers), the FAQ in the page's language (FAQPage) and the tag catalogue (TechArticle).
 */
import type { FaqEntry } from "@shared/faq-entries";
import type { PlanView } from "@shared/api/pricing";
import { PRODUCT_NAME } from "@shared/product";
import { DEFAULT_LANGUAGE } from "@shared/languages";
import { TAGS, tagCategory } from "@shared/tags";
import type { ResolvedPage } from "./site-map";

type JsonLd = Record<string, unknown>;

function softwareApplication(appUrl: string, imageUrl: string, description: string, plans: PlanView[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: PRODUCT_NAME,
    description,
    url: `${appUrl}/`,
    image: imageUrl,
    applicationCategory: "DesignApplication",
    applicationSubCategory: "Roblox Studio plugin",
    operatingSystem: "Windows, macOS",
    offers: plans.map((plan) => ({
      "@type": "Offer",
      name: plan.name,
      description: plan.description,
      price: plan.price.toFixed(2),
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: `${appUrl}/purchase`,
    })),
  };
}

function faqPage(faq: readonly FaqEntry[], language: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: language,
    mainEntity: faq.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}

function techArticle(appUrl: string, imageUrl: string, page: ResolvedPage, path: string): JsonLd {
  const publisher = { "@type": "Organization", name: PRODUCT_NAME, url: `${appUrl}/` };
  const tag = page.tag;
  return {
    "@context": "https://schema.org",
    "@type": "TechArticle",
    headline: tag ? `${tag.token} ${tag.title}` : `${PRODUCT_NAME} layer tags`,
    description: page.head.description,
    url: appUrl + path,
    image: imageUrl,
    inLanguage: "en",
    author: publisher,
    publisher,
    about: { "@type": "SoftwareApplication", name: PRODUCT_NAME },
    ...(tag
      ? { articleSection: tagCategory(tag.category).name, proficiencyLevel: "Beginner" }
      : {
          hasPart: TAGS.map((t) => ({
            "@type": "TechArticle",
            headline: `${t.token} ${t.title}`,
            url: `${appUrl}/docs/${t.slug}`,
          })),
        }),
  };
}

/** The page's JSON-LD blocks; none for screens that aren't about the product or its docs. */
export function structuredData(
  page: ResolvedPage,
  path: string,
  appUrl: string,
  imageUrl: string,
  plans: PlanView[],
  faq: readonly FaqEntry[],
): JsonLd[] {
  switch (page.match?.route.id) {
    case "home":
    case "purchase":
      return [softwareApplication(appUrl, imageUrl, page.head.description, plans)];
    case "support":
      return [faqPage(faq, page.translated ? page.language : DEFAULT_LANGUAGE)];
    case "docs":
    case "docs-tag":
      return [techArticle(appUrl, imageUrl, page, path)];
    default:
      return [];
  }
}
