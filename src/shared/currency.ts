/** Every price is in US dollars: the currency code Stripe and the books use. */
export const CURRENCY = "usd";
