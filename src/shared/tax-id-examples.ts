/**
 * A well-formed business tax ID per country, as the buyer types it: the checkout form's hint shows the buyer's own
 * country's, and the server's refusal names it. Made-up numbers that only have the right shape.
 */
export const TAX_ID_EXAMPLES: Record<string, string> = {
  AT: "ATU12345678",
  BE: "BE0123456789",
  BG: "BG123456789",
  CY: "CY12345678L",
  CZ: "CZ12345678",
  DE: "DE123456789",
  DK: "DK12345678",
  EE: "EE123456789",
  GR: "EL123456789",
  ES: "ESA1234567B",
  FI: "FI12345678",
  FR: "FR12345678901",
  HR: "HR12345678901",
  HU: "HU12345678",
  IE: "IE1234567A",
  IT: "IT12345678901",
  LT: "LT123456789",
  LU: "LU12345678",
  LV: "LV12345678901",
  MT: "MT12345678",
  NL: "NL123456789B01",
  PL: "PL1234567890",
  PT: "PT123456789",
  RO: "RO12345678",
  SE: "SE123456789012",
  SI: "SI12345678",
  SK: "SK1234567890",
  GB: "GB123456789",
  CH: "CHE123456789MWST",
  NO: "123456789MVA",
  AU: "12345678901",
  NZ: "12345678",
  CA: "123456789",
  US: "12-3456789",
  JP: "T1234567890123",
  IN: "22AAAAA0000A1Z5",
};

/** "e.g. FR12345678901" for the country, or the German example when the country is not known yet. */
export function taxIdExample(country: string | null): string {
  return (country && TAX_ID_EXAMPLES[country]) || TAX_ID_EXAMPLES.DE!;
}
