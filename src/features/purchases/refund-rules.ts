/** When a buyer may refund a purchase themselves: inside the window, not refunded or asked for already, not disputed. */
import type { Config } from "../../config";
import type { BuyerRefund, Sale } from "../../db/schema";
import { DAY } from "../../lib/clock";
import { conflict } from "../../lib/errors";
import { fillSentence } from "@shared/sentence";
import type { RefundRefusalCode } from "@shared/api/purchases";

export const refundDeadline = (config: Pick<Config, "refundWindowDays">, sale: Pick<Sale, "createdAt">) =>
  config.refundWindowDays > 0 ? sale.createdAt + config.refundWindowDays * DAY : null;

/** The sentence each refusal is answered with (`{days}`: the refund window). */
export const REFUND_REFUSALS: Record<RefundRefusalCode, string> = {
  REFUNDS_OFF: "Refunds are not made from the dashboard on this site. Please contact support.",
  ALREADY_REFUNDED: "This purchase has already been refunded.",
  REQUESTED: "A refund for this purchase has already been requested.",
  DECLINED:
    "A refund for this purchase was already requested and declined. Please contact support if you have questions.",
  REQUEST_CLOSED: "A refund for this purchase has already been requested. Please contact support.",
  DISPUTED: "This payment is disputed with your bank, so it can't be refunded while the dispute is open.",
  PARTLY_REFUNDED: "Part of this purchase has already been refunded. Please contact support about the rest.",
  WINDOW_OVER: "Purchases can be refunded here for {days} days; this one is older. Please contact support.",
  ON_ACCOUNT: "This key is already on an account. Sign in and refund it from your dashboard's Purchases.",
};

/** Why a purchase can't be refunded here: its stable code and its sentence. */
export interface RefundRefusal {
  code: RefundRefusalCode;
  message: string;
  /** The refund window, which WINDOW_OVER's sentence names. */
  days?: number;
}

export function refusal(code: RefundRefusalCode, days?: number): RefundRefusal {
  const message = fillSentence(REFUND_REFUSALS[code], days === undefined ? {} : { days });
  return days === undefined ? { code, message } : { code, message, days };
}

/** 409 REFUND_NOT_POSSIBLE: the refusal's sentence, its code as `reason` (and the window's `days` where named). */
export const refusalError = ({ code, message, days }: RefundRefusal) =>
  Object.assign(conflict("REFUND_NOT_POSSIBLE", message), {
    extra: days === undefined ? { reason: code } : { reason: code, days },
  });

/** Why this purchase can't be refunded here, or null when it can. */
export function refundRefusal(
  config: Pick<Config, "refundWindowDays">,
  sale: Sale,
  request: BuyerRefund | null,
  now: number,
): RefundRefusal | null {
  if (config.refundWindowDays === 0) return refusal("REFUNDS_OFF");
  if (sale.status === "refunded") return refusal("ALREADY_REFUNDED");
  if (request?.status === "pending" || request?.status === "processing") return refusal("REQUESTED");
  if (request?.status === "declined") return refusal("DECLINED");
  if (request) return refusal("REQUEST_CLOSED");
  if (sale.status === "disputed") return refusal("DISPUTED");
  if (sale.refundedCents > 0) return refusal("PARTLY_REFUNDED");
  if (now > refundDeadline(config, sale)!) return refusal("WINDOW_OVER", config.refundWindowDays);
  return null;
}
