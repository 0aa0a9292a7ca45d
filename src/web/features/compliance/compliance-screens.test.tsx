import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComplianceTask, ComplianceTasksResult, RfiInfoResult, RfiView } from '../../../shared/api/compliance-tasks.ts';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../lib/http/testing.ts';
import ComplianceTasksScreen from './compliance-tasks-screen.tsx';
import RfiScreen from './rfi-screen.tsx';
import { renderCompliance } from './test-utils.tsx';

const task = (over: Partial<ComplianceTask> = {}): ComplianceTask => ({
  taskId: 't1',
  taskType: 'RFI',
  status: 'OPEN',
  region: 'MAIN',
  message: '',
  dueDate: '2027-01-15',
  overdue: false,
  route: 'rfiQuestion',
  createdAt: '2026-11-01T10:00:00.000Z',
  completedAt: null,
  cancelReason: null,
  ...over,
});

const round = (over: Partial<RfiView> = {}): RfiView => ({
  rfiId: '7f7c2c5e-8a51-4f55-9d0e-5b1f0a9c1d11',
  taskId: 't1',
  round: 1,
  question: 'Where do the funds come from?',
  documentRequested: false,
  status: 'AWAITING_ANSWER',
  dueDate: '2027-01-15',
  overdue: false,
  answerText: '',
  documents: [],
  askedAt: '2026-11-01T10:00:00.000Z',
  answeredAt: null,
  ...over,
});

function serve(open: ComplianceTasksResult | 'fail', rfi: RfiInfoResult = { open: null, history: [] }, answer?: (call: FakeCall) => Response): FakeCall[] {
  return installFetch((call) => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path.endsWith('/compliance-tasks')) return open === 'fail' ? envelope({}, 10016, 'server busy') : envelope(open);
    if (path.endsWith('/task/list')) return envelope({ list: [task({ taskId: 'd1', taskType: 'QUESTIONNAIRE', status: 'DONE', completedAt: '2026-10-02T10:00:00.000Z' })], total: 1 });
    if (path.endsWith('/rfi')) return envelope(rfi);
    if (path.endsWith('/answer-rfi') && answer) return answer(call);
    return envelope({}, 10011, 'not found');
  });
}

describe('complianceTasks page', () => {
  beforeEach(() => {
    resetRequestLayer();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists open tasks with due dates and where to go; an overdue one is marked and the limitation said', async () => {
    serve({ tasks: [task({ taskType: 'QUESTIONNAIRE', route: 'sourceOfFundsWealth', overdue: true, dueDate: '2026-11-20', message: 'Tell us about your funds.' }), task()], overdue: true, limitation: 'LIMITATION_COMPLIANCE_TASK_OVERDUE' });
    renderCompliance(<ComplianceTasksScreen />);
    const list = await screen.findByTestId('open-tasks');
    expect(screen.getByTestId('tasks-limited')).toHaveTextContent('A task is overdue, so your account is limited.');
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Fill in a questionnaire');
    expect(items[0]).toHaveTextContent('Overdue');
    expect(items[0]).toHaveTextContent('Due November 20, 2026');
    expect(within(items[0]!).getByRole('link', { name: 'Open the task' })).toHaveAttribute('href', '/sourceOfFundsWealth');
    expect(within(items[1]!).getByRole('link', { name: 'Open the task' })).toHaveAttribute('href', '/rfiQuestion');
    expect(await screen.findByTestId('done-tasks')).toHaveTextContent('Completed October 2, 2026');
  });

  it('nothing open: says so', async () => {
    serve({ tasks: [], overdue: false, limitation: 'LIMITATION_DEFAULT' });
    renderCompliance(<ComplianceTasksScreen />);
    expect(await screen.findByTestId('no-tasks')).toHaveTextContent('You have no open tasks.');
  });

  it('a failed read offers to try again', async () => {
    serve('fail');
    renderCompliance(<ComplianceTasksScreen />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('rfiQuestion page', () => {
  beforeEach(() => {
    resetRequestLayer();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the question and sends the written answer; then says what happens next', async () => {
    let answered = false;
    const calls = installFetch((call) => {
      const path = new URL(call.url, 'http://x').pathname;
      if (path.endsWith('/rfi')) return envelope({ open: round(answered ? { status: 'ANSWERED', answerText: 'My salary.' } : {}), history: [] });
      if (path.endsWith('/answer-rfi')) {
        answered = true;
        return envelope(round({ status: 'ANSWERED', answerText: 'My salary.' }));
      }
      return envelope({}, 10011, 'not found');
    });
    renderCompliance(<RfiScreen />);
    expect(await screen.findByTestId('rfi-question')).toHaveTextContent('Where do the funds come from?');
    await userEvent.type(screen.getByRole('textbox', { name: /Your answer/ }), 'My salary.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the answer' }));
    expect(await screen.findByTestId('rfi-sent')).toHaveTextContent('your answer was sent');
    const sent = calls.find((c) => c.url.includes('/answer-rfi'))!;
    expect(JSON.parse(sent.body!)).toEqual({ rfiId: round().rfiId, answer: 'My salary.' });
  });

  it('a refused answer shows the field message (a document was asked for)', async () => {
    serve({ tasks: [], overdue: false, limitation: 'LIMITATION_DEFAULT' }, { open: round({ documentRequested: true }), history: [] }, () =>
      envelope({ fields: [{ path: 'file', code: 'compliance.rule_document_required' }] }, 10001, 'invalid'),
    );
    renderCompliance(<RfiScreen />);
    await screen.findByTestId('rfi-question');
    expect(screen.getByText('Please add a picture of the document asked for.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the answer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Add a picture of the document asked for.');
  });

  it('nothing asked: says so', async () => {
    serve({ tasks: [], overdue: false, limitation: 'LIMITATION_DEFAULT' });
    renderCompliance(<RfiScreen />);
    expect(await screen.findByTestId('rfi-none')).toHaveTextContent('No question is waiting for your answer.');
  });
});
