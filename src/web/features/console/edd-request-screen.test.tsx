import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { EddRule } from '../../../shared/api/edd.ts';
import { clearResponseCache } from '../../lib/http/index.ts';
import { envelope, installFetch } from '../../lib/http/testing.ts';
import EddRequestScreen from './edd-request-screen.tsx';
import { renderConsole } from './test-utils.tsx';

/** The console's form that puts a user into enhanced due diligence (decision 028). */
afterEach(() => {
  vi.unstubAllGlobals();
  clearResponseCache();
});

const REQUEST_URL = '/x-api/v1/console/edd-requests';

function renderForm(search = '') {
  const { hook, searchHook } = memoryLocation({ path: `/edd${search}` });
  return renderConsole(
    <Router hook={hook} searchHook={searchHook}>
      <Route path="/edd" component={EddRequestScreen} />
    </Router>,
  );
}

describe('the put-into-EDD form', () => {
  it('is filled in from a link, refuses a missing note on its field, and sends the request', async () => {
    const calls = installFetch((call) => (call.url.endsWith(REQUEST_URL) ? envelope({ userId: 'u-1', eddStatus: 'EDDStatus_UnSubmit', changed: true }) : envelope({}, 10011, 'nf')));
    renderForm('?email=sofia@example.com');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Put a user into enhanced due diligence' })).toBeVisible();
    expect(screen.getByLabelText(/^User's e-mail/)).toHaveValue('sofia@example.com');

    await user.click(screen.getByRole('button', { name: 'Put into EDD' }));
    expect(await screen.findByText(/is required/)).toBeVisible();
    expect(calls.filter((c) => c.url.endsWith(REQUEST_URL))).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Why/), 'Deposits far above the expected amount.');
    await user.click(screen.getByRole('button', { name: 'Put into EDD' }));
    expect(await screen.findByTestId('edd-required')).toHaveTextContent('sofia@example.com is now in enhanced due diligence and is asked for the questionnaires.');
    expect(JSON.parse(calls.find((c) => c.url.endsWith(REQUEST_URL))!.body!)).toEqual({ email: 'sofia@example.com', note: 'Deposits far above the expected amount.' });
  });

  it("shows the server's refusal on the field at fault, translated", async () => {
    installFetch(() => envelope({ fields: [{ path: 'email', code: EddRule.ALREADY_IN_EDD }] }, 10001, 'params error'));
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^User's e-mail/), 'sofia@example.com');
    await user.type(screen.getByLabelText(/^Why/), 'Screening match.');
    await user.click(screen.getByRole('button', { name: 'Put into EDD' }));
    const email = screen.getByLabelText(/^User's e-mail/);
    await vi.waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('This user is already in enhanced due diligence, or has been through it.')).toBeVisible();
    expect(screen.queryByTestId('edd-required')).toBeNull();
  });
});
