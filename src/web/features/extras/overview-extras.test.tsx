import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KycInfo } from '../../../shared/api/kyc-info.ts';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../lib/http/testing.ts';
import OverviewExtras from './overview-extras.tsx';
import { renderExtras } from './test-utils.tsx';

/** A fake server for the overview's extras calls, with the state a member's actions change. */
function server(initial: { banner?: string[]; display?: Partial<KycInfo['displayControl']>; announcements?: { id: string; title: string; body: string }[]; deposit?: boolean; vip?: boolean; affiliate?: boolean }) {
  const s = { announcements: initial.announcements ?? [], deposit: initial.deposit ?? false, vip: initial.vip ?? false, affiliate: initial.affiliate ?? false, p2p: Boolean(initial.display?.isDisplayP2pRights), bound: null as null | object };
  const calls = installFetch((call: FakeCall) => {
    const path = new URL(call.url, 'http://x').pathname;
    const body = call.body ? JSON.parse(call.body) : {};
    if (path.endsWith('/kyc-info')) {
      const banner = (initial.banner ?? []).filter((b) => b !== 'KYC_ANNOUNCEMENT' || s.announcements.length > 0);
      return envelope({ bannerTags: banner, displayControl: { displayHkgPoaAgreement: false, isDisplayNewSatos: false, isDisplayNewRcOnboarding: false, isDisplaySatosToEu: false, ...initial.display, isDisplayP2pRights: s.p2p } });
    }
    if (path.endsWith('/kyc-announcements')) return envelope({ items: s.announcements.map((n) => ({ ...n, publishedAt: '2026-01-01T00:00:00.000Z' })) });
    if (path.endsWith('/submit-kyc-announcement')) {
      s.announcements = s.announcements.filter((n) => n.id !== body.announcementId);
      return envelope({ announcementId: body.announcementId, acknowledgedAt: '2026-01-02T00:00:00.000Z' });
    }
    if (path.endsWith('/channel/pop-up')) return envelope({ type: 'satos_deposit_verify', show: s.deposit, ackTag: 'SATOS_DEPOSIT_VERIFY_SEEN' });
    if (path.endsWith('/kycpopupinfo')) {
      const vip = body.bus_type === 'vip' && s.vip;
      return envelope({ bus_type: body.bus_type, show: vip, invited: vip, tier: vip ? 'VIP2' : null, requiredLevel: body.bus_type === 'vip' ? 1 : 2, level: 0, ackTag: body.bus_type === 'vip' ? 'VIP_KYC_POPUP_SEEN_VIP' : 'VIP_KYC_POPUP_SEEN_PRO' });
    }
    if (path.endsWith('/aff_user_info')) return envelope({ binding: s.bound, showPopup: s.affiliate && !s.bound, ackTag: 'AFFILIATE_POPUP_SEEN' });
    if (path.endsWith('/bind_aff_user_info')) {
      if (body.affCode !== 'PARTNER1') return envelope({}, 41004, 'affiliate code unknown');
      s.bound = { affCode: 'PARTNER1', affiliateName: 'Partner One', boundAt: '2026-01-01T00:00:00.000Z' };
      return envelope(s.bound);
    }
    if (path.endsWith('/tagmember')) {
      if (body.tagName === 'SATOS_DEPOSIT_VERIFY_SEEN') s.deposit = false;
      if (body.tagName === 'VIP_KYC_POPUP_SEEN_VIP') s.vip = false;
      if (body.tagName === 'P2P_RIGHTS_SEEN') s.p2p = false;
      if (body.tagName === 'AFFILIATE_POPUP_SEEN') s.affiliate = false;
      return envelope({ member_tag: { [body.tagName]: body.value } });
    }
    return envelope({}, 10011, 'not found');
  });
  return calls;
}
/** The extras suspend until their first reads are in (api/first-read.ts): rendered in an awaited act. */
async function renderOverviewExtras(path?: string) {
  await act(async () => {
    renderExtras(<OverviewExtras />, path);
  });
}
const posted = (calls: FakeCall[], suffix: string) => calls.filter((c) => c.method === 'POST' && c.url.includes(suffix)).map((c) => JSON.parse(c.body ?? '{}'));

describe('account extras on the overview', () => {
  beforeEach(() => resetRequestLayer());
  afterEach(() => vi.unstubAllGlobals());

  it('banners from kyc-info: the move to the EU entity links to its flow; an announcement is acknowledged and goes', async () => {
    const user = userEvent.setup();
    const calls = server({ banner: ['SATOS_TO_EU', 'KYC_ANNOUNCEMENT'], display: { isDisplaySatosToEu: true }, announcements: [{ id: 'a1', title: 'Residence permits accepted', body: 'Now for level 1.' }] });
    await renderOverviewExtras('/personal');
    const notices = await screen.findByRole('region', { name: 'Notices about your account' });
    expect(await within(notices).findByText('Your account is moving to our EU entity')).toBeInTheDocument();
    expect(within(notices).getByRole('link', { name: 'Start the move' })).toHaveAttribute('href', '/satos-to-eu');
    const announcement = await screen.findByTestId('kyc-announcement');
    expect(announcement).toHaveTextContent('Residence permits accepted');
    await user.click(within(announcement).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByTestId('kyc-announcement')).not.toBeInTheDocument());
    expect(posted(calls, '/submit-kyc-announcement')).toEqual([{ announcementId: 'a1' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('P2P rights: closing the notice sets its tag and it stays closed', async () => {
    const user = userEvent.setup();
    const calls = server({ banner: ['P2P_RIGHTS'], display: { isDisplayP2pRights: true } });
    await renderOverviewExtras();
    const notice = (await screen.findByText('P2P trading is open to you')).closest('[role=status]') as HTMLElement;
    await user.click(within(notice).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByText('P2P trading is open to you')).not.toBeInTheDocument());
    expect(posted(calls, '/tagmember')).toEqual([{ tagName: 'P2P_RIGHTS_SEEN', value: '1' }]);
  });

  it('pop-ups one at a time: Satos deposits first, then the VIP invitation; each closed by its tag', async () => {
    const user = userEvent.setup();
    const calls = server({ deposit: true, vip: true });
    await renderOverviewExtras();
    const deposit = await screen.findByRole('dialog', { name: 'Deposits to Satos come from your own bank account' });
    await user.click(within(deposit).getByRole('button', { name: 'I understand' }));
    const vip = await screen.findByRole('dialog', { name: 'Verify to join the VIP programme' });
    expect(vip).toHaveTextContent('You are invited to the VIP programme (tier VIP2). It is open to members with verification level 1.');
    expect(within(vip).getByRole('link', { name: 'Verify now' })).toHaveAttribute('href', '/user/accounts/auth/kyc?level=1');
    await user.click(within(vip).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted(calls, '/tagmember').map((b) => b.tagName)).toEqual(['SATOS_DEPOSIT_VERIFY_SEEN', 'VIP_KYC_POPUP_SEEN_VIP']);
  });

  it('the referral card: an unknown code is refused in words, a known one links the partner', async () => {
    const user = userEvent.setup();
    const calls = server({ affiliate: true });
    await renderOverviewExtras();
    // One line until the member says they have a code.
    await user.click(within(await screen.findByTestId('affiliate-card')).getByRole('button', { name: 'Enter a referral code' }));
    const card = screen.getByTestId('affiliate-card');
    const input = within(card).getByLabelText('Referral code');
    expect(input).toHaveFocus();
    await user.type(input, 'NOPE');
    await user.click(within(card).getByRole('button', { name: 'Link partner' }));
    expect(await within(card).findByText('We do not know this referral code. Please check it and try again.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'PARTNER1{Enter}');
    expect(await screen.findByText('Your account is linked to Partner One.')).toBeInTheDocument();
    expect(posted(calls, '/bind_aff_user_info')).toEqual([{ affCode: 'NOPE' }, { affCode: 'PARTNER1' }]);
  });

  it('the referral prompt waits while anything else is said (an announcement), and comes once it is acknowledged', async () => {
    const user = userEvent.setup();
    server({ banner: ['KYC_ANNOUNCEMENT'], announcements: [{ id: 'a1', title: 'Hello', body: 'News.' }], affiliate: true });
    await renderOverviewExtras();
    const announcement = await screen.findByTestId('kyc-announcement');
    expect(screen.queryByTestId('affiliate-card')).not.toBeInTheDocument();
    await user.click(within(announcement).getByRole('button', { name: 'Got it' }));
    expect(await screen.findByTestId('affiliate-card')).toBeInTheDocument();
  });

  it('"I was not referred" closes the referral card for good (its tag)', async () => {
    const user = userEvent.setup();
    const calls = server({ affiliate: true });
    await renderOverviewExtras();
    await user.click(within(await screen.findByTestId('affiliate-card')).getByRole('button', { name: 'I was not referred' }));
    await waitFor(() => expect(screen.queryByTestId('affiliate-card')).not.toBeInTheDocument());
    expect(posted(calls, '/tagmember')).toEqual([{ tagName: 'AFFILIATE_POPUP_SEEN', value: '1' }]);
  });

  it('nothing to show: no notice, no pop-up', async () => {
    const calls = server({});
    await renderOverviewExtras();
    await waitFor(() => expect(calls.some((c) => c.url.includes('/aff_user_info'))).toBe(true));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/kyc-info'))).toBe(true));
    expect(screen.getByTestId('account-notices')).toBeEmptyDOMElement();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/kyc-announcements'))).toBe(false);
  });
});
