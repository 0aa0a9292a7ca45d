import { DocumentKind } from '../../shared/kyc.ts';
import type { Actor } from '../modules/audit/audit.service.ts';
import type { EddService } from '../modules/edd/edd.service.ts';
import type { QuestionnairesService } from '../modules/questionnaires/questionnaires.service.ts';
import { DEMO_SOURCE_OF_FUNDS } from './questionnaire-scenarios.ts';
import { renderSpecimen } from './specimen-images.ts';

/** Where a demo user's enhanced due diligence stands (README's demo users), built through the services (decision 028). */
export const EddScenario = {
  /** Put into EDD by the demo reviewer, both questionnaires sent with a picture: _Reviewing, its EDD case in the queue. */
  REVIEWING: 'REVIEWING',
} as const;
export type EddScenario = (typeof EddScenario)[keyof typeof EddScenario];

export interface EddScenarioServices {
  edd: Pick<EddService, 'assess'>;
  questionnaires: Pick<QuestionnairesService, 'create' | 'submit' | 'uploadEvidence'>;
}

/** What a careful client answers on the EDD questionnaire (the demo's). */
export const DEMO_EDD_ANSWERS = { net_worth: 'amt_high', income: 'amt_mid', crypto_origin: ['bought', 'received'], risk_countries: 'no', truthful: true };

export async function buildEddScenario(services: EddScenarioServices, userId: string, _scenario: EddScenario, { reviewerId }: { reviewerId?: string | undefined }): Promise<void> {
  const user: Actor = { type: 'user', id: userId };
  const reviewer: Actor = { type: 'reviewer', id: reviewerId ?? null };
  await services.edd.assess(userId, { reviewerDecision: true }, reviewer, 'Deposits well above the expected yearly amount, from several exchanges.');
  const q = services.questionnaires;
  const edd = await q.create(userId, { template_code: 'eddQuestionnaire' }, user);
  await q.submit(userId, { request_id: edd.requestId, answers: DEMO_EDD_ANSWERS }, user);
  const sof = await q.create(userId, { template_code: 'sourceOfFundsWealth' }, user);
  const picture = await renderSpecimen({
    kind: DocumentKind.PROOF_OF_ADDRESS,
    person: { firstName: 'Sofia', lastName: 'Marin', dateOfBirth: '1984-09-21', nationality: 'ES', addressLines: ['Calle de Alcalá 42', '28014 Madrid', 'ES'] },
    issuedOn: new Date().toISOString().slice(0, 10),
  });
  await q.uploadEvidence(userId, { request_id: sof.requestId, question_id: 'evidence' }, picture, user);
  await q.submit(userId, { request_id: sof.requestId, answers: DEMO_SOURCE_OF_FUNDS }, user);
}
