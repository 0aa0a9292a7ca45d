import type { VerifiableLevel } from '../../../shared/kyc.ts';
import type { Db } from '../../db/index.ts';

/**
 * Other modules' own clean-ups that the retention job and the erasure run (decision 023): each module
 * knows its tables, records decides when. Late-bound: those modules are built after records.
 */
export interface RetentionSweeps {
  /** Liveness challenges and frames created before `before`, but for levels still awaiting a decision. */
  biometric(before: string, keep: (userId: string, level: VerifiableLevel) => Promise<boolean>): Promise<number>;
  /** Phone handoff links whose every use is long over. */
  handoffLinks(): Promise<number>;
  /** Erasure: all of a user's biometric data (liveness challenges and frames), in `trx`. */
  eraseBiometric(trx: Db, userId: string): Promise<number>;
}
