import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import zh from 'i18n-iso-countries/langs/zh.json' with { type: 'json' };
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';

countries.registerLocale(en);
countries.registerLocale(zh);

export interface CountryRecord {
  countryCode: string;
  /** §3: the phone dial code, digits only (e.g. "31" for NL). */
  regionCode: string;
  nameEn: string;
  nameZhCN: string;
}

/**
 * §3 country list from two maintained data sets: ISO 3166-1 alpha-2 codes and names in English and
 * Simplified Chinese (i18n-iso-countries) joined with dial codes (libphonenumber-js). Only territories
 * both know are listed: a place without a dial code (Antarctica, Bouvet Island, ...) has no residents
 * to verify, and a dial-code area without an ISO code (Ascension, Tristan da Cunha) cannot be named
 * as a nationality. Sorted by English name.
 */
export function buildCountryRecords(): CountryRecord[] {
  const dialable = new Set<string>(getCountries());
  return Object.keys(countries.getAlpha2Codes())
    .filter((code) => dialable.has(code))
    .map((code) => ({
      countryCode: code,
      regionCode: getCountryCallingCode(code as CountryCode),
      nameEn: countries.getName(code, 'en') ?? code,
      nameZhCN: countries.getName(code, 'zh') ?? countries.getName(code, 'en') ?? code,
    }))
    .sort((a, b) => a.nameEn.localeCompare(b.nameEn, 'en'));
}
