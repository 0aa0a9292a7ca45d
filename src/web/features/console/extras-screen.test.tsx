import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleMemberView } from '../../../shared/api/extras-console.ts';
import extrasCodes from '../../../../locales/inverse-error-code/en/extras.json';
import extras from '../../../../locales/user-accounts/en/extras.json';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../lib/http/testing.ts';
import ExtrasScreen from './extras-screen.tsx';
import { ME, renderConsole } from './test-utils.tsx';

const MEMBER_ID = '3c0a5f2e-7b1d-4e8a-9f00-0c1d2e3f4a5b';
const member = (tags: Record<string, string> = {}): ConsoleMemberView => ({
  id: MEMBER_ID,
  email: 'ada@example.com',
  level: 1,
  residenceCountry: 'DE',
  member_tag: tags,
  tagChanges: [],
  custody: { custody: 'CUSTODY_UNSPECIFIED', custodyInfo: null, newSatosGray: false, canJoinNewSatos: false, canMoveToEu: false },
  vip: [],
  affiliate: null,
  agreements: [],
});

function server(role: 'reviewer' | 'administrator') {
  let tags: Record<string, string> = {};
  return installFetch((call: FakeCall) => {
    const path = new URL(call.url, 'http://x').pathname;
    const body = call.body ? JSON.parse(call.body) : {};
    if (path.endsWith('/v1/console/me')) return envelope({ ...ME, role });
    if (path.endsWith('/v1/console/members')) return new URL(call.url, 'http://x').searchParams.get('email') === 'ada@example.com' ? envelope({ id: MEMBER_ID }) : envelope({}, 10011, 'not found');
    if (path.endsWith(`/members/${MEMBER_ID}`)) return envelope(member(tags));
    if (path.endsWith(`/members/${MEMBER_ID}/tag`)) {
      tags = { ...tags, [body.tagName]: body.value };
      return envelope(member(tags));
    }
    if (path.endsWith('/v1/console/announcements')) return envelope({ items: [{ id: 'n1', title: 'Residence permits', body: 'b', audience: 'ALL', publishedAt: '2026-01-01T00:00:00.000Z', withdrawnAt: null, acknowledgements: 4 }] });
    if (path.endsWith('/v1/console/agreements')) return envelope({ items: [{ product: 'OPTION', version: 2, title: 'Options', body: 'b', publishedAt: '2026-01-01T00:00:00.000Z', acceptances: 7 }] });
    if (path.endsWith('/v1/console/affiliates')) return envelope({ items: [] });
    return envelope({}, 10011, 'not found');
  });
}

describe('console: account extras', () => {
  beforeEach(() => {
    resetRequestLayer();
  });
  afterEach(() => vi.unstubAllGlobals());
  const render = () => {
    const r = renderConsole(<ExtrasScreen />);
    i18next.addResourceBundle('en', 'user-accounts', { extras }, true, true);
    i18next.addResourceBundle('en', 'inverse-error-code', extrasCodes, true, true);
    return r;
  };

  it("a reviewer finds a member and sets KYC '1' with a reason; the member's tags show it", async () => {
    const user = userEvent.setup();
    const calls = server('reviewer');
    render();
    await user.type(await screen.findByLabelText('Member e-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const card = await screen.findByTestId('console-member');
    expect(card).toHaveTextContent('Level 1 · residence DE · CUSTODY_UNSPECIFIED');
    const form = within(card).getByRole('form', { name: 'Set tag' });
    const set = within(form).getByRole('button', { name: 'Set tag' });
    expect(set).toBeDisabled();
    await user.type(within(form).getByLabelText('Reason'), 'Institutional account, no retail KYC');
    await user.click(set);
    await waitFor(() => expect(within(card).getByTestId('member-tags')).toHaveTextContent('KYC=1'));
    expect(calls.filter((c) => c.url.includes('/tag')).map((c) => JSON.parse(c.body!))).toEqual([{ tagName: 'KYC', value: '1', reason: 'Institutional account, no retail KYC' }]);
    // A plain reviewer sees the lists, not the publishing forms.
    expect(await screen.findByText(/Acknowledged by 4/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Publish an announcement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it('an unknown e-mail is said in words; an administrator gets the publishing forms', async () => {
    const user = userEvent.setup();
    server('administrator');
    render();
    await user.type(await screen.findByLabelText('Member e-mail'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('We could not find what you were looking for.')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Publish an announcement' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Publish a new version' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
  });
});
