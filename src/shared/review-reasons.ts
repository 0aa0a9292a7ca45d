import type { VerifiableLevel } from './kyc.ts';

/**
 * The reviewer's rejection vocabulary, shared by the user's KYC screens (which explain a rejection)
 * and the compliance console (which gives one). Schema-free and dependent on no API contract, so
 * both sides import it without importing each other.
 */

/** A rejection either lets the user try again or closes the level for good. */
export const RejectMode = { RETRY: 'RETRY', FINAL: 'FINAL' } as const;
export type RejectMode = (typeof RejectMode)[keyof typeof RejectMode];

/**
 * The rejection-reason taxonomy. Users see the translated title and hint
 * (`kyc-reasons.<code>.title` / `.hint` in the user-accounts namespace); reviewers pick one.
 * `levels` says which levels a reason can be given for.
 */
export const REJECT_REASONS = {
  DOCUMENT_UNREADABLE: { levels: [1, 2] },
  DOCUMENT_INCOMPLETE: { levels: [1, 2] },
  DOCUMENT_EXPIRED: { levels: [1] },
  DOCUMENT_NOT_ACCEPTED: { levels: [1, 2] },
  SELFIE_UNCLEAR: { levels: [1] },
  SELFIE_MISMATCH: { levels: [1] },
  DATA_MISMATCH: { levels: [1] },
  UNDERAGE: { levels: [1] },
  ADDRESS_MISMATCH: { levels: [2] },
  PROOF_OF_ADDRESS_TOO_OLD: { levels: [2] },
  SUSPECTED_FRAUD: { levels: [1, 2] },
  DUPLICATE_ACCOUNT: { levels: [1] },
  RESTRICTED_JURISDICTION: { levels: [1, 2] },
  OTHER: { levels: [1, 2] },
} as const satisfies Record<string, { levels: readonly VerifiableLevel[] }>;
export type RejectReasonCode = keyof typeof REJECT_REASONS;
export const REJECT_REASON_CODES = Object.keys(REJECT_REASONS) as RejectReasonCode[];

export function reasonAppliesTo(code: RejectReasonCode, level: number): boolean {
  return (REJECT_REASONS[code].levels as readonly number[]).includes(level);
}

/** At most this many reasons in one rejection (decision 052). */
export const MAX_REJECT_REASONS = 5;

/** What the user reads; bounded so the KYC screen's notice stays a notice. */
export const USER_MESSAGE_MAX_LENGTH = 500;
/** The reviewer's note for other reviewers (never shown to the user). */
export const INTERNAL_NOTE_MAX_LENGTH = 2000;
