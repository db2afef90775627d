/** The states the admin key list shows and filters by, with the operator's words for them. */
export const ADMIN_KEY_STATE_LABELS = {
  unsold: "Unsold",
  sold: "Sold (not redeemed)",
  redeemed: "Redeemed",
  refunded: "Refunded",
} as const;

export type AdminKeyState = keyof typeof ADMIN_KEY_STATE_LABELS;

export const ADMIN_KEY_STATES = Object.keys(ADMIN_KEY_STATE_LABELS) as [AdminKeyState, ...AdminKeyState[]];
