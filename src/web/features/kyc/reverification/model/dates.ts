/** A deadline (YYYY-MM-DD, a UTC calendar day) as a date in the reader's language. */
export function formatDeadline(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * An instant (the next day's opening) in the reader's language and time zone, which it names: "from
 * Nov 29, 12:00 AM" alone left the reader guessing whose midnight (issue 27). `timeZone`: tests only.
 */
export function formatInstant(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // Not dateStyle/timeStyle: Intl refuses timeZoneName beside them.
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone }).format(date);
}
