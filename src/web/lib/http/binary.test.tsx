import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../../shared/api/paths.ts';
import { sdkPathOf } from '../../../shared/integration-paths.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { ApiError } from './api-error.ts';
import { getBlob, useApiImageSrc } from './binary.ts';
import { configureRequestContext } from './context.ts';
import { envelope, installFetch, resetRequestLayer } from './testing.ts';

/** Images of the user's own through the request layer: plain addresses on the web, read with the SDK headers in SDK mode. */
const SDK = { token: 'sat_1', origin: 'https://acme.example', business: 'acme' };
const image = () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'content-type': 'image/jpeg' } });
const sdkMode = () => configureRequestContext({ apiPath: sdkPathOf, sdkAuth: () => SDK });

let created: string[];
let revoked: string[];
beforeEach(() => {
  resetRequestLayer();
  created = [];
  revoked = [];
  let n = 0;
  vi.stubGlobal('URL', Object.assign(URL, {
    createObjectURL: vi.fn(() => {
      const url = `blob:test/${(n += 1)}`;
      created.push(url);
      return url;
    }),
    revokeObjectURL: vi.fn((url: string) => revoked.push(url)),
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('getBlob', () => {
  it('reads the integration variant with the SDK headers in SDK mode', async () => {
    const calls = installFetch(() => image());
    sdkMode();
    const blob = await getBlob(`${ApiPath.document}/d-1`);
    expect(blob.size).toBe(3);
    expect(calls[0]!.url).toBe('/x-api/v1/s1/kyc/integration/document/d-1');
    expect(calls[0]!.headers.get('kyc-access-token')).toBe('sat_1');
    expect(calls[0]!.headers.get('kyc-access-origin')).toBe('https://acme.example');
    expect(calls[0]!.headers.get('kyc-access-business')).toBe('acme');
  });

  it('rejects an envelope refusal with its ret_code, and a non-2xx status as an http error', async () => {
    let reply = () => envelope({}, RetCode.ACCESS_TOKEN_INVALID, 'access token invalid');
    installFetch(() => reply());
    sdkMode();
    const refused = await getBlob(`${ApiPath.document}/d-1`).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).retCode).toBe(RetCode.ACCESS_TOKEN_INVALID);
    reply = () => new Response('gone', { status: 404 });
    expect(((await getBlob(`${ApiPath.document}/d-1`).catch((e: unknown) => e)) as ApiError).kind).toBe('http');
  });
});

describe('useApiImageSrc', () => {
  it('on the web is the plain address, read by the <img> with the cookie (no call of its own)', () => {
    const calls = installFetch(() => image());
    const { result } = renderHook(() => useApiImageSrc(`${ApiPath.document}/d-1`));
    expect(result.current).toBe('/x-api/v3/private/kyc/document/d-1');
    expect(calls).toHaveLength(0);
  });

  it('in SDK mode is an object URL of the image read with the headers, revoked on change and on unmount', async () => {
    const calls = installFetch(() => image());
    sdkMode();
    const { result, rerender, unmount } = renderHook(({ path }) => useApiImageSrc(path), { initialProps: { path: `${ApiPath.document}/d-1` } });
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toBe('blob:test/1'));
    expect(calls[0]!.headers.get('kyc-access-token')).toBe('sat_1');

    rerender({ path: `${ApiPath.document}/d-2` });
    // The old image's URL is never shown for the new one.
    expect(result.current).toBeUndefined();
    expect(revoked).toEqual(['blob:test/1']);
    await waitFor(() => expect(result.current).toBe('blob:test/2'));
    expect(calls.map((c) => c.url)).toEqual(['/x-api/v1/s1/kyc/integration/document/d-1', '/x-api/v1/s1/kyc/integration/document/d-2']);

    unmount();
    expect(revoked).toEqual(['blob:test/1', 'blob:test/2']);
  });

  it('in SDK mode an image that cannot be read stays out (no object URL, nothing thrown)', async () => {
    const calls = installFetch(() => envelope({}, RetCode.ACCESS_TOKEN_INVALID, 'access token invalid'));
    sdkMode();
    const { result } = renderHook(() => useApiImageSrc(`${ApiPath.document}/d-1`));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(result.current).toBeUndefined();
    expect(created).toEqual([]);
  });
});
