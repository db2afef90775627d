/**
 * The setup guide's troubleshooting: one entry for every failure code POST /api/plugin/validate can
 * answer (src/features/plugin/answers.ts; a test keeps the two in step), plus the two things the plugin
 * can meet that are not an answer of the call: the dashboard's reset cooldown and no answer at all.
 * Each says what the plugin shows, why, and what to do, with the site's own button names.
 */
import { PRODUCT_NAME } from "./product";

export interface TroubleshootingEntry {
  /** The anchor on the guide (#id). */
  id: string;
  /** The validate call's code, or null for what is not one of its answers. */
  code: string | null;
  /** What the user sees, as the heading. */
  title: string;
  cause: string;
  /** What to do, in order. */
  fix: readonly string[];
}

export const PLUGIN_TROUBLESHOOTING: readonly TroubleshootingEntry[] = [
  {
    id: "subscription-expired",
    code: "SUBSCRIPTION_EXPIRED",
    title: "“Your subscription has ended”",
    cause: "The plugin key is right, but the subscription behind it has run out (or the account never redeemed a key).",
    fix: [
      "Open your dashboard's Subscription tab and press Renew under Renew / Extend, or buy a plan on the Purchase page and enter its product key under Redeem a product key (Redeem Key).",
      "Your plugin key and linked Roblox account stay the same: the plugin works again at its next check.",
    ],
  },
  {
    id: "key-replaced",
    code: "INVALID_KEY",
    title: "“This plugin key is not valid”",
    cause:
      "The key was replaced by a newer one (Generate Plugin Key makes a new key and the old one stops at once), or it was pasted incompletely.",
    fix: [
      "Open your dashboard's Plugin tab and press Copy next to your plugin key.",
      "Paste it into the plugin again, replacing what is there.",
    ],
  },
  {
    id: "seat-ended",
    code: "SEAT_ENDED",
    title: "“This plugin key's seat no longer exists”",
    cause:
      "The key was one seat of a team's licence, and the licence has fewer seats now: the seat your key belonged to ended.",
    fix: [
      "Ask the owner of your team's licence for a seat: in their dashboard's Plugin tab they press Generate key on a free seat and give you the key.",
      "Paste the new key into the plugin, replacing the old one.",
    ],
  },
  {
    id: "another-account",
    code: "ACCOUNT_MISMATCH",
    title: "“This plugin key is linked to another Roblox account”",
    cause:
      "Your key is linked to the Roblox account that first used it, and Studio is now signed in with a different one. The key's owner also gets an e-mail about it.",
    fix: [
      "Sign in to Roblox Studio with the account shown under Linked Roblox account in your dashboard's Plugin tab, or",
      "press Reset Linked Account there (then Yes, reset it): the next account that uses the key in the plugin is linked instead.",
    ],
  },
  {
    id: "reset-cooldown",
    code: null,
    title: "“Cooldown active” when resetting the linked account",
    cause:
      "The linked account can be reset once in a while only, so a shared key can't hop between accounts. The dashboard says how long is left.",
    fix: [
      "Until then, use the plugin from the Roblox account that is linked now.",
      "When the time is up, press Reset Linked Account again.",
    ],
  },
  {
    id: "subscription-on-hold",
    code: "SUBSCRIPTION_SUSPENDED",
    title: "“Your subscription is on hold”",
    cause:
      "The payment for your subscription is disputed with your bank, so access waits until the dispute ends. The time it is on hold is added back when it resumes.",
    fix: ["Contact support from the Support page: we help you settle it with your bank."],
  },
  {
    id: "too-many-checks",
    code: "RATE_LIMITED",
    title: "“Too many validation requests”",
    cause: "The plugin checked the key many times in a short while, from your network or with your key.",
    fix: ["Wait a minute and try again. If it keeps happening, contact support from the Support page."],
  },
  {
    id: "bad-request",
    code: "INVALID_REQUEST",
    title: "“Send key (your plugin key) and robloxUserId”",
    cause:
      "The plugin sent the check without a key, or without the Roblox account it runs under (for example when Studio is not signed in).",
    fix: [
      "Sign in to Roblox Studio, then paste your plugin key into the plugin again.",
      `Update the ${PRODUCT_NAME} plugin from its store page. If it persists, contact support.`,
    ],
  },
  {
    id: "server-unreachable",
    code: null,
    title: "The plugin can't reach the server",
    cause: `The check never got an answer: no internet connection, a firewall or proxy in the way, or Studio not allowing the plugin to connect to ${PRODUCT_NAME}'s site.`,
    fix: [
      "Check your internet connection, and that a browser can open this site.",
      `When Studio asks whether ${PRODUCT_NAME} may connect to this site, choose Allow. If you denied it, open Manage Plugins in Studio's Plugins tab and allow the site for ${PRODUCT_NAME}.`,
      "Try again in a few minutes; if it still fails, contact support from the Support page.",
    ],
  },
];
