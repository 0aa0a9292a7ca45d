import { describe, expect, expectTypeOf, it } from 'vitest';
import { toFieldIssues } from '../validation.ts';
import type { z } from 'zod';
import { isCalendarDate, todayIso } from './calendar.ts';
import { personalInfoResult, personalInfoSchema, savedPersonalInfo, type PersonalInfo } from './personal-info.ts';

const issuesOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : toFieldIssues(r.error as never);
};

const VALID = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1990-12-10',
  nationality: 'GB',
  residenceCountry: 'GB',
  addressLine1: '12 Example Street',
  city: 'London',
  postalCode: 'SW1A 1AA',
};

describe('personal information schema (browser and server)', () => {
  it('accepts and normalises a complete adult record', () => {
    expect(personalInfoSchema.parse({ ...VALID, firstName: ' Ada ', nationality: 'gb' })).toEqual({ ...VALID, nationality: 'GB', middleName: '', addressLine2: '', stateRegion: '', mobileCountry: '', mobileNumber: '' });
  });

  it('is 18 on the day, not the day before', () => {
    const today = todayIso();
    const [y, m, d] = today.split('-');
    const eighteenToday = `${Number(y) - 18}-${m}-${d}`;
    if (isCalendarDate(eighteenToday)) expect(personalInfoSchema.safeParse({ ...VALID, dateOfBirth: eighteenToday }).success).toBe(true);
    const tomorrow = new Date(Date.UTC(Number(y) - 18, Number(m) - 1, Number(d) + 1)).toISOString().slice(0, 10);
    expect(issuesOf(personalInfoSchema, { ...VALID, dateOfBirth: tomorrow })).toEqual([{ path: 'dateOfBirth', code: 'kyc-rules.too_young', params: { min: 18 } }]);
  });

  it.each(['Jean-Luc', "O'Brien", 'D’Angelo', 'Mary Ann', '李', 'Владимир', 'محمد', 'Nguyễn', 'José'])('accepts the name %j', (firstName) => {
    expect(personalInfoSchema.safeParse({ ...VALID, firstName }).success).toBe(true);
  });

  it.each(['Ada2', 'A.', '-Ada', "Ada'", 'Ada  Lovelace', 'Ada_L', '<b>', '😀'])('refuses the name %j', (firstName) => {
    expect(issuesOf(personalInfoSchema, { ...VALID, firstName })).toEqual([{ path: 'firstName', code: 'kyc-rules.invalid_name' }]);
  });

  it('reports required fields with the generic key', () => {
    const issues = issuesOf(personalInfoSchema, {});
    for (const path of ['firstName', 'lastName', 'dateOfBirth', 'nationality', 'residenceCountry', 'addressLine1', 'city']) {
      expect(issues.find((i) => i.path === path)?.code).toBe('required');
    }
  });

  it('postal code: required where a postal system exists, shape checked', () => {
    expect(issuesOf(personalInfoSchema, { ...VALID, postalCode: '' })).toEqual([{ path: 'postalCode', code: 'required' }]);
    expect(personalInfoSchema.safeParse({ ...VALID, residenceCountry: 'AE', postalCode: '' }).success).toBe(true);
    expect(issuesOf(personalInfoSchema, { ...VALID, postalCode: 'SW1A#1AA' })).toEqual([{ path: 'postalCode', code: 'kyc-rules.invalid_postal_code' }]);
  });

  it('address lines refuse control characters and markup', () => {
    expect(issuesOf(personalInfoSchema, { ...VALID, addressLine1: 'a\u0000b' })).toEqual([{ path: 'addressLine1', code: 'invisible_characters' }]);
    expect(issuesOf(personalInfoSchema, { ...VALID, city: '<img>' })).toEqual([{ path: 'city', code: 'kyc-rules.invalid_text' }]);
  });
});

describe('personal information reply', () => {
  it('has exactly the fields the request schema stores', () => {
    // The reply shape is written out (a reply is never transformed); it must not drift from what is saved.
    expectTypeOf<z.output<typeof savedPersonalInfo>>().toEqualTypeOf<PersonalInfo>();
    const saved = personalInfoSchema.parse(VALID);
    expect(savedPersonalInfo.parse(saved)).toEqual(saved);
    expect(Object.keys(savedPersonalInfo.shape).sort()).toEqual(Object.keys(saved).sort());
  });

  it('strips what the contract does not name', () => {
    const reply = { info: { ...personalInfoSchema.parse(VALID), userId: 'u-1' }, editable: true, addressEditable: true, updatedAt: null, internal: 1 };
    const out = personalInfoResult.parse(reply);
    expect(out).not.toHaveProperty('internal');
    expect(out.info).not.toHaveProperty('userId');
  });
});
