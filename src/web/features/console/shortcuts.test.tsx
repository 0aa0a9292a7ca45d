import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { clearResponseCache } from '../../lib/http/index.ts';
import { envelope, installFetch, type FakeCall } from '../../lib/http/testing.ts';
import CaseScreen from './case-screen.tsx';
import { ShortcutsDialog } from './components/shortcuts-dialog.tsx';
import { rememberQueueIds, rememberQueueSearch } from './queue-params.ts';
import { nextCaseAfterDecision, setNextCaseAfterDecision } from './shortcuts.ts';
import { CASE_ID, kycCase, ME, queueItem, renderConsole } from './test-utils.tsx';

/** Decision 051: deciding from the keyboard, then on to the next case of the same view. */

const NEXT_ID = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const OTHERS_ID = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';

function serve() {
  return installFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/x-api/v1/console/me') return envelope(ME);
    if (url.pathname === '/x-api/v1/console/cases') {
      // The view's first page as read again after the decision: the decided case, one someone else has, the next one.
      return envelope({
        items: [queueItem({ id: CASE_ID }), queueItem({ id: OTHERS_ID, assignee: { id: 'r-2', email: 'other@example.com' } }), queueItem({ id: NEXT_ID, email: 'next@example.com' })],
        total: 3,
        totalIsLowerBound: false,
        page: 1,
        pageSize: 20,
        nextCursor: null,
        prevCursor: null,
      });
    }
    const id = url.pathname.split('/').at(-1)!;
    if (call.method === 'GET' && url.pathname.startsWith('/x-api/v1/console/cases/')) return envelope(kycCase({ id }, { user: { id: `u-${id}`, email: id === NEXT_ID ? 'next@example.com' : 'sofia@example.com', createdAt: '2025-02-28T12:00:00.000Z' } }));
    if (call.method === 'POST' && url.pathname.endsWith('/approve')) return envelope({ caseId: CASE_ID, status: 'APPROVED', subjectStatus: 'SUCCESS', decision: null, proposal: null });
    return envelope({}, 10011, 'not found');
  });
}

function renderCase(id = CASE_ID) {
  const location = memoryLocation({ path: `/cases/${id}`, record: true });
  renderConsole(
    <Router hook={location.hook}>
      <Route path="/cases/:id" component={CaseScreen} />
    </Router>,
  );
  return location;
}

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST').map((c) => new URL(c.url, 'http://localhost').pathname);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-01T11:05:00.000Z'));
  localStorage.clear();
  rememberQueueSearch('?kind=KYC_APPLICATION');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearResponseCache();
});

describe('keyboard decisions', () => {
  it('a opens the approval, its Approve decides, and the next case of the same view opens (not one someone else has)', async () => {
    setNextCaseAfterDecision(true);
    const user = userEvent.setup();
    const calls = serve();
    const location = renderCase();
    await screen.findByRole('heading', { level: 1 });
    expect(document.title).toContain('sofia@example.com');
    await user.keyboard('a');
    const dialog = await screen.findByRole('dialog', { name: 'Approve this application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`/cases/${NEXT_ID}`));
    expect(posts(calls)).toEqual([`/x-api/v1/console/cases/${CASE_ID}/approve`]);
    // The next case was looked for in the view the reviewer came from.
    const queueRead = calls.map((c) => new URL(c.url, 'http://localhost')).find((u) => u.pathname === '/x-api/v1/console/cases')!;
    expect(queueRead.searchParams.get('kind')).toBe('KYC_APPLICATION');
    await waitFor(() => expect(document.title).toContain('next@example.com'));
  });

  it('with the setting off (the default) the reviewer stays on the decided case; keys typed in a field do nothing', async () => {
    const user = userEvent.setup();
    serve();
    const location = renderCase();
    await screen.findByRole('heading', { level: 1 });
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Reject this application' });
    // While a dialog is open, single keys are the dialog's (typing "a" in its message opens nothing else).
    await user.type(within(dialog).getByLabelText(/^Message to the user/), 'a');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.keyboard('{Escape}');
    await user.keyboard('a');
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve this application?' })).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.history.at(-1)).toBe(`/cases/${CASE_ID}`);
  });

  it('j and k move through the rows of the queue page last shown', async () => {
    const user = userEvent.setup();
    serve();
    rememberQueueIds([CASE_ID, NEXT_ID]);
    const location = renderCase();
    await screen.findByRole('heading', { level: 1 });
    await user.keyboard('j');
    await waitFor(() => expect(location.history.at(-1)).toBe(`/cases/${NEXT_ID}`));
    await screen.findByRole('heading', { level: 1 });
    await user.keyboard('k');
    await waitFor(() => expect(location.history.at(-1)).toBe(`/cases/${CASE_ID}`));
  });
});

describe('the ? overlay', () => {
  it('lists every shortcut and keeps the next-case setting in the browser', async () => {
    const user = userEvent.setup();
    renderConsole(<ShortcutsDialog open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const keys = within(dialog).getAllByRole('term').map((dt) => dt.textContent);
    expect(keys).toEqual(['j', 'k', 't', 'a', 'r', '/', '?']);
    expect(within(dialog).getByText('Approve the case')).toBeVisible();
    const setting = within(dialog).getByRole('checkbox', { name: 'After a decision, open the next case of the same view' });
    expect(setting).not.toBeChecked();
    await user.click(setting);
    expect(setting).toBeChecked();
    expect(nextCaseAfterDecision()).toBe(true);
    expect(localStorage.getItem('console.nextCaseAfterDecision')).toBe('on');
  });
});
