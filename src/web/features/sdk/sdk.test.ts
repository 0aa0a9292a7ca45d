import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../../shared/api/paths.ts';
import { SDK_EVENT_SOURCE, SdkEvent } from '../../../shared/integration-paths.ts';
import { postToParent } from './parent-events.ts';
import { eventsOf, stepOf } from './sdk-events.ts';
import { leaveSdkFlow, sdkJumpBackTarget } from './sdk-jump-back.ts';
import { endSdkSession, parseSdkLaunch, sdkApiPath, sdkSession, sdkUserFields, startSdkSession } from './sdk-session.ts';

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
    expect(s).toEqual({ token: 'sat_1', from: 'acme', lang: 'de-DE', isUpdatePoi: 'true', hidden: true, site: 'MAIN', update: '1' });
    // A later screen of the flow (no parameters): the tab's session.
    expect(startSdkSession({ pathname: '/user/accounts/auth/kyc', search: '?step=country' }, store)).toEqual(s);
    expect(sdkUserFields(s!)).toMatchObject({ id: 'sat_1', sdkToken: 'sat_1', isSdk: true, isUpdatePoi: true, sdkFrom: 'acme', sdkLang: 'de-DE', hidden: true, currency_code: 'USD' });
    expect(sdkApiPath(ApiPath.kycInfo)).toBe(ApiPath.integrationInfo);
  });

  it('outside SDK mode nothing changes', () => {
    expect(startSdkSession({ pathname: '/user/accounts/auth/kyc', search: '' }, memory())).toBeNull();
    expect(sdkSession()).toBeNull();
    expect(sdkApiPath(ApiPath.kycInfo)).toBe(ApiPath.kycInfo);
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
