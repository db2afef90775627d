/**
 * Adding seats mid-term (docs/accounts.md#seats): more seats for the signed-in account's running subscription, on
 * its plan, each priced to the whole days left of it (quote.ts). Paid, they are the account's at once, with no
 * product key (fulfilment.ts).
 */
import type { AppDeps } from "../../deps";
import type { PaymentIntentResponse } from "@shared/api/payments";
import type { User } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { MAX_SEATS, seatsText } from "@shared/seats";
import type { BuyerLocation } from "../tax/service";
import { getSubscription } from "../users/service";
import { effectiveStatus } from "../subscriptions/view";
import { seatCount } from "../seats/service";
import { createPaymentIntent, type BuyerChoices } from "./start-payment";
import { wholeDaysLeft } from "./quote";

type AddSeatsDeps = Pick<AppDeps, "payments" | "db" | "clock" | "limiter" | "config" | "tax">;

/**
 * Starts the payment for `seats` more seats: 409 with no running subscription (none, ended, or on hold while a
 * payment is disputed), 422 INVALID_SEATS when the licence would have more than MAX_SEATS. Nothing is reserved then.
 */
export async function createAddSeatsIntent(
  deps: AddSeatsDeps,
  user: User,
  input: { seats: number; promotionCode?: string | null } & BuyerLocation & BuyerChoices,
  clientIp: string,
): Promise<PaymentIntentResponse> {
  const now = deps.clock.now();
  const sub = await getSubscription(deps.db, user.id);
  if (!sub)
    throw new AppError(409, "NO_SUBSCRIPTION", "You have no subscription to add seats to. Please buy a plan first.");
  const status = effectiveStatus(sub, now);
  if (status === "expired")
    throw new AppError(
      409,
      "SUBSCRIPTION_EXPIRED",
      "Your subscription has ended. Please renew it with the seats you need instead.",
    );
  if (status === "suspended")
    throw new AppError(
      409,
      "SUBSCRIPTION_SUSPENDED",
      "Your access is on hold while a payment is disputed, so seats can't be added now.",
    );
  const current = await seatCount(deps.db, user.id);
  if (current + input.seats > MAX_SEATS)
    throw new AppError(
      422,
      "INVALID_SEATS",
      `You have ${seatsText(current)}; a licence has at most ${MAX_SEATS}, so you can add ${Math.max(0, MAX_SEATS - current)} more.`,
    );
  return createPaymentIntent(deps, { ...input, plan: sub.plan, email: user.email }, clientIp, {
    id: user.id,
    adding: { daysLeft: wholeDaysLeft(sub.endDate, now) },
  });
}
