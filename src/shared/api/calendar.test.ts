import { describe, expect, it } from 'vitest';
import { ageInYears, daysAfter, isCalendarDate, monthsBefore } from './calendar.ts';

describe('dates', () => {
  it('knows real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('1990-13-01')).toBe(false);
    expect(isCalendarDate('90-01-01')).toBe(false);
    expect(isCalendarDate('1990-1-1')).toBe(false);
  });

  it('counts completed years; a 29 February birthday comes on 1 March in common years', () => {
    expect(ageInYears('2000-06-15', '2018-06-14')).toBe(17);
    expect(ageInYears('2000-06-15', '2018-06-15')).toBe(18);
    expect(ageInYears('2004-02-29', '2022-02-28')).toBe(17);
    expect(ageInYears('2004-02-29', '2022-03-01')).toBe(18);
  });

  it('goes forward days across month and year ends and leap days', () => {
    expect(daysAfter('2024-02-28', 1)).toBe('2024-02-29');
    expect(daysAfter('2023-02-28', 1)).toBe('2023-03-01');
    expect(daysAfter('2025-12-20', 14)).toBe('2026-01-03');
    expect(daysAfter('2025-03-01', 0)).toBe('2025-03-01');
  });

  it('goes back calendar months, clamping to the end of shorter months', () => {
    expect(monthsBefore('2026-05-31', 3)).toBe('2026-02-28');
    expect(monthsBefore('2026-01-15', 3)).toBe('2025-10-15');
    expect(monthsBefore('2024-05-31', 3)).toBe('2024-02-29');
  });
});
