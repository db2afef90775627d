/** What a refund did to the key it paid for, as the refund notice e-mail tells the buyer. */
export const REFUND_KEY_OUTCOMES = [
  /** A partial refund: the key and the access it gave stay as they are. */
  "kept",
  /** The key was never redeemed: it was deleted. */
  "removed",
  /** The key's days were taken off the subscription it was redeemed on (which may have ended). */
  "days-removed",
  /** The refunded key was a lifetime key: the access it gave has ended. */
  "lifetime-ended",
  /** A time-limited key on an account that has lifetime access from another key: nothing changes. */
  "lifetime-kept",
  /** Refunded before any key was issued. */
  "none",
  /** A payment for added seats: those seats ended, the account's access stays. */
  "seats-ended",
  /** A partial refund of a payment for added seats: the seats stay. */
  "seats-kept",
] as const;
export type RefundKeyOutcome = (typeof REFUND_KEY_OUTCOMES)[number];
