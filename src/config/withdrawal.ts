/** Who must give the EU withdrawal consent before paying (src/shared/withdrawal.ts). */
import type { WithdrawalConsentSetting } from "@shared/withdrawal";

/** WITHDRAWAL_CONSENT: eu (the default) or always. */
export function parseWithdrawalConsentConfig(value: string | undefined, problems: string[]): WithdrawalConsentSetting {
  const setting = value ?? "eu";
  if (setting !== "eu" && setting !== "always") {
    problems.push(`WITHDRAWAL_CONSENT must be eu or always; got "${setting}"`);
    return "eu";
  }
  return setting;
}
