/** GET /api/config's answer: what the pages need to know of the configuration, and nothing secret. */
import type { Config } from "../../config";
import { PRODUCT_NAME } from "@shared/product";
import type { PublicConfigResponse } from "@shared/api/health";

export function publicConfig(config: Config): PublicConfigResponse {
  return {
    productName: PRODUCT_NAME,
    paymentProvider: config.stripe ? "stripe" : "demo",
    stripePublishableKey: config.stripe ? config.stripe.publishableKey || config.stripeFallbackPublishableKey : null,
    tax: config.tax.mode,
    withdrawalConsent: config.withdrawalConsent,
    refundWindowDays: config.refundWindowDays,
  };
}
