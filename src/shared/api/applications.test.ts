import { describe, expect, it } from 'vitest';
import { toFieldIssues } from '../validation.ts';
import { submitApplicationRequest } from './applications.ts';
import { monthsBefore, todayIso } from './calendar.ts';
import { supportedDocumentTypes } from './document-types.ts';

const issuesOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : toFieldIssues(r.error as never);
};

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
