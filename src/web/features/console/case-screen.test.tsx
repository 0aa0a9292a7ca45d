import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ConsoleCase } from '../../../shared/api/console.ts';
import { clearResponseCache } from '../../lib/http/index.ts';
import { envelope, installFetch, type FakeCall } from '../../lib/http/testing.ts';
import CaseScreen from './case-screen.tsx';
import { CASE_ID, decision, decisionButton, kycCase, ME, OTHER_REVIEWER, renderConsole } from './test-utils.tsx';

const CASE_URL = `/x-api/v1/console/cases/${CASE_ID}`;

/** The case as the fake server holds it; a POST handler may change it (as the real server would) before answering. */
interface FakeServer {
  current: ConsoleCase;
  onPost?: (action: string, call: FakeCall) => Response | Promise<Response>;
}

function serve(server: FakeServer) {
  return installFetch((call) => {
    if (call.url.endsWith('/x-api/v1/console/me')) return envelope(ME);
    if (call.method === 'GET' && call.url.endsWith(CASE_URL)) return envelope(server.current);
    if (call.method === 'POST' && call.url.startsWith(`${CASE_URL}/`)) return server.onPost?.(call.url.slice(CASE_URL.length + 1), call) ?? envelope({});
    return envelope({}, 10011, 'not found');
  });
}

const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.url.slice(CASE_URL.length + 1));
const caseReads = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.url.endsWith(CASE_URL)).length;

function renderCase() {
  const { hook } = memoryLocation({ path: `/cases/${CASE_ID}` });
  return renderConsole(
    <Router hook={hook}>
      <Route path="/cases/:id" component={CaseScreen} />
    </Router>,
  );
}

/** The working bar at the top of the case (assignee, take / release, approve / reject). */
const bar = () => screen.getByTestId('case-bar');

beforeEach(() => {
  // Only Date is faked: "waiting for" is measured from a known now (2 h 5 min after the submission).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-01T11:05:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearResponseCache();
});

describe('the case page', () => {
  it('shows what the case is, how long it has waited, the submitted data and the images with alt texts', async () => {
    serve({ current: kycCase() });
    renderCase();
    expect(await screen.findByRole('heading', { level: 1, name: 'Level 1 application' })).toBeVisible();
    expect(bar()).toHaveTextContent('KYC application · Case 0b9d7c3e');
    const waiting = within(bar()).getByTestId('case-timing');
    expect(waiting).toHaveTextContent('Waiting 2 h 5 min');
    expect(waiting).toHaveAttribute('datetime', 'PT2H5M');
    expect(waiting.getAttribute('title')).toMatch(/^Submitted Mar 1, 2025/);
    expect(within(bar()).getByText('Unassigned')).toBeVisible();

    const personal = screen.getByRole('region', { name: 'Personal data' });
    expect(personal).toHaveTextContent('Sofia');
    expect(personal).toHaveTextContent('Rossi');
    expect(personal).toHaveTextContent('July 21, 1994');
    expect(personal).toHaveTextContent('Via Roma 10');
    // Issue 30: the mobile number with its country, for the reviewer.
    expect(within(personal).getByTestId('case-mobile')).toHaveTextContent('Italy (IT): 3471234567');
    expect(within(screen.getByRole('region', { name: 'Identity document' })).getByText('Italy (IT)')).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Case' });
    expect(summary).toHaveTextContent(CASE_ID);
    expect(summary).toHaveTextContent('Application ID');
    const front = screen.getByRole('img', { name: 'Front of the document submitted by sofia@example.com' });
    expect(front).toHaveAttribute('src', '/x-api/v1/console/document/d-1');
    expect(screen.getByRole('img', { name: 'Selfie submitted by sofia@example.com' })).toBeVisible();

    // Enlarging opens the same image in a dialog.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enlarge: Selfie' }));
    const dialog = screen.getByRole('dialog', { name: 'Selfie' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/x-api/v1/console/document/d-2');
  });

  it('a rejection is sent with mode, reason and message; the case then shows the decision, who took it and how long it took', async () => {
    const user = userEvent.setup();
    const rejected = decision({ outcome: 'REJECT', mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', userMessage: 'Please retake the back.', internalNote: 'Glare' });
    const server: FakeServer = {
      current: kycCase(),
      onPost: (action) => {
        expect(action).toBe('reject');
        server.current = kycCase(
          { status: 'REJECTED', assignee: { id: ME.id, email: ME.email }, decidedAt: rejected.decidedAt, secondsToDecision: 7500 },
          {
            decision: rejected,
            subject: {
              ...kycCase().subject,
              steps: [
                { level: 1, status: 'FAILED_AND_CAN_RETRY' },
                { level: 2, status: 'NOT_ALLOW' },
              ],
            },
          },
        );
        return envelope({ caseId: CASE_ID, status: 'REJECTED', subjectStatus: 'FAILED_AND_CAN_RETRY', decision: rejected });
      },
    };
    const calls = serve(server);
    renderCase();
    await user.click(await decisionButton('Reject'));
    const dialog = screen.getByRole('dialog', { name: 'Reject this application' });
    await user.selectOptions(within(dialog).getByLabelText(/^Reason/), 'DOCUMENT_UNREADABLE');
    await user.type(within(dialog).getByLabelText(/^Message to the user/), 'Please retake the back.');
    await user.type(within(dialog).getByLabelText(/^Internal note/), 'Glare');
    await user.click(within(dialog).getByRole('button', { name: 'Reject, allow retry' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`${CASE_URL}/reject`);
    expect(JSON.parse(post.body!)).toEqual({ mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', reasonCodes: [], userMessage: 'Please retake the back.', internalNote: 'Glare' });
    const summary = await screen.findByTestId('decision-summary');
    expect(summary).toHaveTextContent('The document photo is not readable');
    expect(summary).toHaveTextContent('Please retake the back.');
    expect(within(summary).getByTestId('decider')).toHaveTextContent(ME.email);
    expect(summary).toHaveTextContent('Time to decision2 h 5 min');
    expect(within(bar()).getByTestId('case-timing')).toHaveTextContent('Decided in 2 h 5 min');
    // Decided: no decision buttons, no take / release; the decider is the assignee ("You").
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Release' })).toBeNull();
    expect(within(bar()).getByText('You')).toHaveAttribute('title', ME.email);
    expect(within(screen.getByTestId('case-steps')).getByText('Failed, try again')).toBeVisible();
  });

  it('a decision conflict (10012) closes the form, says someone else decided and reloads the case', async () => {
    const user = userEvent.setup();
    const theirs = decision({ decider: { type: 'reviewer', id: OTHER_REVIEWER.id, email: OTHER_REVIEWER.email }, decidedAt: '2025-03-01T10:59:00.000Z' });
    const server: FakeServer = {
      current: kycCase(),
      onPost: () => {
        // Someone else approved a moment ago.
        server.current = kycCase({ status: 'APPROVED', assignee: OTHER_REVIEWER, decidedAt: theirs.decidedAt, secondsToDecision: 7140 }, { decision: theirs });
        return envelope({}, 10012, 'case already decided');
      },
    };
    const calls = serve(server);
    renderCase();
    await user.click(await decisionButton('Approve'));
    const dialog = screen.getByRole('dialog', { name: 'Approve this application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else decided first');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(await screen.findByTestId('decision-summary')).getByTestId('decider')).toHaveTextContent(OTHER_REVIEWER.email);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(caseReads(calls)).toBeGreaterThanOrEqual(2);
  });

  it('an unknown case says it was not found', async () => {
    installFetch(() => envelope({}, 10011, 'not found'));
    renderCase();
    expect(await screen.findByText('Case not found')).toBeVisible();
    expect(screen.getByRole('link', { name: /Back to the queue/ })).toBeVisible();
  });
});

describe('assignment', () => {
  it('Assign to me takes the case (busy while sending), Release gives it back; both read the case again', async () => {
    const user = userEvent.setup();
    let answerAssign!: () => void;
    const server: FakeServer = {
      current: kycCase(),
      onPost: (action) => {
        if (action === 'assign') {
          return new Promise<Response>((resolve) => {
            answerAssign = () => {
              server.current = kycCase({ assignee: { id: ME.id, email: ME.email } });
              resolve(envelope({ case: server.current.case }));
            };
          });
        }
        server.current = kycCase();
        return envelope({ case: server.current.case });
      },
    };
    const calls = serve(server);
    renderCase();
    expect(await within(await screen.findByTestId('case-bar')).findByText('Deciding assigns the case to you.')).toBeVisible();

    const take = within(bar()).getByRole('button', { name: 'Assign to me' });
    take.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(take).toHaveAttribute('aria-busy', 'true'));
    answerAssign();

    const release = await within(await screen.findByTestId('case-bar')).findByRole('button', { name: 'Release' });
    expect(within(bar()).getByText('You')).toBeVisible();
    expect(within(bar()).queryByRole('button', { name: 'Assign to me' })).toBeNull();
    // Mine: I may decide.
    expect(within(bar()).getByRole('button', { name: 'Approve' })).toBeEnabled();

    await user.click(release);
    expect(await within(await screen.findByTestId('case-bar')).findByRole('button', { name: 'Assign to me' })).toBeVisible();
    expect(within(bar()).getByText('Unassigned')).toBeVisible();
    expect(posts(calls)).toEqual(['assign', 'release']);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual(['{}', '{}']);
    expect(caseReads(calls)).toBe(3);
  });

  it('a case another reviewer has cannot be decided: the buttons are disabled and say who has it', async () => {
    serve({ current: kycCase({ assignee: OTHER_REVIEWER }) });
    renderCase();
    const approve = await within(await screen.findByTestId('case-bar')).findByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(within(bar()).getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(`Only ${OTHER_REVIEWER.email} can decide this case while it is assigned to them.`);
    expect(within(bar()).getByText(OTHER_REVIEWER.email)).toBeVisible();
    // Neither take nor release: it is theirs.
    expect(within(bar()).queryByRole('button', { name: 'Assign to me' })).toBeNull();
    expect(within(bar()).queryByRole('button', { name: 'Release' })).toBeNull();
  });

  it('36001 on Assign to me: says who took it first, from the case read again, and locks the decision', async () => {
    const user = userEvent.setup();
    const server: FakeServer = {
      current: kycCase(),
      onPost: () => {
        server.current = kycCase({ assignee: OTHER_REVIEWER });
        return envelope({ assigneeId: OTHER_REVIEWER.id }, 36001, 'case assigned to another reviewer');
      },
    };
    serve(server);
    renderCase();
    await user.click(await within(await screen.findByTestId('case-bar')).findByRole('button', { name: 'Assign to me' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Another reviewer has this case');
    expect(alert).toHaveTextContent(`${OTHER_REVIEWER.email} is working on this case. Ask them to release it if you need to decide it.`);
    expect(within(bar()).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(within(bar()).queryByRole('button', { name: 'Assign to me' })).toBeNull();
  });

  it('36001 on Approve (someone took the case while the dialog was open): the dialog closes and the page says who has it', async () => {
    const user = userEvent.setup();
    const server: FakeServer = {
      current: kycCase(),
      onPost: () => {
        server.current = kycCase({ assignee: OTHER_REVIEWER });
        return envelope({ assigneeId: OTHER_REVIEWER.id }, 36001, 'case assigned to another reviewer');
      },
    };
    serve(server);
    renderCase();
    await user.click(await decisionButton('Approve', true));
    await user.click(within(screen.getByRole('dialog', { name: 'Approve this application?' })).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(`${OTHER_REVIEWER.email} is working on this case.`);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(bar()).getByRole('button', { name: 'Approve' })).toBeDisabled();
  });

  it('any other failure of Release is shown with its translated message, and the case stays as it was', async () => {
    const user = userEvent.setup();
    serve({ current: kycCase({ assignee: { id: ME.id, email: ME.email } }), onPost: () => envelope({}, 10000, 'internal') });
    renderCase();
    await user.click(await within(await screen.findByTestId('case-bar')).findByRole('button', { name: 'Release' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The assignment could not be changed');
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again later.');
    expect(within(bar()).getByRole('button', { name: 'Release' })).toBeEnabled();
  });
});

describe('decisions and other applications', () => {
  it('names a provider or the system as the decider, and links earlier applications to their cases', async () => {
    const byProvider = decision({ outcome: 'REJECT', mode: 'FINAL', reasonCode: 'SUSPECTED_FRAUD', decider: { type: 'provider', id: 'PROVIDER_SUMSUB', email: null } });
    const bySystem = decision({ id: 'dec-0', decider: { type: 'system', id: null, email: null }, decidedAt: '2025-01-03T09:00:00.000Z' });
    const base = kycCase();
    serve({
      current: kycCase(
        { status: 'REJECTED', decidedAt: byProvider.decidedAt, secondsToDecision: 7500 },
        {
          decision: byProvider,
          subject: {
            ...base.subject,
            previous: [
              { id: 'app-old', caseId: 'c0ffee00-0000-4000-8000-000000000001', level: 1, status: 'APPROVED', submittedAt: '2025-01-01T09:00:00.000Z', decision: bySystem },
              { id: 'app-older', caseId: null, level: 1, status: 'REJECTED', submittedAt: '2024-12-01T09:00:00.000Z', decision: null },
            ],
          },
        },
      ),
    });
    renderCase();
    const main = await screen.findByRole('region', { name: 'Decision' });
    expect(within(main).getByTestId('decider')).toHaveTextContent('Sumsub (provider)');

    const other = screen.getByRole('region', { name: 'Other applications of this user' });
    const link = within(other).getByRole('link', { name: 'Level 1 application c0ffee00' });
    expect(link).toHaveAttribute('href', '/cases/c0ffee00-0000-4000-8000-000000000001');
    expect(within(other).getByTestId('decider')).toHaveTextContent('System');
    // Two days from submission to the system's decision.
    expect(other).toHaveTextContent('Time to decision2 d');
    // An application without a case has nothing to open.
    expect(within(other).getByText('Level 1 application app')).not.toHaveAttribute('href');
  });

  it("lists the user's other cases of every kind, each a link to its page; none says so", async () => {
    serve({
      current: kycCase(
        {},
        {
          userCases: [
            { id: 'c0ffee00-0000-4000-8000-0000000000aa', kind: 'SCREENING', level: null, status: 'PENDING', openedAt: '2025-03-02T09:00:00.000Z', decidedAt: null },
            { id: 'c0ffee00-0000-4000-8000-0000000000bb', kind: 'KYC_APPLICATION', level: 1, status: 'REJECTED', openedAt: '2025-02-01T09:00:00.000Z', decidedAt: '2025-02-02T09:00:00.000Z' },
          ],
        },
      ),
    });
    renderCase();
    const card = await screen.findByRole('region', { name: "This user's other cases" });
    const links = within(card).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Name screening', '/cases/c0ffee00-0000-4000-8000-0000000000aa'],
      ['KYC application · Level 1', '/cases/c0ffee00-0000-4000-8000-0000000000bb'],
    ]);
    expect(within(card).getByText('Rejected')).toBeVisible();
  });
});
