import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDDStatus } from '../../shared/kyc.ts';
import type { App } from '../app.ts';
import { DEMO_USERS } from '../seed.ts';
import { createKycTestApp, get, newReviewer, newUser } from '../modules/kyc/kyc.fixtures.ts';
import { buildEddScenario, EddScenario } from './edd-scenarios.ts';

/** The README's EDD demo user: built through the services and reads as promised (decision 028). */
let app: App;
let close: () => Promise<void>;
let reviewerId: string;
beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewerId = (await newReviewer(app, 'demo-edd-reviewer@example.com')).id;
});
afterAll(async () => close());

describe('EDD demo scenario', () => {
  it('the README user exists with its scenario', () => {
    expect(DEMO_USERS.filter((u) => u.edd).map((u) => [u.email, u.edd])).toEqual([['edd-reviewing@example.com', 'REVIEWING']]);
  });

  it('REVIEWING: both questionnaires sent with a picture, _Reviewing, its EDD case pending in the queue', async () => {
    const u = await newUser(app, 'demo-edd@example.com');
    await buildEddScenario(app.services, u.id, EddScenario.REVIEWING, { reviewerId });
    expect((await get(app, '/v3/private/aml/get-edd-info', u.cookie)).json().result).toMatchObject({ eddStatus: EDDStatus.EDDStatus_Reviewing, nextTemplateCode: '', rejection: null });
    const round = await app.db.selectFrom('edd_rounds').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(round.answers))).toEqual(['eddQuestionnaire', 'sourceOfFundsWealth']);
    const kase = await app.db.selectFrom('review_cases').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(kase).toMatchObject({ subject_kind: 'EDD', subject_id: round.id, status: 'PENDING' });
    const evidence = await app.db.selectFrom('kyc_documents').select('kind').where('user_id', '=', u.id).execute();
    expect(evidence).toEqual([{ kind: 'QUESTIONNAIRE_EVIDENCE' }]);
  });
});
