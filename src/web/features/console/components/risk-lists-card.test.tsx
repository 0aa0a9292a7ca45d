import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RiskListInfo } from '../../../../shared/api/risk-lists.ts';
import codes from '../../../../../locales/inverse-error-code/en/core.json';
import common from '../../../../../locales/user-accounts/en/common.json';
import records from '../../../../../locales/user-accounts/en/records.json';
import ui from '../../../../../locales/user-accounts/en/ui.json';
import { clearResponseCache } from '../../../lib/http/index.ts';
import { envelope, installFetch } from '../../../lib/http/testing.ts';
import { globalTestI18n, renderInApp } from '../../../test/render.tsx';
import { RiskListsCard } from './risk-lists-card.tsx';

/** The country risk lists card of the console's administration page (decision 041), against a fake server at fetch. */
const LISTS = '/x-api/v1/console/risk-lists';
const current: NonNullable<RiskListInfo['current']> = {
  version: 1,
  fileName: 'fatf-2026-06.json',
  sha256: 'cd'.repeat(32),
  reflects: 'FATF plenary of June 2026',
  lists: [{ code: 'FATF_CALL_FOR_ACTION', name: 'High-risk jurisdictions subject to a call for action', sourceUrl: 'https://www.fatf-gafi.org/call.html', publishedOn: '2026-06-19', countries: ['IR', 'KP', 'MM'] }],
  loadedAt: '2026-11-01T10:00:00.000Z',
  loadedBy: null,
  publishedOn: '2026-06-19',
  stale: true,
  reassessedAt: null,
  enteredEdd: null,
};
const render = () => renderInApp(<RiskListsCard />, globalTestI18n({ 'user-accounts': { records, ui, common }, 'inverse-error-code': codes }));

afterEach(() => {
  vi.unstubAllGlobals();
  clearResponseCache();
});

describe('the country risk lists card', () => {
  it('shows each list with its source and date, warns when the server says they are stale, and re-assesses on request', async () => {
    let info: RiskListInfo = { current, reassessing: false };
    const calls = installFetch((call) => {
      if (call.method === 'POST' && call.url.endsWith(`${LISTS}/reassess`)) info = { current: { ...current, reassessedAt: '2026-11-02T10:00:00.000Z', enteredEdd: 3 }, reassessing: false };
      return envelope(info);
    });
    render();
    expect(await screen.findByText('These lists are more than four months old')).toBeVisible();
    expect(screen.getByText(/The oldest was published on June 19, 2026\./)).toBeVisible();
    const item = screen.getByText('High-risk jurisdictions subject to a call for action: 3 countries, published June 19, 2026.').closest('li')!;
    expect(within(item).getByText(/Iran \(IR\), North Korea \(KP\), Myanmar.* \(MM\)/)).toBeVisible();
    expect(within(item).getByRole('link')).toHaveAttribute('href', 'https://www.fatf-gafi.org/call.html');
    expect(screen.getByText(/^Version 1: fatf-2026-06\.json, loaded .* by the command line or the first start\.$/)).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Re-assess now' }));
    expect(await screen.findByText(/^Verified users re-assessed .*: 3 put into enhanced due diligence\.$/)).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${LISTS}/reassess`]);
  });

  it('no warning for current lists; a refused file says where and what on the field', async () => {
    installFetch((call) => {
      if (call.method === 'POST') return envelope({ fields: [{ path: 'file', code: 'RISK_LIST_INVALID', params: { kind: 'UNKNOWN_COUNTRY', at: '$.lists[0].countries[1]', value: 'XX', problem: 'is not a country code' } }] }, 10001, 'params error');
      return envelope({ current: { ...current, stale: false, reassessedAt: '2026-11-01T10:00:00.000Z', enteredEdd: 0 }, reassessing: false });
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByTestId('risk-lists-current')).toBeVisible();
    expect(screen.queryByText('These lists are more than four months old')).toBeNull();
    const input = screen.getByLabelText('Lists file (JSON)');
    await user.upload(input, new File(['{}'], 'lists.json', { type: 'application/json' }));
    await user.click(screen.getByRole('button', { name: 'Load these lists' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('At $.lists[0].countries[1]: "XX" is not a country code (ISO 3166-1 alpha-2, upper case).');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
