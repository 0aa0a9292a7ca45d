import type { Db } from '../../db/index.ts';
import type { PersonalDataPort } from '../records/port.ts';
import * as repo from './edd.repo.ts';

/**
 * EDD rounds in the user's data export (decision 031): when each round opened and how it ended. The
 * triggers (which risk rules fired on which facts) are the exchange's risk assessment, withheld
 * under the anti-money-laundering tipping-off rule; the questionnaires the user answered for a
 * round are in the export's questionnaires. Nothing here is erased: the triggers' facts are copies
 * of the personal information erased with the KYC records, and the audit needs which rules fired.
 */
export const eddPersonalData: PersonalDataPort = {
  async exportOf(db: Db, userId: string) {
    const rounds = await repo.findRoundsOfUser(db, userId);
    return { eddRounds: rounds.reverse().map((r) => ({ createdAt: r.created_at, submittedAt: r.submitted_at, decidedAt: r.decided_at, outcome: r.outcome })) };
  },
};
