/**
 * Data a server-rendered page is rendered with (the price list, a promotion code from the address),
 * carried in the page so the browser starts from the very same answers: its query cache is filled
 * with them before it takes over the server's HTML.
 */
export const PAGE_DATA_ID = "page-data";

/** One react-query entry: its key and the answer. */
export interface QuerySeed {
  key: readonly unknown[];
  data: unknown;
}

/** The query key of the price list, GET /api/plans. */
export const PLANS_QUERY_KEY = ["/api/plans"] as const;

/** The query key of a promotion code look-up, GET /api/promotion-codes/:code (the code upper-case). */
export const promotionQueryKey = (code: string) => ["/api/promotion-codes", code.trim().toUpperCase()] as const;

/**
 * The offer an English page makes, in the visitor's own language, when their browser prefers a language
 * the site has (never a redirect): its words come with the page, so it renders on the server.
 */
export interface LanguageOffer {
  language: string;
  text: string;
  open: string;
  dismiss: string;
}

/** The query key the offer is seeded under; absent when there is no offer. */
export const LANGUAGE_OFFER_QUERY_KEY = ["language-offer"] as const;
