import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ConsoleCase } from '../../../shared/api/console.ts';
import { ReverificationRule } from '../../../shared/api/reverification.ts';
import { clearResponseCache } from '../../lib/http/index.ts';
import { envelope, installFetch } from '../../lib/http/testing.ts';
import CaseScreen from './case-screen.tsx';
import ReverificationRequestScreen from './reverification-request-screen.tsx';
import { CASE_ID, ME, queueItem, renderConsole } from './test-utils.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearResponseCache();
});

const REQUEST_URL = '/x-api/v1/console/reverification-requests';

function renderRequestForm(search = '') {
  const { hook, searchHook } = memoryLocation({ path: `/reverification${search}` });
  return renderConsole(
    <Router hook={hook} searchHook={searchHook}>
      <Route path="/reverification" component={ReverificationRequestScreen} />
    </Router>,
  );
}

describe('the re-verification request form', () => {
  it('is filled in from a case link, refuses a missing reason on its field, and sends the request', async () => {
    const calls = installFetch((call) =>
      call.url.endsWith(REQUEST_URL) ? envelope({ requestId: 'r-1', userId: 'u-1', target: 'POA', status: 'DisplayUpdatePOIStatus_Needed', deadline: '2025-04-01' }) : envelope({}, 10011, 'nf'),
    );
    renderRequestForm('?email=sofia@example.com&target=POA');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Request re-verification' })).toBeVisible();
    expect(screen.getByLabelText(/^User's e-mail/)).toHaveValue('sofia@example.com');
    expect(screen.getByRole('radio', { name: 'Proof of address' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Reason is required')).toBeVisible();
    expect(calls.filter((c) => c.url.endsWith(REQUEST_URL))).toHaveLength(0);

    await user.selectOptions(screen.getByLabelText(/^Reason/), 'ADDRESS_OUTDATED');
    await user.type(screen.getByLabelText(/^Message for the user/), 'Your bank statement is from 2019.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByTestId('reverification-requested')).toHaveTextContent('Requested: sofia@example.com must send a new proof of address by');
    const sent = calls.find((c) => c.url.endsWith(REQUEST_URL))!;
    expect(JSON.parse(sent.body!)).toMatchObject({ email: 'sofia@example.com', target: 'POA', reason: 'ADDRESS_OUTDATED', message: 'Your bank statement is from 2019.' });
    expect(JSON.parse(sent.body!).deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("shows the server's refusal on the field at fault, translated", async () => {
    installFetch(() => envelope({ fields: [{ path: 'email', code: ReverificationRule.UNKNOWN_USER }] }, 10001, 'params error'));
    renderRequestForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^User's e-mail/), 'nobody@example.com');
    await user.selectOptions(screen.getByLabelText(/^Reason/), 'DOCUMENT_EXPIRED');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const email = screen.getByLabelText(/^User's e-mail/);
    await vi.waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('No customer account has this e-mail address.')).toBeVisible();
    expect(screen.queryByTestId('reverification-requested')).toBeNull();
  });
});

function reverificationCase(): ConsoleCase {
  return {
    case: queueItem({ kind: 'REVERIFICATION' }),
    user: { id: 'u-1', email: 'sofia@example.com', createdAt: '2025-02-28T12:00:00.000Z' },
    subject: {
      kind: 'REVERIFICATION',
      submission: {
        id: 'sub-1',
        target: 'POI',
        level: 1,
        provider: 'PROVIDER_DEFAULT',
        country: 'IT',
        documentType: 'PASSPORT',
        documentNumber: 'YA1234567',
        expiryDate: '2034-05-01',
        issuedOn: '',
        holder: { firstName: 'Sofia', lastName: 'Rossi', dateOfBirth: '1994-07-21' },
        status: 'PENDING',
        submittedAt: '2025-03-01T09:00:00.000Z',
        decidedAt: null,
      },
      request: { id: 'req-1', reason: 'DOCUMENT_EXPIRED', message: 'Your ID card expired in January.', deadline: '2025-03-31', requestedAt: '2025-02-20T10:00:00.000Z', overdue: false, requestedBy: 'other-reviewer@example.com' },
      verified: { firstName: 'Sofia', lastName: 'Rossi', dateOfBirth: '1994-07-21', nationality: 'IT', address: 'Via Roma 10, 20121 Milano, IT', document: 'ID_CARD IT CA00000AA' },
      status: 'DisplayUpdatePOIStatus_Pending',
      documents: [{ id: 'd-1', kind: 'DOCUMENT_FRONT', mime: 'image/jpeg', byteSize: 1000, width: 800, height: 500, createdAt: '2025-03-01T08:59:00.000Z', downloadPath: '/x-api/v1/console/document/d-1' }],
      previous: [{ id: 'sub-0', target: 'POI', status: 'REJECTED', submittedAt: '2025-02-25T09:00:00.000Z', reasonCode: 'DOCUMENT_UNREADABLE' }],
    },
    decision: null,
    decisions: [],
    proposals: [],
    history: [],
    userCases: [],
  };
}

describe('a re-verification case', () => {
  it('puts the update next to what is verified, with the request and the earlier updates', async () => {
    installFetch((call) => {
      if (call.url.endsWith('/x-api/v1/console/me')) return envelope(ME);
      if (call.url.endsWith(`/x-api/v1/console/cases/${CASE_ID}`)) return envelope(reverificationCase());
      return envelope({}, 10011, 'nf');
    });
    const { hook } = memoryLocation({ path: `/cases/${CASE_ID}` });
    renderConsole(
      <Router hook={hook}>
        <Route path="/cases/:id" component={CaseScreen} />
      </Router>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Update of the identity document' })).toBeVisible();
    const submitted = screen.getByTestId('update-submitted');
    expect(submitted).toHaveTextContent('YA1234567');
    expect(submitted).toHaveTextContent('Sofia Rossi');
    expect(screen.getByTestId('update-verified')).toHaveTextContent('ID_CARD IT CA00000AA');
    const request = screen.getByRole('region', { name: 'Request' });
    expect(request).toHaveTextContent('Your document has expired.');
    expect(request).toHaveTextContent('Your ID card expired in January.');
    expect(request).toHaveTextContent('Requested by other-reviewer@example.com');
    expect(within(screen.getByRole('region', { name: 'Identity document' })).getByText('Update under review')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Earlier updates' })).toHaveTextContent('Rejected · The document photo is not readable');
    expect(screen.getByRole('img', { name: 'Front of the document submitted by sofia@example.com' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeEnabled();
  });
});
