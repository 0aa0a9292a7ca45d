import type { RejectMode, RejectReasonCode } from '../../../../shared/review-reasons.ts';

/**
 * Onfido Studio's decline reasons mapped to our taxonomy. A workflow run's `reasons` are strings the
 * workflow's author configures per outcome (Onfido: "configurable when creating the workflow
 * version"), conventionally named after the report and breakdown that failed (document report:
 * image_integrity / visual_authenticity / data_validation / data_consistency / age_validation /
 * compromised_document; facial similarity: face_comparison / spoofing). So the mapping goes by the
 * words in a reason, most specific first; anything unrecognised is OTHER (the raw reasons go to the
 * reviewers' note). Workflows should name their decline branches with these words.
 */
const RULES: [RegExp, RejectReasonCode][] = [
  [/duplicate|known_faces|repeat_attempt/i, 'DUPLICATE_ACCOUNT'],
  [/sanction|watchlist|pep\b|politically_exposed|restricted_country|jurisdiction/i, 'RESTRICTED_JURISDICTION'],
  [/age_validation|minimum_accepted_age|underage/i, 'UNDERAGE'],
  [/fraud|tamper|forg|template|fonts|security_features|compromised|spoof|digital_tampering|original_document|visual_authenticity|police_record/i, 'SUSPECTED_FRAUD'],
  [/expir/i, 'DOCUMENT_EXPIRED'],
  [/supported_document|document_type|unsupported|not_a_document/i, 'DOCUMENT_NOT_ACCEPTED'],
  [/missing_back|incomplete|cut_off|missing_page|conclusive_document_quality/i, 'DOCUMENT_INCOMPLETE'],
  [/image_quality|image_integrity|blur|glare|dark|colour_picture|readab/i, 'DOCUMENT_UNREADABLE'],
  [/face_comparison|facial_similarity|face_mismatch/i, 'SELFIE_MISMATCH'],
  [/selfie|liveness|face_detection|no_face/i, 'SELFIE_UNCLEAR'],
  [/address/i, 'ADDRESS_MISMATCH'],
  [/data_consistency|data_comparison|data_validation|mismatch/i, 'DATA_MISMATCH'],
];

/** Our reasons for Onfido's decline reasons, in the order given, without repeats (OTHER when none maps). */
export function reasonsOfOnfido(reasons: readonly string[]): RejectReasonCode[] {
  const mapped = [...new Set(reasons.map((r) => RULES.find(([pattern]) => pattern.test(r))?.[1] ?? 'OTHER'))];
  const specific = mapped.filter((c) => c !== 'OTHER');
  return specific.length > 0 ? specific : ['OTHER'];
}

/** Reasons that another attempt cannot cure: the level closes. */
const FINAL_REASONS = new Set<RejectReasonCode>(['SUSPECTED_FRAUD', 'DUPLICATE_ACCOUNT', 'UNDERAGE', 'RESTRICTED_JURISDICTION']);

/**
 * Onfido says "declined" without saying whether the user may try again (unlike Sumsub's
 * RETRY/FINAL). Fraud, a duplicate, age and jurisdiction close the level; everything else (a
 * blurry photo, an expired or unsupported document, a face that did not match) lets the user try
 * again with a new workflow run, which Onfido checks afresh.
 */
export function modeOfReasons(codes: readonly RejectReasonCode[]): RejectMode {
  return codes.some((c) => FINAL_REASONS.has(c)) ? 'FINAL' : 'RETRY';
}
