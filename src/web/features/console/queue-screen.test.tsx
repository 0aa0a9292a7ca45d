import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ConsoleQueueItem, ConsoleWorkload } from '../../../shared/api/console.ts';
import { clearResponseCache } from '../../lib/http/index.ts';
import { envelope, installFetch, type FakeCall } from '../../lib/http/testing.ts';
import QueueScreen from './queue-screen.tsx';
import { CASE_ID, ME, OTHER_REVIEWER, queueItem, renderConsole } from './test-utils.tsx';

const MINE = queueItem({ id: 'c-mine-1', email: 'mine@example.com', assignee: { id: ME.id, email: ME.email } });
const THEIRS = queueItem({ id: 'c-theirs-1', email: 'theirs@example.com', assignee: OTHER_REVIEWER, openedAt: '2025-02-26T11:05:00.000Z' });
const FREE = queueItem();

interface FakeQueue {
  items: ConsoleQueueItem[];
  /** As the server counts: exact, or a lower bound past its counting window. */
  total?: number;
  totalIsLowerBound?: boolean;
  /** The cursors the server hands out (keyset paging); by default none (a single page). */
  nextCursor?: string | null;
  prevCursor?: string | null;
  onAssign?: (call: FakeCall) => Response;
  /** The dashboard's reply; `null`: the server fails it (HTTP 500). */
  workload?: ConsoleWorkload | null;
}

const count = (n: number, atLeast = false) => ({ count: n, atLeast });
/** As the server answers at 2025-03-01 11:05 (the tests' clock): KYC cases late, EDD past its count cap, nothing else waiting. */
const WORKLOAD: ConsoleWorkload = {
  asOf: '2025-03-01T11:05:00.000Z',
  kinds: [
    { kind: 'KYC_APPLICATION', pending: count(12), waitingOverOneDay: count(5), waitingOverThreeDays: count(2), oldestOpenedAt: '2025-02-25T09:05:00.000Z', awaitingSecondLook: 1 },
    { kind: 'EDD', pending: count(10000, true), waitingOverOneDay: count(0), waitingOverThreeDays: count(0), oldestOpenedAt: '2025-03-01T10:35:00.000Z', awaitingSecondLook: 0 },
    { kind: 'RFI', pending: count(0), waitingOverOneDay: count(0), waitingOverThreeDays: count(0), oldestOpenedAt: null, awaitingSecondLook: 0 },
  ],
};

/** The console API of a fake server: me, the queue (filters are recorded, not applied), assign. */
function serve(server: FakeQueue) {
  return installFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/x-api/v1/console/me') return envelope(ME);
    if (url.pathname === '/x-api/v1/console/workload') return server.workload === null ? new Response('', { status: 500 }) : envelope(server.workload ?? WORKLOAD);
    if (url.pathname === '/x-api/v1/console/cases') return envelope({ items: server.items, total: server.total ?? server.items.length, totalIsLowerBound: server.totalIsLowerBound ?? false, page: Number(url.searchParams.get('page') ?? 1), pageSize: 20, nextCursor: server.nextCursor ?? null, prevCursor: server.prevCursor ?? null });
    if (call.method === 'POST' && url.pathname.endsWith('/assign')) return server.onAssign?.(call) ?? envelope({});
    if (url.pathname === '/x-api/v1/console/search') return envelope(SEARCH);
    return envelope({}, 10011, 'not found');
  });
}

/** The search's reply as the server gives it for an e-mail (decision 051). */
const SEARCH = {
  matchedBy: 'email',
  caseId: null,
  truncated: false,
  users: [{ id: 'u-77', email: 'ada@example.com', name: 'Ada Lovelace', createdAt: '2025-02-01T10:00:00.000Z', cases: [{ id: 'c-77', kind: 'KYC_APPLICATION', status: 'PENDING', level: 1, openedAt: '2025-03-01T09:00:00.000Z' }] }],
};

const queueRequests = (calls: FakeCall[]) => calls.map((c) => new URL(c.url, 'http://localhost')).filter((u) => u.pathname === '/x-api/v1/console/cases');

function renderQueue(search = '') {
  const location = memoryLocation({ path: `/${search}`, record: true });
  renderConsole(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <Route path="/" component={QueueScreen} />
    </Router>,
  );
  return location;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-01T11:05:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearResponseCache();
});

/** The desktop table (the phone cards carry the same cases; jsdom applies no media queries). */
const table = () => screen.findByRole('table');
const row = async (email: string) => (await within(await table()).findByRole('link', { name: email })).closest('tr')!;

describe('the review queue', () => {
  it('lists each case with its kind, applicant, who has it and how long it has waited', async () => {
    serve({ items: [THEIRS, FREE, MINE] });
    renderQueue();
    const headers = within(await table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Applicant', 'Kind', 'Level', 'Country', 'Document', 'Provider', 'Submitted', 'Waiting for', 'Assignee']);

    const free = await row('sofia@example.com');
    expect(within(free).getByRole('link', { name: 'sofia@example.com' })).toHaveAttribute('href', `/cases/${CASE_ID}`);
    expect(free).toHaveTextContent('KYC application');
    expect(free).toHaveTextContent('Italy (IT)');
    expect(free).toHaveTextContent('ID card');
    expect(free).toHaveTextContent('In-house review');
    expect(within(free).getByTestId('queue-assignee')).toHaveTextContent('Unassigned');
    const waited = within(free).getByTestId('case-timing');
    expect(waited).toHaveTextContent('2 h 5 min');
    expect(waited.getAttribute('title')).toMatch(/^Submitted Mar 1, 2025/);

    expect(within(await row('theirs@example.com')).getByTestId('queue-assignee')).toHaveTextContent(OTHER_REVIEWER.email);
    expect(within(await row('theirs@example.com')).getByTestId('case-timing')).toHaveTextContent('3 d');
    expect(within(await row('mine@example.com')).getByTestId('queue-assignee')).toHaveTextContent('You');
    // Only a pending case nobody has can be taken from the row.
    expect(within(await table()).getAllByRole('button', { name: /^Take the case of/ })).toHaveLength(1);
  });

  it('decided cases show the time from submission to decision and their status', async () => {
    serve({ items: [queueItem({ status: 'APPROVED', assignee: { id: ME.id, email: ME.email }, decidedAt: '2025-03-04T09:00:00.000Z', secondsToDecision: 3 * 86400 + 600 })] });
    renderQueue('?status=APPROVED');
    const headers = within(await table()).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toContain('Time to decision');
    expect(headers.map((h) => h.textContent)).toContain('Status');
    const approved = await row('sofia@example.com');
    const timing = within(approved).getByTestId('case-timing');
    expect(timing).toHaveTextContent('3 d');
    expect(timing.getAttribute('title')).toMatch(/^Submitted Mar 1, 2025.*, decided Mar 4, 2025/);
    expect(approved).toHaveTextContent('Approved');
    expect(within(approved).queryByRole('button')).toBeNull();
  });

  it('filters by assignee and kind (the kinds this server reviews) in the address and in the request', async () => {
    const user = userEvent.setup();
    const calls = serve({ items: [FREE] });
    const location = renderQueue();
    const filters = screen.getByRole('search', { name: 'Filter cases' });
    await table();

    const assignee = within(filters).getByLabelText('Assignee');
    expect(Array.from((assignee as HTMLSelectElement).options).map((o) => o.textContent)).toEqual(['Anyone', 'Unassigned', 'Assigned to me']);
    await user.selectOptions(assignee, 'me');
    await waitFor(() => expect(location.history.at(-1)).toBe('/?assignee=me'));
    await waitFor(() => expect(queueRequests(calls).at(-1)!.searchParams.get('assignee')).toBe('me'));

    const kind = within(filters).getByLabelText('Kind');
    await waitFor(() => expect(Array.from((kind as HTMLSelectElement).options).map((o) => o.textContent)).toEqual(['All', 'KYC application']));
    await user.selectOptions(kind, 'KYC_APPLICATION');
    await waitFor(() => expect(location.history.at(-1)).toBe('/?kind=KYC_APPLICATION&assignee=me'));
    const last = queueRequests(calls).at(-1)!;
    expect(last.searchParams.get('kind')).toBe('KYC_APPLICATION');
    expect(last.searchParams.get('assignee')).toBe('me');

    await user.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('my empty queue says so and points to the queue', async () => {
    serve({ items: [] });
    renderQueue('?assignee=me');
    expect(await screen.findByText('No pending cases are assigned to you. Take one from the queue.')).toBeVisible();
  });

  it('"Take" assigns the case to me from the row; the queue is read again and the row says "You"', async () => {
    const user = userEvent.setup();
    const server: FakeQueue = {
      items: [FREE],
      onAssign: () => {
        server.items = [{ ...FREE, assignee: { id: ME.id, email: ME.email } }];
        return envelope({ case: server.items[0] });
      },
    };
    const calls = serve(server);
    renderQueue();
    await user.click(within(await row('sofia@example.com')).getByRole('button', { name: 'Take the case of sofia@example.com' }));

    await waitFor(async () => expect(within(await row('sofia@example.com')).getByTestId('queue-assignee')).toHaveTextContent('You'));
    expect(within(await table()).queryByRole('button', { name: /^Take/ })).toBeNull();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/x-api/v1/console/cases/${CASE_ID}/assign`);
    expect(queueRequests(calls).length).toBeGreaterThanOrEqual(2);
  });

  it('when someone else took it first (36001), the row shows them after the queue is read again', async () => {
    const user = userEvent.setup();
    const server: FakeQueue = {
      items: [FREE],
      onAssign: () => {
        server.items = [{ ...FREE, assignee: OTHER_REVIEWER }];
        return envelope({ assigneeId: OTHER_REVIEWER.id }, 36001, 'case assigned to another reviewer');
      },
    };
    serve(server);
    renderQueue();
    await user.click(within(await row('sofia@example.com')).getByRole('button', { name: 'Take the case of sofia@example.com' }));
    await waitFor(async () => expect(within(await row('sofia@example.com')).getByTestId('queue-assignee')).toHaveTextContent(OTHER_REVIEWER.email));
    expect(within(await table()).queryByRole('button', { name: /^Take/ })).toBeNull();
  });

  it('shows a total the server stopped counting as "at least", and keeps paging past it', async () => {
    const calls = serve({ items: [FREE], total: 1040, totalIsLowerBound: true, nextCursor: 'after-page-1' });
    renderQueue();
    expect(await screen.findByRole('status')).toHaveTextContent('1040+');
    const pages = screen.getByRole('navigation', { name: 'Queue pages' });
    expect(pages).toHaveTextContent('Page 1 of 52+');
    const user = userEvent.setup();
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    // Keyset paging: the next page is asked for by the server's cursor (and its number, for the total).
    await waitFor(() => expect(queueRequests(calls).at(-1)?.searchParams.get('page')).toBe('2'));
    expect(queueRequests(calls).at(-1)?.searchParams.get('cursor')).toBe('after-page-1');
  });

  it('goes back by the server\'s cursor, and to page 1 from the start; no next page without a cursor', async () => {
    const calls = serve({ items: [FREE], total: 41, nextCursor: null, prevCursor: 'before-page-3' });
    renderQueue('?page=3&cursor=after-page-2');
    const pages = await screen.findByRole('navigation', { name: 'Queue pages' });
    expect(queueRequests(calls).at(-1)?.searchParams.get('cursor')).toBe('after-page-2');
    expect(within(pages).getByRole('button', { name: 'Next page' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(pages).getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(queueRequests(calls).at(-1)?.searchParams.get('page')).toBe('2'));
    expect(queueRequests(calls).at(-1)?.searchParams.get('cursor')).toBe('before-page-3');
    await user.click(within(await screen.findByRole('navigation', { name: 'Queue pages' })).getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(queueRequests(calls).at(-1)?.searchParams.get('page')).toBe('1'));
    expect(queueRequests(calls).at(-1)?.searchParams.has('cursor')).toBe(false);
  });

  it('shows an exact total as it is, with no page after the last', async () => {
    serve({ items: [FREE], total: 1 });
    renderQueue();
    expect(await screen.findByRole('status')).toHaveTextContent(/Cases found: 1$/);
    expect(screen.queryByRole('navigation', { name: 'Queue pages' })).toBeNull();
  });
});

describe('the workload panel (decision 030)', () => {
  const card = (kind: string) => screen.findByTestId(`workload-${kind}`);
  const figures = (el: HTMLElement) => Object.fromEntries(within(el).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));

  it('shows per kind what waits, what is late, the oldest case’s age and the second looks', async () => {
    serve({ items: [FREE] });
    renderQueue();
    expect(figures(await card('KYC_APPLICATION'))).toEqual({ Waiting: '12', 'Over 1 day': '5', 'Over 3 days': '2', Oldest: '4 d 2 h', 'Second look': '1' });
    // Past the server's count cap the figure is a lower bound.
    expect(figures(await card('EDD'))).toMatchObject({ Waiting: '10,000+', Oldest: '30 min' });
    expect(figures(await card('RFI'))).toMatchObject({ Waiting: '0', Oldest: 'None waiting' });
    // Late figures stand out; three days late is marked as danger.
    expect(within(await card('KYC_APPLICATION')).getByText('2')).toHaveClass('text-danger');
    expect(within(await card('RFI')).getAllByText('0')[0]).not.toHaveClass('text-danger');
  });

  it('a kind’s card shows its pending cases in the queue, and is marked as the one shown', async () => {
    const user = userEvent.setup();
    const calls = serve({ items: [FREE] });
    const location = renderQueue('?status=APPROVED');
    const button = within(await card('EDD')).getByRole('button', { name: 'Show pending Enhanced due diligence cases' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    await waitFor(() => expect(location.history.at(-1)).toBe('/?kind=EDD'));
    await waitFor(() => expect(queueRequests(calls).at(-1)!.searchParams.get('kind')).toBe('EDD'));
    expect(queueRequests(calls).at(-1)!.searchParams.get('status')).toBe('PENDING');
    expect(within(await card('EDD')).getByRole('button', { name: /Enhanced due diligence/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when the workload cannot be read, offers to try again, and the queue still works', async () => {
    const user = userEvent.setup();
    const server: FakeQueue = { items: [FREE], workload: null };
    serve(server);
    renderQueue();
    const panel = await screen.findByRole('region', { name: 'Workload' });
    expect(await within(panel).findByText('The workload could not be loaded')).toBeVisible();
    await row('sofia@example.com');
    server.workload = WORKLOAD;
    await user.click(within(panel).getByRole('button', { name: /try again/i }));
    expect(figures(await card('KYC_APPLICATION'))).toMatchObject({ Waiting: '12' });
  });
});

describe('search and order (decision 051)', () => {
  it('the search goes in the address and to the server; the user and their cases are links', async () => {
    const user = userEvent.setup();
    const calls = serve({ items: [FREE] });
    const location = renderQueue();
    await user.type(await screen.findByRole('searchbox', { name: 'Search users' }), 'Ada@Example.com{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/?q=Ada%40Example.com'));
    const results = await screen.findByTestId('search-results');
    expect(await within(results).findByRole('status')).toHaveTextContent('Found by e-mail: 1');
    expect(within(results).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', '/users/u-77');
    expect(within(results).getByRole('link', { name: 'KYC application · Level 1' })).toHaveAttribute('href', '/cases/c-77');
    const search = calls.map((c) => new URL(c.url, 'http://localhost')).find((u) => u.pathname === '/x-api/v1/console/search')!;
    expect(search.searchParams.get('q')).toBe('Ada@Example.com');
    await user.click(within(results).getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(screen.queryByTestId('search-results')).toBeNull();
  });

  it('the order is a choice kept in the address and sent to the server', async () => {
    const user = userEvent.setup();
    const calls = serve({ items: [FREE] });
    const location = renderQueue('?kind=KYC_APPLICATION');
    await user.selectOptions(within(await screen.findByRole('search', { name: 'Filter cases' })).getByLabelText('Order'), '-country');
    await waitFor(() => expect(location.history.at(-1)).toBe('/?kind=KYC_APPLICATION&sort=-country'));
    await waitFor(() => expect(queueRequests(calls).at(-1)!.searchParams.get('sort')).toBe('-country'));
  });
});
