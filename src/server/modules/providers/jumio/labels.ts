import type { RejectMode, RejectReasonCode } from '../../../../shared/review-reasons.ts';

/**
 * Jumio's capability decision labels (KYX retrieval API: usability, imageChecks, liveness,
 * similarity, dataChecks, watchlistScreening, addressValidation…) mapped to our taxonomy. Some
 * labels mean different things per capability (PHOTOCOPY of a document vs. as a selfie), so a
 * `capability.LABEL` entry wins over a plain `LABEL`. Unlisted labels are OTHER; the labels
 * themselves go to the reviewers' note.
 */
const LABELS: Record<string, RejectReasonCode> = {
  // usability: could the pictures be used at all?
  BAD_QUALITY: 'DOCUMENT_UNREADABLE',
  BLURRED: 'DOCUMENT_UNREADABLE',
  BAD_QUALITY_IMAGE: 'DOCUMENT_UNREADABLE',
  GLARE: 'DOCUMENT_UNREADABLE',
  DAMAGED_DOCUMENT: 'DOCUMENT_UNREADABLE',
  BLACK_WHITE: 'DOCUMENT_UNREADABLE',
  PART_OF_DOCUMENT_MISSING: 'DOCUMENT_INCOMPLETE',
  PART_OF_DOCUMENT_HIDDEN: 'DOCUMENT_INCOMPLETE',
  MISSING_PAGE: 'DOCUMENT_INCOMPLETE',
  MISSING_SIGNATURE: 'DOCUMENT_INCOMPLETE',
  MISSING_MANDATORY_DATAPOINTS: 'DOCUMENT_INCOMPLETE',
  NOT_A_DOCUMENT: 'DOCUMENT_NOT_ACCEPTED',
  PHOTOCOPY: 'DOCUMENT_NOT_ACCEPTED',
  UNSUPPORTED_COUNTRY: 'DOCUMENT_NOT_ACCEPTED',
  UNSUPPORTED_DOCUMENT_TYPE: 'DOCUMENT_NOT_ACCEPTED',
  PUNCHED: 'DOCUMENT_NOT_ACCEPTED',
  // liveness and similarity: the selfie.
  'liveness.LIVENESS_UNDETERMINED': 'SELFIE_UNCLEAR',
  'usability.LIVENESS_UNDETERMINED': 'SELFIE_UNCLEAR',
  'liveness.BLACK_WHITE': 'SELFIE_UNCLEAR',
  MULTIPLE_PEOPLE: 'SELFIE_UNCLEAR',
  NO_FACE_PRESENT: 'SELFIE_UNCLEAR',
  FACE_NOT_FULLY_VISIBLE: 'SELFIE_UNCLEAR',
  ID_USED_AS_SELFIE: 'SUSPECTED_FRAUD',
  'liveness.PHOTOCOPY': 'SUSPECTED_FRAUD',
  'liveness.DIGITAL_COPY': 'SUSPECTED_FRAUD',
  'liveness.MANIPULATED': 'SUSPECTED_FRAUD',
  NO_MATCH: 'SELFIE_MISMATCH',
  NOT_POSSIBLE: 'SELFIE_UNCLEAR',
  // imageChecks: is the document genuine?
  DIGITAL_COPY: 'SUSPECTED_FRAUD',
  WATERMARK: 'SUSPECTED_FRAUD',
  MANIPULATED_DOCUMENT: 'SUSPECTED_FRAUD',
  GHOST_IMAGE_DIFFERENT: 'SUSPECTED_FRAUD',
  SAMPLE: 'SUSPECTED_FRAUD',
  FAKE: 'SUSPECTED_FRAUD',
  CHIP_MISSING: 'SUSPECTED_FRAUD',
  DIGITAL_MANIPULATION: 'SUSPECTED_FRAUD',
  MISMATCH_FRONT_BACK: 'SUSPECTED_FRAUD',
  DIFFERENT_PERSON: 'SELFIE_MISMATCH',
  REPEATED_FACE: 'DUPLICATE_ACCOUNT',
  // dataChecks: does the data hold together?
  NFC_CERTIFICATE: 'SUSPECTED_FRAUD',
  MRZ_CHECKSUM: 'SUSPECTED_FRAUD',
  MISMATCHING_DATA_REPEATED_FACE: 'SUSPECTED_FRAUD',
  MISMATCHING_DATAPOINTS: 'DATA_MISMATCH',
  MISMATCH_HRZ_MRZ_DATA: 'DATA_MISMATCH',
  // watchlistScreening, addressValidation.
  'watchlistScreening.ALERT': 'RESTRICTED_JURISDICTION',
  'addressValidation.DENY': 'ADDRESS_MISMATCH',
  'addressValidation.ALERT': 'ADDRESS_MISMATCH',
  'proofOfResidency.DENY': 'ADDRESS_MISMATCH',
};

const labelReason = (capability: string, label: string): RejectReasonCode =>
  LABELS[`${capability}.${label}`] ?? (label.startsWith('MANIPULATED_DOCUMENT') ? 'SUSPECTED_FRAUD' : (LABELS[label] ?? 'OTHER'));

/** Our reasons for Jumio's `capability.LABEL` pairs, in order, without repeats (OTHER when none maps). */
export function reasonsOfJumio(labels: readonly { capability: string; label: string }[]): RejectReasonCode[] {
  const mapped = [...new Set(labels.map((l) => labelReason(l.capability, l.label)))];
  const specific = mapped.filter((c) => c !== 'OTHER');
  return specific.length > 0 ? specific : ['OTHER'];
}

/** Reasons another attempt cannot cure: the level closes. */
const FINAL_REASONS = new Set<RejectReasonCode>(['SUSPECTED_FRAUD', 'DUPLICATE_ACCOUNT', 'UNDERAGE', 'RESTRICTED_JURISDICTION']);

/**
 * Jumio's REJECTED does not say whether the user may try again. A forged or manipulated document,
 * a repeated face or a watchlist hit closes the level; unusable pictures, an unsupported document
 * or a face that did not match let the user try again (a new workflow execution, checked afresh).
 */
export function modeOfReasons(codes: readonly RejectReasonCode[]): RejectMode {
  return codes.some((c) => FINAL_REASONS.has(c)) ? 'FINAL' : 'RETRY';
}
