import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ConsoleCase } from '../../../../shared/api/console.ts';
import { publicQuestion, publicTemplate } from '../../../../shared/api/questionnaires.ts';
import { latestTemplate } from '../../../../shared/questionnaires/index.ts';
import { clearResponseCache } from '../../../lib/http/index.ts';
import { envelope, installFetch } from '../../../lib/http/testing.ts';
import CaseScreen from '../case-screen.tsx';
import { CASE_ID, decisionButton, kycCase, ME, renderConsole } from '../test-utils.tsx';

/** An EDD case in the console (decision 028): why the user is in EDD, each questionnaire's answers and evidence, the rounds, the decision texts. */
function answered(code: string, id: string, answers: Record<string, unknown>, evidence: { id: string; questionId: string; byteSize: number; createdAt: string; downloadPath: string }[] = []) {
  const t = latestTemplate(code)!;
  return {
    kind: 'QUESTIONNAIRE' as const,
    questionnaire: { id, templateCode: code, attempt: 1, sceneCode: 'AML', bizFrom: '', submittedAt: '2025-03-01T09:00:00.000Z', submittedIp: null, decidedAt: null, status: 'QUESTIONNAIRE_STATUS_PENDING' as const },
    template: { ...publicTemplate(t), sections: t.sections.map((s) => ({ id: s.id, questions: s.questions.map((q) => publicQuestion(q)) })) },
    answers: answers as never,
    outcome: null,
    evidence,
    previous: [],
  };
}

function eddCase(): ConsoleCase {
  const base = kycCase({ kind: 'EDD', level: null, documentType: null, status: 'PENDING', decidedAt: null });
  return {
    ...base,
    case: { ...base.case, secondsToDecision: null, assignee: { id: ME.id, email: ME.email } },
    subject: {
      kind: 'EDD',
      round: { id: 'round-2', status: 'EDDStatus_Reviewing', triggers: [{ trigger: 'SCREENING_MATCH', detail: '' }, { trigger: 'REVIEWER_DECISION', detail: 'Large deposits.' }], createdAt: '2025-03-01T08:00:00.000Z', submittedAt: '2025-03-01T09:00:00.000Z', decidedAt: null },
      questionnaires: [
        answered('eddQuestionnaire', 'q-1', { net_worth: 'amt_high', income: 'amt_mid', crypto_origin: ['bought'], risk_countries: 'no', truthful: true }),
        answered('sourceOfFundsWealth', 'q-2', { funds_source: ['salary'], occupation: 'Pharmacist', evidence: ['d-1'] }, [{ id: 'd-1', questionId: 'evidence', byteSize: 1000, createdAt: '2025-03-01T08:30:00.000Z', downloadPath: '/x-api/v1/console/document/d-1' }]),
      ],
      previous: [{ id: 'round-1', createdAt: '2025-01-01T08:00:00.000Z', decidedAt: '2025-01-05T08:00:00.000Z', outcome: 'EDDStatus_Reject' }],
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearResponseCache();
});

function show(kase: ConsoleCase) {
  installFetch((call) => (call.url.endsWith('/console/me') ? envelope(ME) : call.url.endsWith(`/console/cases/${CASE_ID}`) ? envelope(kase) : envelope({}, 10011, 'not found')));
  const { hook } = memoryLocation({ path: `/cases/${CASE_ID}` });
  renderConsole(
    <Router hook={hook}>
      <Route path="/cases/:id" component={CaseScreen} />
    </Router>,
  );
}

describe('an EDD case', () => {
  it('shows why, both questionnaires with their answers and evidence, and the rounds', async () => {
    const kase = eddCase();
    show(kase);
    expect(await screen.findByRole('heading', { level: 1, name: 'Enhanced due diligence' })).toBeVisible();
    const why = screen.getByTestId('edd-triggers');
    expect(why).toHaveTextContent('Sanctions or PEP screening match');
    expect(why).toHaveTextContent("A reviewer's decisionLarge deposits.");
    expect(document.querySelector('[data-question="net_worth"]')).toHaveTextContent('50,000 to 250,000 USD');
    expect(document.querySelector('[data-question="occupation"]')).toHaveTextContent('Pharmacist');
    expect(screen.getByRole('img', { name: `Evidence 1 of ${kase.user.email}` })).toHaveAttribute('src', '/x-api/v1/console/document/d-1');
    expect(screen.getByText(/This round, opened/)).toHaveTextContent('Under review');
    expect(screen.getByText(/Earlier round, opened/)).toHaveTextContent('Rejected');
  });

  it('a round opened by the re-assessment after a risk list load says so in words (decision 041)', async () => {
    const kase = eddCase();
    if (kase.subject.kind !== 'EDD') throw new Error('an EDD case');
    kase.subject.round.triggers = [{ trigger: 'HIGH_RISK_RESIDENCE', detail: 'risk-list:v3' }];
    show(kase);
    const why = await screen.findByTestId('edd-triggers');
    expect(why).toHaveTextContent('After the country risk lists version 3 were loaded');
    expect(why).not.toHaveTextContent('risk-list:v3');
  });

  it('approving says what it does for the client', async () => {
    const user = userEvent.setup();
    const kase = eddCase();
    show(kase);
    await user.click(await decisionButton('Approve'));
    expect(await screen.findByRole('dialog')).toHaveTextContent(`The answers and evidence of ${kase.user.email} will be accepted: enhanced due diligence passes.`);
  });
});
