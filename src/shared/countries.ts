/**
 * Billing countries for checkout (ISO 3166-1 alpha-2) and what tax needs to know about them. Names come from
 * the browser's or the server's Intl data, in English or the page's language, so the list stays one line of codes.
 */
import { SITE_LANGUAGES } from "./languages";

export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG " +
  "CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH " +
  "GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY " +
  "KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG " +
  "NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SK SL SM SN " +
  "SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE " +
  "YT ZA ZM ZW"
).split(" ");

const KNOWN = new Set(COUNTRY_CODES);
export const isCountryCode = (code: string) => KNOWN.has(code);

/** Where Stripe Tax needs a postal code to find the rate (state, province). */
export const POSTAL_CODE_COUNTRIES = ["US", "CA"];

export const EU_COUNTRIES = [
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
];

/** The European Economic Area: the EU, Iceland, Liechtenstein and Norway (EU consumer law applies in all). */
export const EEA_COUNTRIES = [...EU_COUNTRIES, "IS", "LI", "NO"];

/**
 * Parts of the EU with country codes of their own, where EU consumer law applies as in the rest of it: the
 * French outermost regions (Réunion, Guadeloupe, Martinique, French Guiana, Mayotte, Saint-Martin) and the
 * Åland Islands (Finland). They are outside the EU's VAT area, which is why tax lists them apart. The Canary
 * Islands, the Azores and Madeira are billed under ES and PT.
 */
export const EU_REGIONS_WITH_OWN_CODES = ["RE", "GP", "MQ", "GF", "YT", "MF", "AX"];

/** Where the EU's consumer law (and with it the 14-day right of withdrawal) applies to a buyer billed there. */
export const CONSUMER_LAW_COUNTRIES = [...EEA_COUNTRIES, ...EU_REGIONS_WITH_OWN_CODES];

const displayNames = new Map<string, Intl.DisplayNames>();
/** "DE" → "Germany", or in `language` (a BCP 47 tag) "Alemanha" (pt-BR); the code itself where no name is known. */
export function countryName(code: string, language = "en"): string {
  try {
    let names = displayNames.get(language);
    if (!names) {
      names = new Intl.DisplayNames([language], { type: "region" });
      displayNames.set(language, names);
    }
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

export interface CountryChoice {
  code: string;
  /** In the picker's language. */
  name: string;
  /** In the country's own main language, where that is another name. */
  own: string | null;
}

/** Every billing country named in `language` and sorted by its rules ("Österreich" after "Oman" in German). */
export function countriesIn(language: string): CountryChoice[] {
  const order = new Intl.Collator(language);
  return COUNTRY_CODES.map((code) => {
    const name = countryName(code, language);
    const own = nativeCountryName(code);
    return { code, name, own: own === name ? null : own };
  }).sort((a, b) => order.compare(a.name, b.name));
}

/** Lower case, without accents or punctuation: "Österreich" and "osterreich" read the same. */
const folded = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** "DE" → "Deutschland": the country's name in its own main language (from the Intl data), or null. */
export function nativeCountryName(code: string): string | null {
  try {
    const language = new Intl.Locale(`und-${code}`).maximize().language;
    if (language === "en" || language === "und") return null;
    const name = new Intl.DisplayNames([language], { type: "region" }).of(code);
    return name && name !== code && name !== countryName(code) ? name : null;
  } catch {
    return null;
  }
}

/** Countries with more than one official language: their names in the others too ("Belgique", "Suisse"). */
const MORE_LANGUAGES: Record<string, string[]> = {
  BE: ["fr", "de"],
  CH: ["fr", "it"],
  LU: ["lb", "fr", "de"],
  FI: ["sv"],
  CA: ["fr"],
  MT: ["mt"],
  IE: ["ga"],
};

function namesIn(languages: string[], code: string): string[] {
  return languages.flatMap((language) => {
    try {
      const name = new Intl.DisplayNames([language], { type: "region" }).of(code);
      return name && name !== code ? [name] : [];
    } catch {
      return [];
    }
  });
}

let byName: Map<string, string> | null = null;
/**
 * The country a buyer typed: its English name, its name in its own language ("Deutschland", "España") or in one
 * of the site's languages ("Spanien"), or its two-letter code, in any case and with or without accents. null when
 * nothing matches.
 */
export function countryFromName(text: string): string | null {
  const typed = folded(text);
  if (!typed) return null;
  if (!byName) {
    byName = new Map();
    for (const code of COUNTRY_CODES) {
      byName.set(folded(countryName(code)), code);
      const native = nativeCountryName(code);
      const inOurs = SITE_LANGUAGES.map((language) => countryName(code, language));
      for (const name of [...(native ? [native] : []), ...namesIn(MORE_LANGUAGES[code] ?? [], code), ...inOurs])
        if (!byName.has(folded(name))) byName.set(folded(name), code);
    }
  }
  const upper = text.trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(upper) && KNOWN.has(upper)) return upper;
  return byName.get(typed) ?? null;
}
