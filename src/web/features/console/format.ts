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

/** The parts of a duration a reviewer reads: at most the two largest units, zeros left out. */
export type DurationParts = { lessThanMinute: true } | { days?: number; hours?: number; minutes?: number };

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Splits seconds into the two largest units worth reading ("2 h 5 min", "3 d 4 h", "3 d"), rounded
 * down: a queue says how long a case has waited, and rounding up would overstate it.
 */
export function durationParts(seconds: number): DurationParts {
  const s = Math.max(0, Math.floor(seconds));
  if (s < MINUTE) return { lessThanMinute: true };
  if (s < HOUR) return { minutes: Math.floor(s / MINUTE) };
  if (s < DAY) {
    const minutes = Math.floor((s % HOUR) / MINUTE);
    return { hours: Math.floor(s / HOUR), ...(minutes ? { minutes } : {}) };
  }
  const hours = Math.floor((s % DAY) / HOUR);
  return { days: Math.floor(s / DAY), ...(hours ? { hours } : {}) };
}

/** The translation function durations need (a structural subset of i18next's TFunction). */
type Translate = (key: string, options: Record<string, unknown>) => string;

/** A duration in words of the reader's language: "2 h 5 min", "3 d", "< 1 min" (`console.duration.*`). */
export function formatDuration(seconds: number, t: Translate): string {
  const parts = durationParts(seconds);
  if ('lessThanMinute' in parts) return t('console.duration.lessThanMinute', {});
  return [
    parts.days ? t('console.duration.days', { n: parts.days }) : '',
    parts.hours ? t('console.duration.hours', { n: parts.hours }) : '',
    parts.minutes ? t('console.duration.minutes', { n: parts.minutes }) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The same duration as an ISO 8601 duration, for `<time dateTime>` (machine-readable, exact to the second). */
export function isoDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / DAY);
  const rest = s % DAY;
  const time = [Math.floor(rest / HOUR) && `${Math.floor(rest / HOUR)}H`, Math.floor((rest % HOUR) / MINUTE) && `${Math.floor((rest % HOUR) / MINUTE)}M`, rest % MINUTE && `${rest % MINUTE}S`]
    .filter(Boolean)
    .join('');
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : days ? '' : 'T0S'}`;
}

/** Seconds from `fromIso` to `to` (a timestamp in ms); null when the date is not one. */
export function secondsSince(fromIso: string, to: number): number | null {
  const from = Date.parse(fromIso);
  return Number.isNaN(from) ? null : Math.max(0, Math.floor((to - from) / 1000));
}
