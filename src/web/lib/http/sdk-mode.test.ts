import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../../shared/api/paths.ts';
import { sdkPathOf } from '../../../shared/integration-paths.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { configureRequestContext } from './context.ts';
import { buildUrl, http, onRequestSuccess } from './request.ts';
import { envelope, initTestI18n, installFetch, resetRequestLayer } from './testing.ts';
import { redirectIfSignedOut } from '../session/login-redirect.ts';
import { ApiError } from './api-error.ts';

/** §7 SDK mode in the request layer: the path mapping and the success observer (decision 021). */
beforeAll(initTestI18n);
beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('SDK mode in the request layer', () => {
  it('sends a private KYC call to its integration variant with the SDK headers, and leaves other calls alone', async () => {
    const calls = installFetch(() => envelope({ state: [] }));
    configureRequestContext({ apiPath: sdkPathOf, sdkAuth: () => ({ token: 'sat_1', origin: 'https://acme.example', business: 'acme' }) });
    await http.post(ApiPath.kycInfo, { obtain_state: true });
    await http.get(ApiPath.documentDrafts, { level: 1 });
    await http.get(ApiPath.countryList, { is_disable: 1 });
    expect(calls.map((c) => c.url)).toEqual(['/x-api/v1/s1/kyc/integration/info', '/x-api/v1/s1/kyc/integration/document-drafts?level=1', '/x-api/v2/public/country-list?is_disable=1']);
    expect(calls[0]!.headers.get('kyc-access-token')).toBe('sat_1');
    expect(calls[0]!.headers.get('kyc-access-origin')).toBe('https://acme.example');
    expect(calls[0]!.headers.get('kyc-access-business')).toBe('acme');
    // The multipart upload builds its address with buildUrl too, and document reads keep their id.
    expect(buildUrl(ApiPath.uploadDocument, 'post')).toBe('/x-api/v1/s1/kyc/integration/upload-document');
    expect(sdkPathOf(`${ApiPath.document}/abc?x=1`)).toBe('/v1/s1/kyc/integration/document/abc?x=1');
  });

  it('outside SDK mode the paths are the private ones', async () => {
    const calls = installFetch(() => envelope({}));
    await http.post(ApiPath.kycInfo, {});
    expect(calls[0]!.url).toBe('/x-api/v3/private/kyc/kyc-info');
    expect(calls[0]!.headers.has('kyc-access-token')).toBe(false);
  });

  it('tells listeners of each successful call by the name its caller used, never of a failure', async () => {
    let answer = envelope({ level: 1, status: 'PENDING' });
    installFetch(() => answer);
    configureRequestContext({ apiPath: sdkPathOf });
    const heard: unknown[] = [];
    const stop = onRequestSuccess((s) => heard.push(s));
    onRequestSuccess(() => {
      throw new Error('a broken listener');
    });
    await http.post(ApiPath.submitApplication, { level: 1 }, { silent: true });
    answer = envelope({}, RetCode.WRONG_STATE);
    await expect(http.post(ApiPath.submitApplication, { level: 1 }, { silent: true })).rejects.toBeInstanceOf(ApiError);
    stop();
    answer = envelope({ level: 1, status: 'PENDING' });
    await http.post(ApiPath.submitApplication, { level: 1 }, { silent: true });
    expect(heard).toEqual([{ method: 'post', path: ApiPath.submitApplication, result: { level: 1, status: 'PENDING' } }]);
  });

  it('an expired access token (or a 10007) never sends an SDK user to the login page', () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, pathname: '/user/accounts/auth/kyc', search: '', hash: '' });
    configureRequestContext({ sdkAuth: () => ({ token: 'sat_1', origin: 'https://acme.example', business: 'acme' }) });
    expect(redirectIfSignedOut(new ApiError('no-permission', 'user no permission', { retCode: RetCode.NOT_LOGGED_IN }))).toBe(false);
    expect(replace).not.toHaveBeenCalled();
  });
});
