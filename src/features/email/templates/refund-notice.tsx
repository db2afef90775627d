/** After every refund, whoever made it: how much came back and what happened to the key. */
import { Link, Text } from "./components";
import { formatDollars } from "@shared/plans";
import type { RefundKeyOutcome } from "@shared/refund-notice";
import { EmailLayout, styles } from "./layout";
import { formatDay } from "./links";

export interface RefundNoticeProps {
  planName: string;
  /** This refund. */
  refundedCents: number;
  paidCents: number;
  /** Everything refunded on the payment so far, this refund included. */
  totalRefundedCents: number;
  productKey: string | null;
  keyOutcome: RefundKeyOutcome;
  /** For days-removed: the days taken off. */
  daysRemoved: number | null;
  /** For days-removed: the subscription's new end (ISO), or null when it has ended. */
  endDate: string | null;
  /** The licence's seat count after the refund, when the refund changed it. */
  seatCount?: number;
  /** A partial refund of seats: how many of the sale's seats it gave back (they ended). */
  seatsRefunded?: number;
  supportUrl: string;
  /** The signed link to this refund's credit note, when one was written (sales with an invoice). */
  creditNoteUrl?: string;
  creditNoteNumber?: string;
}

const money = (cents: number) => `$${formatDollars(cents)}`;

/** What happened to the key, in one or two sentences. */
export function keySentence({
  productKey,
  keyOutcome,
  daysRemoved,
  endDate,
}: Pick<RefundNoticeProps, "productKey" | "keyOutcome" | "daysRemoved" | "endDate">): string {
  const theKey = productKey ? `Your product key ${productKey}` : "Your product key";
  switch (keyOutcome) {
    case "kept":
      return `${theKey} and the access it gives stay exactly as they are.`;
    case "removed":
      return `${theKey} was never used, so it has been removed: it can no longer create an account or be redeemed.`;
    case "days-removed": {
      const days = `${daysRemoved} ${daysRemoved === 1 ? "day" : "days"}`;
      return endDate
        ? `${theKey} added ${days} to your subscription; those ${days} have been taken off, so your access now runs until ${formatDay(endDate)} (UTC).`
        : `${theKey} added ${days} to your subscription; those ${days} have been taken off, so your access has ended.`;
    }
    case "lifetime-ended":
      return `${theKey} gave your account lifetime access, which has now ended.`;
    case "lifetime-kept":
      return `${theKey} was redeemed on an account that has lifetime access from another key, so your access does not change.`;
    case "none":
      return "No product key was issued for this payment.";
    case "seats-ended":
      return "The seats this payment added have ended; your access and your other seats stay as they are.";
    case "seats-kept":
      return "The seats this payment added stay exactly as they are.";
  }
}

/** What the refund did to the licence's seats: those it gave back, and the count when it changed. */
export function seatSentence(seatCount: number | undefined, seatsRefunded?: number) {
  const were = seatsRefunded === 1 ? "was refunded and has" : "were refunded and have";
  const refunded =
    seatsRefunded === undefined ? "" : ` ${seatsRefunded} of the seats this payment was for ${were} ended.`;
  return seatCount === undefined
    ? refunded
    : `${refunded} Your licence now has ${seatCount} ${seatCount === 1 ? "seat" : "seats"}.`;
}

/** What happened to the key and the seats: a partial refund of seats keeps the key, not the seats it gave back. */
function outcomeSentence(props: RefundNoticeProps): string {
  if (props.seatsRefunded === undefined) return keySentence(props) + seatSentence(props.seatCount);
  const theKey = props.productKey ? `Your product key ${props.productKey}` : "Your product key";
  const rest =
    props.keyOutcome === "kept"
      ? `${theKey} and your access stay as they are.`
      : "Your access and your other seats stay as they are.";
  return `${rest}${seatSentence(props.seatCount, props.seatsRefunded)}`;
}

export function RefundNoticeEmail(props: RefundNoticeProps) {
  const { planName, refundedCents, paidCents, totalRefundedCents, supportUrl, creditNoteUrl, creditNoteNumber } = props;
  const full = totalRefundedCents >= paidCents;
  const headline = full ? "Your payment was refunded" : "Part of your payment was refunded";
  return (
    <EmailLayout preview={`${headline}: ${money(refundedCents)}`}>
      <Text style={styles.heading}>{headline}</Text>
      <Text style={styles.text}>
        We refunded {money(refundedCents)} of the {money(paidCents)} you paid for {planName}.
        {totalRefundedCents > refundedCents
          ? ` With earlier refunds, ${money(totalRefundedCents)} has now come back to you.`
          : ""}{" "}
        It reaches your card within 5 to 10 business days, depending on your bank.
      </Text>
      <Text style={styles.text}>{outcomeSentence(props)}</Text>
      {creditNoteUrl ? (
        <Text style={{ ...styles.muted, marginTop: "20px" }}>
          Your credit note{creditNoteNumber ? ` ${creditNoteNumber}` : ""} for this refund:{" "}
          <Link href={creditNoteUrl}>download the PDF</Link>.
        </Text>
      ) : null}
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        Questions about this refund? Write to us through <Link href={supportUrl}>the Support page</Link>.
      </Text>
    </EmailLayout>
  );
}
