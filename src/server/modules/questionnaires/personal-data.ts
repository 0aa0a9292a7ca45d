import type { Db } from '../../db/index.ts';
import type { PersonalDataPort } from '../records/port.ts';
import * as repo from './questionnaires.repo.ts';

/**
 * A user's questionnaire attempts in their data export, and erasure (decision 031): the answers and
 * the address they were sent from are blanked; template, attempt, dates, outcome and score stay, as
 * the record that the questionnaire was answered and how it was judged.
 */
export const questionnairePersonalData: PersonalDataPort = {
  async exportOf(db: Db, userId: string) {
    const rows = await repo.findAllOfUser(db, userId);
    return {
      questionnaires: rows.map((r) => ({
        templateCode: r.template_code,
        templateVersion: r.template_version,
        sceneCode: r.scene_code,
        attempt: r.attempt,
        answers: JSON.parse(r.answers) as Record<string, unknown>,
        submittedAt: r.submitted_at,
        decidedAt: r.decided_at,
        outcome: r.outcome,
        result: r.result === null ? null : (JSON.parse(r.result) as Record<string, unknown>),
      })),
    };
  },
  async auditRefsOf(trx: Db, userId: string) {
    return (await repo.findAllOfUser(trx, userId)).map((r) => ({ entityType: 'questionnaire_answer', entityId: r.id }));
  },
  eraseOf: (trx: Db, userId: string) => repo.eraseAnswersOfUser(trx, userId),
};
