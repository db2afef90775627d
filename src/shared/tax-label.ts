/** How a tax line reads, the same in the checkout dialog, on invoices and in the books. */
import { countryName } from "./countries";

/** "19.0" → "19", "8.875" → "8.875". */
export const shortRate = (percent: string) => String(Number(percent));

export function taxLabel(tax: {
  name: string;
  ratePercent: string;
  country: string;
  reason: string;
  taxCents: number;
}): string {
  if (tax.reason === "reverse_charge") return "Reverse charge";
  if (tax.taxCents === 0) return "No tax collected";
  return `${tax.name} ${shortRate(tax.ratePercent)} % (${countryName(tax.country)})`;
}
