import type { Db } from '../../db/index.ts';
import type { PersonalDataPort } from '../records/port.ts';
import { deleteSubject } from './screening.repo.ts';

/**
 * Screening in erasure (decision 041). A match keeps a copy of the name and date of birth it
 * compared (the personal information itself goes with the KYC records): erasure blanks that copy and
 * the matches' audit payloads; the hits (the list's entries), the outcome and the dates stay, as the
 * record of the screening the law requires. The user's row among the verified users to screen goes. Nothing is exported: whether and how a customer matched a
 * sanctions list is withheld under the anti-money-laundering tipping-off rule (decision 031).
 */
export const screeningPersonalData: PersonalDataPort = {
  exportOf: async () => ({}),
  async auditRefsOf(trx: Db, userId: string) {
    const rows = await trx.selectFrom('screening_matches').select('id').where('user_id', '=', userId).execute();
    return rows.map((r) => ({ entityType: 'screening_match', entityId: r.id }));
  },
  async eraseOf(trx: Db, userId: string) {
    const r = await trx.updateTable('screening_matches').set({ our_name: '', our_birth_date: '' }).where('user_id', '=', userId).where('our_name', '!=', '').executeTakeFirst();
    // Without personal information there is no name to screen: the user leaves the verified users
    // screening pages through and counts (decision 063), in the erasure's transaction.
    return Number(r.numUpdatedRows) + (await deleteSubject(trx, userId));
  },
};
