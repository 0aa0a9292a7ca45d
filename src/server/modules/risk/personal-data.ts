import type { Db } from '../../db/index.ts';
import type { PersonalDataPort } from '../records/port.ts';

/**
 * Risk intercepts in the user's data export and erasure (decision 041). These are security checks of
 * the user's own actions (a withdrawal from a new country, soon after a document change) whose
 * outcome the user was shown at the time, not the anti-money-laundering assessment that decision 031
 * withholds: the scene, the country the request came from, the outcome and the step asked for are
 * exported; the rule's name and the facts it weighed stay out, like every rule of the exchange.
 * Erasure blanks the country, the device id and the facts; the scene, outcome and time stay.
 */
export const riskPersonalData: PersonalDataPort = {
  async exportOf(db: Db, userId: string) {
    const rows = await db.selectFrom('risk_decisions').select(['scene', 'country', 'decision', 'step_code', 'created_at']).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    return { riskDecisions: rows.map((r) => ({ scene: r.scene, requestCountry: r.country, decision: r.decision, stepCode: r.step_code === null ? null : Number(r.step_code), createdAt: r.created_at })) };
  },
  async auditRefsOf(trx: Db, userId: string) {
    const rows = await trx.selectFrom('risk_decisions').select('id').where('user_id', '=', userId).execute();
    return rows.map((r) => ({ entityType: 'risk_decision', entityId: r.id }));
  },
  async eraseOf(trx: Db, userId: string) {
    const r = await trx.updateTable('risk_decisions').set({ country: '', guid: null, facts: '{}' }).where('user_id', '=', userId).where('facts', '!=', '{}').executeTakeFirst();
    return Number(r.numUpdatedRows);
  },
};
