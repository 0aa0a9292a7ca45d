import { COUNTRY_CODES, type CountryCode } from './country-codes.ts';

export { COUNTRY_CODES, type CountryCode };

const KNOWN = new Set<string>(COUNTRY_CODES);

/**
 * Jurisdictions where this exchange does not onboard anyone: the product's configured list
 * (comprehensive sanctions and the FATF "call for action" list). They stay in the country list
 * (flagged `isDisable`) so that a user sees why they cannot pick them. A user whose residence
 * country is here gets CERTIFICATION_DISABLED steps (docs/decisions/005-kyc-model.md).
 */
export const DISABLED_COUNTRIES: readonly CountryCode[] = ['CU', 'IR', 'KP', 'MM', 'SY'];
const DISABLED = new Set<string>(DISABLED_COUNTRIES);

export function isCountryCode(code: string): code is CountryCode {
  return KNOWN.has(code);
}

/** A code from the list that is not disabled. */
export function isCountryEnabled(code: string): boolean {
  return KNOWN.has(code) && !DISABLED.has(code);
}

/**
 * Countries without a postal-code system in general use (after Google's libaddressinput data):
 * residents there may leave the postal code empty; everyone else must give one.
 */
export const COUNTRIES_WITHOUT_POSTAL_CODES: readonly CountryCode[] = [
  'AE', 'AG', 'AO', 'AW', 'BF', 'BI', 'BJ', 'BS', 'BW', 'BZ', 'CD', 'CF', 'CG', 'CI', 'CK', 'CM', 'DJ', 'DM', 'ER', 'FJ',
  'GA', 'GD', 'GH', 'GM', 'GQ', 'GY', 'HK', 'KI', 'KM', 'KN', 'KP', 'LY', 'ML', 'MO', 'MR', 'MW', 'NR', 'NU', 'QA', 'RW',
  'SB', 'SC', 'SL', 'SR', 'SS', 'ST', 'SY', 'TD', 'TG', 'TK', 'TL', 'TO', 'TV', 'UG', 'VU', 'YE', 'ZW',
];
const NO_POSTAL = new Set<string>(COUNTRIES_WITHOUT_POSTAL_CODES);

export function postalCodeRequired(country: string): boolean {
  return !NO_POSTAL.has(country);
}
