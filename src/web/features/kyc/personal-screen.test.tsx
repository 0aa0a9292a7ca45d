import { screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, installFetch, resetRequestLayer, type FakeCall } from '../../lib/http/testing.ts';
import { useGlobalStore } from '../../store/global.ts';
import PersonalScreen from './personal-screen.tsx';
import { renderKyc } from './test-utils.tsx';

function serve(call: FakeCall, extra: Record<string, unknown> = {}): Response {
  const path = new URL(call.url, 'http://x').pathname;
  if (path.endsWith('/kyc-info')) {
    return envelope({
      opened: true,
      provider: 'PROVIDER_DEFAULT',
      state: [
        { level: 1, status: 'ALLOW', type: 'INDIVIDUAL' },
        { level: 2, status: 'NOT_ALLOW', type: 'INDIVIDUAL' },
      ],
      errorNotify: [],
      additionalRejectReason: [],
      quotas: [],
      displayControl: {
        displayUpdatePOI: { status: 'DisplayUpdatePOIStatus_No' },
        displayUpdatePOA: { status: 'DisplayUpdatePOIStatus_No' },
        displayEuPoiReset: false,
      },
      ...extra,
    });
  }
  if (path.endsWith('/kyc-personal-info')) return envelope({ info: null, editable: true, updatedAt: null });
  if (path.endsWith('/get-config')) return envelope({ maxUploadBytes: 10 * 1024 * 1024 });
  if (path.endsWith('/country-list')) return envelope({ list: [{ countryCode: 'DE', regionCode: '49', nameEn: 'Germany', nameZhCN: '德国', isDisable: false }] });
  return envelope({}, 10011, 'not found');
}

describe('personal route, first load', () => {
  beforeEach(() => {
    resetRequestLayer();
    useGlobalStore.setState({ user: { id: 'u1', email: 'a@example.com', member_tag: {} } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads kyc-info and the personal information once each, although the page prefetches them before its overview mounts (issue 15)', async () => {
    const calls = installFetch(serve);
    renderKyc(
      <StrictMode>
        <PersonalScreen />
      </StrictMode>,
    );
    // The overview (a lazy chunk) mounts after both prefetched reads have answered.
    expect(await screen.findByRole('heading', { name: 'Identity verification' }, { timeout: 5000 })).toBeInTheDocument();
    const paths = calls.map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`);
    expect(paths.filter((p) => p.endsWith('/kyc-info'))).toHaveLength(1);
    expect(paths.filter((p) => p.endsWith('/kyc-personal-info'))).toHaveLength(1);
  });

  it('offers the identity transfer to a verified user and to an account a transfer is under way for, not to a new user', async () => {
    // (The kyc test set loads no transfer texts: the link is found by where it goes.)
    const link = () => screen.queryAllByRole('link').find((a) => a.getAttribute('href') === '/identity-transfer') ?? null;
    const overview = () => screen.findByRole('heading', { name: 'Identity verification' }, { timeout: 5000 });

    installFetch((call) => serve(call));
    const first = renderKyc(<PersonalScreen />);
    await overview();
    expect(link()).toBeNull();
    first.unmount();

    resetRequestLayer();
    installFetch((call) => serve(call, { applicant: { country: 'DE', firstname: 'A', lastname: 'B', level: 1, identifies: [] } }));
    const verified = renderKyc(<PersonalScreen />);
    await overview();
    expect(link()).not.toBeNull();
    verified.unmount();

    resetRequestLayer();
    installFetch((call) => serve(call, { second_identity_state: 'KYC_TRANSFER_VERIFY_STATUS_PENDING' }));
    renderKyc(<PersonalScreen />);
    await overview();
    expect(link()).not.toBeNull();
  });
});

describe('a compliance decision restricts the account (decision 052)', () => {
  beforeEach(() => {
    resetRequestLayer();
    useGlobalStore.setState({ user: { id: 'u1', email: 'a@example.com', member_tag: {} } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says so and what the user can do: answer the EDD questionnaires again (a link); nothing without a restriction', async () => {
    installFetch((call) =>
      serve(call, {
        limitation: 'LIMITATION_EDD_REJECTED',
        limitationInfo: { limitation: 'LIMITATION_EDD_REJECTED', reasons: ['EDD_REJECTED'], actions: [{ reason: 'EDD_REJECTED', action: 'ANSWER_EDD_AGAIN', route: 'eddQuestionnaire' }] },
      }),
    );
    const view = renderKyc(<PersonalScreen />);
    const notice = await screen.findByRole('region', { name: 'Your account is limited' }, { timeout: 5000 });
    expect(notice).toHaveTextContent('enhanced due diligence');
    expect(screen.getByRole('link', { name: 'Answer the questionnaires again' })).toHaveAttribute('href', '/eddQuestionnaire');
    view.unmount();

    resetRequestLayer();
    installFetch((call) => serve(call, { limitationInfo: { limitation: 'LIMITATION_DEFAULT', reasons: [], actions: [] } }));
    renderKyc(<PersonalScreen />);
    await screen.findByRole('heading', { name: 'Identity verification' }, { timeout: 5000 });
    expect(screen.queryByTestId('restrictions')).toBeNull();
  });
});

describe('personal route in the embedded (SDK) flow (issue 27, decision 047)', () => {
  const token = 'sat_0123456789abcdef';
  beforeEach(() => {
    resetRequestLayer();
    // As main.tsx and the SDK profile set it: §7 makes the user's id the access token.
    useGlobalStore.setState({ user: { id: token, sdkToken: token, isSdk: true, sdkFrom: 'demo', currency_code: 'USD', accessOrigin: 'http://127.0.0.1:1' }, rate: 1 });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the steps only: no account box, user id or token, Log out, data or transfer links, limits, tasks or questionnaires', async () => {
    installFetch((call) =>
      serve(call, {
        quotas: [{ level: 1, usdLimit: '50000', period: 'DAILY', coinLimit: [{ coin: 'BTC', limit: '2' }, { coin: 'ETH', limit: '30' }] }],
        applicant: { country: 'DE', firstname: 'A', lastname: 'B', level: 1, identifies: [] },
        verificationProcess: { isVerificationProcess: true, tasks: ['SOURCE_OF_FUNDS'] },
        mustQuestionnaire: true,
      }),
    );
    const { container } = renderKyc(<PersonalScreen />);
    expect(await screen.findByRole('heading', { name: 'Identity verification' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your verification' })).toBeInTheDocument();
    expect(screen.getByTestId('level-1')).toBeInTheDocument();
    // The step list is there, with its way into the flow.
    expect(screen.getByText('Complete the steps below to verify your identity. Each level takes a few minutes.')).toBeInTheDocument();

    const text = container.textContent ?? '';
    expect(text).not.toContain(token);
    expect(text).not.toContain('sat_');
    expect(text).not.toMatch(/Signed in as|User ID|limit|BTC|withdraw/i);
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    expect(screen.queryByTestId('personal-email')).toBeNull();
    expect(screen.queryByTestId('current-limit')).toBeNull();
    expect(screen.queryByTestId('level-1-btc')).toBeNull();
    const hrefs = screen.queryAllByRole('link').map((a) => a.getAttribute('href'));
    for (const away of ['/my-data', '/identity-transfer', '/complianceTasks', '/agreements', '/satos-to-eu']) expect(hrefs).not.toContain(away);
    expect(hrefs.some((h) => h?.includes('question'))).toBe(false);
    expect(document.title).not.toContain('sat_');
  });

  it('the web user keeps the account box and the limits (the same data)', async () => {
    useGlobalStore.setState({ user: { id: 'u1', email: 'a@example.com', member_tag: {}, currency_code: 'USD' }, rate: 1 });
    installFetch((call) => serve(call, { quotas: [{ level: 1, usdLimit: '50000', period: 'DAILY', coinLimit: [{ coin: 'BTC', limit: '2' }] }] }));
    renderKyc(<PersonalScreen />);
    expect(await screen.findByRole('heading', { name: 'Identity verification' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    expect(screen.getByTestId('personal-email')).toHaveTextContent('a@example.com');
    expect(await screen.findByTestId('level-1-btc')).toHaveTextContent(/^2(\.0+)? BTC$/);
    expect(screen.queryAllByRole('link').map((a) => a.getAttribute('href'))).toContain('/my-data');
  });
});
