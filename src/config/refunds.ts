/** Self-service refunds: for how many days after a purchase (REFUND_WINDOW_DAYS), and at once or on request. */
import type { Config } from "./types";

export function parseRefundConfig(
  value: (name: string) => string | undefined,
  problems: string[],
): Pick<Config, "refundWindowDays" | "selfServiceRefunds"> {
  const refundWindowDays = Number(value("REFUND_WINDOW_DAYS") ?? 7);
  if (!Number.isInteger(refundWindowDays) || refundWindowDays < 0 || refundWindowDays > 365)
    problems.push("REFUND_WINDOW_DAYS must be a whole number of days from 0 (off) to 365");
  const selfServiceRefunds = value("SELF_SERVICE_REFUNDS") ?? "auto";
  if (selfServiceRefunds !== "auto" && selfServiceRefunds !== "request")
    problems.push(`SELF_SERVICE_REFUNDS must be auto or request; got "${selfServiceRefunds}"`);
  return { refundWindowDays, selfServiceRefunds: selfServiceRefunds as "auto" | "request" };
}
