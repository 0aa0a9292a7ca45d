import { DocumentKind } from '../../shared/kyc.ts';
import { SubjectKind } from '../../shared/review.ts';
import { renderSpecimen } from './specimen-images.ts';
import type { Actor } from '../modules/audit/audit.service.ts';
import type { ConsoleService } from '../modules/console/console.service.ts';
import type { ReviewService } from '../modules/review/review.service.ts';
import { RequirementEvent, type QuestionnairesService } from '../modules/questionnaires/questionnaires.service.ts';

/** Where a demo user's questionnaires stand (README's demo users), built through the services. */
export const QuestionnaireScenario = {
  /** A reviewer asked for the source of funds and wealth: due, UNSUBMIT. */
  DUE: 'DUE',
  /** Source of funds and wealth sent with a picture, taken by the demo reviewer: PENDING_NO_EDIT. */
  PENDING_NO_EDIT: 'PENDING_NO_EDIT',
  /** Asked for derivatives, failed the knowledge test: REJECTED, in the cooling-off period. */
  KNOWLEDGE_FAILED: 'KNOWLEDGE_FAILED',
} as const;
export type QuestionnaireScenario = (typeof QuestionnaireScenario)[keyof typeof QuestionnaireScenario];

export interface QuestionnaireScenarioServices {
  questionnaires: QuestionnairesService;
  console: Pick<ConsoleService, 'assign'>;
  review: Pick<ReviewService, 'casesOfSubjects'>;
}

/** Answers a careful applicant gives (the demo's source of funds and wealth). */
export const DEMO_SOURCE_OF_FUNDS = {
  funds_source: ['salary', 'savings'],
  yearly_amount: 'amt_mid',
  occupation: 'Logistics manager',
  wealth_source: 'salary',
  wealth_details: 'Fifteen years as a logistics manager in Hamburg; savings kept in a bank account.',
  pep: 'no',
  truthful: true,
};

/** Two right answers out of six: a fail (the pass mark is five). */
export const FAILING_KNOWLEDGE_ANSWERS = { custody: 'custody_exchange', volatility: 'vol_floor', irreversible: 'irr_undo', leverage: 'lev_nothing', protection: 'prot_yes', phishing: 'phish_refuse' };

export async function buildQuestionnaireScenario(services: QuestionnaireScenarioServices, userId: string, scenario: QuestionnaireScenario, { reviewerId }: { reviewerId?: string | undefined }): Promise<void> {
  const user: Actor = { type: 'user', id: userId };
  const reviewer: Actor = { type: 'reviewer', id: reviewerId ?? null };
  const q = services.questionnaires;
  if (scenario === QuestionnaireScenario.KNOWLEDGE_FAILED) {
    await q.require(userId, 'crypto-knowledge-test', RequirementEvent.DERIVATIVES_OPT_IN, 'asked for futures trading', { type: 'system', id: null });
    const { requestId } = await q.create(userId, { template_code: 'crypto-knowledge-test' }, user);
    await q.submit(userId, { request_id: requestId, answers: FAILING_KNOWLEDGE_ANSWERS }, user);
    return;
  }
  await q.require(userId, 'sourceOfFundsWealth', RequirementEvent.REVIEWER_REQUEST, 'deposits above the expected amount', reviewer);
  if (scenario === QuestionnaireScenario.DUE) return;
  const { requestId } = await q.create(userId, { template_code: 'sourceOfFundsWealth' }, user);
  const picture = await renderSpecimen({
    kind: DocumentKind.PROOF_OF_ADDRESS,
    person: { firstName: 'Lukas', lastName: 'Schmidt', dateOfBirth: '1987-02-03', nationality: 'DE', addressLines: ['Hauptstraße 5', '20095 Hamburg', 'DE'] },
    issuedOn: new Date().toISOString().slice(0, 10),
  });
  await q.uploadEvidence(userId, { request_id: requestId, question_id: 'evidence' }, picture, user);
  await q.submit(userId, { request_id: requestId, answers: DEMO_SOURCE_OF_FUNDS }, user);
  const kase = (await services.review.casesOfSubjects(SubjectKind.QUESTIONNAIRE, [requestId])).get(requestId);
  if (kase && reviewerId) await services.console.assign(kase.id, reviewer);
}
