/**
 * Every answer of POST /api/plugin/validate, written once: its status, its stable code, what it means
 * for a plugin author and the sentence the plugin shows its user. The validation code answers from this
 * table, and the OpenAPI document and the plugin authors' page are made from it.
 */
interface PluginAnswer {
  status: number;
  code: string;
  /** For the plugin author. */
  meaning: string;
  /** For the plugin's user; null for the success answer, which carries the subscription instead. */
  message: string | null;
}

export const PLUGIN_ANSWERS = {
  valid: {
    status: 200,
    code: "VALID",
    message: null,
    meaning: "The key is valid and its subscription is running. The first valid call links robloxUserId to the key.",
  },
  notJson: {
    status: 400,
    code: "INVALID_REQUEST",
    meaning: "The body is not JSON.",
    message: 'The request body must be JSON: {"key": "ll_…", "robloxUserId": "123"}.',
  },
  badInput: {
    status: 422,
    code: "INVALID_REQUEST",
    meaning: "key is missing, or robloxUserId is not digits only.",
    message: "Send key (your plugin key) and robloxUserId (digits only).",
  },
  badNonce: {
    status: 422,
    code: "INVALID_REQUEST",
    meaning: "nonce is not 8–64 URL-safe characters.",
    message: "The nonce must be 8 to 64 characters: letters, digits, - or _.",
  },
  invalidKey: {
    status: 401,
    code: "INVALID_KEY",
    meaning: "No account has this key (never issued, or replaced by a newer key).",
    message: "This plugin key is not valid. Generate a new key from your dashboard and paste it into the plugin.",
  },
  expired: {
    status: 403,
    code: "SUBSCRIPTION_EXPIRED",
    meaning: "The key is real but its subscription has ended (or the account has none).",
    message: "Your subscription has ended. Redeem a new product key from your dashboard to keep using the plugin.",
  },
  suspended: {
    status: 403,
    code: "SUBSCRIPTION_SUSPENDED",
    meaning:
      "The payment for this subscription is disputed with the buyer's bank: access is on hold until the dispute ends.",
    message:
      "Your subscription is on hold because its payment is disputed with your bank. Please contact support to resolve it.",
  },
  seatEnded: {
    status: 403,
    code: "SEAT_ENDED",
    meaning:
      "The key belonged to a seat of a licence for several people, and that seat no longer exists (the licence has fewer seats now, or was refunded).",
    message: "This plugin key's seat no longer exists. Ask the owner of your team's licence for a seat and a new key.",
  },
  accountMismatch: {
    status: 409,
    code: "ACCOUNT_MISMATCH",
    meaning:
      "The key is linked to another Roblox account. The owner resets it from the dashboard; the owner gets at most one alert e-mail an hour.",
    message:
      "This plugin key is linked to another Roblox account. Reset the linked account from your dashboard to use it here.",
  },
  rateLimited: {
    status: 429,
    code: "RATE_LIMITED",
    meaning: "Too many calls from this IP address or with this key. Wait Retry-After seconds.",
    message: "Too many validation requests. Please wait a moment and try again.",
  },
} as const satisfies Record<string, PluginAnswer>;

export type PluginFailure = Exclude<keyof typeof PLUGIN_ANSWERS, "valid">;
type PluginFailureCode = (typeof PLUGIN_ANSWERS)[PluginFailure]["code"];

export const PLUGIN_FAILURE_CODES = [
  ...new Set(
    Object.values(PLUGIN_ANSWERS)
      .map((answer) => answer.code)
      .filter((code) => code !== "VALID"),
  ),
] as [PluginFailureCode, ...PluginFailureCode[]];
