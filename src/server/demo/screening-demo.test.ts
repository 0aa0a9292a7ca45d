import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { DEMO_USERS } from '../seed.ts';
import { createKycTestApp, get, newReviewer, newUser, post } from '../modules/kyc/kyc.fixtures.ts';
import { buildKycScenario, KycScenario } from './kyc-scenarios.ts';
import { seedScreeningList } from './screening-demo.ts';

/** README's screening-hit@example.com: built as seeding builds it, it reads as promised. */
let app: App;
let close: () => Promise<void>;
let reviewerId: string;
beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewerId = (await newReviewer(app, 'demo-scr-reviewer@example.com')).id;
});
afterAll(async () => close());

describe('screening demo', () => {
  it('the sample list is loaded once; screening-hit has an open SCREENING case and nsquestion due', async () => {
    await seedScreeningList(app.services.screening);
    await seedScreeningList(app.services.screening);
    expect(await app.db.selectFrom('screening_lists').select('version').execute()).toEqual([{ version: 1 }]);

    const demo = DEMO_USERS.find((u) => u.email === 'screening-hit@example.com')!;
    expect(demo).toMatchObject({ kyc: KycScenario.L1_APPROVED, personalInfo: { firstName: 'Viktor', lastName: 'Drachenko', dateOfBirth: '1968-04-12' } });
    const u = await newUser(app, 'demo-screening-hit@example.com');
    await buildKycScenario(app.services, u.id, demo.kyc!, { reviewerId, personalInfo: demo.personalInfo! });
    await app.services.events.subscribers.runDue();
    await app.services.screening.jobs.runDue();

    const kase = await app.db.selectFrom('review_cases').selectAll().where('user_id', '=', u.id).where('subject_kind', '=', 'SCREENING').executeTakeFirstOrThrow();
    expect(kase.status).toBe('PENDING');
    const info = (await post(app, '/v3/private/kyc/kyc-info', { obtain_aml_questionnaire: true }, u.cookie)).json().result;
    expect(info).toMatchObject({ amlQuestionnaire: { needQuestionnaire: true, templateCode: 'nsquestion' } });
    expect((await get(app, '/v3/private/kyc/get-aml-result?sceneCode=KYC', u.cookie)).json().result).toMatchObject({ result: 'REVIEW', status: 'POTENTIAL_MATCH', needQuestionnaire: true, templateCode: 'nsquestion' });
  });
});
