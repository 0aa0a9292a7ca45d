import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ConsoleCase, ConsoleDecision } from '../../../shared/api/console.ts';
import { clearResponseCache } from '../../lib/http/index.ts';
import { envelope, installFetch, type FakeCall } from '../../lib/http/testing.ts';
import CaseScreen from './case-screen.tsx';
import { renderConsole } from './test-utils.tsx';

const ID = '0b9d7c3e-5a41-4c55-8f7e-3d2a1c0e9f11';

const PENDING_CASE: ConsoleCase = {
  application: {
    id: ID,
    userId: 'u-1',
    email: 'sofia@example.com',
    level: 1,
    country: 'IT',
    documentType: 'ID_CARD',
    provider: 'PROVIDER_DEFAULT',
    status: 'PENDING',
    submittedAt: '2025-03-01T09:00:00.000Z',
    decidedAt: null,
  },
  user: { id: 'u-1', email: 'sofia@example.com', createdAt: '2025-02-28T12:00:00.000Z' },
  steps: [
    { level: 1, status: 'PENDING' },
    { level: 2, status: 'NOT_ALLOW' },
  ],
  submitted: {
    personalInfo: {
      firstName: 'Sofia',
      middleName: '',
      lastName: 'Rossi',
      dateOfBirth: '1994-07-21',
      nationality: 'IT',
      residenceCountry: 'IT',
      addressLine1: 'Via Roma 10',
      addressLine2: '',
      city: 'Milano',
      stateRegion: '',
      postalCode: '20121',
    },
    document: { country: 'IT', type: 'ID_CARD', number: '' },
  },
  documents: [
    { id: 'd-1', kind: 'DOCUMENT_FRONT', mime: 'image/jpeg', byteSize: 1000, width: 800, height: 500, createdAt: '2025-03-01T08:59:00.000Z', downloadPath: '/x-api/v1/console/document/d-1' },
    { id: 'd-2', kind: 'SELFIE', mime: 'image/jpeg', byteSize: 1000, width: 600, height: 800, createdAt: '2025-03-01T08:59:30.000Z', downloadPath: '/x-api/v1/console/document/d-2' },
  ],
  decision: null,
  previous: [],
  history: [],
};

const decided = (decision: ConsoleDecision, stepStatus: 'SUCCESS' | 'FAILED_AND_CAN_RETRY'): ConsoleCase => ({
  ...PENDING_CASE,
  application: { ...PENDING_CASE.application, status: decision.outcome === 'APPROVE' ? 'APPROVED' : 'REJECTED', decidedAt: decision.decidedAt },
  steps: [
    { level: 1, status: stepStatus },
    { level: 2, status: stepStatus === 'SUCCESS' ? 'ALLOW' : 'NOT_ALLOW' },
  ],
  decision,
});

/** Serves the case from `state.current`, and answers decisions with `onDecision`. */
function serve(state: { current: ConsoleCase }, onDecision: (call: FakeCall) => Response) {
  return installFetch((call) => {
    if (call.method === 'GET' && call.url.endsWith(`/x-api/v1/console/kyc/applications/${ID}`)) return envelope(state.current);
    if (call.method === 'POST') return onDecision(call);
    return envelope({ items: [], total: 0, page: 1, pageSize: 20 });
  });
}

function renderCase() {
  const { hook } = memoryLocation({ path: `/applications/${ID}` });
  return renderConsole(
    <Router hook={hook}>
      <Route path="/applications/:id" component={CaseScreen} />
    </Router>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearResponseCache();
});

describe('the case page', () => {
  it('shows the submitted personal data, the document and its images with alt texts', async () => {
    serve({ current: PENDING_CASE }, () => envelope({}));
    renderCase();
    expect(await screen.findByRole('heading', { level: 1, name: 'Level 1 application' })).toBeVisible();
    const personal = screen.getByRole('region', { name: 'Personal data' });
    expect(personal).toHaveTextContent('Sofia');
    expect(personal).toHaveTextContent('Rossi');
    expect(personal).toHaveTextContent('July 21, 1994');
    expect(personal).toHaveTextContent('Via Roma 10');
    expect(within(screen.getByRole('region', { name: 'Identity document' })).getByText('Italy (IT)')).toBeVisible();
    const front = screen.getByRole('img', { name: 'Front of the document submitted by sofia@example.com' });
    expect(front).toHaveAttribute('src', '/x-api/v1/console/document/d-1');
    expect(screen.getByRole('img', { name: 'Selfie submitted by sofia@example.com' })).toBeVisible();

    // Enlarging opens the same image in a dialog.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Enlarge: Selfie' }));
    const dialog = screen.getByRole('dialog', { name: 'Selfie' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/x-api/v1/console/document/d-2');
  });

  it('a rejection is sent with mode, reason and message, and the case then shows the decision', async () => {
    const user = userEvent.setup();
    const state = { current: PENDING_CASE };
    const decision: ConsoleDecision = {
      id: 'dec-1',
      outcome: 'REJECT',
      mode: 'RETRY',
      reasonCode: 'DOCUMENT_UNREADABLE',
      userMessage: 'Please retake the back.',
      internalNote: 'Glare',
      reviewerId: 'r-1',
      reviewerEmail: 'reviewer@example.com',
      decidedAt: '2025-03-02T10:00:00.000Z',
    };
    const calls = serve(state, () => {
      state.current = decided(decision, 'FAILED_AND_CAN_RETRY');
      return envelope({ applicationId: ID, status: 'REJECTED', stepStatus: 'FAILED_AND_CAN_RETRY', decision });
    });
    renderCase();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this application' });
    await user.selectOptions(within(dialog).getByLabelText(/^Reason/), 'DOCUMENT_UNREADABLE');
    await user.type(within(dialog).getByLabelText(/^Message to the user/), 'Please retake the back.');
    await user.type(within(dialog).getByLabelText(/^Internal note/), 'Glare');
    await user.click(within(dialog).getByRole('button', { name: 'Reject, allow retry' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe(`/x-api/v1/console/kyc/applications/${ID}/reject`);
    expect(JSON.parse(post.body!)).toEqual({ mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', userMessage: 'Please retake the back.', internalNote: 'Glare' });
    const summary = await screen.findByTestId('decision-summary');
    expect(summary).toHaveTextContent('The document photo is not readable');
    expect(summary).toHaveTextContent('Please retake the back.');
    expect(summary).toHaveTextContent('reviewer@example.com');
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(within(screen.getByTestId('case-steps')).getByText('Failed, try again')).toBeVisible();
  });

  it('a decision conflict (10012) closes the form, says someone else decided and reloads the case', async () => {
    const user = userEvent.setup();
    const state = { current: PENDING_CASE };
    const theirs: ConsoleDecision = {
      id: 'dec-2',
      outcome: 'APPROVE',
      mode: null,
      reasonCode: null,
      userMessage: '',
      internalNote: '',
      reviewerId: 'r-2',
      reviewerEmail: 'other-reviewer@example.com',
      decidedAt: '2025-03-02T09:59:00.000Z',
    };
    const calls = serve(state, () => {
      // Someone else approved a moment ago.
      state.current = decided(theirs, 'SUCCESS');
      return envelope({}, 10012, 'application already decided');
    });
    renderCase();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this application?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else decided first');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('other-reviewer@example.com')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(calls.filter((c) => c.method === 'GET' && c.url.endsWith(ID)).length).toBeGreaterThanOrEqual(2);
  });

  it('an unknown application says it was not found', async () => {
    installFetch(() => envelope({}, 10011, 'not found'));
    renderCase();
    expect(await screen.findByText('Application not found')).toBeVisible();
    expect(screen.getByRole('link', { name: /Back to the queue/ })).toBeVisible();
  });
});
