/**
 * What the buyer's window is told when its payment was cancelled because the buyer started the same once-per-buyer
 * code's payment in another window: that one goes on, so this is no failure (the demo card's 409 PAYMENT_TAKEN_OVER,
 * and a card form that found its payment cancelled and asked /api/payment/cancel why).
 */
export const PAYMENT_TAKEN_OVER_MESSAGE =
  "This payment continues in another window, where you started it again. Finish it there; nothing was charged here.";
