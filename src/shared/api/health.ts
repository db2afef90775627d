import { t, type Static } from "./type-system";
import { Int, oneOf } from "./common";

const healthStatus = {
  ok: t.Boolean({ description: "true when status is ok" }),
  status: oneOf(["ok", "degraded", "stopping"], { description: "stopping: the server has been told to stop and is draining (answers 503)" }),
};

export const HealthModel = {
  /** What anyone gets. */
  health: t.Object(healthStatus, { title: "Health" }),
  /** What an admin's session or the metrics token gets. */
  healthDetails: t.Object({
    ...healthStatus,
    reasons: t.Array(t.String(), { description: "Why the site is degraded, one sentence each; empty when ok" }),
    uptimeSeconds: Int(),
    email: t.Object({
      pending: Int({ description: "E-mails waiting to be sent" }),
      failed: Int({ description: "E-mails given up on after a day of retries" }),
      oldestPendingMinutes: t.Nullable(Int({ description: "How long the oldest unsent e-mail has waited" })),
    }),
  }, { title: "HealthDetails" }),
  healthQuery: t.Object({
    strict: t.Optional(oneOf(["1", "true"], { description: "Answer 503 when degraded (for load balancers)", error: "strict must be 1 or true." })),
  }),
  /** What the SPA needs to know about this site. */
  publicConfig: t.Object({
    productName: t.String(),
    paymentProvider: oneOf(["stripe", "demo"]),
    stripePublishableKey: t.Nullable(t.String()),
    tax: oneOf(["off", "stripe", "demo"], { description: "Whether checkout asks for the billing location and adds tax (TAX)" }),
  }),
};

export type HealthReport = Static<typeof HealthModel.healthDetails>;
export type HealthAnswer = Static<typeof HealthModel.health>;
export type PublicConfigResponse = Static<typeof HealthModel.publicConfig>;
