import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../../shared/api/paths.ts';
import { setMonitoringSink, type MonitoringReport } from '../monitoring/index.ts';
import { useToastStore } from '../notify/index.ts';
import { ApiError, isApiError } from './api-error.ts';
import { configureRequestContext, detectPlatform, formatClientAgent } from './context.ts';
import { plainHttp } from './plain-client.ts';
import { buildUrl, http, request } from './request.ts';
import { envelope, hang, initTestI18n, installFetch, json, resetRequestLayer } from './testing.ts';

/** §7 calls without a route yet: the request layer treats every path alike. */
const QUESTIONNAIRE_TEMPLATE_DETAIL = '/v3/private/kyc/questionnaire-template-detail';
const TAG_MEMBER = '/v3/private/user/member/tagmember';

const reports: MonitoringReport[] = [];

beforeAll(initTestI18n);
beforeEach(() => {
  resetRequestLayer();
  reports.length = 0;
  setMonitoringSink((r) => reports.push(r));
  useToastStore.setState({ toasts: [] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setMonitoringSink(null);
});

const rejection = async (p: Promise<unknown>): Promise<ApiError> => {
  const error = await p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw error;
  return error;
};

describe('headers (§7)', () => {
  it('sends cookies, JSON, the platform and the current language by default, and nothing SDK', async () => {
    const calls = installFetch(() => envelope({ ok: 1 }));
    await expect(http.get(ApiPath.profile)).resolves.toEqual({ ok: 1 });
    const [call] = calls;
    expect(call.url).toBe('/x-api/v2/private/user/profile');
    expect(call.method).toBe('GET');
    expect(call.credentials).toBe('include');
    expect(call.headers.get('accept')).toBe('application/json');
    expect(call.headers.get('content-type')).toBe('application/json');
    expect(call.headers.get('platform')).toBe('pc'); // jsdom's user agent is a desktop one
    expect(call.headers.get('accept-language')).toBe('en');
    for (const h of ['kyc-access-token', 'kyc-access-origin', 'kyc-access-business', 'x-client-agent', 'guid', 'lang']) {
      expect(call.headers.has(h), h).toBe(false);
    }
  });

  it('uses the injected providers per request: language, platform, mini-program agent, SDK auth', async () => {
    const calls = installFetch(() => envelope());
    let language = 'ja-JP';
    configureRequestContext({
      language: () => language,
      platform: () => 'ios_tg',
      miniProgramAgent: () => ({ company: 'Telegram', platform: 'ios', system: 'iOS 17.4', device: 'iPhone15,2' }),
      sdkAuth: () => ({ token: 'tok-123', origin: 'partner-app', business: 'KYC_ONBOARDING' }),
    });
    await http.post(ApiPath.kycInfo, {});
    language = 'de-DE';
    await http.post(ApiPath.kycInfo, {});
    const [first, second] = calls;
    expect(first.headers.get('platform')).toBe('ios_tg');
    expect(first.headers.get('accept-language')).toBe('ja-JP');
    expect(second.headers.get('accept-language')).toBe('de-DE');
    expect(first.headers.get('x-client-agent')).toBe('Telegram/ios (iOS 17.4; iPhone15,2)');
    expect(first.headers.get('kyc-access-token')).toBe('tok-123');
    expect(first.headers.get('kyc-access-origin')).toBe('partner-app');
    expect(first.headers.get('kyc-access-business')).toBe('KYC_ONBOARDING');
  });

  it('sends Guid and Lang only when the call asks for them (kyc-info)', async () => {
    const calls = installFetch(() => envelope());
    configureRequestContext({ guid: () => 'device-guid-1', language: () => 'es-ES' });
    await http.post(ApiPath.kycInfo, { obtain_state: true });
    await http.post(ApiPath.kycInfo, { obtain_state: true }, { sendGuid: true, sendLang: true });
    expect(calls[0].headers.has('guid')).toBe(false);
    expect(calls[0].headers.has('lang')).toBe(false);
    expect(calls[1].headers.get('guid')).toBe('device-guid-1');
    expect(calls[1].headers.get('lang')).toBe('es-ES');
  });

  it('lets a call override a default header', async () => {
    const calls = installFetch(() => envelope());
    await http.get(ApiPath.profile, undefined, { headers: { platform: 'h5' } });
    expect(calls[0].headers.get('platform')).toBe('h5');
  });

  it('keeps header values sendable: non-ASCII device names and separators are neutralised', () => {
    expect(formatClientAgent({ company: 'Tele/gram', platform: 'android', system: 'Android 14', device: 'Pixel (8); 日本' })).toBe(
      'Tele gram/android (Android 14; Pixel 8 ??)',
    );
  });

  it('the plain client sends only a JSON Content-Type', async () => {
    const calls = installFetch(() => envelope({ ok: true }));
    configureRequestContext({ sdkAuth: () => ({ token: 't', origin: 'o', business: 'b' }), platform: () => 'pc_tg' });
    await expect(plainHttp.post(ApiPath.monitoringReport, { kind: 'http' })).resolves.toEqual({ ok: true });
    expect([...calls[0].headers.keys()]).toEqual(['content-type']);
    expect(calls[0].headers.get('content-type')).toBe('application/json');
    expect(calls[0].url).toBe('/x-api/v1/public/monitoring/report');
  });
});

describe('default platform (§9: mobile h5, desktop pc)', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 0, 'h5'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124 Mobile Safari/537.36', 5, 'h5'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15', 5, 'h5'], // iPadOS
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.4 Safari/605.1.15', 0, 'pc'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124 Safari/537.36', 0, 'pc'],
  ])('%s (touch points %i) -> %s', (userAgent, maxTouchPoints, expected) => {
    expect(detectPlatform({ userAgent, maxTouchPoints })).toBe(expected);
  });

  it('trusts userAgentData.mobile', () => {
    expect(detectPlatform({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', maxTouchPoints: 0, userAgentData: { mobile: true } })).toBe('h5');
  });
});

describe('query and body (§7: for get, body fields become query parameters)', () => {
  it('builds the query from the data of a get, and sends no body', async () => {
    const calls = installFetch(() => envelope());
    await http.get(QUESTIONNAIRE_TEMPLATE_DETAIL, { scene_code: 'S 1', request_id: 7, template_code: 'a&b', skip: undefined, none: null, tags: ['x', 'y'], f: { a: 1 } });
    expect(calls[0].url).toBe(
      '/x-api/v3/private/kyc/questionnaire-template-detail?scene_code=S+1&request_id=7&template_code=a%26b&tags=x&tags=y&f=%7B%22a%22%3A1%7D',
    );
    expect(calls[0].body).toBeUndefined();
  });

  it('appends to a path that already has a query', () => {
    expect(buildUrl('/v2/public/country-list?is_disable=1', 'get', { lang: 'en' })).toBe('/x-api/v2/public/country-list?is_disable=1&lang=en');
    expect(buildUrl('/v2/public/country-list', 'get', {})).toBe('/x-api/v2/public/country-list');
  });

  it('sends the data of post/put/delete as a JSON body, an empty object when there is none', async () => {
    const calls = installFetch(() => envelope());
    await http.post(TAG_MEMBER, { tagName: 'KYC', value: '1' });
    await http.put(TAG_MEMBER, { a: 1 });
    await http.delete(TAG_MEMBER);
    expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/x-api/v3/private/user/member/tagmember', '{"tagName":"KYC","value":"1"}'],
      ['PUT', '/x-api/v3/private/user/member/tagmember', '{"a":1}'],
      ['DELETE', '/x-api/v3/private/user/member/tagmember', '{}'],
    ]);
  });
});

describe('responses (§7, §8)', () => {
  it('resolves with result on ret_code 0', async () => {
    installFetch(() => envelope({ id: 'u1' }));
    await expect(request({ url: ApiPath.profile })).resolves.toEqual({ id: 'u1' });
  });

  it('reads retCode/retMsg too (§3: some errors use them)', async () => {
    installFetch(() => json({ retCode: 20001, retMsg: 'invalid email or password', result: {} }));
    const error = await rejection(http.post(ApiPath.login, {}, { silent: true }));
    expect(error.kind).toBe('business');
    expect(error.retCode).toBe(20001);
    expect(error.retMsg).toBe('invalid email or password');
  });

  it.each([10007, 33003, 10009])('ret_code %i is "user no permission", rejected with the body', async (code) => {
    const body = { ret_code: code, ret_msg: 'nope', result: { x: 1 } };
    installFetch(() => json(body));
    const error = await rejection(http.get(ApiPath.profile));
    expect(error.kind).toBe('no-permission');
    expect(error.message).toBe('user no permission');
    expect(error.response).toEqual(body);
  });

  it('other non-zero ret_code: "bad business ret_code" with the full response', async () => {
    const body = { ret_code: 20002, ret_msg: 'email taken', result: { field: 'email' } };
    installFetch(() => json(body));
    const error = await rejection(http.post(ApiPath.register, {}));
    expect(error.kind).toBe('business');
    expect(error.message).toBe('bad business ret_code');
    expect(error.retCode).toBe(20002);
    expect(error.response).toEqual(body);
  });

  it('a network failure is "http network error"', async () => {
    installFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejection(http.get(ApiPath.profile));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('http network error');
    expect(error.retCode).toBeUndefined();
  });

  it.each([
    [500, 'Internal Server Error'],
    [404, 'Not Found'],
    [302, 'Found'],
    [199, ''],
  ])('status %i is "http error" with status and statusText', async (status, statusText) => {
    // Response cannot be built with every status; a Response-like object is what fetch hands over.
    installFetch(() => ({ ok: false, status, statusText, headers: new Headers({ 'x-a': '1' }), text: async () => 'ignored' }) as unknown as Response);
    const error = await rejection(http.get(ApiPath.profile));
    expect(error.kind).toBe('http');
    expect(error.message).toBe('http error');
    expect(error.status).toBe(status);
    expect(error.statusText).toBe(statusText);
  });

  it('a reply that is not ok is never read: an envelope in a 500 body is not obeyed, headers and data are empty', async () => {
    installFetch(() => json({ ret_code: 10007, ret_msg: 'x', result: {} }, { status: 500, statusText: 'Internal Server Error', headers: { 'x-trace': 'abc' } }));
    const error = await rejection(http.get(ApiPath.profile));
    expect(error.kind).toBe('http');
    expect(error.response).toBeUndefined();
    expect(error.headers).toEqual({});
  });

  it('a non-ok reply whose status is accepted yields empty headers and data: "Non Response!"', async () => {
    installFetch(() => ({ ok: false, status: 200, statusText: 'OK', headers: new Headers({ 'x-a': '1' }), text: async () => '{"ret_code":0}' }) as unknown as Response);
    const error = await rejection(http.get(ApiPath.profile));
    expect(error.kind).toBe('no-response');
    expect(error.message).toBe('Non Response!');
    expect(error.headers).toEqual({});
  });

  it.each([
    ['an empty body', ''],
    ['a body that is not JSON', '<html>proxy error</html>'],
    ['a JSON array', '[1,2]'],
    ['JSON null', 'null'],
  ])('%s is "Non Response!"', async (_name, text) => {
    installFetch(() => new Response(text, { status: 200 }));
    const error = await rejection(http.get(ApiPath.profile));
    expect(error.kind).toBe('no-response');
    expect(error.message).toBe('Non Response!');
  });

  it('keeps the headers of an ok reply on its error', async () => {
    installFetch(() => json({ ret_code: 10006, ret_msg: 'slow down', result: {} }, { headers: { 'retry-after': '30' } }));
    const error = await rejection(http.post(ApiPath.login, {}, { silent: true }));
    expect(error.headers['retry-after']).toBe('30');
  });
});

describe('timeout (§8, §9: 30000 ms)', () => {
  it('aborts after 30 s with ret_code 9000001 and both message forms', async () => {
    vi.useFakeTimers();
    const calls = installFetch(hang);
    const pending = rejection(http.get(ApiPath.profile, undefined, { silent: true }));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls[0].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(calls[0].signal?.aborted).toBe(true);
    expect(error.kind).toBe('timeout');
    expect(error.retCode).toBe(9000001);
    expect(error.message).toBe('Request timeout, please re-try!');
    expect(error.retMsg).toBe('Request timeout, please re-try!');
    expect(error.detail).toBe('timeout of 30000ms exceeded');
    expect(error.status).toBe(408);
  });

  it('honours a per-call timeout', async () => {
    vi.useFakeTimers();
    installFetch(hang);
    const pending = rejection(http.get(ApiPath.profile, undefined, { timeout: 5000, silent: true }));
    await vi.advanceTimersByTimeAsync(5000);
    expect((await pending).detail).toBe('timeout of 5000ms exceeded');
  });

  it('also times out a reply whose body never finishes', async () => {
    vi.useFakeTimers();
    installFetch((call) => ({ ok: true, status: 200, statusText: 'OK', headers: new Headers(), text: () => hang(call) }) as unknown as Response);
    const pending = rejection(http.get(ApiPath.profile, undefined, { silent: true }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect((await pending).kind).toBe('timeout');
  });

  it('a call cancelled by its caller rejects with the abort reason and shows or reports nothing', async () => {
    installFetch(hang);
    const controller = new AbortController();
    const pending = http.get(ApiPath.profile, undefined, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(new DOMException('left the page', 'AbortError'));
    const error = await pending;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(reports).toEqual([]);
  });
});
