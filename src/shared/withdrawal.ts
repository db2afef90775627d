/**
 * The EU right of withdrawal: a consumer in the EU/EEA may withdraw from an online purchase within 14 days,
 * unless, for digital content supplied at once, they expressly agreed to immediate supply and acknowledged that
 * they thereby lose that right (Directive 2011/83/EU, Art. 16(m); confirmed on a durable medium, Art. 8(7)).
 * A product key is supplied the moment the payment succeeds, so checkout asks for that consent first.
 */
import { CONSUMER_LAW_COUNTRIES } from "./countries";
import { inferTaxId } from "./tax-ids";

/** WITHDRAWAL_CONSENT: 'eu' asks buyers billed in the EU/EEA (known when tax is on); 'always' asks every buyer. */
export type WithdrawalConsentSetting = "eu" | "always";

/**
 * The wording the buyer agrees to, and its version. The version is stored with each sale, so a change of
 * wording gets a new version and old sales keep saying what their buyer agreed to.
 */
export const WITHDRAWAL_CONSENT_VERSION = "2026-11-27";
export const WITHDRAWAL_CONSENT_TEXT =
  "I want my product key right away. I agree that delivery starts as soon as I pay, and I understand that I " +
  "thereby lose my 14-day right of withdrawal.";

/**
 * Whether a buyer billed in `country` (when known) must give the consent before paying. The right is a
 * consumer's: a buyer who gives a business tax ID of a valid form for that country buys as a business
 * (the invoice says so) and is not asked; checkout refuses an ID of the wrong form, so none slips through.
 */
export function needsWithdrawalConsent(
  setting: WithdrawalConsentSetting,
  taxOn: boolean,
  country: string | null | undefined,
  taxId?: string | null,
): boolean {
  const code = country?.trim().toUpperCase();
  if (taxOn && code && taxId?.trim() && inferTaxId(code, taxId).ok) return false;
  if (setting === "always") return true;
  return taxOn && !!code && CONSUMER_LAW_COUNTRIES.includes(code);
}

/**
 * The confirmation the key e-mail and the invoice carry: when the buyer agreed, to what wording, and that the
 * money-back guarantee of the refund policy is not affected.
 */
export function withdrawalConsentSentence(atIso: string, version: string | null): string {
  const at = new Date(atIso).toISOString().slice(0, 16).replace("T", " ");
  const wording = version === WITHDRAWAL_CONSENT_VERSION ? ` ("${WITHDRAWAL_CONSENT_TEXT}")` : "";
  return (
    `On ${at} UTC you asked for immediate delivery and acknowledged that you thereby lose your 14-day right of ` +
    `withdrawal${wording}, wording version ${version ?? "unknown"}. Our refund policy's money-back guarantee still applies.`
  );
}
