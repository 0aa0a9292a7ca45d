import { z } from '../zod.ts';
import { KycLevel } from '../kyc.ts';
import { ValidationMessage } from '../validation.ts';

/**
 * Identity transfer (issue 12, docs/decisions/029): a user verified on one site (entity) carries that
 * verification to their account on another entity (e.g. the main site's identity to the EU entity).
 * §4: KYC_TRANSFER_VERIFY_STATUS_*, sides source/target, outcomes success/pending; §8 step codes
 * 30030 (before the transfer) and 30031 (after it); §7 /v1/kyc/identity, transfer/verify, transfer/status.
 */

/** §4 identity transfer verify status, as the client reads it. */
export const KycTransferVerifyStatus = {
  KYC_TRANSFER_VERIFY_STATUS_UNDEFINED: 'KYC_TRANSFER_VERIFY_STATUS_UNDEFINED',
  KYC_TRANSFER_VERIFY_STATUS_PENDING: 'KYC_TRANSFER_VERIFY_STATUS_PENDING',
  KYC_TRANSFER_VERIFY_STATUS_COMPLETE: 'KYC_TRANSFER_VERIFY_STATUS_COMPLETE',
} as const;
export type KycTransferVerifyStatus = (typeof KycTransferVerifyStatus)[keyof typeof KycTransferVerifyStatus];

/** §4 sides: the account that holds the verified identity (source) and the one receiving it (target). */
export const TransferSide = { source: 'source', target: 'target' } as const;
export type TransferSide = (typeof TransferSide)[keyof typeof TransferSide];

/** §4 outcomes of a verify call: the transfer is done (success) or waits for the other side or a reviewer (pending). */
export const TransferOutcome = { success: 'success', pending: 'pending' } as const;
export type TransferOutcome = (typeof TransferOutcome)[keyof typeof TransferOutcome];

/** §8 step codes that guide the client: a transfer is under way (before) or done (after). */
export const TransferStepCode = { IDENTITY_TRANSFER_BEFORE: 30030, IDENTITY_TRANSFER_AFTER: 30031 } as const;
export type TransferStepCode = (typeof TransferStepCode)[keyof typeof TransferStepCode];

/**
 * Where a transfer is (ours; the §4 status is a projection of it). NONE is the initial status of
 * the table: no transfer yet. Decision 029 gives the table.
 */
export const TransferPhase = {
  NONE: 'NONE',
  /** The source consented; its e-mailed code confirms the consent. */
  AWAITING_SOURCE_CODE: 'AWAITING_SOURCE_CODE',
  /** The source confirmed; the target account confirms with its own e-mailed code. */
  AWAITING_TARGET: 'AWAITING_TARGET',
  /** Both confirmed and a rule asks for a reviewer (an IDENTITY_TRANSFER case). */
  IN_REVIEW: 'IN_REVIEW',
  COMPLETED: 'COMPLETED',
  REJECTED: 'REJECTED',
  CANCELLED: 'CANCELLED',
} as const;
export type TransferPhase = (typeof TransferPhase)[keyof typeof TransferPhase];

/** The §4 status each phase shows. */
export const STATUS_OF_PHASE: Readonly<Record<TransferPhase, KycTransferVerifyStatus>> = {
  NONE: KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_UNDEFINED,
  AWAITING_SOURCE_CODE: KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_UNDEFINED,
  AWAITING_TARGET: KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_UNDEFINED,
  IN_REVIEW: KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_PENDING,
  COMPLETED: KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_COMPLETE,
  REJECTED: KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_UNDEFINED,
  CANCELLED: KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_UNDEFINED,
};

/** Phases in which a transfer is still under way (one per source and one per target at a time). */
export const OPEN_PHASES: readonly TransferPhase[] = [TransferPhase.AWAITING_SOURCE_CODE, TransferPhase.AWAITING_TARGET, TransferPhase.IN_REVIEW];

/** POST /v1/kyc/identity: the source's consent to carry its verified identity to the account `targetEmail`. */
export const identityTransferRequest = z.object({
  targetEmail: z.string({ error: ValidationMessage.REQUIRED }).trim().toLowerCase().min(3, { error: ValidationMessage.REQUIRED }).max(254, { error: ValidationMessage.MAX_LENGTH }),
  /** The consent, given explicitly: anything but true is refused. */
  consent: z.literal(true, { error: ValidationMessage.REQUIRED }),
});
export type IdentityTransferRequest = z.output<typeof identityTransferRequest>;

/** POST /v1/kyc/transfer/verify: the caller's side confirms; without `code` one is e-mailed (§8 30101). */
export const transferVerifyRequest = z.object({
  transferId: z.string({ error: ValidationMessage.REQUIRED }).min(1, { error: ValidationMessage.REQUIRED }).max(64, { error: ValidationMessage.MAX_LENGTH }),
  side: z.enum(TransferSide, { error: ValidationMessage.TYPE }),
  code: z.string({ error: ValidationMessage.TYPE }).trim().regex(/^\d{6}$/, { error: ValidationMessage.TYPE }).optional(),
});
export type TransferVerifyRequest = z.output<typeof transferVerifyRequest>;

/** POST /v1/kyc/transfer/status: nothing to send (the session says whose). */
export const transferStatusRequest = z.preprocess((v) => v ?? {}, z.object({}));

/** A transfer as one of its sides sees it (the other account's address masked). */
export const transferView = z.object({
  transferId: z.string(),
  /** The caller's side. */
  side: z.enum(TransferSide),
  status: z.enum(KycTransferVerifyStatus),
  phase: z.enum(TransferPhase),
  /** The sites (entities): '' is the main site. */
  sourceSite: z.string(),
  targetSite: z.string(),
  /** The other side's e-mail, masked. */
  counterpart: z.string(),
  level: z.literal([KycLevel.LEVEL_1, KycLevel.LEVEL_2]),
  /** Whether the caller has to do something now (enter a code). */
  actionRequired: z.boolean(),
  reviewRequired: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TransferView = z.output<typeof transferView>;

export const identityTransferResult = transferView;

export const transferVerifyResult = z.object({
  outcome: z.enum(TransferOutcome),
  transfer: transferView,
  stepCode: z.literal([TransferStepCode.IDENTITY_TRANSFER_BEFORE, TransferStepCode.IDENTITY_TRANSFER_AFTER]),
});
export type TransferVerifyResult = z.output<typeof transferVerifyResult>;

export const transferStatusResult = z.object({
  /** The caller's latest transfer (either side), or null when there never was one. */
  transfer: transferView.nullable(),
  /** §8: 30030 while a transfer is under way, 30031 once complete; null without one. */
  stepCode: z.literal([TransferStepCode.IDENTITY_TRANSFER_BEFORE, TransferStepCode.IDENTITY_TRANSFER_AFTER]).nullable(),
});
export type TransferStatusResult = z.output<typeof transferStatusResult>;

/** Console case subject of an IDENTITY_TRANSFER case. */
export const identityTransferSubject = z.object({
  kind: z.literal('IDENTITY_TRANSFER'),
  transferId: z.string(),
  phase: z.enum(TransferPhase),
  status: z.enum(KycTransferVerifyStatus),
  source: z.object({ userId: z.string(), email: z.string(), site: z.string() }),
  target: z.object({ userId: z.string(), email: z.string(), site: z.string() }),
  level: z.literal([KycLevel.LEVEL_1, KycLevel.LEVEL_2]),
  /** The verified identity that moves. */
  identity: z.object({ firstName: z.string(), lastName: z.string(), dateOfBirth: z.string(), nationality: z.string(), residenceCountry: z.string() }),
  /** The rules (as data) that asked for this review. */
  rules: z.array(z.string()),
  createdAt: z.string(),
});
export type IdentityTransferSubject = z.output<typeof identityTransferSubject>;
