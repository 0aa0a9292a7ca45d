import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustodyStateResult } from '../../../shared/api/extras-custody.ts';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../lib/http/testing.ts';
import SatosToEuScreen from './satos-to-eu-screen.tsx';
import { renderExtras } from './test-utils.tsx';

const OFFERED: CustodyStateResult = { custody: 'CUSTODY_SATOS', custodyInfo: { entity: 'SATOS_CZ', since: '2026-01-01T00:00:00.000Z', euMigration: 'OFFERED', euMigratedAt: null }, newSatosGray: false, canJoinNewSatos: false, canMoveToEu: true };
const DONE: CustodyStateResult = { custody: 'CUSTODY_BYBIT', custodyInfo: { entity: 'BYBIT_EU', since: '2026-01-01T00:00:00.000Z', euMigration: 'COMPLETED', euMigratedAt: '2026-02-01T00:00:00.000Z' }, newSatosGray: false, canJoinNewSatos: false, canMoveToEu: false };
const TERMS = { product: 'SATOS_EU', current: { version: 3, title: 'Bybit EU terms of service', body: 'Segregated accounts.', publishedAt: '2026-01-01T00:00:00.000Z' }, accepted: null, needsAcceptance: true };

function server(custody: CustodyStateResult) {
  let state = custody;
  return installFetch((call: FakeCall) => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path.endsWith('/custody-info')) return envelope(state);
    if (path.endsWith('/product/agreement/query')) return envelope({ items: [TERMS] });
    if (path.endsWith('/satos-to-eu/confirm')) {
      state = DONE;
      return envelope(DONE);
    }
    return envelope({}, 10011, 'not found');
  });
}

describe('the move to the EU entity', () => {
  beforeEach(() => resetRequestLayer());
  afterEach(() => vi.unstubAllGlobals());

  it('three steps: what changes, the EU terms (ticked), the consent; one confirmation moves the account', async () => {
    const user = userEvent.setup();
    const calls = server(OFFERED);
    renderExtras(<SatosToEuScreen />, '/satos-to-eu');
    expect(await screen.findByRole('heading', { level: 1, name: 'Move your account to Bybit EU' })).toBeInTheDocument();
    expect(screen.getByText(/only the company that looks after your account changes/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Segregated accounts.')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.click(screen.getByLabelText('I have read and accept the terms of Bybit EU'));
    await user.click(next);
    const move = screen.getByRole('button', { name: 'Move my account' });
    expect(move).toBeDisabled();
    await user.click(screen.getByLabelText('I agree that my verified identity is passed on to Bybit EU'));
    await user.click(move);
    expect(await screen.findByText('Your account is now with Bybit EU')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/satos-to-eu/confirm')).map((c) => JSON.parse(c.body!))).toEqual([{ agreementVersion: 3, consentToTransfer: true }]));
  });

  it('back keeps the way: from the consent to the terms, the terms still accepted', async () => {
    const user = userEvent.setup();
    server(OFFERED);
    renderExtras(<SatosToEuScreen />, '/satos-to-eu');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(screen.getByLabelText('I have read and accept the terms of Bybit EU'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('I have read and accept the terms of Bybit EU')).toBeChecked();
  });

  it('not offered: says so, with the way back', async () => {
    server({ ...OFFERED, custody: 'CUSTODY_UNSPECIFIED', custodyInfo: null, canMoveToEu: false });
    renderExtras(<SatosToEuScreen />, '/satos-to-eu');
    expect(await screen.findByText('There is nothing to move for your account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my account' })).toHaveAttribute('href', '/personal');
  });
});
