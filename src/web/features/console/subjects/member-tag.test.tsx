import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ConsoleCase, ConsoleReviewer } from '../../../../shared/api/console.ts';
import extras from '../../../../../locales/user-accounts/en/extras.json';
import records from '../../../../../locales/user-accounts/en/records.json';
import { clearResponseCache } from '../../../lib/http/index.ts';
import { envelope, installFetch, type FakeCall } from '../../../lib/http/testing.ts';
import CaseScreen from '../case-screen.tsx';
import { CASE_ID, kycCase, ME, OTHER_REVIEWER, renderConsole } from '../test-utils.tsx';

/**
 * A MEMBER_TAG case (decision 036): a change that lowers what a member must prove, proposed by one
 * senior reviewer, shown as awaiting a second look; another senior reviewer confirms it here.
 */
function tagCase(proposer: { id: string; email: string }): ConsoleCase {
  const base = kycCase({ kind: 'MEMBER_TAG', level: null, documentType: null, status: 'PENDING', decidedAt: null });
  const change = {
    id: 'change-1',
    caseId: CASE_ID,
    tagName: 'KYC',
    value: '1',
    previousValue: null,
    reason: 'Institutional client, verified offline',
    requestedBy: proposer,
    requestedAt: '2025-03-01T09:00:00.000Z',
    status: 'PENDING' as const,
  };
  return {
    ...base,
    case: { ...base.case, secondsToDecision: null, assignee: proposer, awaitingSecondLook: { proposer, outcome: 'APPROVE', proposedAt: change.requestedAt } },
    subject: { kind: 'MEMBER_TAG', change, currentValue: null },
    proposals: [
      {
        id: 'p-1',
        outcome: 'APPROVE',
        mode: null,
        reasonCode: null,
        reasonCodes: [],
        userMessage: '',
        internalNote: change.reason,
        proposer,
        proposedAt: change.requestedAt,
        status: 'OPEN',
        resolvedBy: null,
        resolvedAt: null,
        resolutionNote: '',
        supersedesId: null,
      },
    ],
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearResponseCache();
});

function show(kase: ConsoleCase, me: ConsoleReviewer) {
  const calls = installFetch((call: FakeCall) =>
    call.url.endsWith('/console/me')
      ? envelope(me)
      : call.method === 'GET' && call.url.endsWith(`/console/cases/${CASE_ID}`)
        ? envelope(kase)
        : call.method === 'POST' && call.url.endsWith(`/console/cases/${CASE_ID}/confirm`)
          ? envelope({ caseId: CASE_ID, status: 'APPROVED', subjectStatus: 'APPLIED', decision: null, proposal: null })
          : envelope({}, 10011, 'not found'),
  );
  const { hook } = memoryLocation({ path: `/cases/${CASE_ID}` });
  const r = renderConsole(
    <Router hook={hook}>
      <Route path="/cases/:id" component={CaseScreen} />
    </Router>,
  );
  i18next.addResourceBundle('en', 'user-accounts', { extras, records }, true, true);
  return { ...r, calls };
}

describe('a member tag change case', () => {
  it('shows the change, why and who proposed it, awaiting a second look; another senior reviewer confirms it', async () => {
    const user = userEvent.setup();
    const { calls } = show(tagCase(OTHER_REVIEWER), { ...ME, role: 'senior_reviewer' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tag change: KYC=1' })).toBeVisible();
    expect(screen.getByTestId('member-tag-case-change')).toHaveTextContent('sofia@example.com: KYC from not set to 1');
    expect(screen.getByText('KYC=1 exempts the member from every verification step.')).toBeVisible();
    expect(screen.getByTestId('member-tag-case-reason')).toHaveTextContent('Institutional client, verified offline');
    expect(screen.getByTestId('member-tag-case-current')).toHaveTextContent('KYC = not set');
    const look = screen.getByTestId('second-look');
    expect(within(look).getByTestId('proposer')).toHaveTextContent(OTHER_REVIEWER.email);
    await user.click(await within(look).findByRole('button', { name: 'Confirm decision' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/x-api/v1/console/cases/${CASE_ID}/confirm`]));
  });

  it('its proposer, or a plain reviewer, cannot confirm it and is told who can', async () => {
    show(tagCase({ id: ME.id, email: ME.email }), { ...ME, role: 'senior_reviewer' });
    const look = await screen.findByTestId('second-look');
    expect(await within(look).findByText('You proposed this decision. Another senior reviewer confirms it or sends it back.')).toBeVisible();
    expect(within(look).queryByRole('button', { name: 'Confirm decision' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
    clearResponseCache();
    document.body.innerHTML = '';
    show(tagCase(OTHER_REVIEWER), ME);
    expect(await screen.findByText('A senior reviewer who did not propose it confirms it or sends it back.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirm decision' })).not.toBeInTheDocument();
  });
});
