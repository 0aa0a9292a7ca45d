import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ConsoleCase, ConsoleReviewer } from '../../../../shared/api/console.ts';
import { RetCode } from '../../../../shared/ret-codes.ts';
import { clearResponseCache } from '../../../lib/http/index.ts';
import { envelope, installFetch } from '../../../lib/http/testing.ts';
import CaseScreen from '../case-screen.tsx';
import { CASE_ID, decision, kycCase, ME, renderConsole } from '../test-utils.tsx';

/**
 * Decision 022 on the case page: a case Sumsub decided shows Sumsub's decision with every reason; a
 * senior reviewer overrides it through the form (what instead, and why); a plain reviewer is told
 * only senior reviewers can; refusals from the server are shown in the form. After the override the
 * provider's decision is shown as replaced.
 */
const CASE_URL = `/x-api/v1/console/cases/${CASE_ID}`;
const SENIOR: ConsoleReviewer = { ...ME, role: 'senior_reviewer' };
const sumsubApproval = decision({ id: 'dec-sumsub', decider: { type: 'provider', id: 'PROVIDER_SUMSUB', email: null }, internalNote: 'Sumsub: GREEN' });
const decided = (): ConsoleCase =>
  kycCase({ status: 'APPROVED', provider: 'PROVIDER_SUMSUB', decidedAt: '2025-03-01T11:00:00.000Z', secondsToDecision: 7200 }, { decision: sumsubApproval, decisions: [sumsubApproval] });

function serve(me: ConsoleReviewer, state: { current: ConsoleCase }, onOverride?: (body: unknown) => Response) {
  return installFetch((call) => {
    if (call.url.endsWith('/x-api/v1/console/me')) return envelope(me);
    if (call.method === 'GET' && call.url.endsWith(CASE_URL)) return envelope(state.current);
    if (call.method === 'POST' && call.url === `${CASE_URL}/override`) return onOverride?.(JSON.parse(call.body!)) ?? envelope({});
    return envelope({}, 10011, 'not found');
  });
}

function renderCase() {
  const { hook } = memoryLocation({ path: `/cases/${CASE_ID}` });
  return renderConsole(
    <Router hook={hook}>
      <Route path="/cases/:id" component={CaseScreen} />
    </Router>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearResponseCache();
});

describe('overriding a provider decision', () => {
  it('a senior reviewer rejects Sumsub\'s approval with a reason and why; the case then shows Sumsub\'s decision as replaced', async () => {
    const user = userEvent.setup();
    const state = { current: decided() };
    const calls = serve(SENIOR, state, (body) => {
      const mine = decision({ id: 'dec-mine', outcome: 'REJECT', mode: 'RETRY', reasonCode: 'SELFIE_MISMATCH', userMessage: 'Please retake the selfie.', internalNote: 'Selfie of a screen.', supersedesId: 'dec-sumsub', decider: { type: 'reviewer', id: SENIOR.id, email: SENIOR.email } });
      state.current = kycCase({ status: 'REJECTED', provider: 'PROVIDER_SUMSUB' }, { decision: mine, decisions: [{ ...sumsubApproval, current: false }, mine] });
      expect(body).toBeTruthy();
      return envelope({ caseId: CASE_ID, status: 'REJECTED', subjectStatus: 'FAILED_AND_CAN_RETRY', decision: mine, proposal: null });
    });
    renderCase();
    expect(await screen.findByRole('heading', { name: 'Decision by Sumsub' })).toBeVisible();
    await user.click(await within(screen.getByTestId('provider-decision')).findByRole('button', { name: 'Override' }));
    const dialog = screen.getByRole('dialog', { name: 'Override the decision by Sumsub' });
    // Sumsub approved: approving again is not offered.
    expect(within(dialog).queryByRole('radio', { name: /^Approve/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Override decision' }));
    // The reason, the message and why are required before anything is sent.
    expect(await within(dialog).findAllByText(/required/i)).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText(/^Reason/), 'SELFIE_MISMATCH');
    await user.type(within(dialog).getByLabelText(/^Message to the user/), 'Please retake the selfie.');
    await user.type(within(dialog).getByLabelText(/^Why you override/), 'Selfie of a screen.');
    await user.click(within(dialog).getByRole('button', { name: 'Override decision' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({ outcome: 'REJECT', mode: 'RETRY', reasonCode: 'SELFIE_MISMATCH', userMessage: 'Please retake the selfie.', internalNote: 'Selfie of a screen.' });
    const replaced = await screen.findByTestId('replaced-decision');
    expect(replaced).toHaveTextContent('Sumsub: GREEN');
    expect(screen.getByRole('heading', { name: 'Decision by Sumsub (overridden)' })).toBeVisible();
    expect(within(screen.getAllByTestId('decision-summary').at(-1)!).getByTestId('decider')).toHaveTextContent(SENIOR.email);
    expect(screen.queryByRole('button', { name: 'Override' })).toBeNull();
  });

  it('shows every reason of a provider rejection; the server\'s refusal (36012) stays in the form', async () => {
    const user = userEvent.setup();
    const red = decision({ ...sumsubApproval, outcome: 'REJECT', mode: 'FINAL', reasonCode: 'DOCUMENT_EXPIRED', reasonCodes: ['DOCUMENT_EXPIRED', 'SELFIE_MISMATCH'] });
    serve(SENIOR, { current: kycCase({ status: 'REJECTED', provider: 'PROVIDER_SUMSUB' }, { decision: red, decisions: [red] }) }, () => envelope({}, RetCode.REVIEW_OVERRIDE_SUBJECT_MOVED_ON, 'moved on'));
    renderCase();
    const reasons = await screen.findByTestId('provider-reasons');
    expect(reasons).toHaveTextContent('expired');
    expect(within(reasons).getAllByRole('listitem')).toHaveLength(2);
    await user.click(await screen.findByRole('button', { name: 'Override' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: /^Approve/ }));
    expect(within(dialog).queryByLabelText(/^Reason/)).toBeNull();
    await user.type(within(dialog).getByLabelText(/^Why you override/), 'Document valid until 2030.');
    await user.click(within(dialog).getByRole('button', { name: 'Override decision' }));
    expect(await within(dialog).findByText(/moved on since the provider decided/)).toBeVisible();
  });

  it('a plain reviewer sees the provider\'s decision but no Override', async () => {
    serve(ME, { current: decided() });
    renderCase();
    const panel = await screen.findByTestId('provider-decision');
    await waitFor(() => expect(panel).toHaveTextContent('Only a senior reviewer can override'));
    expect(within(panel).queryByRole('button', { name: 'Override' })).toBeNull();
  });
});
