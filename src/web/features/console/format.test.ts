import { describe, expect, it } from 'vitest';
import { durationParts, formatDuration, isoDuration, secondsSince } from './format.ts';

const MIN = 60;
const H = 60 * MIN;
const D = 24 * H;

/** English abbreviations as in console.json, so the test reads like the screen. */
const EN: Record<string, string> = { 'console.duration.lessThanMinute': '< 1 min', 'console.duration.minutes': '{{n}} min', 'console.duration.hours': '{{n}} h', 'console.duration.days': '{{n}} d' };
const t = (key: string, options: Record<string, unknown>) => EN[key]!.replace('{{n}}', String(options.n));

describe('durations', () => {
  it('keeps the two largest units, drops zeros and rounds down', () => {
    expect(formatDuration(0, t)).toBe('< 1 min');
    expect(formatDuration(59, t)).toBe('< 1 min');
    expect(formatDuration(MIN, t)).toBe('1 min');
    expect(formatDuration(59 * MIN + 59, t)).toBe('59 min');
    expect(formatDuration(2 * H + 5 * MIN + 30, t)).toBe('2 h 5 min');
    expect(formatDuration(3 * H, t)).toBe('3 h');
    expect(formatDuration(3 * D, t)).toBe('3 d');
    expect(formatDuration(3 * D + 4 * H + 59 * MIN, t)).toBe('3 d 4 h');
    expect(formatDuration(40 * D, t)).toBe('40 d');
    expect(durationParts(-5)).toEqual({ lessThanMinute: true });
  });

  it('gives the exact duration as ISO 8601 for <time dateTime>', () => {
    expect(isoDuration(2 * H + 5 * MIN)).toBe('PT2H5M');
    expect(isoDuration(3 * D)).toBe('P3D');
    expect(isoDuration(D + 7)).toBe('P1DT7S');
    expect(isoDuration(0)).toBe('PT0S');
  });

  it('measures seconds since a timestamp, never negative, null for a non-date', () => {
    expect(secondsSince('2025-03-01T09:00:00.000Z', Date.parse('2025-03-01T11:05:00.000Z'))).toBe(2 * H + 5 * MIN);
    expect(secondsSince('2025-03-01T09:00:00.000Z', Date.parse('2025-03-01T08:00:00.000Z'))).toBe(0);
    expect(secondsSince('yesterday', Date.now())).toBeNull();
  });
});
