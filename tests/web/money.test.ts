/**
 * web/lib/money.ts writes dollars without Intl (its first use is a long task on a phone); each language must
 * read exactly as Intl.NumberFormat writes it, or a page's server HTML and its hydration would differ.
 */
import { describe, expect, test } from "bun:test";
import { SITE_LANGUAGES } from "@shared/languages";
import { formatMoney } from "../../web/lib/money";

const AMOUNTS = [
  0, 0.004, 0.005, 0.01, 0.125, 1.005, 2.675, 9.99, 19, 24.5, 24.99, 99.995, 100, 999.99, 1000, 1234.5, 9999.995,
  12345.678, 123456.78, 1234567, 98765432.1, -0, -0.001, -0.005, -24.99, -1234.5, -12345.67, 1e-7, 5e21,
];

describe("money in each language", () => {
  for (const language of SITE_LANGUAGES) {
    test(`${language} reads as Intl.NumberFormat writes it`, () => {
      const intl = new Intl.NumberFormat(language === "en" ? "en-US" : language, {
        style: "currency",
        currency: "USD",
      });
      // Fixed amounts at the edges of rounding and grouping, then prices as a shop has them.
      const prices = Array.from({ length: 500 }, (_, i) => Math.round(((i * 7919) % 100000) + ((i * 37) % 100)) / 100);
      for (const amount of [...AMOUNTS, ...prices])
        expect(`${amount} ${formatMoney(amount, language)}`).toBe(`${amount} ${intl.format(amount)}`);
    });
  }
});
