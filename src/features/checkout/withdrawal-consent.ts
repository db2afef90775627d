/**
 * The consent to immediate supply that EU/EEA consumers give before paying (src/shared/withdrawal.ts): who must
 * give it, the refusal without it, and what is stored with the checkout and then the sale.
 */
import type { Config } from "../../config";
import { AppError } from "../../lib/errors";
import { needsWithdrawalConsent, WITHDRAWAL_CONSENT_VERSION } from "@shared/withdrawal";

export interface WithdrawalConsent {
  withdrawalConsentAt: number;
  withdrawalConsentVersion: string;
}

/**
 * The consent to store, when this buyer gave it; a 422 WITHDRAWAL_CONSENT_REQUIRED when they must and did not,
 * checked before anything is priced or reserved. A buyer who need not give it and did is recorded too.
 */
export function withdrawalConsentOf(
  config: Pick<Config, "withdrawalConsent" | "tax">,
  input: { country?: string; taxId?: string; withdrawalConsent?: boolean },
  now: number,
): WithdrawalConsent | null {
  if (input.withdrawalConsent === true)
    return { withdrawalConsentAt: now, withdrawalConsentVersion: WITHDRAWAL_CONSENT_VERSION };
  if (needsWithdrawalConsent(config.withdrawalConsent, config.tax.mode !== "off", input.country, input.taxId))
    throw new AppError(
      422,
      "WITHDRAWAL_CONSENT_REQUIRED",
      "Please tick the box to confirm that you want your product key right away and understand that you then lose your 14-day right of withdrawal.",
    );
  return null;
}
