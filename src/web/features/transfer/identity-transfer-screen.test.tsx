import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as renderDom, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TransferView } from '../../../shared/api/identity-transfer.ts';
import kyc from '../../../../locales/user-accounts/en/kyc.json';
import transfer from '../../../../locales/user-accounts/en/transfer.json';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../lib/http/testing.ts';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import codesCore from '../../../../locales/inverse-error-code/en/core.json';
import common from '../../../../locales/user-accounts/en/common.json';
import ui from '../../../../locales/user-accounts/en/ui.json';
import IdentityTransferScreen from './identity-transfer-screen.tsx';

const base: TransferView = {
  transferId: 't-1',
  side: 'source',
  status: 'KYC_TRANSFER_VERIFY_STATUS_UNDEFINED',
  phase: 'AWAITING_SOURCE_CODE',
  sourceSite: '',
  targetSite: 'EU',
  counterpart: 't***@example.com',
  level: 1,
  actionRequired: true,
  reviewRequired: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The page inside the real English texts, a fresh QueryClient and a memory router. */
function render() {
  const userAccounts = { transfer, kyc, ui, common };
  if (!i18next.isInitialized) {
    void i18next.init({
      lng: 'en',
      fallbackLng: 'en',
      ns: ['user-accounts', 'inverse-error-code'],
      defaultNS: 'user-accounts',
      resources: { en: { 'user-accounts': userAccounts, 'inverse-error-code': codesCore } },
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const { hook, searchHook } = memoryLocation({ path: '/identity-transfer' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <Router hook={hook} searchHook={searchHook}>
          {children}
        </Router>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return renderDom(<IdentityTransferScreen />, { wrapper });
}

/** A server whose transfer moves on with each call: consent, code asked (30101), code right. */
function server(initial: TransferView | null) {
  let current = initial;
  return installFetch((call: FakeCall) => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path.endsWith('/v1/kyc/transfer/status')) return envelope({ transfer: current, stepCode: current ? 30030 : null });
    if (path.endsWith('/v1/kyc/identity')) {
      current = base;
      return envelope(current);
    }
    if (path.endsWith('/v1/kyc/transfer/verify')) {
      const body = JSON.parse(call.body!) as { code?: string };
      if (!body.code) return envelope({ email: 's***@example.com', expiresInSeconds: 600 }, 30101, 'one-time code required');
      current = { ...base, phase: 'AWAITING_TARGET', actionRequired: false };
      return envelope({ outcome: 'pending', transfer: current, stepCode: 30030 });
    }
    return envelope({}, 10011, 'not found');
  });
}

describe('identity transfer page', () => {
  beforeEach(() => resetRequestLayer());
  afterEach(() => vi.unstubAllGlobals());

  it('the source consents, asks for the code, enters it, and is told what the other account must do', async () => {
    const user = userEvent.setup();
    const calls = server(null);
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Identity transfer' })).toBeInTheDocument();
    const start = await screen.findByRole('button', { name: 'Start the transfer' });
    await user.type(screen.getByLabelText(/E-mail address of the receiving account/), 'them@example.com');
    expect(start).toBeDisabled();
    await user.click(screen.getByLabelText(/I agree that my verified identity/));
    await user.click(start);
    expect(await screen.findByTestId('transfer-code-step')).toHaveTextContent('Confirm that you want to transfer your identity to t***@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText('We sent a six-digit code to s***@example.com. It is valid for 10 minutes.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Code from the e-mail/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('transfer-waiting')).toHaveTextContent('Now sign in to the account t***@example.com');
    await waitFor(() =>
      expect(calls.filter((c) => c.url.includes('/transfer/verify')).map((c) => JSON.parse(c.body!))).toEqual([
        { transferId: 't-1', side: 'source' },
        { transferId: 't-1', side: 'source', code: '123456' },
      ]),
    );
    expect(JSON.parse(calls.find((c) => c.url.includes('/v1/kyc/identity'))!.body!)).toEqual({ targetEmail: 'them@example.com', consent: true });
  });

  it('under review and complete say what happens next', async () => {
    server({ ...base, side: 'target', phase: 'IN_REVIEW', status: 'KYC_TRANSFER_VERIFY_STATUS_PENDING', actionRequired: false });
    const { unmount } = render();
    expect(await screen.findByTestId('transfer-in-review')).toHaveTextContent('usually within two working days');
    unmount();
    resetRequestLayer();
    server({ ...base, side: 'target', phase: 'COMPLETED', status: 'KYC_TRANSFER_VERIFY_STATUS_COMPLETE', actionRequired: false });
    render();
    expect(await screen.findByTestId('transfer-complete')).toHaveTextContent('now belongs to this account');
  });

  it('a failed load offers a retry', async () => {
    installFetch(() => envelope({}, 10000, 'internal error'));
    render();
    expect(await screen.findByText('The identity transfer could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });
});
