import { StepStatus } from '../../../shared/kyc.ts';
import type { Db } from '../../db/index.ts';
import { readStepChange, readStepsOfSubjects } from '../steps/steps.service.ts';
import { KYC_LEVEL_MACHINE, stepOf } from './kyc.machine.ts';
import * as repo from './kyc.repo.ts';

/** Candidates read per statement while looking for verified users in some countries. */
const CANDIDATE_PAGE = 500;

/**
 * Verified users (level 1 reached) as other modules ask for them (decision 063), from kyc's own
 * personal information and the steps module's statuses through its service — no join across the two
 * modules' tables (decision 055).
 */
export function createVerifiedPeople({ db, candidatePage = CANDIDATE_PAGE }: { db: Db; candidatePage?: number }) {
  return {
    /**
     * When level 1 was reached, if it is reached now and the user has personal information (a name to
     * screen); null otherwise. Read in `q` (the screening read model's transaction).
     */
    async verifiedSince(q: Db, userId: string): Promise<string | null> {
      const level1 = await readStepChange(q, KYC_LEVEL_MACHINE, userId, stepOf(1));
      if (level1?.status !== StepStatus.SUCCESS) return null;
      return (await repo.findPersonalInfo(q, userId)) ? level1.changedAt : null;
    },

    /**
     * Verified users living in or nationals of one of `countries`, the next `limit` after `after` in id
     * order (a new risk list re-assesses them, decision 041). Pages through the people of those
     * countries (kyc's table, in id order) and keeps those whose level 1 is reached (one statement of
     * the steps module per page), until `limit` are found or nobody is left: two statements per page
     * of candidates, whatever the number of users.
     */
    async verifiedUsersIn(countries: readonly string[], after: string, limit: number): Promise<string[]> {
      const found: string[] = [];
      const page = Math.max(limit, candidatePage);
      for (let cursor = after; found.length < limit; ) {
        const candidates = await repo.findPeopleIn(db, countries, cursor, page);
        const steps = await readStepsOfSubjects(db, KYC_LEVEL_MACHINE, candidates);
        for (const id of candidates) {
          if (steps.get(id)?.[stepOf(1)] === StepStatus.SUCCESS) found.push(id);
          if (found.length === limit) return found;
        }
        if (candidates.length < page) break;
        cursor = candidates.at(-1)!;
      }
      return found;
    },
  };
}
