/**
 * The states the admin key list shows and filters by, with the operator's words for them. An unsold key is
 * one the overview counts as available: neither bought nor used.
 */
export const ADMIN_KEY_STATE_LABELS = {
  unsold: "Available (unsold)",
  sold: "Sold (not redeemed)",
  redeemed: "Redeemed",
  refunded: "Refunded",
} as const;

export type AdminKeyState = keyof typeof ADMIN_KEY_STATE_LABELS;

export const ADMIN_KEY_STATES = Object.keys(ADMIN_KEY_STATE_LABELS) as [AdminKeyState, ...AdminKeyState[]];
