import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publicTemplate, type TemplateDetailResult } from '../../../shared/api/questionnaires.ts';
import { SHIPPED_LANGUAGES } from '../../../shared/languages.ts';
import { allQuestions, latestTemplate, QuestionType, TEMPLATE_VERSIONS } from '../../../shared/questionnaires/index.ts';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../lib/http/testing.ts';
import { AnswerSummary } from './components/answer-summary.tsx';
import { QuestionField } from './components/question-field.tsx';
import { DRAFT_SAVE_DELAY_MS } from './components/questionnaire-form.tsx';
import { QuestionnaireScreen } from './questionnaire-screen.tsx';
import { renderQuestionnaire } from './test-utils.tsx';

const REQUEST_ID = '6f1c2f4e-1111-4a55-9c1e-2b7d0b1f0a01';

function detail(code: string, overrides: Partial<TemplateDetailResult> = {}): TemplateDetailResult {
  return {
    template: publicTemplate(latestTemplate(code)!),
    status: 'QUESTIONNAIRE_STATUS_UNSUBMIT',
    requestId: REQUEST_ID,
    attempt: 1,
    answers: {},
    evidence: [],
    editable: true,
    due: false,
    canStart: false,
    submittedAt: null,
    decidedAt: null,
    outcome: null,
    retryAfter: null,
    rejection: null,
    ...overrides,
  };
}

const pathOf = (call: FakeCall) => new URL(call.url, 'http://x').pathname;
const calls = (all: FakeCall[], end: string) => all.filter((c) => pathOf(c).endsWith(end));

function serve(current: TemplateDetailResult, handlers: Record<string, (call: FakeCall) => Response> = {}) {
  return (call: FakeCall): Response => {
    const path = pathOf(call);
    for (const [end, handler] of Object.entries(handlers)) if (path.endsWith(end)) return handler(call);
    if (path.endsWith('/questionnaire-template-detail')) return envelope(current);
    // Outside enhanced due diligence (decision 028): the EDD questionnaires' screens show no panel.
    if (path.endsWith('/get-edd-info')) return envelope({ eddStatus: 'EDDStatus_Unknown', templates: [], nextTemplateCode: '', submittedAt: null, decidedAt: null, rejection: null });
    if (path.endsWith('/save-questionnaire-draft')) return envelope({ requestId: REQUEST_ID, savedAt: '2026-01-01T00:00:00.000Z' });
    return envelope({}, 10011, 'not found');
  };
}

beforeEach(() => resetRequestLayer());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('every template renders in every shipped language', () => {
  it.each(SHIPPED_LANGUAGES)('%s: every question, option, hint and section has its text (no key shows)', (lng) => {
    for (const t of TEMPLATE_VERSIONS) {
      const view = publicTemplate(t);
      const answers = Object.fromEntries(allQuestions(t).filter((q) => q.options).map((q) => [q.id, q.type === QuestionType.MULTI ? [...q.options!] : q.options![0]!]));
      const { container } = renderQuestionnaire(
        <div>
          {allQuestions(t).map((q) => (
            <QuestionField key={q.id} code={t.code} question={q} value={answers[q.id]} onChange={() => {}} requestId={REQUEST_ID} evidence={[]} onEvidenceChange={() => {}} />
          ))}
          <AnswerSummary template={view} answers={answers} />
        </div>,
        lng,
      );
      expect(container.textContent, `${t.code} in ${lng}`).not.toMatch(/questionnaires\.|\{\{/);
      cleanup();
    }
  });
});

describe('the generic renderer', () => {
  it('validates a part before moving on: required questions are named, marked and focused', async () => {
    const user = userEvent.setup();
    installFetch(serve(detail('crypto-knowledge-test')));
    renderQuestionnaire(<QuestionnaireScreen code="crypto-knowledge-test" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'How crypto-assets work' })).toBeInTheDocument();
    // The pass rule comes from the template (6 scored questions at 80 %), not from the intro's wording.
    expect(screen.getByTestId('pass-rule')).toHaveTextContent('To pass: 5 of 6 answers right (at least 80%).');
    expect(screen.getByText('Before you trade, we check that you understand the main risks of crypto-assets.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Some answers need your attention.')).toBeInTheDocument();
    const custody = screen.getByRole('radiogroup', { name: 'Who moves the coins held in your account with us?' });
    expect(custody).toHaveAttribute('aria-invalid', 'true');
    expect(within(custody).getByText('Who moves the coins held in your account with us? is required')).toBeInTheDocument();
    // Still on the first part.
    expect(screen.getByRole('heading', { level: 2, name: 'How crypto-assets work' })).toBeInTheDocument();
  });

  it('keyboard: arrow keys choose an option; Continue moves focus to the next part’s heading', async () => {
    const user = userEvent.setup();
    installFetch(serve(detail('crypto-knowledge-test')));
    renderQuestionnaire(<QuestionnaireScreen code="crypto-knowledge-test" />);
    const first = await screen.findByRole('radio', { name: 'The exchange, on my instructions' });
    first.focus();
    await user.keyboard(' ');
    expect(first).toBeChecked();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Only I can, with a private key I keep' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Large moves happen often; the price can fall further' }));
    await user.click(screen.getByRole('radio', { name: 'The transfer cannot be undone and the coins may be lost' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Risks and safety' })).toHaveFocus());
  });

  it('saves the draft on the server after a pause in typing, once, with follow-ups dropped when their condition goes', async () => {
    const user = userEvent.setup();
    const all = installFetch(serve(detail('sourceOfFundsWealth')));
    renderQuestionnaire(<QuestionnaireScreen code="sourceOfFundsWealth" />);
    await user.click(await screen.findByRole('checkbox', { name: 'Other' }));
    // The follow-up appears only for "Other".
    const other = screen.getByLabelText(/^Please describe the other source/);
    await user.type(other, 'Sold a car');
    await waitFor(() => expect(screen.getByTestId('draft-state')).toHaveTextContent('Saved'), { timeout: DRAFT_SAVE_DELAY_MS * 4 });
    const saves = calls(all, '/save-questionnaire-draft');
    // One save for the whole sentence, not one per key.
    expect(saves.length).toBeLessThanOrEqual(2);
    expect(JSON.parse(saves.at(-1)!.body!)).toEqual({ request_id: REQUEST_ID, answers: { funds_source: ['other'], funds_other: 'Sold a car' } });

    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(screen.queryByLabelText(/^Please describe the other source/)).not.toBeInTheDocument();
    await waitFor(() => expect(calls(all, '/save-questionnaire-draft').length).toBe(saves.length + 1), { timeout: DRAFT_SAVE_DELAY_MS * 4 });
    expect(JSON.parse(calls(all, '/save-questionnaire-draft').at(-1)!.body!).answers).toEqual({ funds_source: [] });
  });

  it('says "Saved" only once the latest change is on the server, never during the pause before its save', async () => {
    const user = userEvent.setup();
    const all = installFetch(serve(detail('sourceOfFundsWealth')));
    renderQuestionnaire(<QuestionnaireScreen code="sourceOfFundsWealth" />);
    await user.click(await screen.findByRole('checkbox', { name: 'Salary or pension' }));
    await waitFor(() => expect(screen.getByTestId('draft-state')).toHaveTextContent('Saved'), { timeout: DRAFT_SAVE_DELAY_MS * 4 });
    const saved = calls(all, '/save-questionnaire-draft').length;

    // A second change: not yet sent, so not "Saved".
    await user.click(screen.getByRole('checkbox', { name: 'Savings' }));
    expect(calls(all, '/save-questionnaire-draft')).toHaveLength(saved);
    expect(screen.getByTestId('draft-state')).toHaveTextContent('Saving');
    await waitFor(() => expect(screen.getByTestId('draft-state')).toHaveTextContent('Saved'), { timeout: DRAFT_SAVE_DELAY_MS * 4 });
    expect(JSON.parse(calls(all, '/save-questionnaire-draft').at(-1)!.body!).answers).toEqual({ funds_source: ['salary', 'savings'] });
  });

  it('a reload restores the saved draft', async () => {
    installFetch(serve(detail('sourceOfFundsWealth', { answers: { funds_source: ['salary'], occupation: 'Pilot' } })));
    renderQuestionnaire(<QuestionnaireScreen code="sourceOfFundsWealth" />);
    expect(await screen.findByRole('checkbox', { name: 'Salary or pension' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Savings' })).not.toBeChecked();
  });

  it('review before sending: every answer shown, "Change" goes back, sending posts the answers; the server’s field errors land on their question', async () => {
    const user = userEvent.setup();
    const answers = { horizon: 'h_long', share: 'share_mid', drop: 'drop_hold', goal: 'goal_growth', experience: 'exp_some' };
    const all = installFetch(
      serve(detail('risk-tolerance-test', { answers }), {
        '/submit-questionnaire': () => envelope({ fields: [{ path: 'drop', code: 'type' }] }, 10001, 'params error'),
      }),
    );
    renderQuestionnaire(<QuestionnaireScreen code="risk-tolerance-test" />);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const summary = screen.getByTestId('answer-summary');
    expect(summary).toHaveTextContent('More than three years');
    expect(summary).toHaveTextContent('Wait for prices to recover');
    await user.click(screen.getByRole('button', { name: 'Send answers' }));
    await waitFor(() => expect(calls(all, '/submit-questionnaire')).toHaveLength(1));
    expect(JSON.parse(calls(all, '/submit-questionnaire')[0]!.body!)).toEqual({ request_id: REQUEST_ID, answers });
    // Back on the part with the question, marked with the server's message.
    const drop = await screen.findByRole('radiogroup', { name: 'Your holdings lose 40% of their value in a month. What do you do?' });
    expect(drop).toHaveAttribute('aria-invalid', 'true');
    expect(within(drop).getByText('Your holdings lose 40% of their value in a month. What do you do? is not valid')).toBeInTheDocument();
  });

  it('a failed test explains each wrong answer and when the next attempt opens; then offers it', async () => {
    const failed = detail('crypto-knowledge-test', {
      status: 'QUESTIONNAIRE_STATUS_REJECTED',
      due: true,
      editable: false,
      submittedAt: '2026-01-01T10:00:00.000Z',
      outcome: { score: 4, maxScore: 6, passed: false, wrong: ['custody', 'leverage'], profile: null },
      retryAfter: '2099-01-01T10:00:00.000Z',
    });
    installFetch(serve(failed));
    renderQuestionnaire(<QuestionnaireScreen code="crypto-knowledge-test" />);
    const result = await screen.findByTestId('test-result');
    expect(result).toHaveTextContent('Not passed: 4 of 6 answers right. You need 80% to pass.');
    expect(result).toHaveTextContent('We hold the keys of coins kept on the exchange');
    expect(result).toHaveTextContent('With 10x leverage a 10% move can wipe out your margin');
    expect(screen.getByTestId('cooling-off')).toHaveTextContent('You can take the test again from');
    expect(screen.queryByRole('button', { name: 'Take the test again' })).not.toBeInTheDocument();
    // Locked for now: "we need these answers" would ask for what cannot be given yet.
    expect(screen.queryByTestId('answers-due')).toBeNull();
    cleanup();
    installFetch(serve({ ...failed, canStart: true, retryAfter: '2020-01-01T10:00:00.000Z' }));
    renderQuestionnaire(<QuestionnaireScreen code="crypto-knowledge-test" />);
    expect(await screen.findByRole('button', { name: 'Take the test again' })).toBeInTheDocument();
    expect(screen.getByTestId('answers-due')).toHaveTextContent('We need these answers to keep your account fully available.');
    expect(screen.getByTestId('cooling-off')).toHaveTextContent('You can take the test again now.');
  });

  it('a reviewer’s request for more is shown with their message and a way to answer again', async () => {
    installFetch(
      serve(
        detail('sourceOfFundsWealth', {
          status: 'QUESTIONNAIRE_STATUS_REJECTED',
          editable: false,
          canStart: true,
          submittedAt: '2026-01-01T10:00:00.000Z',
          answers: { occupation: 'Pilot' },
          rejection: { message: 'Please add your last three payslips.', final: false },
        }),
      ),
    );
    renderQuestionnaire(<QuestionnaireScreen code="sourceOfFundsWealth" />);
    const outcome = await screen.findByTestId('questionnaire-outcome');
    expect(outcome).toHaveTextContent('We need more information from you.');
    expect(outcome).toHaveTextContent('Please add your last three payslips.');
    expect(screen.getByRole('button', { name: 'Answer again' })).toBeInTheDocument();
  });

  it('submitted and not yet taken by a reviewer: "Change" opens the answers, sending the change returns to the status', async () => {
    const user = userEvent.setup();
    const answers = { funds_source: ['salary'], yearly_amount: 'amt_mid', occupation: 'Pilot', wealth_source: 'salary', wealth_details: 'Savings from work', evidence: ['e1'], pep: 'no', truthful: true };
    const pending = detail('sourceOfFundsWealth', { status: 'QUESTIONNAIRE_STATUS_PENDING', due: true, editable: true, submittedAt: '2026-01-01T10:00:00.000Z', answers, evidence: [{ id: 'e1', questionId: 'evidence', createdAt: '2026-01-01T09:00:00.000Z', byteSize: 1000 }] });
    const all = installFetch(serve(pending, { '/submit-questionnaire': () => envelope({ requestId: REQUEST_ID, status: 'QUESTIONNAIRE_STATUS_PENDING', outcome: null, retryAfter: null }) }));
    renderQuestionnaire(<QuestionnaireScreen code="sourceOfFundsWealth" />);
    expect(await screen.findByTestId('questionnaire-outcome')).toHaveTextContent('until the review starts you can still change them');
    // Already sent: nothing more is asked of the user.
    expect(screen.queryByTestId('answers-due')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const occupation = screen.getByLabelText(/^What is your occupation\?/);
    await user.clear(occupation);
    await user.type(occupation, 'Captain');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Send changes' }));
    await waitFor(() => expect(calls(all, '/submit-questionnaire')).toHaveLength(1));
    expect(JSON.parse(calls(all, '/submit-questionnaire')[0]!.body!).answers.occupation).toBe('Captain');
    // Submitted answers are never saved as a draft; the page is back on the status.
    expect(calls(all, '/save-questionnaire-draft')).toHaveLength(0);
    expect(await screen.findByTestId('questionnaire-outcome')).toBeInTheDocument();
  });
});
