import { t, type Static } from "./type-system";
import { Int, oneOf } from "./common";

const healthStatus = {
  ok: t.Boolean({ description: "true when status is ok" }),
  status: oneOf(["ok", "degraded", "stopping"], {
    description: "stopping: the server has been told to stop and is draining (answers 503)",
  }),
};

/** The backups, as admins see them: the schedule, the newest good backup, the last failure and drill. */
const backupStatus = t.Object(
  {
    scheduled: t.Boolean({ description: "BACKUP_URL is set: backups go to S3-compatible storage on a schedule" }),
    everySeconds: Int({ description: "BACKUP_EVERY in seconds" }),
    lastGood: t.Nullable(
      t.Object({
        at: Int({ description: "When it was taken (ms since the epoch)" }),
        ageSeconds: Int(),
        name: t.Nullable(t.String()),
      }),
    ),
    lastFailure: t.Nullable(t.Object({ at: Int(), problem: t.String() }), {
      description: "The newest scheduled backup, when it failed",
    }),
    drill: t.Nullable(
      t.Object({ at: Int(), ok: t.Boolean(), problem: t.Nullable(t.String()), name: t.Nullable(t.String()) }),
      { description: "The last restore drill" },
    ),
    warning: t.Nullable(t.String({ description: "Why an admin should look, one sentence; null when all is well" })),
  },
  { title: "BackupStatus" },
);

/** Which database the site runs on; shown to an admin or the metrics token only. */
const databaseInfo = t.Object({
  engine: oneOf(["sqlite", "postgres"], {
    description: "sqlite: the file at DATABASE_PATH; postgres: the server DATABASE_URL names",
  }),
});

/** What anyone gets. */
const health = t.Object(healthStatus, { title: "Health" });
/** What an admin's session or the metrics token gets. */
const healthDetails = t.Object(
  {
    ...healthStatus,
    reasons: t.Array(t.String(), { description: "Why the site is degraded, one sentence each; empty when ok" }),
    version: t.String({ description: "The release this instance runs (`layerlift --version`)" }),
    uptimeSeconds: Int(),
    database: databaseInfo,
    email: t.Nullable(
      t.Object({
        pending: Int({ description: "E-mails waiting to be sent" }),
        failed: Int({ description: "E-mails given up on after a day of retries" }),
        oldestPendingMinutes: t.Nullable(Int({ description: "How long the oldest unsent e-mail has waited" })),
      }),
      { description: "null when the database can't be reached" },
    ),
    backup: t.Nullable(backupStatus, { description: "null when the database can't be reached" }),
  },
  { title: "HealthDetails" },
);

const detailsExample = (ok: boolean) => ({
  ok,
  status: ok ? "ok" : "degraded",
  reasons: ok ? [] : ["3 e-mails have failed for good; retry them from the admin E-mails tab"],
  version: "1.0.0",
  uptimeSeconds: 86_400,
  database: { engine: "sqlite" },
  email: { pending: 0, failed: ok ? 0 : 3, oldestPendingMinutes: null },
  backup: {
    scheduled: true,
    everySeconds: 21_600,
    lastGood: { at: 1_795_000_000_000, ageSeconds: 7_200, name: "layerlift-2026-11-18T11-06-40Z-k3x9ab.backup" },
    lastFailure: null,
    drill: { at: 1_795_000_100_000, ok: true, problem: null, name: "layerlift-2026-11-18T11-06-40Z-k3x9ab.backup" },
    warning: null,
  },
});

/**
 * An answer of either shape. Details first: an answer is checked against the first shape it fits, so
 * the details are kept whole. The examples (the public shape first) are what the API reference shows
 * for it; without them it shows a picker between the two shapes whose name, "Schema", doesn't contain
 * the shape's title it shows, so a screen reader's user can't match it to what they see.
 */
const healthAnswer = (ok: boolean) =>
  t.Union([healthDetails, health], {
    examples: [{ ok, status: ok ? "ok" : "degraded" }, detailsExample(ok)],
  });

export const HealthModel = {
  health,
  healthDetails,
  /** 200: the site can do its job (or is degraded, unless ?strict=1 was asked). */
  healthy: healthAnswer(true),
  /** 503: degraded with ?strict=1, or stopping. */
  unavailable: healthAnswer(false),
  healthQuery: t.Object({
    strict: t.Optional(
      oneOf(["1", "true"], {
        description: "Answer 503 when degraded (for load balancers)",
        error: "strict must be 1 or true.",
      }),
    ),
  }),
  /** What the SPA needs to know about this site. */
  publicConfig: t.Object({
    productName: t.String(),
    paymentProvider: oneOf(["stripe", "demo"]),
    stripePublishableKey: t.Nullable(t.String()),
    tax: oneOf(["off", "stripe", "demo"], {
      description: "Whether checkout asks for the billing location and adds tax (TAX)",
    }),
    withdrawalConsent: oneOf(["eu", "always"], {
      description:
        "Who checkout asks to agree to immediate supply (WITHDRAWAL_CONSENT): buyers billed in the EU/EEA when tax is on, or everyone",
    }),
    refundWindowDays: t.Integer({
      minimum: 0,
      description:
        "Days a buyer can refund a purchase themselves (REFUND_WINDOW_DAYS); 0 when self-service refunds are off",
    }),
  }),
};

export type HealthReport = Static<typeof HealthModel.healthDetails>;
export type BackupStatusView = Static<typeof backupStatus>;
export type HealthAnswer = Static<typeof HealthModel.health>;
export type PublicConfigResponse = Static<typeof HealthModel.publicConfig>;
