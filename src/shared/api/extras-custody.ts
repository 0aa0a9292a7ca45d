import { z } from '../zod.ts';
import { CustodyEntity, EuMigration, FiatPopUpType } from '../extras.ts';
import { CustodyType } from '../kyc.ts';
import { ValidationMessage } from '../validation.ts';
import { timestampValue } from './kyc-fields.ts';

/**
 * Custody (§3 custody, custodyInfo, newSatosGray, isDisplayNewSatos, isDisplaySatosToEu; §7 the satos
 * deposit-verify pop-up; decision 025).
 */

/** §3 custodyInfo: null for CUSTODY_UNSPECIFIED. */
export const custodyInfoValue = z.object({
  entity: z.enum(CustodyEntity),
  since: timestampValue,
  euMigration: z.enum(EuMigration),
  euMigratedAt: timestampValue.nullable(),
});
export type CustodyInfoValue = z.output<typeof custodyInfoValue>;

/** GET custody-info: the caller's arrangement and what they may do about it. */
export const custodyStateResult = z.object({
  custody: z.enum(CustodyType),
  custodyInfo: custodyInfoValue.nullable(),
  newSatosGray: z.boolean(),
  /** The new Satos onboarding is offered (grey release, level 1, EEA residence, no custody yet). */
  canJoinNewSatos: z.boolean(),
  /** The move to the EU entity is offered and not done. */
  canMoveToEu: z.boolean(),
});
export type CustodyStateResult = z.output<typeof custodyStateResult>;

/** POST satos-to-eu/confirm: the EU entity's terms version accepted in the flow, and the consent to transfer the identity. */
export const satosToEuConfirmRequest = z.object({
  agreementVersion: z.number({ error: ValidationMessage.REQUIRED }).int({ error: ValidationMessage.TYPE }).positive({ error: ValidationMessage.TYPE }),
  consentToTransfer: z.literal(true, { error: ValidationMessage.REQUIRED }),
});
export type SatosToEuConfirmRequest = z.input<typeof satosToEuConfirmRequest>;

/** POST new-satos/join: nothing but the caller's wish. */
export const newSatosJoinRequest = z.preprocess((v) => v ?? {}, z.object({}));

/** §7 GET /fiat/public/channel/pop-up?type=satos_deposit_verify. */
export const fiatPopUpQuery = z.object({ type: z.enum(FiatPopUpType, { error: ValidationMessage.TYPE }) });
export const fiatPopUpResult = z.object({
  type: z.enum(FiatPopUpType),
  /** Show it now (signed in, Satos custody, not yet acknowledged). */
  show: z.boolean(),
  /** The member tag that closes it for good (tagmember). */
  ackTag: z.string(),
});
export type FiatPopUpResult = z.output<typeof fiatPopUpResult>;

/** Console: a reviewer sets a member's custody, or offers the move to the EU entity. */
export const consoleCustodyRequest = z.object({
  custody: z.enum(CustodyType, { error: ValidationMessage.TYPE }),
  offerEuMigration: z.boolean({ error: ValidationMessage.TYPE }).default(false),
  reason: z.string({ error: ValidationMessage.REQUIRED }).trim().min(1, { error: ValidationMessage.REQUIRED }).max(500, { error: ValidationMessage.MAX_LENGTH }),
});
export type ConsoleCustodyRequest = z.input<typeof consoleCustodyRequest>;
