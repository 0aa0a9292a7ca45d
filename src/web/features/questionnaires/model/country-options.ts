import { COUNTRY_CODES } from '../../../../shared/country-codes.ts';

/** Country choices for COUNTRY questions, named in the user's language by the browser (Intl), sorted by name. */
export function countryOptions(language: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label, language));
}

export function countryName(language: string, code: string): string {
  return new Intl.DisplayNames([language, 'en'], { type: 'region' }).of(code) ?? code;
}
