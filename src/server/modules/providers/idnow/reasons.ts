import type { RejectReasonCode } from '../../../../shared/review-reasons.ts';

/**
 * IDnow's `identificationprocess.reason` codes (given with CANCELED, FRAUD_SUSPICION_* and the
 * review results; FACTS.md §4) mapped to our reason taxonomy, so a user reads the same translated
 * reasons whoever reviewed. Codes not listed map to OTHER; the code itself goes to the reviewers'
 * internal note.
 */
const REASONS: Record<string, RejectReasonCode> = {
  // The picture cannot be read: a new photo of the same document helps.
  ID_BLURRY: 'DOCUMENT_UNREADABLE',
  ID_GLARE: 'DOCUMENT_UNREADABLE',
  ID_DARKNESS: 'DOCUMENT_UNREADABLE',
  ID_DATA_COVERED: 'DOCUMENT_UNREADABLE',
  ID_PERSPECTIVE: 'DOCUMENT_UNREADABLE',
  ID_DATA: 'DOCUMENT_UNREADABLE',
  ID_DATA_OTHER: 'DOCUMENT_UNREADABLE',
  ID_SECURITY_FEATURE_NOT_VISIBLE_NOT_FRAUD: 'DOCUMENT_UNREADABLE',
  ID_SECURITY_FEATURE_VIDEO_SHORT: 'DOCUMENT_UNREADABLE',
  ID_SECURITY_FEATURE_VIDEO_CANNOT_BE_PLAYED: 'DOCUMENT_UNREADABLE',
  ID_SECURITY_FEATURE_VIDEO_FILE_MISSING: 'DOCUMENT_UNREADABLE',
  ID_SECURITY_FEATURE_OTHER: 'DOCUMENT_UNREADABLE',
  ID_SECOND_DOCUMENT_BAD_PHOTO_QUALITY: 'DOCUMENT_UNREADABLE',
  // The document itself cannot be used: another one is needed.
  ID_NOT_SUPPORTED: 'DOCUMENT_NOT_ACCEPTED',
  ID_DAMAGED: 'DOCUMENT_NOT_ACCEPTED',
  ID_OUTWORN: 'DOCUMENT_NOT_ACCEPTED',
  ID_HAS_STICKER: 'DOCUMENT_NOT_ACCEPTED',
  ID_WRITTEN_ON: 'DOCUMENT_NOT_ACCEPTED',
  ID_BROKEN: 'DOCUMENT_NOT_ACCEPTED',
  ID_DAMAGED_OTHER: 'DOCUMENT_NOT_ACCEPTED',
  ID_SECOND_DOCUMENT_DAMAGED: 'DOCUMENT_NOT_ACCEPTED',
  ID_EXPIRED: 'DOCUMENT_EXPIRED',
  ID_SECOND_DOCUMENT_EXPIRED: 'DOCUMENT_EXPIRED',
  // Something is missing.
  ID_WRONG_SIDE: 'DOCUMENT_INCOMPLETE',
  ID_SECOND_DOCUMENT: 'DOCUMENT_INCOMPLETE',
  ID_NEED_ADDITIONAL_DOCUMENT: 'DOCUMENT_INCOMPLETE',
  USER_INVOICE_MISSING: 'DOCUMENT_INCOMPLETE',
  // The face could not be compared.
  USER_OBSCURED: 'SELFIE_UNCLEAR',
  SELFIE_BLURRY: 'SELFIE_UNCLEAR',
  SELFIE_GLARE: 'SELFIE_UNCLEAR',
  SELFIE_DARKNESS: 'SELFIE_UNCLEAR',
  SELFIE_PERSPECTIVE: 'SELFIE_UNCLEAR',
  SELFIE_OTHER: 'SELFIE_UNCLEAR',
  // ID_OTHER, ID_SECOND_DOCUMENT_OTHER, IDENT_CANNOT_BE_COMPLETED, IDENT_DISPLAY_ERROR, IDENT_OTHER
  // and the signing (TSP_*) reasons say nothing the user can act on: OTHER.
};

/** Our reason for an IDnow reason code (OTHER when none maps or none was given). */
export function reasonOfIdnowCode(code: string | null | undefined): RejectReasonCode {
  return (code && REASONS[code]) || 'OTHER';
}
