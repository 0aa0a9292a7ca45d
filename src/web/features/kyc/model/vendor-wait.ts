import type { KycInfo } from '../../../../shared/api/kyc-info.ts';
import { StepStatus, type VerifiableLevel } from '../../../../shared/kyc.ts';
import { canStartFlow } from './next-action.ts';

/**
 * Waiting for a vendor's result after the user sent their documents (its webhook decides; issue 27):
 * - `sent`: nothing of this attempt seen yet. `known` is the level's newest rejection when the wait
 *   began (undefined until kyc-info is first read after coming back from a hosted page); `since` the
 *   server's time the vendor session began, when our return address carries it (`&since=`).
 * - `pending`: the vendor said it is reviewing; it ends when the level leaves PENDING.
 */
export type VendorWait = { phase: 'none' } | { phase: 'sent'; known?: string | null; since: string | null } | { phase: 'pending' };

/** The newest decision time among the level's rejections in kyc-info (ISO, comparable as text); null: none. */
export function newestRejection(info: Pick<KycInfo, 'errorNotify'>, level: VerifiableLevel): string | null {
  return (info.errorNotify ?? []).filter((n) => n.level === level).reduce<string | null>((max, n) => (max === null || n.decidedAt > max ? n.decidedAt : max), null);
}

/**
 * The wait after one more read of the level. A vendor may decide without ever reporting PENDING (the
 * application opens and is decided by the same webhook), so a retryable rejection ends the wait when
 * it is newer than what was known (or than the session's start): before, "Documents sent" stayed on
 * screen after a Jumio rejection until a reload. Approved or rejected for good ends it too (the page
 * shows that status).
 */
export function nextVendorWait(wait: VendorWait, current: StepStatus, newest: string | null): VendorWait {
  if (wait.phase === 'none') return wait;
  if (wait.phase === 'pending') return current === StepStatus.PENDING ? wait : { phase: 'none' };
  if (current === StepStatus.PENDING) return { phase: 'pending' };
  if (!canStartFlow(current)) return { phase: 'none' };
  if (current === StepStatus.FAILED_AND_CAN_RETRY && newest !== null) {
    const isNew = wait.since !== null ? newest > wait.since : wait.known !== undefined && newest !== wait.known;
    if (isNew) return { phase: 'none' };
  }
  return wait.known === undefined ? { ...wait, known: newest } : wait;
}
