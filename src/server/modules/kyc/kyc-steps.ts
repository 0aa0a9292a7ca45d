import { isCountryEnabled } from '../../../shared/countries.ts';
import { MEMBER_TAG_KYC_NO_STEPS, StepStatus, type VerifiableLevel } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, wrongState } from '../../errors.ts';
import type { Actor } from '../audit/audit.service.ts';
import { applyEvent, batchedStepsReader, readSteps } from '../steps/steps.service.ts';
import { asStoredSteps, availabilityEvents, KYC_LEVEL_MACHINE, prerequisiteMet, stepOf, type StepEvent, type StoredSteps } from './kyc.machine.ts';
import * as repo from './kyc.repo.ts';

/** What the kyc module needs from accounts: the member tags (§3 member_tag.KYC). */
export interface KycAccountsPort {
  /** `q`: the caller's transaction, when it has one open. */
  memberTags(userId: string, q?: Db): Promise<Record<string, string>>;
}

const SYSTEM: Actor = { type: 'system', id: null };

/** A user's personal information and KYC steps as one request read them, handed on so they are read once. */
export interface KycReads {
  personal: repo.PersonalInfoRow | undefined;
  stored: StoredSteps;
}

/** A level accepts a submission in these statuses (and when its prerequisite is reached). */
export const SUBMITTABLE: ReadonlySet<string> = new Set([StepStatus.ALLOW, StepStatus.FAILED_AND_CAN_RETRY]);

/**
 * The KYC step rules over the generic steps module: reading a user's levels, applying events (always
 * through the steps module's applyEvent with KYC_LEVEL_MACHINE), who may have steps at all (§4/§6),
 * "this level accepts a submission now", and keeping steps in line with the residence country.
 */
export function createKycSteps({ db, kycOpened, accounts }: { db: Db; kycOpened: boolean; accounts: KycAccountsPort }) {
  const load = async (q: Db, userId: string): Promise<StoredSteps> => asStoredSteps(await readSteps(q, KYC_LEVEL_MACHINE, userId));
  const readBatched = batchedStepsReader(db, KYC_LEVEL_MACHINE);
  /** load(db, userId) outside any transaction, read in batches under load (the profile's level on every page). */
  const loadNow = async (userId: string): Promise<StoredSteps> => asStoredSteps(await readBatched(userId));

  /**
   * Applies one event to one level in `trx` (audited there); WRONG_STATE when the table or a rule refuses it.
   * Every way a level is reached goes through here, so its `kyc.level.status_changed` event is where the
   * other modules react to a verified level (screening, EDD, the user's e-mail: decision 057), after the commit.
   */
  const apply = (trx: Db, userId: string, level: VerifiableLevel, event: StepEvent, actor: Actor, context: Record<string, unknown> = {}) =>
    applyEvent(trx, { machine: KYC_LEVEL_MACHINE, subjectId: userId, step: stepOf(level), event, actor, context });

  /** The member's tags (§3), read in `q`: kyc-info reads them once for its own use and the extras'. */
  const memberTagsOf = (q: Db, userId: string): Promise<Record<string, string>> => accounts.memberTags(userId, q);

  async function memberHasNoSteps(q: Db, userId: string): Promise<boolean> {
    return hasNoSteps(await memberTagsOf(q, userId));
  }

  /** §4/§6: members without steps (tag KYC '1', or KYC not opened) cannot change anything. */
  async function assertStepsAvailable(q: Db, userId: string): Promise<void> {
    if (!kycOpened || (await memberHasNoSteps(q, userId))) throw wrongState('no KYC steps for this member');
  }

  /**
   * THE rule of "this level accepts a submission now", shared by submit-application and document
   * uploads: KYC steps are available to the member, the level's step is ALLOW or
   * FAILED_AND_CAN_RETRY, and its prerequisite is reached. WRONG_STATE otherwise.
   */
  async function assertAcceptsSubmission(q: Db, userId: string, level: VerifiableLevel): Promise<StoredSteps> {
    await assertStepsAvailable(q, userId);
    const steps = await load(q, userId);
    if (!SUBMITTABLE.has(steps[level]) || !prerequisiteMet(level, steps)) throw wrongState(`level ${level} is ${steps[level]}: cannot submit`);
    return steps;
  }

  /**
   * Brings stored steps in line with availability: a residence country that is (now) disabled makes
   * open steps CERTIFICATION_DISABLED, and lifting that re-opens them. Writes only when something
   * changes; a concurrent request doing the same is harmless. Returns what it read when it changed
   * nothing (the caller need not read the same rows again: issue 15, kyc-info), null when it wrote.
   */
  async function reconcileAvailability(userId: string): Promise<KycReads | null> {
    const info = await repo.findPersonalInfo(db, userId);
    const disabled = info !== undefined && !isCountryEnabled(info.residence_country);
    const stored = await load(db, userId);
    const events = availabilityEvents(stored, disabled);
    if (events.length === 0) return { personal: info, stored };
    try {
      await inTransaction(db, async (trx) => {
        for (const { level, event } of events) {
          await apply(trx, userId, level, event, SYSTEM, { cause: disabled ? 'residence country disabled' : 'residence country enabled' });
        }
      });
    } catch (err) {
      if (!(err instanceof BusinessError && err.retCode === RetCode.WRONG_STATE)) throw err;
    }
    return null;
  }

  return { load, loadNow, apply, memberTagsOf, memberHasNoSteps, assertStepsAvailable, assertAcceptsSubmission, reconcileAvailability };
}

export type KycSteps = ReturnType<typeof createKycSteps>;

/** §4/§6: the member tag KYC '1' means a member without KYC steps. */
export function hasNoSteps(tags: Readonly<Record<string, string>>): boolean {
  return tags.KYC === MEMBER_TAG_KYC_NO_STEPS;
}
