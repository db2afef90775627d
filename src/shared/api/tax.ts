/** The tax part of checkout: what the buyer tells, and the breakdown shown before the card form. */
import { t, type Static } from "./type-system";

export const TaxModel = {
  /** Added to the create-payment-intent body; only read when tax is on. */
  buyerLocation: {
    country: t.Optional(
      t.String({
        maxLength: 2,
        description: "Billing country, ISO 3166-1 alpha-2 (e.g. DE). Required when tax is on.",
      }),
    ),
    postalCode: t.Optional(
      t.String({ maxLength: 16, description: "Billing postal code; required for US and CA when tax is on." }),
    ),
    taxId: t.Optional(
      t.String({ maxLength: 32, description: "A business's VAT / tax ID, for the reverse charge where it applies." }),
    ),
  },
  breakdown: t.Object({
    currency: t.String({ description: "ISO currency, lower case" }),
    subtotalCents: t.Integer({
      description: "The price before tax (exclusive) or the price that contains the tax (inclusive)",
    }),
    taxCents: t.Integer(),
    totalCents: t.Integer({ description: "What the card is charged" }),
    behavior: t.Union([t.Literal("inclusive"), t.Literal("exclusive")]),
    /** null with tax off. */
    tax: t.Nullable(
      t.Object({
        name: t.String({ description: "VAT, GST, Sales tax…" }),
        ratePercent: t.String({ description: "The rate as a decimal string, e.g. 19 or 8.875" }),
        country: t.String(),
        countryName: t.String(),
        reason: t.String({
          description: "The tax provider's taxability reason: standard_rated, reverse_charge, not_collecting…",
        }),
        label: t.String({
          description: 'What the buyer reads: "VAT 19 % (Germany)", "Reverse charge" or "No tax collected"',
        }),
        demo: t.Boolean({ description: "True for the built-in demo rates (TAX=demo)" }),
      }),
    ),
  }),
};

export type TaxBreakdown = Static<typeof TaxModel.breakdown>;
