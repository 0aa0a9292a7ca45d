import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../../shared/api/paths.ts';
import { IntegrationPath } from '../../../shared/integration-paths.ts';
import { SDK_EVENT_SOURCE, SdkEvent } from '../../../shared/sdk-page.ts';
import { sdkApiPath } from './sdk-api-path.ts';
import { postToParent } from './parent-events.ts';
import { eventsOf, stepOf } from './sdk-events.ts';
import { leaveSdkFlow, sdkJumpBackTarget } from './sdk-jump-back.ts';
import { dropSdkTokenFromAddress, endSdkSession, windowNameStore, keepSdkMarkerInAddress, learnSdkBusiness, parseSdkLaunch, sdkAroundNav, sdkSession, sdkUserFields, startSdkSession, withSdkMarker } from './sdk-session.ts';

/** The SDK flow's pure parts (issue 14): the page's parameters, events for the parent, jump-back. */
const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
};
afterEach(() => endSdkSession(memory()));

describe('the SDK page parameters (§2)', () => {
  it('reads token, from, lang, isUpdatePoi and hidden on the SDK page only, and keeps them for the tab', () => {
    const store = memory();
    expect(parseSdkLaunch('/user/accounts/auth/personal', '?token=sat_1')).toBeNull();
    expect(parseSdkLaunch('/user/accounts/auth/sdk', '?from=acme')).toBeNull();
    const s = startSdkSession({ pathname: '/user/accounts/auth/sdk', search: '?token=sat_1&from=acme&lang=de-DE&isUpdatePoi=true&hidden=true&site=MAIN&update=1' }, store);
    expect(s).toEqual({ token: 'sat_1', from: 'acme', lang: 'de-DE', isUpdatePoi: 'true', hidden: true, site: 'MAIN', update: '1', business: null });
    // A later screen of the flow (no parameters): the tab's session.
    expect(startSdkSession({ pathname: '/user/accounts/auth/kyc', search: '?step=country' }, store)).toEqual(s);
    expect(sdkUserFields(s!)).toMatchObject({ id: 'sat_1', sdkToken: 'sat_1', isSdk: true, isUpdatePoi: true, sdkFrom: 'acme', sdkLang: 'de-DE', hidden: true, currency_code: 'USD' });
    expect(sdkApiPath(ApiPath.kycInfo)).toBe(IntegrationPath.integrationInfo);
  });

  it('outside SDK mode nothing changes', () => {
    expect(startSdkSession({ pathname: '/user/accounts/auth/kyc', search: '' }, memory())).toBeNull();
    expect(sdkSession()).toBeNull();
    expect(sdkApiPath(ApiPath.kycInfo)).toBe(ApiPath.kycInfo);
  });
});

describe('the business marker in every address (a reload inside the frame)', () => {
  const bar = (path: string) => {
    const [pathname, search = ''] = path.split('?');
    const replaceState = vi.fn();
    return { replaceState, nav: { history: { replaceState, state: null }, location: { pathname: pathname!, search: search ? `?${search}` : '', hash: '' } } };
  };

  it("keeps the link's sdkBusiness on every page of the flow, and only there", () => {
    const store = memory();
    const s = startSdkSession({ pathname: '/user/accounts/auth/sdk', search: '?token=sat_1&from=acme&sdkBusiness=acme' }, store);
    expect(s?.business).toBe('acme');
    expect(withSdkMarker('/user/accounts/auth/kyc?level=2#top')).toBe('/user/accounts/auth/kyc?level=2&sdkBusiness=acme#top');
    expect(withSdkMarker('/user/accounts/auth/personal?sdkBusiness=acme')).toBe('/user/accounts/auth/personal?sdkBusiness=acme');
    expect(withSdkMarker('/user/accounts/help/faq')).toBe('/user/accounts/help/faq');
    const navigate = vi.fn();
    sdkAroundNav(navigate, '/user/accounts/auth/kyc', { replace: true });
    expect(navigate).toHaveBeenCalledWith('/user/accounts/auth/kyc?sdkBusiness=acme', { replace: true });
    // A reload of a later page restores the session (with its business) from the tab.
    expect(startSdkSession({ pathname: '/user/accounts/auth/kyc', search: '?sdkBusiness=acme' }, store)?.business).toBe('acme');
    // The landing page after "back" keeps it too.
    const replace = vi.fn();
    leaveSdkFlow({ sdkToken: 'sat_1' }, { self: { location: { origin: 'https://kyc.example', replace } }, top: null });
    expect(replace).toHaveBeenCalledWith('/user/accounts/auth/sdk?sdkBusiness=acme');
  });

  it("survives a reload in a frame denied storage, in the frame's own name only", () => {
    const frame = { name: '' };
    const s = startSdkSession({ pathname: '/user/accounts/auth/sdk', search: '?token=sat_1&from=acme&sdkBusiness=acme' }, windowNameStore(frame));
    expect(frame.name.startsWith('ua-sdk-session:')).toBe(true);
    // The reload: a new start on a later page, no token in the address.
    expect(startSdkSession({ pathname: '/user/accounts/auth/personal', search: '?sdkBusiness=acme' }, windowNameStore(frame))).toEqual(s);
    // Another frame (another name) is not in SDK mode; a name set by someone else is never read as ours.
    expect(startSdkSession({ pathname: '/user/accounts/auth/personal', search: '' }, windowNameStore({ name: '{"token":"sat_x","from":"x"}' }))).toBeNull();
    endSdkSession(windowNameStore(frame));
    expect(frame.name).toBe('');
  });

  it('refuses a marker that is not a business id, and never marks a web user or a page outside SDK mode', () => {
    expect(parseSdkLaunch('/user/accounts/auth/sdk', '?token=sat_1&sdkBusiness=https://evil.example')?.business).toBeNull();
    expect(parseSdkLaunch('/user/accounts/auth/sdk', '?token=sat_1&sdkBusiness=web')?.business).toBeNull();
    expect(withSdkMarker('/user/accounts/auth/kyc')).toBe('/user/accounts/auth/kyc');
    startSdkSession({ pathname: '/user/accounts/auth/sdk', search: '?token=sat_1&from=web' }, memory());
    const { replaceState, nav } = bar('/user/accounts/auth/sdk?token=sat_1&from=web');
    learnSdkBusiness('web', memory(), nav);
    expect(withSdkMarker('/user/accounts/auth/kyc')).toBe('/user/accounts/auth/kyc');
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('learns the business from the token info when the link had none, saves it and marks the current address', () => {
    const store = memory();
    startSdkSession({ pathname: '/user/accounts/auth/sdk', search: '?token=sat_1&from=acme' }, store);
    const { replaceState, nav } = bar('/user/accounts/auth/sdk?token=sat_1&from=acme');
    learnSdkBusiness('acme', store, nav);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/user/accounts/auth/sdk?token=sat_1&from=acme&sdkBusiness=acme');
    expect(JSON.parse(store.getItem('ua.sdkSession')!)).toMatchObject({ token: 'sat_1', business: 'acme' });
    // An address that has it already is left alone.
    const again = bar('/user/accounts/auth/kyc?sdkBusiness=acme');
    keepSdkMarkerInAddress(again.nav);
    expect(again.replaceState).not.toHaveBeenCalled();
  });
});

describe('the token out of the address bar (decision 047)', () => {
  /** An address bar whose replaceState moves the address, as a browser's does. */
  const addressBar = (path: string) => {
    const url = new URL(path, 'http://kyc.example');
    const location = { pathname: url.pathname, search: url.search, hash: url.hash };
    const replaceState = vi.fn((_state: unknown, _title: string, to: string) => {
      const next = new URL(to, 'http://kyc.example');
      Object.assign(location, { pathname: next.pathname, search: next.search, hash: next.hash });
    });
    return { replaceState, location, nav: { history: { replaceState, state: null }, location } };
  };

  it('drops the token and keeps every other parameter; a reload of the bare page is still the same session', () => {
    const store = memory();
    const start = '/user/accounts/auth/sdk?token=sat_1&from=acme&lang=en&isUpdatePoi=false&sdkBusiness=acme';
    const s = startSdkSession({ pathname: '/user/accounts/auth/sdk', search: new URL(start, 'http://x').search }, store);
    const { location, nav } = addressBar(start);
    dropSdkTokenFromAddress(nav, true);
    expect(`${location.pathname}${location.search}`).toBe('/user/accounts/auth/sdk?from=acme&lang=en&isUpdatePoi=false&sdkBusiness=acme');
    expect(startSdkSession(location, store)).toEqual(s);
  });

  it('in a frame whose link had no business marker, waits until the token info names the business', () => {
    const store = memory();
    startSdkSession({ pathname: '/user/accounts/auth/sdk', search: '?token=sat_1&from=acme' }, store);
    const { location, nav } = addressBar('/user/accounts/auth/sdk?token=sat_1&from=acme');
    dropSdkTokenFromAddress(nav, true);
    expect(location.search).toBe('?token=sat_1&from=acme');
    learnSdkBusiness('acme', store, nav);
    expect(location.search).toBe('?from=acme&sdkBusiness=acme');
  });

  it("a web user's own token (never framed) leaves at once; other pages and no session: nothing changes", () => {
    const { location, nav, replaceState } = addressBar('/user/accounts/auth/sdk?token=sat_1&from=web');
    dropSdkTokenFromAddress(nav, false);
    expect(replaceState).not.toHaveBeenCalled();
    startSdkSession({ pathname: '/user/accounts/auth/sdk', search: '?token=sat_1&from=web' }, memory());
    dropSdkTokenFromAddress(nav, false);
    expect(location.search).toBe('?from=web');
    const other = addressBar('/user/accounts/auth/kyc?token=x');
    dropSdkTokenFromAddress(other.nav, false);
    expect(other.replaceState).not.toHaveBeenCalled();
  });
});

describe('events for the parent page', () => {
  it('a submission, then each change of a level status; the first sight is not a change', () => {
    let r = eventsOf({ method: 'post', path: ApiPath.kycInfo, result: { state: [{ level: 1, status: 'ALLOW' }, { level: 2, status: 'NOT_ALLOW' }] } }, {});
    expect(r.events).toEqual([]);
    r = eventsOf({ method: 'post', path: ApiPath.submitApplication, result: { level: 1, status: 'PENDING' } }, r.statuses);
    expect(r.events).toEqual([
      { type: SdkEvent.SUBMITTED, payload: { level: 1 } },
      { type: SdkEvent.STATUS_CHANGED, payload: { level: 1, status: 'PENDING', previous: 'ALLOW' } },
    ]);
    r = eventsOf({ method: 'post', path: ApiPath.kycInfo, result: { state: [{ level: 1, status: 'PENDING' }] } }, r.statuses);
    expect(r.events).toEqual([]);
    expect(stepOf('/auth/kyc', '?step=selfie')).toEqual({ route: 'kyc', step: 'selfie' });
  });

  it('posts to the exact origin only, never to *, and only when framed', () => {
    const parent = { postMessage: vi.fn() };
    const win = { parent, self: {} };
    expect(postToParent(SdkEvent.DONE, { reason: 'done' }, 'https://acme.example', win)).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith({ source: SDK_EVENT_SOURCE, version: 1, type: SdkEvent.DONE, payload: { reason: 'done' } }, 'https://acme.example');
    expect(postToParent(SdkEvent.DONE, {}, '*', win)).toBe(false);
    expect(postToParent(SdkEvent.DONE, {}, undefined, win)).toBe(false);
    const top = { postMessage: vi.fn(), parent: null as unknown };
    top.parent = top;
    expect(postToParent(SdkEvent.DONE, {}, 'https://acme.example', { parent: top, self: top })).toBe(false);
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
  });
});

describe('jump-back (§2)', () => {
  const user = { sdkToken: 'sat_1', extraParams: { redirect_url: 'https://acme.example/done' }, redirectAllowlist: ['https://acme.example'] };
  it('goes to an allowed redirect_url, else to the SDK landing page; never elsewhere', () => {
    expect(sdkJumpBackTarget(user, 'https://kyc.example')).toEqual({ url: 'https://acme.example/done', external: true });
    expect(sdkJumpBackTarget({ ...user, extraParams: { redirect_url: 'https://evil.example/' } }, 'https://kyc.example').url).toBe('/user/accounts/auth/sdk');
    expect(sdkJumpBackTarget({ ...user, redirectAllowlist: [] }, 'https://kyc.example').url).toBe('/user/accounts/auth/sdk');
    expect(sdkJumpBackTarget({ ...user, extraParams: { redirect_url: 'javascript:alert(1)' } }, 'https://kyc.example').url).toBe('/user/accounts/auth/sdk');
  });

  it('an embedded flow sends the top window to the partner; the landing page stays in the frame', () => {
    const replace = vi.fn();
    const top = { location: { href: 'https://acme.example/kyc' } };
    expect(leaveSdkFlow(user, { self: { location: { origin: 'https://kyc.example', replace } }, top })).toBe('https://acme.example/done');
    expect(top.location.href).toBe('https://acme.example/done');
    expect(replace).not.toHaveBeenCalled();
    leaveSdkFlow({ ...user, extraParams: {} }, { self: { location: { origin: 'https://kyc.example', replace } }, top });
    expect(replace).toHaveBeenCalledWith('/user/accounts/auth/sdk');
  });
});
