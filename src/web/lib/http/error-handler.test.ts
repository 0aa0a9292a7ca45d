import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../../shared/api/paths.ts';
import { setAnalyticsUserId } from '../analytics/index.ts';
import { setMonitoringSink, type MonitoringReport } from '../monitoring/index.ts';
import { usePopupStore, useToastStore } from '../notify/index.ts';
import { responseCache } from './cache.ts';
import { configureRequestContext } from './context.ts';
import { http } from './request.ts';
import { after, envelope, hang, initTestI18n, installFetch, json, resetRequestLayer, translations } from './testing.ts';

/** §7 POST /v1/kyc/identity (no route yet: the request layer treats every path alike). */
const KYC_IDENTITY = '/v1/kyc/identity';

const { codesEn, errorsEn, errorsZh } = translations;
const reports: MonitoringReport[] = [];

beforeAll(initTestI18n);
beforeEach(async () => {
  resetRequestLayer();
  reports.length = 0;
  setMonitoringSink((r) => reports.push(r));
  setAnalyticsUserId(null);
  useToastStore.setState({ toasts: [] });
  usePopupStore.setState({ notifications: [], messages: [] });
  await i18n.changeLanguage('en');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setMonitoringSink(null);
});

const toasts = () => useToastStore.getState().toasts.map((t) => ({ title: t.title, icon: t.icon, duration: t.duration }));
const notifications = () => usePopupStore.getState().notifications.map((n) => ({ title: n.title, description: n.description }));
const fail = (p: Promise<unknown>) => p.catch((e: unknown) => e);

describe('§8 "user no permission" (10007, 33003, 10009)', () => {
  it.each([10007, 33003, 10009])('%i: clears the whole cache, shows nothing, reports nothing', async (code) => {
    let reply = () => envelope({ id: 'u1' });
    installFetch(() => reply());
    await http.get(ApiPath.profile, undefined, { cache: true });
    await http.get(ApiPath.countryList, { is_disable: 1 }, { cache: true });
    expect(responseCache.keys()).toHaveLength(2);
    expect(localStorage.getItem('ua:http-cache')).not.toBeNull();

    reply = () => envelope({}, code, 'user no permission');
    await fail(http.post(ApiPath.kycInfo, {}));
    expect(responseCache.keys()).toEqual([]);
    expect(localStorage.getItem('ua:http-cache')).toBeNull();
    expect(toasts()).toEqual([]);
    expect(notifications()).toEqual([]);
    expect(reports).toEqual([]);
  });
});

describe('§8 1007 / 1008: red "Timeout, …" toast for 3 s', () => {
  it('shows ret_msg as sent inside the translated frame', async () => {
    installFetch(() => envelope({}, 1007, 'session expired'));
    const error = await fail(http.post(ApiPath.kycInfo, {}));
    expect(error).toMatchObject({ kind: 'business', retCode: 1007 });
    expect(toasts()).toEqual([{ title: 'Timeout, session expired.', icon: 'fail', duration: 3000 }]);
    expect(reports).toEqual([]);
  });

  it("falls back to 'token error' when there is no ret_msg", async () => {
    installFetch(() => json({ ret_code: 1008, ret_msg: '', result: {} }));
    await fail(http.post(ApiPath.kycInfo, {}));
    expect(toasts()).toEqual([{ title: 'Timeout, token error.', icon: 'fail', duration: 3000 }]);
  });

  it('translates the frame (and the fallback) but never ret_msg', async () => {
    await i18n.changeLanguage('zh-CN');
    installFetch(() => envelope({}, 1007, 'session expired'));
    await fail(http.post(ApiPath.kycInfo, {}));
    installFetch(() => envelope({}, 1008, ''));
    await fail(http.post(ApiPath.kycInfo, {}));
    expect(toasts().map((t) => t.title)).toEqual([
      errorsZh.timeoutToast.replace('{{message}}', errorsZh.tokenError),
      errorsZh.timeoutToast.replace('{{message}}', 'session expired'),
    ]);
  });

  it('shows only that toast (not also the by-code message)', async () => {
    installFetch(() => envelope({}, 1007, 'x'));
    await fail(http.post(ApiPath.kycInfo, {}));
    expect(toasts()).toHaveLength(1);
  });
});

describe('§8 other business codes: message by code from inverse-error-code', () => {
  it('translated: a fail toast with the translated text (default 3 s)', async () => {
    installFetch(() => envelope({}, 20002, 'email taken'));
    await fail(http.post(ApiPath.register, {}));
    expect(toasts()).toEqual([{ title: codesEn['20002'], icon: 'fail', duration: 3000 }]);
    expect(reports).toEqual([]);
  });

  it('interpolates values the reply carries', async () => {
    installFetch(() => envelope({ retryAfterSeconds: 42 }, 10006, 'too many'));
    await fail(http.post(ApiPath.login, {}));
    expect(toasts()[0].title).toBe(codesEn['10006'].replace('{{retryAfterSeconds}}', '42'));
  });

  it("untranslated: toast '{code}: {ret_msg}'", async () => {
    installFetch(() => envelope({}, 77777, 'Something odd'));
    await fail(http.post(ApiPath.kycInfo, {}, { errorReminder: { type: 'notify', title: 'KYC' } }));
    expect(toasts()).toEqual([{ title: '77777: Something odd', icon: 'fail', duration: 3000 }]);
    expect(notifications()).toEqual([]);
  });

  it('translated and the call asked for a notify reminder: a notification with its title and the text', async () => {
    installFetch(() => envelope({}, 20001, 'bad login'));
    await fail(http.post(ApiPath.login, {}, { errorReminder: { type: 'notify', title: 'Sign-in failed' } }));
    expect(notifications()).toEqual([{ title: 'Sign-in failed', description: codesEn['20001'] }]);
    expect(toasts()).toEqual([]);
  });

  it('a reminder of another type is a toast', async () => {
    installFetch(() => envelope({}, 20001, 'bad login'));
    await fail(http.post(ApiPath.login, {}, { errorReminder: { type: 'toast', title: 'Sign-in failed' } }));
    expect(toasts()).toEqual([{ title: codesEn['20001'], icon: 'fail', duration: 3000 }]);
    expect(notifications()).toEqual([]);
  });

  it('identity-update codes show their updateIDError text', async () => {
    installFetch(() => envelope({}, 1062, 'document used'));
    await fail(http.post(KYC_IDENTITY, {}));
    expect(toasts()[0].title).toBe(errorsEn.updateIDError2);
  });

  it('rejects with the full response', async () => {
    const body = { ret_code: 20002, ret_msg: 'email taken', result: { a: 1 } };
    installFetch(() => json(body));
    const error = await fail(http.post(ApiPath.register, {}));
    expect(error).toMatchObject({ message: 'bad business ret_code', response: body });
  });
});

describe('§8 network errors, HTTP status errors, 9000001: reported + 50016 toast for 2 s', () => {
  it('network error', async () => {
    setAnalyticsUserId('user-42');
    configureRequestContext({ platform: () => 'h5', language: () => 'de-DE' });
    installFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await fail(http.get(ApiPath.countryList, { token: 'secret-query-token' }, { event: { c: 'countries' } }));
    expect(toasts()).toEqual([{ title: codesEn['50016'], icon: 'fail', duration: 2000 }]);
    expect(reports).toEqual([
      {
        kind: 'network',
        message: 'http network error',
        method: 'get',
        path: '/v2/public/country-list',
        durationMs: expect.any(Number),
        event: 'countries',
        language: 'de-DE',
        platform: 'h5',
        page: '/',
        userId: 'user-42',
      },
    ]);
    expect(JSON.stringify(reports)).not.toContain('secret-query-token');
  });

  it('HTTP status error', async () => {
    installFetch(() => new Response('boom', { status: 502, statusText: 'Bad Gateway' }));
    await fail(http.get(ApiPath.profile));
    expect(toasts()).toEqual([{ title: codesEn['50016'], icon: 'fail', duration: 2000 }]);
    expect(reports).toMatchObject([{ kind: 'http', message: 'http error', status: 502, path: '/v2/private/user/profile' }]);
  });

  it('a timeout under 30 s (per-call timeout) is reported with 9000001', async () => {
    vi.useFakeTimers();
    installFetch(hang);
    const pending = fail(http.get(ApiPath.profile, undefined, { timeout: 10_000 }));
    await vi.advanceTimersByTimeAsync(10_000);
    await pending;
    expect(toasts()).toEqual([{ title: codesEn['50016'], icon: 'fail', duration: 2000 }]);
    expect(reports).toMatchObject([{ kind: 'timeout', retCode: 9000001, status: 408, durationMs: 10_000 }]);
  });

  it('the default 30 s timeout shows the toast but is not reported (reports only under 30 s)', async () => {
    vi.useFakeTimers();
    installFetch(hang);
    const pending = fail(http.get(ApiPath.profile));
    await vi.advanceTimersByTimeAsync(30_000);
    await pending;
    expect(toasts()).toHaveLength(1);
    expect(reports).toEqual([]);
  });

  it('a 9000001 sent by a server is handled as a timeout too', async () => {
    installFetch(() => envelope({}, 9000001, 'Request timeout, please re-try!'));
    await fail(http.get(ApiPath.profile));
    expect(toasts()).toEqual([{ title: codesEn['50016'], icon: 'fail', duration: 2000 }]);
    expect(reports).toMatchObject([{ kind: 'timeout', retCode: 9000001 }]);
  });

  it.each([
    [29_999, 1],
    [30_000, 0],
    [31_000, 0],
  ])('a failure after %i ms is reported %i time(s)', async (ms, count) => {
    vi.useFakeTimers();
    installFetch(() =>
      after(ms, () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const pending = fail(http.get(ApiPath.profile, undefined, { timeout: 60_000 }));
    await vi.advanceTimersByTimeAsync(ms);
    await pending;
    expect(reports).toHaveLength(count);
    expect(toasts()).toHaveLength(1);
  });
});

describe('§8 rejections without a ret_code: monitoring only', () => {
  it('"Non Response!"', async () => {
    installFetch(() => new Response('', { status: 200 }));
    await fail(http.get(ApiPath.profile));
    expect(reports).toMatchObject([{ kind: 'no-response', message: 'Non Response!', status: 200 }]);
    expect(toasts()).toEqual([]);
    expect(notifications()).toEqual([]);
  });

  it('an envelope without any ret_code', async () => {
    installFetch(() => json({ message: 'proxy says hi' }));
    const error = await fail(http.get(ApiPath.profile));
    expect(error).toMatchObject({ kind: 'business', retCode: undefined });
    expect(reports).toMatchObject([{ kind: 'business', message: 'bad business ret_code' }]);
    expect(reports[0]).not.toHaveProperty('retCode');
    expect(toasts()).toEqual([]);
  });
});

describe('silent calls: the caller shows the error itself', () => {
  it.each([
    ['1007', () => envelope({}, 1007, 'x')],
    ['a translated business code', () => envelope({}, 20001, 'x')],
    ['an untranslated business code', () => envelope({}, 77777, 'x')],
    ['an HTTP error', () => new Response('', { status: 500 })],
  ])('%s: no toast, no notification', async (_name, reply) => {
    installFetch(reply);
    await fail(http.post(ApiPath.login, {}, { silent: true, errorReminder: { type: 'notify', title: 't' } }));
    expect(toasts()).toEqual([]);
    expect(notifications()).toEqual([]);
  });

  it('still reports to monitoring and still clears the cache', async () => {
    installFetch(() => new Response('', { status: 500 }));
    await fail(http.get(ApiPath.profile, undefined, { silent: true }));
    expect(reports).toHaveLength(1);

    installFetch(() => envelope({ a: 1 }));
    await http.get(ApiPath.countryList, undefined, { cache: true });
    installFetch(() => envelope({}, 10007));
    await fail(http.get(ApiPath.profile, undefined, { silent: true }));
    expect(responseCache.keys()).toEqual([]);
  });
});

it('a broken monitoring sink or toast never changes how the call fails', async () => {
  setMonitoringSink(() => {
    throw new Error('sink down');
  });
  installFetch(() => new Response('', { status: 503 }));
  const error = await fail(http.get(ApiPath.profile));
  expect(error).toMatchObject({ kind: 'http', status: 503 });
});
