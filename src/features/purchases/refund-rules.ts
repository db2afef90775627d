/** When a buyer may refund a purchase themselves: inside the window, not refunded or asked for already, not disputed. */
import type { Config } from "../../config";
import type { BuyerRefund, Sale } from "../../db/schema";
import { DAY } from "../../lib/clock";

export const refundDeadline = (config: Pick<Config, "refundWindowDays">, sale: Pick<Sale, "createdAt">) =>
  config.refundWindowDays > 0 ? sale.createdAt + config.refundWindowDays * DAY : null;

/** The sentence that says why this purchase can't be refunded here, or null when it can. */
export function refundRefusal(
  config: Pick<Config, "refundWindowDays">,
  sale: Sale,
  request: BuyerRefund | null,
  now: number,
): string | null {
  if (config.refundWindowDays === 0)
    return "Refunds are not made from the dashboard on this site. Please contact support.";
  if (sale.status === "refunded") return "This purchase has already been refunded.";
  if (request?.status === "pending" || request?.status === "processing")
    return "A refund for this purchase has already been requested.";
  if (request?.status === "declined")
    return "A refund for this purchase was already requested and declined. Please contact support if you have questions.";
  if (request) return "A refund for this purchase has already been requested. Please contact support.";
  if (sale.status === "disputed")
    return "This payment is disputed with your bank, so it can't be refunded while the dispute is open.";
  if (sale.refundedCents > 0)
    return "Part of this purchase has already been refunded. Please contact support about the rest.";
  if (now > refundDeadline(config, sale)!) {
    return `Purchases can be refunded here for ${config.refundWindowDays} days; this one is older. Please contact support.`;
  }
  return null;
}
