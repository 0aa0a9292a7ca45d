import type { Db } from '../../db/index.ts';
import type { PersonalDataPort } from '../records/port.ts';
import * as repo from './transfer.repo.ts';

/**
 * Identity transfers in the user's data export (decision 031), from the user's side: which sites,
 * which level, when. The other account of a transfer is not named (it may be another person's), and
 * the rules that asked for a review are the exchange's risk assessment.
 */
export const transferPersonalData: PersonalDataPort = {
  async exportOf(db: Db, userId: string) {
    const rows = (await repo.findAllOf(db, userId)).sort((a, b) => a.created_at.localeCompare(b.created_at));
    return {
      identityTransfers: rows.map((t) => ({
        role: t.source_user_id === userId ? ('SOURCE' as const) : ('TARGET' as const),
        sourceSite: t.source_site,
        targetSite: t.target_site,
        level: t.level,
        createdAt: t.created_at,
        completedAt: t.completed_at,
      })),
    };
  },
};
