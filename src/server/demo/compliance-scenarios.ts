import { ComplianceTaskType } from '../../shared/api/compliance-tasks.ts';
import { inTransaction } from '../db/transaction.ts';
import type { Db } from '../db/index.ts';
import type { Actor } from '../modules/audit/audit.service.ts';
import type { ComplianceService } from '../modules/compliance/compliance.service.ts';
import { RequirementEvent, type QuestionnairesService } from '../modules/questionnaires/questionnaires.service.ts';

/** Where a demo user's compliance tasks stand (README's demo users, decision 027), built through the services. */
export const ComplianceScenario = {
  /** A reviewer asked a question and for a document: the RFI awaits the user's answer. */
  RFI_OPEN: 'RFI_OPEN',
  /** An RFI due in two weeks, and a source-of-funds questionnaire task whose due date has passed: limited. */
  TASKS_OPEN: 'TASKS_OPEN',
} as const;
export type ComplianceScenario = (typeof ComplianceScenario)[keyof typeof ComplianceScenario];

export interface ComplianceScenarioServices {
  compliance: ComplianceService;
  questionnaires: Pick<QuestionnairesService, 'require'>;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** The demo's links point at the local server (the e-mails land in the outbox). */
const DEMO_ORIGIN = 'http://localhost:8080';

export async function buildComplianceScenario(services: ComplianceScenarioServices, db: Db, user: { id: string; email: string }, scenario: ComplianceScenario, reviewerId: string | undefined): Promise<void> {
  const reviewer: Actor = { type: 'reviewer', id: reviewerId ?? null };
  const { rfi, tasks } = services.compliance;
  if (scenario === ComplianceScenario.RFI_OPEN) {
    await rfi.ask({ email: user.email, question: 'Please explain where the 12,000 EUR you deposited last week come from, and add a picture of a bank statement showing it.', documentRequested: true, dueDate: inDays(14) }, reviewer, DEMO_ORIGIN);
    return;
  }
  await rfi.ask({ email: user.email, question: 'What is the purpose of the regular transfers to the account ending 4471?', documentRequested: false, dueDate: inDays(14) }, reviewer, DEMO_ORIGIN);
  // The overdue task: a reviewer's form only takes future due dates, so the demo opens it through
  // the tasks service directly, as if it had been given a month ago and was due two days ago.
  await services.questionnaires.require(user.id, 'sourceOfFundsWealth', RequirementEvent.REVIEWER_REQUEST, 'deposits above the expected amount', reviewer);
  const region = await tasks.regionOf(user.id);
  await inTransaction(db, (trx) =>
    tasks.openIn(trx, { userId: user.id, type: ComplianceTaskType.QUESTIONNAIRE, subjectId: 'sourceOfFundsWealth', region, message: 'Tell us where your funds and wealth come from.', dueDate: inDays(-2) }, reviewer),
  );
}
