import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionnaireStatus } from '../../shared/kyc.ts';
import type { App } from '../app.ts';
import { DEMO_USERS } from '../seed.ts';
import { createKycTestApp, newReviewer, newUser, post } from '../modules/kyc/kyc.fixtures.ts';
import { buildQuestionnaireScenario, QuestionnaireScenario } from './questionnaire-scenarios.ts';

/** The README's questionnaire demo users: each scenario is built through the services and reads as promised. */
let app: App;
let close: () => Promise<void>;
let reviewerId: string;
beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewerId = (await newReviewer(app, 'demo-quest-reviewer@example.com')).id;
});
afterAll(async () => close());

const info = async (cookie: string) => (await post(app, '/v3/private/kyc/kyc-info', { obtain_aml_questionnaire: true }, cookie)).json().result;

describe('questionnaire demo scenarios', () => {
  it('the README users exist with their scenarios', () => {
    expect(DEMO_USERS.filter((u) => u.questionnaire).map((u) => [u.email, u.questionnaire])).toEqual([
      ['questionnaire-due@example.com', 'DUE'],
      ['questionnaire-pending@example.com', 'PENDING_NO_EDIT'],
      ['knowledge-failed@example.com', 'KNOWLEDGE_FAILED'],
    ]);
  });

  it('DUE: must answer the source of funds, UNSUBMIT', async () => {
    const u = await newUser(app, 'demo-due@example.com');
    await buildQuestionnaireScenario(app.services, u.id, QuestionnaireScenario.DUE, { reviewerId });
    expect(await info(u.cookie)).toMatchObject({ mustQuestionnaire: true, questionnaireStatus: QuestionnaireStatus.QUESTIONNAIRE_STATUS_UNSUBMIT, amlQuestionnaire: { needQuestionnaire: true, templateCode: 'sourceOfFundsWealth' } });
  });

  it('PENDING_NO_EDIT: sent with a picture, taken by the reviewer', async () => {
    const u = await newUser(app, 'demo-pending@example.com');
    await buildQuestionnaireScenario(app.services, u.id, QuestionnaireScenario.PENDING_NO_EDIT, { reviewerId });
    expect(await info(u.cookie)).toMatchObject({ mustQuestionnaire: false, questionnaireStatus: QuestionnaireStatus.QUESTIONNAIRE_STATUS_PENDING_NO_EDIT });
    const kase = await app.db.selectFrom('review_cases').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(kase).toMatchObject({ subject_kind: 'QUESTIONNAIRE', status: 'PENDING', assignee_id: reviewerId });
    expect(await app.db.selectFrom('kyc_documents').select('id').where('application_id', '=', kase.subject_id).execute()).toHaveLength(1);
  });

  it('KNOWLEDGE_FAILED: the test failed, a new attempt only after the cooling-off period', async () => {
    const u = await newUser(app, 'demo-failed@example.com');
    await buildQuestionnaireScenario(app.services, u.id, QuestionnaireScenario.KNOWLEDGE_FAILED, { reviewerId });
    expect(await info(u.cookie)).toMatchObject({ mustQuestionnaire: true, questionnaireStatus: QuestionnaireStatus.QUESTIONNAIRE_STATUS_REJECTED });
    expect((await post(app, '/v3/private/kyc/create-questionnaire', { template_code: 'crypto-knowledge-test' }, u.cookie)).json().ret_code).toBe(38001);
  });
});
