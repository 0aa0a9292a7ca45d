import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { DEMO_USERS } from '../seed.ts';
import { createKycTestApp, get, newReviewer, newUser, post } from '../modules/kyc/kyc.fixtures.ts';
import { buildComplianceScenario, ComplianceScenario } from './compliance-scenarios.ts';

/** The README's compliance demo users (decision 027): each scenario is built through the services and reads as promised. */
let app: App;
let close: () => Promise<void>;
let reviewerId: string;
beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewerId = (await newReviewer(app, 'demo-tasks-reviewer@example.com')).id;
});
afterAll(async () => close());

describe('compliance demo scenarios', () => {
  it('the README users exist with their scenarios', () => {
    expect(DEMO_USERS.filter((u) => u.compliance).map((u) => [u.email, u.compliance])).toEqual([
      ['rfi-open@example.com', 'RFI_OPEN'],
      ['tasks-open@example.com', 'TASKS_OPEN'],
    ]);
  });

  it('RFI_OPEN: a question with a document asked for awaits the answer; its case is pending', async () => {
    const u = await newUser(app, 'demo-rfi@example.com');
    await buildComplianceScenario(app.services, app.db, u, ComplianceScenario.RFI_OPEN, reviewerId);
    const page = (await get(app, '/v3/private/kyc/rfi', u.cookie)).json().result;
    expect(page.open).toMatchObject({ status: 'AWAITING_ANSWER', documentRequested: true, overdue: false });
    const kase = await app.db.selectFrom('review_cases').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(kase).toMatchObject({ subject_kind: 'RFI', status: 'PENDING', subject_id: page.open.rfiId });
  });

  it('TASKS_OPEN: two open tasks, one overdue: limited', async () => {
    const u = await newUser(app, 'demo-tasks@example.com');
    await buildComplianceScenario(app.services, app.db, u, ComplianceScenario.TASKS_OPEN, reviewerId);
    const open = (await post(app, '/v3/private/kyc/compliance-tasks', {}, u.cookie)).json().result;
    expect(open.tasks.map((t: { taskType: string; overdue: boolean }) => [t.taskType, t.overdue])).toEqual([
      ['QUESTIONNAIRE', true],
      ['RFI', false],
    ]);
    const info = (await post(app, '/v3/private/kyc/kyc-info', { obtain_verification_process: true }, u.cookie)).json().result;
    expect(info).toMatchObject({ limitation: 'LIMITATION_COMPLIANCE_TASK_OVERDUE', verificationProcess: { isVerificationProcess: true, tasks: ['QUESTIONNAIRE', 'RFI'] } });
  });
});
