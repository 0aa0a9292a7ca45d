import { expect, it } from 'vitest';
import { formatDeadline, formatInstant } from './dates.ts';

it("an instant names its time zone, in the reader's language", () => {
  expect(formatInstant('2026-11-29T00:00:00.000Z', 'en-US', 'UTC')).toBe('Nov 29, 2026, 12:00 AM UTC');
  expect(formatInstant('2026-11-29T00:00:00.000Z', 'en-US', 'America/New_York')).toBe('Nov 28, 2026, 7:00 PM EST');
  expect(formatInstant('2026-11-29T00:00:00.000Z', 'de-DE', 'Europe/Berlin')).toBe('29. Nov. 2026, 01:00 MEZ');
  expect(formatInstant('not a date', 'en-US')).toBe('not a date');
});

it('a deadline is a calendar day', () => {
  expect(formatDeadline('2026-12-01', 'en-US')).toBe('December 1, 2026');
});
