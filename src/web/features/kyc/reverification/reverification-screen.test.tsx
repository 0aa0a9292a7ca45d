import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import reverificationEn from '../../../../../locales/user-accounts/en/reverification.json';
import type { ReverificationInfo, ReverificationItem } from '../../../../shared/api/reverification.ts';
import type { DisplayUpdatePOIStatus } from '../../../../shared/kyc.ts';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../../lib/http/testing.ts';
import { useGlobalStore } from '../../../store/global.ts';
import { renderKyc } from '../test-utils.tsx';
import ReverificationScreen from './reverification-screen.tsx';

type Status = DisplayUpdatePOIStatus extends `DisplayUpdatePOIStatus_${infer S}` ? S : never;

const MAIN = { site: '', country: 'DE' };
const TURKEY = { site: 'TUR', country: 'TR' };

function item(status: Status, over: Partial<ReverificationItem> = {}, siteInfo = MAIN): ReverificationItem {
  const rejected = status === 'Rejected' || status === 'Rejected_Daily';
  return {
    target: 'POI',
    display: { status: `DisplayUpdatePOIStatus_${status}`, rejectReason: rejected ? 'DOCUMENT_UNREADABLE' : '', siteInfo },
    request:
      status === 'No'
        ? null
        : { id: 'r1', reason: 'DOCUMENT_EXPIRED', message: 'Your ID card expired in May.', deadline: '2027-01-15', requestedAt: '2026-11-01T10:00:00.000Z', overdue: false },
    rejection: rejected ? { reasonCode: 'DOCUMENT_UNREADABLE', reasonCodes: ['DOCUMENT_UNREADABLE'], message: 'The photo is blurred.', decidedAt: '2026-11-20T10:00:00.000Z' } : null,
    submittedAt: status === 'Pending' ? '2026-11-20T09:00:00.000Z' : null,
    retryAfter: status === 'Rejected_Daily' ? '2026-11-24T00:00:00.000Z' : null,
    rejectionsToday: status === 'Rejected_Daily' ? 3 : rejected ? 1 : 0,
    provider: 'PROVIDER_DEFAULT',
    ...over,
  } as ReverificationItem;
}

function info(items: ReverificationItem[], over: Partial<ReverificationInfo> = {}): ReverificationInfo {
  return { items, euPoiReset: false, level: 1, limitation: 'LIMITATION_DEFAULT', ...over };
}

function serve(page: ReverificationInfo | 'fail', nationality = 'IN'): (call: FakeCall) => Response {
  return (call) => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path.endsWith('/site-config')) return envelope({ helpLinks: {}, appUrl: 'https://apps.example.com/exchange' });
    if (path.endsWith('/kyc-personal-info')) return envelope({ info: { firstName: 'A', middleName: '', lastName: 'B', dateOfBirth: '1990-01-01', nationality, residenceCountry: nationality, addressLine1: 'x', addressLine2: '', city: 'y', stateRegion: '', postalCode: '1', mobileCountry: '', mobileNumber: '' }, editable: false, updatedAt: null });
    if (path.endsWith('/reverification')) return page === 'fail' ? envelope({}, 10016, 'server busy') : envelope(page);
    if (path.endsWith('/kyc-info')) {
      return envelope({ opened: true, quotas: [{ level: 1, usdLimit: '50000', coinLimit: [{ coin: 'BTC', limit: '2' }, { coin: 'ETH', limit: '30' }] }] });
    }
    return envelope({}, 10011, 'not found');
  };
}

function renderPage(page: ReverificationInfo | 'fail', nationality?: string) {
  const calls = installFetch(serve(page, nationality));
  const result = renderKyc(<ReverificationScreen />);
  i18next.addResourceBundle('en', 'user-accounts', { reverification: reverificationEn }, true, true);
  return { calls, ...result };
}

const panel = async () => screen.findByTestId('panel-POI');

describe('reverification page (§2, §4)', () => {
  beforeEach(() => {
    resetRequestLayer();
    useGlobalStore.setState({ user: { id: 'u1', email: 'a@example.com', member_tag: {}, currency_code: 'USD' } });
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('Needed: the compliance notice with the deadline and the default requirements, and a verify link to updatekyc', async () => {
    renderPage(info([item('Needed')]));
    const p = await panel();
    await waitFor(() => expect(document.title).toMatch(/^Reverification/));
    expect(screen.getByRole('heading', { level: 1, name: 'Reverification' })).toBeInTheDocument();
    const notice = screen.getByTestId('compliance-notice');
    expect(within(notice).getByText('Important note')).toBeInTheDocument();
    expect(within(notice).getByTestId('deadline')).toHaveTextContent('Verification deadline: January 15, 2027');
    await waitFor(() => expect(within(notice).getAllByRole('listitem')).toHaveLength(3));
    const reqs = within(notice).getAllByRole('listitem').map((li) => li.textContent);
    expect(reqs).toEqual([
      'Indian nationals: use your Indian ID (Aadhaar card or passport).',
      'A PAN card is not accepted as an identity document.',
      'Authenticate a single account: one person, one verified account.',
    ]);
    expect(within(p).getByText('Why: Your document has expired.')).toBeInTheDocument();
    expect(within(p).getByText('Message from our compliance team: Your ID card expired in May.')).toBeInTheDocument();
    const verify = within(p).getByRole('link', { name: 'Verify now' });
    expect(verify).toHaveAttribute('href', '/updatekyc');
    expect(within(p).queryByTestId('app-tip')).not.toBeInTheDocument();
    // The quota view: the BTC limit of the applicant's level.
    expect(await screen.findByTestId('reverification-quota')).toHaveTextContent('2.00000000 BTC');
  });

  it('Needed is keyboard reachable: Tab moves from the back link to the verify link', async () => {
    renderPage(info([item('Needed')]));
    await panel();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Back to verification' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Verify now' })).toHaveFocus();
  });

  it('Pending: the processing notice with the review time and a disabled Reviewing button', async () => {
    renderPage(info([item('Pending')]));
    const p = await panel();
    expect(p).toHaveAttribute('data-status', 'DisplayUpdatePOIStatus_Pending');
    expect(within(p).getByTestId('processing')).toHaveTextContent('Your new identity document is being processed. We usually review it within 24 hours.');
    expect(within(p).getByRole('button', { name: 'Reviewing' })).toBeDisabled();
    expect(within(p).queryByRole('link')).not.toBeInTheDocument();
  });

  it('Rejected: ReviewFailed with the reason and an active resubmit link', async () => {
    renderPage(info([item('Rejected')]));
    const p = await panel();
    const failed = within(p).getByTestId('review-failed');
    expect(failed).toHaveTextContent('Review failed');
    expect(failed).toHaveTextContent('The photo is blurred.');
    expect(within(p).getByRole('link', { name: 'Resubmit' })).toHaveAttribute('href', '/updatekyc');
    expect(within(p).queryByTestId('daily-limit')).not.toBeInTheDocument();
  });

  it('Rejected_Daily: the same notice, resubmit disabled until the next day', async () => {
    renderPage(info([item('Rejected_Daily')]));
    const p = await panel();
    expect(within(p).getByTestId('review-failed')).toHaveTextContent('Review failed');
    expect(within(p).getByTestId('daily-limit')).toHaveTextContent("You have reached today's limit of 3 attempts. You can resubmit from");
    expect(within(p).getByRole('button', { name: 'Resubmit' })).toBeDisabled();
    expect(within(p).queryByRole('link', { name: 'Resubmit' })).not.toBeInTheDocument();
  });

  it('POA: the proof-of-address panel links to updatePOA', async () => {
    renderPage(info([item('No'), item('Needed', { target: 'POA' })]));
    const p = await screen.findByTestId('panel-POA');
    expect(within(p).getByRole('link', { name: 'Verify now' })).toHaveAttribute('href', '/updatePOA');
    expect(screen.queryByTestId('panel-POI')).not.toBeInTheDocument();
  });

  it('the Indian-ID requirements are for Indian nationals only', async () => {
    renderPage(info([item('Needed')]), 'DE');
    await panel();
    const notice = screen.getByTestId('compliance-notice');
    await waitFor(() => expect(within(notice).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Authenticate a single account: one person, one verified account.']));
  });

  it("Turkey, Needed: the app tip instead of the web button, and Turkey's requirements", async () => {
    renderPage(info([item('Needed', {}, TURKEY)]));
    const p = await panel();
    expect(within(p).getByTestId('app-tip')).toHaveTextContent('completed in our mobile app');
    expect(within(p).queryByRole('link', { name: 'Verify now' })).not.toBeInTheDocument();
    expect(within(p).queryByRole('button')).not.toBeInTheDocument();
    // Where to get the app: the exchange's download page as a link and a QR code (issue 27).
    expect(await within(p).findByRole('link', { name: 'Get the app' })).toHaveAttribute('href', 'https://apps.example.com/exchange');
    expect(await within(p).findByRole('img', { name: "QR code that opens the app's download page on your phone" })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(screen.getByTestId('requirements')).toHaveAttribute('data-region', 'turkey');
    expect(within(screen.getByTestId('requirements')).getAllByRole('listitem')).toHaveLength(2);
  });

  it('Turkey, Rejected: the app tip and a disabled resubmit-in-app button, no web resubmit', async () => {
    renderPage(info([item('Rejected', {}, TURKEY)]));
    const p = await panel();
    expect(within(p).getByTestId('review-failed')).toBeInTheDocument();
    expect(within(p).getByTestId('app-tip')).toBeInTheDocument();
    expect(within(p).getByRole('button', { name: 'Resubmit in the app' })).toBeDisabled();
    expect(within(p).queryByRole('link', { name: 'Resubmit' })).not.toBeInTheDocument();
  });

  it('site TUR with another residence is not the Turkey region: the web button stays', async () => {
    renderPage(info([item('Needed', {}, { site: 'TUR', country: 'DE' })]));
    const p = await panel();
    expect(within(p).getByRole('link', { name: 'Verify now' })).toBeInTheDocument();
    expect(within(p).queryByTestId('app-tip')).not.toBeInTheDocument();
  });

  it('every status _No: no notice and no panel, a plain "nothing to do"', async () => {
    renderPage(info([item('No'), item('No', { target: 'POA' })]));
    expect(await screen.findByTestId('nothing-to-do')).toHaveTextContent('Nothing needs to be verified again right now.');
    expect(screen.queryByTestId('compliance-notice')).not.toBeInTheDocument();
  });

  it('overdue: says the account is limited and how to lift it', async () => {
    renderPage(info([item('Needed', { request: { ...item('Needed').request!, overdue: true } })], { limitation: 'LIMITATION_REVERIFICATION_OVERDUE' }));
    expect(await screen.findByTestId('overdue')).toHaveTextContent('Withdrawals are limited until you send your identity document.');
  });

  it('loading, then a failed read shows the error with a Retry that reads again', async () => {
    const { calls } = renderPage('fail');
    expect(screen.getByTestId('reverification-loading')).toHaveAttribute('aria-busy', 'true');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    const before = calls.filter((c) => c.url.includes('/reverification')).length;
    await userEvent.setup().click(retry);
    expect(calls.filter((c) => c.url.includes('/reverification')).length).toBe(before + 1);
  });
});
