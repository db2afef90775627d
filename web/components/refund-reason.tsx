import type { RefundRefusalCode } from "@shared/api/purchases";
import { richMessage, useT } from "../lib/language";
import type { MessageId } from "../lib/i18n";
import { SupportLinkedText, supportLink } from "./support-linked-text";

/** The page's words for each refusal, the words that ask to contact support marked <0>…</0> to link the support page. */
const REASONS: Record<RefundRefusalCode, MessageId> = {
  REFUNDS_OFF: "refund.reason.refundsOff",
  ALREADY_REFUNDED: "refund.reason.alreadyRefunded",
  REQUESTED: "refund.reason.requested",
  DECLINED: "refund.reason.declined",
  REQUEST_CLOSED: "refund.reason.requestClosed",
  DISPUTED: "refund.reason.disputed",
  PARTLY_REFUNDED: "refund.reason.partlyRefunded",
  WINDOW_OVER: "refund.reason.windowOver",
  ON_ACCOUNT: "refund.reason.onAccount",
};

/**
 * Why a purchase can't be refunded here: the page's words for the answer's code, with the support page linked in
 * any language; else the server's sentence, its English "contact support" linked.
 */
export function RefundReason({
  code,
  sentence,
  days,
}: {
  code: RefundRefusalCode | null;
  sentence: string | null;
  /** The refund window, which WINDOW_OVER's words name. */
  days: number;
}) {
  const t = useT();
  if (code) return <>{richMessage(t(REASONS[code], { days }), [supportLink])}</>;
  return sentence ? <SupportLinkedText text={sentence} /> : null;
}
