/** The product's name, written once: every page, e-mail and document says it from here. */
export const PRODUCT_NAME = "Layerlift";

/** The product's business constants that both the server and the SPA use. */
export const PRODUCT_KEY_LENGTH = 12;
export const MIN_PASSWORD_LENGTH = 8;
export const KEY_GENERATION_MIN = 1;
export const KEY_GENERATION_MAX = 100;
export const REFUND_DAYS = 7;
export const SUPPORT_RESPONSE_HOURS = 24;
export const REVIEW_COMMENT_MAX = 500;
export const REVIEW_NAME_MAX = 40;
export const COMMUNITY_CHAT_URL = "https://discord.gg/layerlift";

/** Upper-case, strip everything but letters and digits, cut to 12: how sign-up and redeem read a typed key. */
export function normaliseProductKey(raw: string): string {
  return raw
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, PRODUCT_KEY_LENGTH);
}
