/**
 * Calendar dates as the KYC contracts write them: YYYY-MM-DD, in UTC. Schema-free arithmetic used by
 * the date rules (age, "not in the future", "at most 3 months old") in the browser and on the server.
 */

/** Today's calendar date in UTC as YYYY-MM-DD (the server's clock decides in the end). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2023-02-29 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1800;
}

/**
 * Completed years between two YYYY-MM-DD dates. Someone born on 29 February comes of age on
 * 1 March in common years (the anniversary has not happened on 28 February).
 */
export function ageInYears(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let years = ty - by;
  if (tm < bm || (tm === bm && td < bd)) years -= 1;
  return years;
}

/** The calendar day `days` days after `today` (YYYY-MM-DD, UTC): a deadline offered in a form. */
export function daysAfter(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** YYYY-MM-DD of `months` calendar months before `today` (clamped to the month's last day). */
export function monthsBefore(today: string, months: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}
