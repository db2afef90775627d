/**
 * The site's one route list. The SPA's router, the server's status
 * codes and head tags, robots.txt and sitemap.xml are all derived from it; /docs/{tag} takes its tags
 * from the tag catalogue (src/shared/tags.ts). Light on purpose: the home page's bundle carries it.
 */
import { PRODUCT_NAME, SUPPORT_RESPONSE_HOURS } from "./product";
import type { TagDoc } from "./tags/types";
import { LEGAL_PAGES, type LegalSlug } from "./legal";

export type RouteId =
  | "home"
  | "purchase"
  | "purchase-success"
  | "support"
  | "support-ticket"
  | "login"
  | "signup"
  | "reset-password"
  | "confirm-email"
  | "confirm-address"
  | "refund"
  | "dashboard"
  | "admin"
  | "docs"
  | "docs-guide"
  | "docs-tag"
  | LegalSlug;

export interface SiteRoute {
  id: RouteId;
  /** Exact path; `:name` is one path segment. */
  path: string;
  /**
   * server: served as complete HTML, rendered on the server and hydrated in the browser.
   * browser: signed-in screens, whose content is all per-visitor data.
   */
  render: "server" | "browser";
  /**
   * Listed in sitemap.xml, with a canonical URL. The rest say noindex: screens behind a login, and
   * the payment result and password reset pages, which only make sense from their own link.
   */
  indexable: boolean;
  /** The screen's name; the browser title is "{title} | Layerlift". */
  title: string;
  description: string;
  /**
   * Written in every language (docs/languages.md): under /de/… it is German, with hreflang alternates.
   * The others show their English content there, marked lang="en", with the English page as canonical.
   */
  translated?: boolean;
}

/** The setup guide: from the product key to a first import. */
export const GUIDE_PATH = "/docs/getting-started";

const SITE_DESCRIPTION = `${PRODUCT_NAME} imports your Figma designs into Roblox UI and scales them to every device with precision: auto device scaling, smart anchoring and imports in under a minute.`;

export const ROUTES: readonly SiteRoute[] = [
  {
    id: "home",
    path: "/",
    render: "server",
    indexable: true,
    title: "Import Figma Designs into Roblox UI",
    description: SITE_DESCRIPTION,
    translated: true,
  },
  {
    id: "purchase",
    path: "/purchase",
    render: "server",
    indexable: true,
    title: "Purchase",
    description: `Choose a ${PRODUCT_NAME} plan: one month, four months pro or lifetime access. Pay by card and your product key arrives by e-mail at once.`,
    translated: true,
  },
  {
    id: "purchase-success",
    path: "/purchase/success",
    // Server-rendered as its frame and a skeleton (the result is per visitor), so it paints at once.
    render: "server",
    indexable: false,
    title: "Payment",
    description: `The result of your ${PRODUCT_NAME} payment.`,
    translated: true,
  },
  {
    id: "support",
    path: "/support",
    render: "server",
    indexable: true,
    title: "Support",
    description: `Get help with ${PRODUCT_NAME}: community chat, tag documentation, answers to common questions and a contact form answered within ${SUPPORT_RESPONSE_HOURS} hours.`,
    translated: true,
  },
  {
    id: "support-ticket",
    path: "/support/ticket",
    // Server-rendered as its frame and a skeleton (the thread is the link's own), like the refund link's page.
    render: "server",
    indexable: false,
    title: "Support Ticket",
    description: `Your ${PRODUCT_NAME} support ticket: every message, and your answer.`,
    translated: true,
  },
  {
    id: "login",
    path: "/login",
    render: "server",
    indexable: true,
    title: "Login",
    description: `Log in to your ${PRODUCT_NAME} account to manage your subscription and plugin key.`,
    translated: true,
  },
  {
    id: "signup",
    path: "/signup",
    render: "server",
    indexable: true,
    title: "Sign Up",
    description: `Create your ${PRODUCT_NAME} account with the product key from your purchase e-mail.`,
    translated: true,
  },
  {
    id: "reset-password",
    path: "/reset-password",
    render: "server",
    indexable: false,
    title: "Reset Password",
    description: `Choose a new password for your ${PRODUCT_NAME} account.`,
    translated: true,
  },
  {
    id: "confirm-email",
    path: "/confirm-email",
    render: "server",
    indexable: false,
    title: "Confirm Email",
    description: `Confirm the new e-mail address of your ${PRODUCT_NAME} account.`,
    translated: true,
  },
  {
    id: "confirm-address",
    path: "/confirm-address",
    render: "server",
    indexable: false,
    title: "Confirm Email",
    description: `Confirm the e-mail address of your ${PRODUCT_NAME} account.`,
    translated: true,
  },
  {
    id: "refund",
    path: "/refund",
    render: "server",
    indexable: false,
    title: "Refund",
    description: `Refund a ${PRODUCT_NAME} purchase from the link in your product-key e-mail.`,
    translated: true,
  },
  {
    id: "dashboard",
    path: "/dashboard",
    render: "browser",
    indexable: false,
    title: "Dashboard",
    description: `Your ${PRODUCT_NAME} subscription, plugin key and settings.`,
    translated: true,
  },
  {
    id: "admin",
    path: "/admin",
    render: "browser",
    indexable: false,
    title: "Admin Panel",
    description: `${PRODUCT_NAME} administration.`,
  },
  {
    id: "docs",
    path: "/docs",
    render: "server",
    indexable: true,
    title: "Documentation",
    description: `${PRODUCT_NAME} documentation: every layer-name tag (_button, _scroll, _lock, # and more) with steps, examples and pitfalls, and a checker for your layer names.`,
  },
  {
    id: "docs-guide",
    path: GUIDE_PATH,
    render: "server",
    indexable: true,
    title: "Getting Started",
    description: `Set up ${PRODUCT_NAME} in six steps: your product key, your account, the plugin key, installing the plugin in Roblox Studio, linking your Roblox account and a first import. With fixes for every message the plugin can show.`,
    translated: true,
  },
  // After the guide: /docs/getting-started is the guide, not a tag.
  { id: "docs-tag", path: "/docs/:tag", render: "server", indexable: true, title: "Documentation", description: "" },
  // /terms, /privacy, /refund-policy, /imprint
  ...LEGAL_PAGES.map(({ slug, title, description }) => ({
    id: slug,
    path: `/${slug}`,
    render: "server" as const,
    indexable: true,
    title,
    description,
  })),
];

/** What robots.txt keeps crawlers out of: the signed-in screens and the API. */
export const DISALLOWED_PREFIXES = ["/dashboard", "/admin", "/api"] as const;

export interface RouteMatch {
  route: SiteRoute;
  params: Record<string, string>;
}

const SEGMENT = /^[a-z0-9-]+$/;

/**
 * The route a path belongs to, or null (the 404 page). Paths are exact: no trailing
 * slash, no capitals, so /Docs and /purchase/ are not found rather than near matches.
 */
export function matchRoute(path: string): RouteMatch | null {
  const parts = path.split("/");
  for (const route of ROUTES) {
    const pattern = route.path.split("/");
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((segment, i) => {
      if (segment.startsWith(":")) {
        if (!SEGMENT.test(parts[i])) return false;
        params[segment.slice(1)] = parts[i];
        return true;
      }
      return segment === parts[i];
    });
    if (matches) return { route, params };
  }
  return null;
}

export interface PageHead {
  /** The full browser title. */
  title: string;
  description: string;
  /** Null for pages that should not be indexed (see SiteRoute.indexable, and the 404 page). */
  canonicalPath: string | null;
}

export const fullTitle = (title: string) => `${title} | ${PRODUCT_NAME}`;

/** Head of a screen that isn't a tag page. */
export function routeHead(route: SiteRoute, path: string): PageHead {
  return {
    title: fullTitle(route.title),
    description: route.description,
    canonicalPath: route.indexable ? path : null,
  };
}

/** Head of a /docs/{tag} page. */
export function tagPageHead(tag: Pick<TagDoc, "slug" | "token" | "title" | "summary">): PageHead {
  return {
    title: fullTitle(`${tag.token} ${tag.title}`),
    description: `${tag.token}, the ${tag.title}: ${tag.summary}`,
    canonicalPath: `/docs/${tag.slug}`,
  };
}

export const NOT_FOUND_HEAD: PageHead = {
  title: fullTitle("Page Not Found"),
  description: "The page you're looking for doesn't exist or has been moved.",
  canonicalPath: null,
};
