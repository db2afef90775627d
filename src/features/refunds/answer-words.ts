/**
 * The sentences refund answers carry besides their codes (why a purchase can't be refunded, what a refund did),
 * in the request's language. The page that shows them sends its own language; the codes never change.
 */
import type { Config } from "../../config";
import { sentenceInRequestLanguage } from "../../http/answer-language";
import type { PurchaseView, RefundLinkAnswer, RefundLinkView } from "@shared/api/purchases";

/** The catalogue's messages for a refusal's sentence are `api.REFUND_NOT_POSSIBLE.…`, for an outcome's `api.REFUND_OUTCOME.…`. */
const REFUSED = "REFUND_NOT_POSSIBLE";
const OUTCOME = "REFUND_OUTCOME";

const reasonIn = (request: Request, reason: string | null, days: number) =>
  reason === null ? Promise.resolve(null) : sentenceInRequestLanguage(request, REFUSED, reason, { days });

export async function purchaseInRequestLanguage(
  request: Request,
  purchase: PurchaseView,
  config: Pick<Config, "refundWindowDays">,
): Promise<PurchaseView> {
  const reason = await reasonIn(request, purchase.refund.reason, config.refundWindowDays);
  return { ...purchase, refund: { ...purchase.refund, reason } };
}

export async function refundLinkInRequestLanguage(request: Request, view: RefundLinkView): Promise<RefundLinkView> {
  return { ...view, reason: await reasonIn(request, view.reason, view.refundWindowDays) };
}

export async function refundAnswerInRequestLanguage<Answer extends Pick<RefundLinkAnswer, "message">>(
  request: Request,
  answer: Answer,
): Promise<Answer> {
  return { ...answer, message: await sentenceInRequestLanguage(request, OUTCOME, answer.message) };
}
