import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ComplianceRule } from '../../../shared/api/compliance-tasks.ts';
import { clearResponseCache } from '../../lib/http/index.ts';
import { envelope, installFetch } from '../../lib/http/testing.ts';
import RfiRequestScreen from './rfi-request-screen.tsx';
import TaskRequestScreen from './task-request-screen.tsx';
import { renderConsole } from './test-utils.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearResponseCache();
});

const RFI_URL = '/x-api/v1/console/rfi-requests';
const TASK_URL = '/x-api/v1/console/compliance-tasks';

function renderAt(path: string, component: () => React.JSX.Element) {
  const { hook, searchHook } = memoryLocation({ path });
  return renderConsole(
    <Router hook={hook} searchHook={searchHook}>
      <Route path={path.split('?')[0]!} component={component} />
    </Router>,
  );
}

describe('the Ask-for-information form (decision 027)', () => {
  it('is filled in from a case link, refuses an empty question on its field, and sends the request', async () => {
    const calls = installFetch((call) =>
      call.url.endsWith(RFI_URL) ? envelope({ rfiId: 'f-1', taskId: 't-1', caseId: 'c-1', userId: 'u-1', dueDate: '2027-04-01', status: 'AWAITING_ANSWER' }) : envelope({}, 10011, 'nf'),
    );
    renderAt('/rfi?email=sofia@example.com', RfiRequestScreen);
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Ask for information' })).toBeVisible();
    expect(screen.getByLabelText(/^User's e-mail/)).toHaveValue('sofia@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the question' }));
    expect(await screen.findByText('Question is required')).toBeVisible();
    expect(calls.filter((c) => c.url.endsWith(RFI_URL))).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Question/), 'Where does the deposit come from?');
    await user.click(screen.getByLabelText(/^Ask for a document/));
    await user.click(screen.getByRole('button', { name: 'Send the question' }));
    expect(await screen.findByTestId('rfi-requested')).toHaveTextContent('Asked sofia@example.com. The answer is due by');
    expect(JSON.parse(calls.find((c) => c.url.endsWith(RFI_URL))!.body!)).toMatchObject({ email: 'sofia@example.com', question: 'Where does the deposit come from?', documentRequested: true });
  });

  it("shows the server's refusal on the field at fault, translated", async () => {
    installFetch(() => envelope({ fields: [{ path: 'email', code: ComplianceRule.ALREADY_OPEN }] }, 10001, 'params error'));
    renderAt('/rfi', RfiRequestScreen);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^User's e-mail/), 'sofia@example.com');
    await user.type(screen.getByLabelText(/^Question/), 'Why?');
    await user.click(screen.getByRole('button', { name: 'Send the question' }));
    expect(await screen.findByText('This user already has an open request of this kind.')).toBeVisible();
  });
});

describe('the questionnaire task form (decision 027)', () => {
  it('offers the questionnaires (never rfiQuestion) and gives the task', async () => {
    const calls = installFetch((call) =>
      call.url.endsWith(TASK_URL)
        ? envelope({ taskId: 't-1', taskType: 'QUESTIONNAIRE', status: 'OPEN', region: 'MAIN', message: '', dueDate: '2027-04-01', overdue: false, route: 'sourceOfFundsWealth', createdAt: '2027-03-01T00:00:00.000Z', completedAt: null, userId: 'u-1' })
        : envelope({}, 10011, 'nf'),
    );
    renderAt('/tasks', TaskRequestScreen);
    const user = userEvent.setup();
    const select = screen.getByLabelText(/^Questionnaire/);
    const values = [...select.querySelectorAll('option')].map((o) => o.getAttribute('value'));
    expect(values).toContain('sourceOfFundsWealth');
    expect(values).not.toContain('rfiQuestion');
    await user.type(screen.getByLabelText(/^User's e-mail/), 'sofia@example.com');
    await user.selectOptions(select, 'sourceOfFundsWealth');
    await user.click(screen.getByRole('button', { name: 'Give the task' }));
    expect(await screen.findByTestId('task-created')).toHaveTextContent('sofia@example.com must submit the questionnaire by');
    expect(JSON.parse(calls.find((c) => c.url.endsWith(TASK_URL))!.body!)).toMatchObject({ email: 'sofia@example.com', taskType: 'QUESTIONNAIRE', templateCode: 'sourceOfFundsWealth' });
  });
});
