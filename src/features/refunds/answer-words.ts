/**
 * The sentences refund answers carry besides their codes (why a purchase can't be refunded, what a refund did),
 * said by `say` in the caller's language. The page that shows them sends its own language; the codes never change.
 */
import type { Config } from "../../config";
import type { SaySentence } from "@shared/sentence";
import type { PurchaseView, RefundLinkAnswer, RefundLinkView } from "@shared/api/purchases";

/** The catalogue's messages for a refusal's sentence are `api.REFUND_NOT_POSSIBLE.…`, for an outcome's `api.REFUND_OUTCOME.…`. */
const REFUSED = "REFUND_NOT_POSSIBLE";
const OUTCOME = "REFUND_OUTCOME";

const reasonIn = (say: SaySentence, reason: string | null, days: number) =>
  reason === null ? Promise.resolve(null) : say(REFUSED, reason, { days });

export async function purchaseSaid(
  say: SaySentence,
  purchase: PurchaseView,
  config: Pick<Config, "refundWindowDays">,
): Promise<PurchaseView> {
  const reason = await reasonIn(say, purchase.refund.reason, config.refundWindowDays);
  return { ...purchase, refund: { ...purchase.refund, reason } };
}

export async function refundLinkSaid(say: SaySentence, view: RefundLinkView): Promise<RefundLinkView> {
  return { ...view, reason: await reasonIn(say, view.reason, view.refundWindowDays) };
}

export async function refundAnswerSaid<Answer extends Pick<RefundLinkAnswer, "message">>(
  say: SaySentence,
  answer: Answer,
): Promise<Answer> {
  return { ...answer, message: await say(OUTCOME, answer.message) };
}
