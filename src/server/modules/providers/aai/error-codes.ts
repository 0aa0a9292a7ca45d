import type { RejectMode, RejectReasonCode } from '../../../../shared/review-reasons.ts';

/**
 * AAI's `errorCode` (the failure reason get-result gives with FAIL and INCOMPLETE; FACTS.md §5)
 * mapped to our reason taxonomy and to whether the user may try again. AAI names its codes per
 * product and adds new ones, so the mapping goes by what a code says rather than by a closed list:
 * the first rule whose pattern the code matches decides, in this order (an attack on the liveness
 * check is fraud before it is a face problem). A code no rule knows is OTHER with a retry; the code
 * itself always goes to the reviewers' internal note.
 */
const RULES: readonly { pattern: RegExp; reason: RejectReasonCode; mode: RejectMode }[] = [
  // Presentation attacks, forged or tampered documents, blocklists: no second attempt.
  { pattern: /ATTACK|SPOOF|FORG|FAKE|TAMPER|FRAUD|BLACKLIST|BLOCKLIST|HACK|INJECT/, reason: 'SUSPECTED_FRAUD', mode: 'FINAL' },
  { pattern: /UNDER_?AGE|AGE_LIMIT|MINOR/, reason: 'UNDERAGE', mode: 'FINAL' },
  { pattern: /EXPIRED/, reason: 'DOCUMENT_EXPIRED', mode: 'RETRY' },
  // The face on the document and the selfie are not the same person.
  { pattern: /(FACE|SELFIE|PORTRAIT).*(MATCH|SIMILAR|COMPAR)|(MATCH|SIMILAR|COMPAR).*(FACE|SELFIE|PORTRAIT)/, reason: 'SELFIE_MISMATCH', mode: 'RETRY' },
  { pattern: /FACE|SELFIE|LIVENESS|PORTRAIT/, reason: 'SELFIE_UNCLEAR', mode: 'RETRY' },
  { pattern: /UNSUPPORTED|NOT_SUPPORT|DOC(UMENT)?_?TYPE|TYPE_MISMATCH|COUNTRY_MISMATCH/, reason: 'DOCUMENT_NOT_ACCEPTED', mode: 'RETRY' },
  { pattern: /MISSING|INCOMPLETE|CROP|BACK_?SIDE|FRONT_?SIDE/, reason: 'DOCUMENT_INCOMPLETE', mode: 'RETRY' },
  { pattern: /OCR|BLUR|GLARE|DARK|QUALITY|UNREADABLE|NOT_CLEAR|IMAGE/, reason: 'DOCUMENT_UNREADABLE', mode: 'RETRY' },
  { pattern: /DATA_MISMATCH|NAME_MISMATCH|INFO_MISMATCH|INCONSISTENT/, reason: 'DATA_MISMATCH', mode: 'RETRY' },
];

/** Our reason and reject mode for an AAI error code (OTHER, RETRY when none is given or known). */
export function reasonOfAaiCode(code: string | null | undefined): { reason: RejectReasonCode; mode: RejectMode } {
  const upper = (code ?? '').toUpperCase();
  const rule = upper ? RULES.find((r) => r.pattern.test(upper)) : undefined;
  return rule ? { reason: rule.reason, mode: rule.mode } : { reason: 'OTHER', mode: 'RETRY' };
}
