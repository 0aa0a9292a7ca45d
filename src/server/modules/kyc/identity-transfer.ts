import { StepStatus, type VerifiableLevel } from '../../../shared/kyc.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { KYC_LEVEL_MACHINE, LEVELS, nextStatus, reachedLevel, StepEvent, stepOf } from './kyc.machine.ts';
import type { KycSteps } from './kyc-steps.ts';
import * as repo from './kyc.repo.ts';
import { readStepChange } from '../steps/steps.service.ts';

/** The verified identity an account holds, as an identity transfer reads it (decision 029). */
export interface VerifiedIdentity {
  level: number;
  /** When level 1 was reached (its step's last change); null when not verified. */
  verifiedAt: string | null;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  nationality: string;
  residenceCountry: string;
}

/**
 * The kyc side of an identity transfer (decision 029): what a source holds, whether a target can
 * receive, and receiving — the personal information is copied and each level arrives through the
 * level machine's TRANSFER_IN event (audited there), in the caller's transaction.
 */
export function createIdentityTransferKyc({ db, steps }: { db: Db; steps: KycSteps }) {
  async function identityOf(userId: string, q: Db = db): Promise<VerifiedIdentity> {
    const stored = await steps.load(q, userId);
    const info = await repo.findPersonalInfo(q, userId);
    const level1 = await readStepChange(q, KYC_LEVEL_MACHINE, userId, stepOf(1));
    return {
      level: reachedLevel(stored),
      verifiedAt: level1?.status === StepStatus.SUCCESS ? level1.changedAt : null,
      firstName: info?.first_name ?? '',
      lastName: info?.last_name ?? '',
      dateOfBirth: info?.date_of_birth ?? '',
      nationality: info?.nationality ?? '',
      residenceCountry: info?.residence_country ?? '',
    };
  }

  /** A target can receive `level` when every level up to it can take TRANSFER_IN or is reached already (nothing pending). */
  async function canReceive(userId: string, level: number, q: Db = db): Promise<boolean> {
    const stored = await steps.load(q, userId);
    if (reachedLevel(stored) >= level) return false;
    return LEVELS.filter((l) => l <= level).every((l) => stored[l] === StepStatus.SUCCESS || nextStatus(stored[l], StepEvent.TRANSFER_IN) !== null);
  }

  return {
    identityOf,
    canReceive,

    /** In `trx`: the source's personal information becomes the target's, and its levels up to `level` are reached. */
    async receive(trx: Db, input: { sourceUserId: string; targetUserId: string; level: number; transferId: string }, actor: Actor): Promise<void> {
      const source = await repo.findPersonalInfo(trx, input.sourceUserId);
      if (!source) throw wrongState('the source holds no verified identity');
      const before = await repo.lockPersonalInfo(trx, input.targetUserId);
      const at = nowIso();
      await repo.upsertPersonalInfo(trx, { ...source, user_id: input.targetUserId, created_at: before?.created_at ?? at, updated_at: at });
      await recordAudit(trx, actor, {
        action: 'kyc.personal_info.transfer_in',
        entityType: 'kyc_personal_info',
        entityId: input.targetUserId,
        before: before ? { residenceCountry: before.residence_country } : null,
        after: { transferId: input.transferId, fromUserId: input.sourceUserId, residenceCountry: source.residence_country },
      });
      const stored = await steps.load(trx, input.targetUserId);
      for (const level of LEVELS.filter((l) => l <= input.level) as VerifiableLevel[]) {
        if (stored[level] !== StepStatus.SUCCESS) await steps.apply(trx, input.targetUserId, level, StepEvent.TRANSFER_IN, actor, { transferId: input.transferId });
      }
    },
  };
}

export type IdentityTransferKyc = ReturnType<typeof createIdentityTransferKyc>;
