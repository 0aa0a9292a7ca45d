import { ReverificationRetCode, type UpdatePoi } from '../../../shared/api/reverification.ts';
import { todayIso } from '../../../shared/api/calendar.ts';
import { DocumentType } from '../../../shared/kyc.ts';
import { BusinessError } from '../../errors.ts';

/**
 * The §8 identity-update checks of a new identity document against what is verified, pure so each
 * code is tested on its own. Order matters: the person first (another person's document is the
 * gravest finding), then the document itself.
 */

/** Names compared as people write them: case, accents, spaces and hyphens do not make another person. */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[\s'’-]+/g, ' ')
      .trim();
  return norm(a) === norm(b);
}

export interface VerifiedIdentity {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  nationality: string;
  /** The identity document verified now (first verification or the last approved update); number '' when unknown. */
  document: { documentType: string; country: string; documentNumber: string } | null;
}

const fail = (code: number, msg: string) => new BusinessError(code, msg);
const normalizeNumber = (n: string) => n.replace(/[\s-]/g, '').toUpperCase();

/** Throws the identity-update code that applies, or returns when the new document may go to review. */
export function checkNewIdentityDocument(update: UpdatePoi, verified: VerifiedIdentity, today = todayIso()): void {
  if (!sameName(update.firstName, verified.firstName) || !sameName(update.lastName, verified.lastName)) {
    throw fail(ReverificationRetCode.UPDATE_ID_OTHER_PERSON, 'the document names another person');
  }
  if (update.dateOfBirth !== verified.dateOfBirth) throw fail(ReverificationRetCode.UPDATE_ID_BIRTH_DATE_MISMATCH, 'date of birth differs');
  // A passport is issued by the holder's country: another country means another nationality.
  if (update.documentType === DocumentType.PASSPORT && update.country !== verified.nationality) {
    throw fail(ReverificationRetCode.UPDATE_ID_NATIONALITY_MISMATCH, 'nationality differs');
  }
  if (update.expiryDate < today) throw fail(ReverificationRetCode.UPDATE_ID_DOCUMENT_EXPIRED, 'document expired');
  const current = verified.document;
  if (
    current &&
    current.documentNumber !== '' &&
    current.documentType === update.documentType &&
    current.country === update.country &&
    normalizeNumber(current.documentNumber) === normalizeNumber(update.documentNumber)
  ) {
    throw fail(ReverificationRetCode.UPDATE_ID_SAME_DOCUMENT, 'the same document is verified already');
  }
}

export { normalizeNumber };
