/** A seller as invoices print it. */
export const SELLER_ENV = {
  SELLER_NAME: "Layerlift Ltd",
  SELLER_ADDRESS: "1 Harbour Street, Dublin D02, Ireland",
  SELLER_TAX_ID: "IE1234567T",
  SELLER_EMAIL: "billing@layerlift.example",
};

/** A complete production configuration that loadConfig accepts: live-looking keys, a sender address, an https site. */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  JWT_SECRET: "a-production-secret-that-is-long-enough-0123456789",
  APP_URL: "https://layerlift.example",
  STRIPE_SECRET_KEY: "sk_live_abc",
  STRIPE_PUBLISHABLE_KEY: "pk_live_abc",
  STRIPE_WEBHOOK_SECRET: "whsec_abc",
  RESEND_API_KEY: "re_abc",
  EMAIL_FROM: "Layerlift <keys@layerlift.example>",
  PLUGIN_INSTALL_URL: "https://create.roblox.com/store/asset/1234567890/Layerlift",
  SELLER_ADDRESS: "1 Harbour Street, Dublin D02, Ireland",
};
