/** After every refund, whoever made it: how much came back and what happened to the key. */
import { Link, Text } from "./components";
import type { SiteLanguage } from "@shared/languages";
import { formatLongDay } from "@shared/intl-formats";
import type { RefundKeyOutcome } from "@shared/refund-notice";
import { EmailLayout, styles } from "./layout";
import { emailMoney } from "./sale-words";
import { emailWords, markedParts, type EmailWords } from "./words";

export interface RefundNoticeProps {
  /** The plan's name (with its added seats for an added-seats sale), in the e-mail's language. */
  planName: string;
  /** This refund. */
  refundedCents: number;
  paidCents: number;
  /** Everything refunded on the payment so far, this refund included. */
  totalRefundedCents: number;
  /** The sale's currency ("usd" unless given). */
  currency?: string;
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
  /** The language of the sale's checkout; English unless given. */
  language?: SiteLanguage;
}

type KeyFacts = Pick<RefundNoticeProps, "productKey" | "keyOutcome" | "daysRemoved" | "endDate" | "language">;

/** "Your product key K7PX2MQ9TB4W", or without a key to name. */
const theKey = (t: EmailWords, productKey: string | null) =>
  productKey ? t("email.sale.refund.theKeyNamed", { key: productKey }) : t("email.sale.refund.theKey");

/** What happened to the key, in one or two sentences. */
export function keySentence({ productKey, keyOutcome, daysRemoved, endDate, language }: KeyFacts): string {
  const t = emailWords(language);
  const key = { theKey: theKey(t, productKey) };
  switch (keyOutcome) {
    case "kept":
      return t("email.sale.refund.kept", key);
    case "removed":
      return t("email.sale.refund.removed", key);
    case "days-removed": {
      const days = t("email.sale.refund.days", { count: daysRemoved ?? 0 });
      return endDate
        ? t("email.sale.refund.daysRemoved", { ...key, days, date: formatLongDay(language, endDate) })
        : t("email.sale.refund.daysRemovedEnded", { ...key, days });
    }
    case "lifetime-ended":
      return t("email.sale.refund.lifetimeEnded", key);
    case "lifetime-kept":
      return t("email.sale.refund.lifetimeKept", key);
    case "none":
      return t("email.sale.refund.none");
    case "seats-ended":
      return t("email.sale.refund.seatsEnded");
    case "seats-kept":
      return t("email.sale.refund.seatsKept");
  }
}

/** What the refund did to the licence's seats: those it gave back, and the count when it changed. */
export function seatSentence(seatCount: number | undefined, seatsRefunded?: number, language?: SiteLanguage) {
  const t = emailWords(language);
  const refunded =
    seatsRefunded === undefined ? "" : ` ${t("email.sale.refund.seatsRefunded", { count: seatsRefunded })}`;
  return seatCount === undefined ? refunded : `${refunded} ${t("email.sale.refund.seatCount", { count: seatCount })}`;
}

/** What happened to the key and the seats: a partial refund of seats keeps the key, not the seats it gave back. */
function outcomeSentence(props: RefundNoticeProps): string {
  const { language } = props;
  if (props.seatsRefunded === undefined) return keySentence(props) + seatSentence(props.seatCount, undefined, language);
  const t = emailWords(language);
  const rest =
    props.keyOutcome === "kept"
      ? t("email.sale.refund.keyAndAccessKept", { theKey: theKey(t, props.productKey) })
      : t("email.sale.refund.accessAndSeatsKept");
  return `${rest}${seatSentence(props.seatCount, props.seatsRefunded, language)}`;
}

export function RefundNoticeEmail(props: RefundNoticeProps) {
  const { planName, refundedCents, paidCents, totalRefundedCents, supportUrl, creditNoteUrl, creditNoteNumber } = props;
  const { language } = props;
  const t = emailWords(language);
  const money = (cents: number) => emailMoney(language, cents, props.currency);
  const full = totalRefundedCents >= paidCents;
  const headline = t(full ? "email.sale.refund.headingFull" : "email.sale.refund.headingPart");
  const amounts = t("email.sale.refund.amounts", {
    refunded: money(refundedCents),
    paid: money(paidCents),
    plan: planName,
  });
  const earlier =
    totalRefundedCents > refundedCents
      ? ` ${t("email.sale.refund.earlier", { total: money(totalRefundedCents) })}`
      : "";
  const link = (text: string) => <Link href={creditNoteUrl}>{text}</Link>;
  return (
    <EmailLayout
      preview={t("email.sale.refund.preview", { headline, amount: money(refundedCents) })}
      language={language}
    >
      <Text style={styles.heading}>{headline}</Text>
      <Text style={styles.text}>{`${amounts}${earlier} ${t("email.sale.refund.card")}`}</Text>
      <Text style={styles.text}>{outcomeSentence(props)}</Text>
      {creditNoteUrl ? (
        <Text style={{ ...styles.muted, marginTop: "20px" }}>
          {markedParts(
            creditNoteNumber
              ? t("email.sale.refund.creditNoteNamed", { number: creditNoteNumber })
              : t("email.sale.refund.creditNote"),
            [link],
          )}
        </Text>
      ) : null}
      <Text style={{ ...styles.muted, marginTop: "20px" }}>
        {markedParts(t("email.sale.refund.questions"), [(text) => <Link href={supportUrl}>{text}</Link>])}
      </Text>
    </EmailLayout>
  );
}
