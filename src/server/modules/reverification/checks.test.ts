import { describe, expect, it } from 'vitest';
import type { UpdatePoi } from '../../../shared/api/reverification.ts';
import { checkNewIdentityDocument, sameName, type VerifiedIdentity } from './checks.ts';

const verified: VerifiedIdentity = {
  firstName: 'José',
  lastName: 'Álvarez-Pérez',
  dateOfBirth: '1990-04-12',
  nationality: 'ES',
  document: { documentType: 'ID_CARD', country: 'ES', documentNumber: 'X1234567' },
};
const update: UpdatePoi = { country: 'ES', documentType: 'ID_CARD', documentNumber: 'Y7654321', expiryDate: '2031-01-01', firstName: 'Jose', lastName: 'alvarez perez', dateOfBirth: '1990-04-12' };
const code = (u: Partial<UpdatePoi>, v: Partial<VerifiedIdentity> = {}) => {
  try {
    checkNewIdentityDocument({ ...update, ...u }, { ...verified, ...v }, '2026-06-01');
    return 0;
  } catch (err) {
    return (err as { retCode: number }).retCode;
  }
};

describe('identity-update checks (§8 1045–1062)', () => {
  it('accepts a new, valid document of the same person (accents, case and hyphens do not matter)', () => {
    expect(sameName('Álvarez-Pérez', 'alvarez perez')).toBe(true);
    expect(code({})).toBe(0);
  });
  it('1045: another first or last name', () => {
    expect(code({ firstName: 'Maria' })).toBe(1045);
    expect(code({ lastName: 'Garcia' })).toBe(1045);
  });
  it('1046: another date of birth', () => expect(code({ dateOfBirth: '1991-04-12' })).toBe(1046));
  it('1062: a passport of another country than the verified nationality', () => {
    expect(code({ documentType: 'PASSPORT', country: 'FR' })).toBe(1062);
    expect(code({ documentType: 'PASSPORT', country: 'ES' })).toBe(0);
    // An ID card or residence permit may come from the country one lives in.
    expect(code({ documentType: 'RESIDENCE_PERMIT', country: 'FR' })).toBe(0);
  });
  it('1048: expired before today; expiring today is still valid', () => {
    expect(code({ expiryDate: '2026-05-31' })).toBe(1048);
    expect(code({ expiryDate: '2026-06-01' })).toBe(0);
  });
  it('1049: the very document already verified (number compared without spaces, dashes or case)', () => {
    expect(code({ documentNumber: 'x 123-4567' })).toBe(1049);
    expect(code({ documentNumber: 'X1234567', country: 'FR', documentType: 'RESIDENCE_PERMIT' })).toBe(0);
    expect(code({ documentNumber: 'X1234567' }, { document: { documentType: 'ID_CARD', country: 'ES', documentNumber: '' } })).toBe(0);
  });
  it('checks the person before the document (another person with an expired card is 1045)', () => {
    expect(code({ firstName: 'Maria', expiryDate: '2020-01-01' })).toBe(1045);
  });
});
