import { screen, within } from '@testing-library/react';
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

/** A QUESTIONNAIRE case in the console (decision 020): the answers against the template, scores, the decision texts. */
const knowledge = latestTemplate('crypto-knowledge-test')!;

function questionnaireCase(): ConsoleCase {
  const base = kycCase({ kind: 'QUESTIONNAIRE', level: null, documentType: null, status: 'REJECTED', decidedAt: '2025-03-01T09:00:05.000Z' });
  return {
    ...base,
    subject: {
      kind: 'QUESTIONNAIRE',
      questionnaire: { id: 'q-1', templateCode: knowledge.code, attempt: 2, sceneCode: 'WEB', bizFrom: 'auth', submittedAt: '2025-03-01T09:00:00.000Z', submittedIp: '203.0.113.9', decidedAt: '2025-03-01T09:00:05.000Z', status: 'QUESTIONNAIRE_STATUS_REJECTED' },
      template: { ...publicTemplate(knowledge), sections: knowledge.sections.map((s) => ({ id: s.id, questions: s.questions.map((q) => ({ ...publicQuestion(q), correct: [...q.correct!] })) })) },
      answers: { custody: 'custody_you', volatility: 'vol_further', irreversible: 'irr_lost', leverage: 'lev_small', protection: 'prot_no', phishing: 'phish_refuse' },
      outcome: { score: 4, maxScore: 6, passed: false, wrong: ['custody', 'leverage'], profile: null },
      evidence: [],
      previous: [{ id: 'q-0', attempt: 1, submittedAt: '2025-02-01T09:00:00.000Z', outcome: 'QUESTIONNAIRE_STATUS_REJECTED' }],
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearResponseCache();
});

describe('a questionnaire case', () => {
  it('shows the answers against the questions, which were right, the score and the earlier attempts', async () => {
    installFetch((call) => (call.url.endsWith('/console/me') ? envelope(ME) : call.url.endsWith(`/console/cases/${CASE_ID}`) ? envelope(questionnaireCase()) : envelope({}, 10011, 'not found')));
    const { hook } = memoryLocation({ path: `/cases/${CASE_ID}` });
    renderConsole(
      <Router hook={hook}>
        <Route path="/cases/:id" component={CaseScreen} />
      </Router>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Crypto-asset knowledge test' })).toBeVisible();
    expect(screen.getByTestId('questionnaire-score')).toHaveTextContent('Score: 4 of 6 · not passed');
    const custody = document.querySelector('[data-question="custody"]') as HTMLElement;
    expect(custody).toHaveAttribute('data-correct', 'false');
    expect(within(custody).getByText('Only I can, with a private key I keep')).toBeInTheDocument();
    expect(custody).toHaveTextContent('wrong (right: The exchange, on my instructions)');
    expect(document.querySelector('[data-question="phishing"]')).toHaveAttribute('data-correct', 'true');
    expect(screen.getByText(/Attempt 1/)).toBeInTheDocument();
    expect(screen.getByText('Sent from 203.0.113.9')).toBeInTheDocument();
  });

  it('a pending form: approving says what it does for the questionnaire, not a KYC level', async () => {
    const user = userEvent.setup();
    const pending = questionnaireCase();
    pending.case = { ...pending.case, status: 'PENDING', decidedAt: null, secondsToDecision: null, assignee: { id: ME.id, email: ME.email } };
    installFetch((call) => (call.url.endsWith('/console/me') ? envelope(ME) : call.url.endsWith(`/console/cases/${CASE_ID}`) ? envelope(pending) : envelope({}, 10011, 'not found')));
    const { hook } = memoryLocation({ path: `/cases/${CASE_ID}` });
    renderConsole(
      <Router hook={hook}>
        <Route path="/cases/:id" component={CaseScreen} />
      </Router>,
    );
    await user.click(await decisionButton('Approve'));
    expect(await screen.findByRole('dialog')).toHaveTextContent(`The answers of ${pending.user.email} will be approved.`);
  });
});
