import { describe, expect, it } from 'vitest';
import { toFieldIssues, validationMessageKey } from '../validation.ts';
import { ageInYears, isCalendarDate, monthsBefore, personalInfoSchema, submitApplicationRequest, supportedDocumentTypes, todayIso } from './kyc.ts';
import { rejectRequest } from './console.ts';

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

const issuesOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : toFieldIssues(r.error as never);
};

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

  it('goes back calendar months, clamping to the end of shorter months', () => {
    expect(monthsBefore('2026-05-31', 3)).toBe('2026-02-28');
    expect(monthsBefore('2026-01-15', 3)).toBe('2025-10-15');
    expect(monthsBefore('2024-05-31', 3)).toBe('2024-02-29');
  });
});

describe('personal information schema (browser and server)', () => {
  it('accepts and normalises a complete adult record', () => {
    expect(personalInfoSchema.parse({ ...VALID, firstName: ' Ada ', nationality: 'gb' })).toEqual({ ...VALID, nationality: 'GB', middleName: '', addressLine2: '', stateRegion: '' });
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

describe('submit-application schema', () => {
  it('level 2 proof of address: at most 3 months old and not in the future', () => {
    const today = todayIso();
    expect(submitApplicationRequest.safeParse({ level: 2, proofOfAddressType: 'UTILITY_BILL', issuedOn: today }).success).toBe(true);
    expect(submitApplicationRequest.safeParse({ level: 2, proofOfAddressType: 'UTILITY_BILL', issuedOn: monthsBefore(today, 3) }).success).toBe(true);
    const older = new Date(Date.parse(`${monthsBefore(today, 3)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(issuesOf(submitApplicationRequest, { level: 2, proofOfAddressType: 'UTILITY_BILL', issuedOn: older })).toEqual([{ path: 'issuedOn', code: 'kyc-rules.document_too_old', params: { months: 3 } }]);
    expect(issuesOf(submitApplicationRequest, { level: 2, proofOfAddressType: 'PAYSLIP', issuedOn: today })).toEqual([{ path: 'proofOfAddressType', code: 'type' }]);
  });

  it('refuses an unknown level and the UNDEFINED document type', () => {
    expect(submitApplicationRequest.safeParse({ level: 3 }).success).toBe(false);
    expect(issuesOf(submitApplicationRequest, { level: 1, country: 'DE', documentType: 'UNDEFINED' })).toEqual([{ path: 'documentType', code: 'type' }]);
  });

  it('document types follow the issuing country', () => {
    expect(supportedDocumentTypes('NG').map((d) => d.type)).toContain('BANK_VERIFICATION_NUMBER');
    expect(supportedDocumentTypes('DE').map((d) => d.type)).not.toContain('BANK_VERIFICATION_NUMBER');
    expect(supportedDocumentTypes('KP')).toEqual([]);
    expect(supportedDocumentTypes('XX')).toEqual([]);
  });
});

describe('console reject schema', () => {
  it('needs a taxonomy reason and a message; the note is optional', () => {
    expect(rejectRequest.parse({ mode: 'FINAL', reasonCode: 'OTHER', userMessage: ' Sorry. ' })).toEqual({ mode: 'FINAL', reasonCode: 'OTHER', userMessage: 'Sorry.', internalNote: '' });
    expect(issuesOf(rejectRequest, { mode: 'FINAL', reasonCode: 'BECAUSE', userMessage: 'x' })).toEqual([{ path: 'reasonCode', code: 'type' }]);
  });
});

describe('validation message keys', () => {
  it('namespaced feature keys are used as is; §5 codes live under validation.', () => {
    expect(validationMessageKey('kyc-rules.too_young')).toBe('kyc-rules.too_young');
    expect(validationMessageKey('required')).toBe('validation.required');
    expect(validationMessageKey('min_length')).toBe('validation.min_length');
  });
});
