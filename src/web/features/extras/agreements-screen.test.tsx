import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductAgreement } from '../../../shared/api/extras-agreements.ts';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../lib/http/testing.ts';
import AgreementsScreen from './agreements-screen.tsx';
import { renderExtras } from './test-utils.tsx';

const v = (version: number) => ({ version, title: `Options v${version}`, body: `Text of version ${version}.`, publishedAt: '2026-01-01T00:00:00.000Z' });

function server(state: { items: ProductAgreement[]; outdatedOnce?: boolean }) {
  return installFetch((call: FakeCall) => {
    const path = new URL(call.url, 'http://x').pathname;
    const body = call.body ? JSON.parse(call.body) : {};
    if (path.endsWith('/product/agreement/query')) return envelope({ items: state.items.filter((a) => !body.products || body.products.includes(a.product)) });
    if (path.endsWith('/agreement/apply')) {
      const a = state.items.find((i) => i.product === body.product)!;
      if (state.outdatedOnce) {
        state.outdatedOnce = false;
        a.current = v(body.version + 1);
        return envelope({ product: body.product, currentVersion: body.version + 1 }, 41002, 'agreement version outdated');
      }
      a.accepted = { version: body.version, acceptedAt: '2026-02-03T10:00:00.000Z', ip: '127.0.0.1' };
      a.needsAcceptance = false;
      return envelope({ product: body.product, version: body.version, acceptedAt: a.accepted.acceptedAt, ip: '127.0.0.1' });
    }
    return envelope({}, 10011, 'not found');
  });
}

describe('agreements screen', () => {
  beforeEach(() => resetRequestLayer());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the text; Accept needs the box ticked, sends the version read, then says when it was accepted', async () => {
    const user = userEvent.setup();
    const calls = server({ items: [{ product: 'OPTION', current: v(1), accepted: null, needsAcceptance: true }, { product: 'HKG_POA', current: null, accepted: null, needsAcceptance: false }] });
    renderExtras(<AgreementsScreen />, '/agreements');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agreements' })).toBeInTheDocument();
    const card = await screen.findByTestId('agreement-OPTION');
    expect(card).toHaveTextContent('Options trading: Options v1');
    expect(card).toHaveTextContent('Text of version 1.');
    expect(within(card).getByTestId('agreement-status')).toHaveTextContent('Not accepted yet.');
    // A product without a published text is not shown.
    expect(screen.queryByTestId('agreement-HKG_POA')).not.toBeInTheDocument();
    const accept = within(card).getByRole('button', { name: 'Accept' });
    expect(accept).toBeDisabled();
    await user.click(within(card).getByLabelText('I have read and accept this agreement'));
    await user.click(accept);
    await waitFor(() => expect(within(card).getByTestId('agreement-status')).toHaveTextContent(/You accepted version 1 on .*2026/));
    expect(within(card).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.includes('/agreement/apply')).map((c) => JSON.parse(c.body!))).toEqual([{ product: 'OPTION', version: 1 }]);
  });

  it('a version published meanwhile: the refusal is said in words and the new text is shown to accept', async () => {
    const user = userEvent.setup();
    server({ items: [{ product: 'OPTION', current: v(1), accepted: null, needsAcceptance: true }], outdatedOnce: true });
    renderExtras(<AgreementsScreen />, '/agreements?product=OPTION');
    const card = await screen.findByTestId('agreement-OPTION');
    await user.click(within(card).getByLabelText('I have read and accept this agreement'));
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await within(card).findByText('A new version of this agreement was published. Please read it and accept it again.')).toBeInTheDocument();
    await waitFor(() => expect(card).toHaveTextContent('Text of version 2.'));
  });
});
