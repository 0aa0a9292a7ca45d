/**
 * Display helpers of the console, on the browser's own Intl data (no country or date library in
 * the console chunk). Every function takes the current i18next language.
 */

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const regionNames = new Map<string, Intl.DisplayNames | null>();

function cached<T>(map: Map<string, T>, language: string, make: () => T): T {
  let value = map.get(language);
  if (value === undefined) {
    value = make();
    map.set(language, value);
  }
  return value;
}

/** An ISO timestamp as date and time in the reader's language; the raw text if it is not a date. */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return cached(dateTimeFormats, language, () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })).format(date);
}

/**
 * A calendar date (YYYY-MM-DD, e.g. a date of birth) in the reader's language. Formatted in UTC:
 * a date has no time zone, and local midnight would show the previous day west of Greenwich.
 */
export function formatCalendarDate(value: string, language: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  return cached(dateFormats, language, () => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' })).format(date);
}

/** A country's name in the reader's language ("IT" -> "Italy" / "Italien"), else the code itself. */
export function countryName(code: string, language: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  const names = cached(regionNames, language, () => {
    try {
      return new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    } catch {
      return null;
    }
  });
  return names?.of(code) ?? code;
}

/** "Italy (IT)": reviewers compare codes on documents, so both are shown. */
export function countryLabel(code: string, language: string): string {
  const name = countryName(code, language);
  return name === code ? code : `${name} (${code})`;
}

/** The first block of a UUID: enough to tell applications apart on screen; the full id is in the title attribute. */
export function shortId(id: string): string {
  return id.split('-')[0] ?? id;
}
