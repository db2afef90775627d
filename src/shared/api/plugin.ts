import { t, type Static } from "./type-system";
import { Int, IsoDate, oneOf, PlanId } from "./common";
import { SubscriptionModel } from "./subscriptions";
import { PLUGIN_FAILURE_CODES } from "./plugin-answers";

/** A validate call's optional nonce: 8–64 URL-safe characters. */
export const LEASE_NONCE_PATTERN = "^[A-Za-z0-9_-]{8,64}$";

export const PluginModel = {
  /** POST /api/plugin/validate's body (parsed by the route itself, so broken JSON also answers in the plugin's shape). */
  validateBody: t.Object({
    key: t.String({
      minLength: 1,
      maxLength: 128,
      description: "The plugin key from the dashboard's Plugin tab (ll_ + 32 characters).",
    }),
    robloxUserId: t.Union(
      [t.String({ pattern: "^[0-9]{1,19}$" }), t.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })],
      { description: "The Roblox user ID of the person using the plugin, digits only (a string or a whole number)." },
    ),
    nonce: t.Optional(
      t.String({
        pattern: LEASE_NONCE_PATTERN,
        description:
          "Optional: 8–64 characters (letters, digits, - and _), random. Send a new one only when saving a new lease (none saved, or past its checkAfter): the lease echoes it, so a recorded answer can't pass for a fresh one, and each costs a new signature.",
      }),
    ),
  }),
  valid: t.Object(
    {
      valid: t.Literal(true),
      code: t.Literal("VALID"),
      plan: PlanId,
      status: oneOf(["active", "cancelled"], { description: "cancelled: the plugin keeps working until endDate." }),
      endDate: t.Nullable(IsoDate, { description: "null for lifetime access" }),
      timeRemaining: t.Nullable(SubscriptionModel.timeRemaining),
      linkedRobloxAccountId: t.String(),
      lease: t.String({
        description:
          "A compact JWS (EdDSA, Ed25519) the plugin keeps and trusts offline until its exp; verify it with a key from /.well-known/jwks.json.",
      }),
    },
    { title: "PluginValid" },
  ),
  failure: t.Object(
    {
      valid: t.Literal(false),
      code: oneOf(PLUGIN_FAILURE_CODES),
      error: t.String({ description: "Same as code." }),
      message: t.String({ description: "A sentence to show the user." }),
      retryAfterSeconds: t.Optional(Int({ description: "Only with RATE_LIMITED." })),
    },
    { title: "PluginFailure" },
  ),
  generatedKey: t.Object({ figmaKey: t.String({ description: "ll_ + 32 characters" }) }),
  linkedAccount: t.Object({
    linkedRobloxAccountId: t.Nullable(t.String()),
    linkedAt: t.Nullable(IsoDate),
    resetCooldownHours: t.Number({ description: "How long after a reset the owner must wait before the next one." }),
  }),
  unlinked: t.Object({ linkedRobloxAccountId: t.Null() }),
  /** 429 while the owner's reset cooldown runs. */
  cooldown: t.Object(
    {
      error: t.Literal("COOLDOWN_ACTIVE"),
      message: t.String(),
      remainingMs: Int({ description: "Milliseconds until the next reset is allowed." }),
      minutes: Int({ description: "The same wait in whole minutes, rounded up, as the message names it." }),
    },
    { title: "CooldownError" },
  ),
};

export type PluginValidateSuccess = Static<typeof PluginModel.valid>;
export type PluginValidateFailure = Static<typeof PluginModel.failure>;
export type GeneratePluginKeyResponse = Static<typeof PluginModel.generatedKey>;
export type LinkedAccountResponse = Static<typeof PluginModel.linkedAccount>;
