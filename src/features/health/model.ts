import { t, type Static } from "elysia";
import { Int, oneOf } from "../../lib/schemas";

export const HealthModel = {
  health: t.Object({ ok: t.Literal(true), uptimeSeconds: Int() }),
  /** What the SPA needs to know about this site. */
  publicConfig: t.Object({
    productName: t.String(),
    paymentProvider: oneOf(["stripe", "demo"]),
    stripePublishableKey: t.Nullable(t.String()),
  }),
};

export type PublicConfigResponse = Static<typeof HealthModel.publicConfig>;
