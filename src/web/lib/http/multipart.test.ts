import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMonitoringSink } from '../monitoring/index.ts';
import { configureRequestContext } from './context.ts';
import { postMultipart } from './multipart.ts';
import { envelope, installFetch, json } from './testing.ts';

/** The multipart post of questionnaire evidence and RFI pictures, at the fetch boundary. */
describe('postMultipart', () => {
  const reports: unknown[] = [];
  beforeEach(() => {
    reports.length = 0;
    setMonitoringSink((r) => reports.push(r));
    configureRequestContext({ language: () => 'de-DE', platform: () => 'h5' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setMonitoringSink(null);
  });

  const form = () => {
    const f = new FormData();
    f.append('rfi_id', 'r-1');
    f.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    return f;
  };

  it('sends the form with cookies and the request context, and returns the result', async () => {
    const calls = installFetch(() => envelope({ id: 'd-1' }));
    await expect(postMultipart('/v3/private/kyc/upload-rfi-document', form())).resolves.toEqual({ id: 'd-1' });
    expect(calls).toHaveLength(1);
    expect([calls[0]!.method, calls[0]!.url, calls[0]!.credentials]).toEqual(['POST', '/x-api/v3/private/kyc/upload-rfi-document', 'include']);
    expect(calls[0]!.headers.get('platform')).toBe('h5');
    expect(calls[0]!.headers.get('content-type')).toBeNull();
    expect(reports).toEqual([]);
  });

  it('a 413 with its envelope is "file too large" with the limit', async () => {
    installFetch(() => json({ ret_code: 34006, ret_msg: 'file too large', result: { maxBytes: 100, maxMb: 0 } }, { status: 413 }));
    await expect(postMultipart('/v3/private/kyc/upload-rfi-document', form())).rejects.toMatchObject({ kind: 'business', retCode: 34006, status: 413 });
  });

  it('a business refusal keeps its code; a plain HTTP error, a reply without an envelope and no network are transport errors, reported to monitoring', async () => {
    installFetch(() => envelope({}, 10001, 'bad'));
    await expect(postMultipart('/p', form())).rejects.toMatchObject({ kind: 'business', retCode: 10001 });
    installFetch(() => new Response('', { status: 502 }));
    await expect(postMultipart('/p', form())).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(reports).toContainEqual(expect.objectContaining({ kind: 'http', path: '/p', status: 502 }));
    installFetch(() => json({ hello: 1 }));
    await expect(postMultipart('/p', form())).rejects.toMatchObject({ kind: 'no-response' });
    installFetch(() => Promise.reject(new TypeError('offline')));
    await expect(postMultipart('/p', form())).rejects.toMatchObject({ kind: 'network' });
  });
});
