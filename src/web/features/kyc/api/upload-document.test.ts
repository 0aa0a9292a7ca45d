import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureRequestContext } from '../../../lib/http/index.ts';
import { setMonitoringSink } from '../../../lib/monitoring/index.ts';
import i18n from 'i18next';
import documentCodes from '../../../../../locales/inverse-error-code/en/documents.json';
import { initTestI18n, resetRequestLayer } from '../../../lib/http/testing.ts';
import { uploadErrorText } from '../components/upload-slot.tsx';
import { uploadDocument, uploadOutcome } from './upload-document.ts';

const doc = { id: 'd1', kind: 'SELFIE', level: 1, mime: 'image/jpeg', byteSize: 10, width: 640, height: 480, createdAt: '2026-01-01T00:00:00.000Z', applicationId: null };
const body = (o: unknown) => JSON.stringify(o);

describe('uploadOutcome (§8 rules for the multipart call)', () => {
  it('ret_code 0 resolves with the stored document', () => {
    expect(uploadOutcome(200, 'OK', body({ ret_code: 0, ret_msg: 'OK', result: doc }))).toEqual({ result: doc });
  });

  it('HTTP 413 is 34006 with the limit, from our server or from a proxy without an envelope', () => {
    const ours = uploadOutcome(413, 'Payload Too Large', body({ ret_code: 34006, ret_msg: 'file too large', result: { maxBytes: 10485760, maxMb: 10 } }));
    expect('error' in ours && ours.error.retCode).toBe(34006);
    expect('error' in ours && ours.error.response?.result).toEqual({ maxBytes: 10485760, maxMb: 10 });
    const proxy = uploadOutcome(413, 'Request Entity Too Large', '<html>nginx</html>');
    expect('error' in proxy && [proxy.error.kind, proxy.error.retCode, proxy.error.status]).toEqual(['business', 34006, 413]);
  });

  it('HTTP 400 with 34008 (malformed multipart) is that business code, shown with its translated text; another 400 stays an HTTP error', async () => {
    const malformed = uploadOutcome(400, 'Bad Request', body({ ret_code: 34008, ret_msg: 'malformed upload', result: {} }));
    expect('error' in malformed && [malformed.error.kind, malformed.error.retCode, malformed.error.status]).toEqual(['business', 34008, 400]);
    await initTestI18n();
    i18n.addResourceBundle('en', 'inverse-error-code', documentCodes, true, true);
    const error = 'error' in malformed ? malformed.error : undefined;
    expect(uploadErrorText(i18n.t, error, 10 * 1024 * 1024)).toBe('The upload did not arrive complete. Please choose the photo and try again.');
    const proxy = uploadOutcome(400, 'Bad Request', body({ ret_code: 10001, ret_msg: 'params error' }));
    expect('error' in proxy && [proxy.error.kind, proxy.error.retCode]).toEqual(['http', undefined]);
  });

  it('business codes, no-permission codes, HTTP errors and empty bodies are told apart', () => {
    const business = uploadOutcome(200, 'OK', body({ ret_code: 34004, ret_msg: 'too small', result: { minSide: 300 } }));
    expect('error' in business && [business.error.kind, business.error.retCode]).toEqual(['business', 34004]);
    const noPermission = uploadOutcome(200, 'OK', body({ ret_code: 10007, ret_msg: 'not logged in' }));
    expect('error' in noPermission && noPermission.error.kind).toBe('no-permission');
    // A non-2xx reply is never read (§8), even if it looks like an envelope.
    const http = uploadOutcome(500, 'Internal Server Error', body({ ret_code: 0, result: doc }));
    expect('error' in http && [http.error.kind, http.error.status, http.error.response]).toEqual(['http', 500, undefined]);
    const empty = uploadOutcome(200, 'OK', '');
    expect('error' in empty && empty.error.kind).toBe('no-response');
    const retCodeSpelling = uploadOutcome(200, 'OK', body({ retCode: 34001, retMsg: 'type' }));
    expect('error' in retCodeSpelling && retCodeSpelling.error.retCode).toBe(34001);
  });
});

/** A scripted XMLHttpRequest: records what is sent, then plays progress and a reply. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = false;
  body: FormData | undefined;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  reply(status: number, text: string) {
    this.status = status;
    this.statusText = status === 200 ? 'OK' : 'Error';
    this.responseText = text;
    this.onload?.();
  }
}

describe('uploadDocument', () => {
  const reports: unknown[] = [];
  beforeEach(() => {
    resetRequestLayer();
    reports.length = 0;
    setMonitoringSink((r) => reports.push(r));
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    configureRequestContext({ language: () => 'de-DE', platform: () => 'h5' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setMonitoringSink(null);
  });

  it('sends kind, level and the file with cookies and the request layer’s headers, and reports progress', async () => {
    const progress: number[] = [];
    const file = new File(['abc'], 'front.png', { type: 'image/png' });
    const done = uploadDocument({ kind: 'DOCUMENT_FRONT', level: 1, file, onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(['POST', '/x-api/v3/private/kyc/upload-document', true]);
    expect(xhr.headers).toMatchObject({ Accept: 'application/json', platform: 'h5', 'Accept-Language': 'de-DE' });
    expect(xhr.headers['Content-Type']).toBeUndefined();
    expect([...xhr.body!.keys()]).toEqual(['kind', 'level', 'file']);
    expect(xhr.body!.get('kind')).toBe('DOCUMENT_FRONT');
    expect(xhr.body!.get('level')).toBe('1');
    expect((xhr.body!.get('file') as File).name).toBe('front.png');
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.reply(200, body({ ret_code: 0, ret_msg: 'OK', result: doc }));
    await expect(done).resolves.toEqual(doc);
    expect(progress).toEqual([25, 100]);
  });

  it('ignores a progress event that arrives after the reply (the upload is over, not starting again)', async () => {
    const progress: number[] = [];
    const done = uploadDocument({ kind: 'DOCUMENT_BACK', level: 1, file: new Blob(['x']), onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last!;
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 10, total: 20 });
    xhr.reply(200, body({ ret_code: 0, ret_msg: 'OK', result: doc }));
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 20, total: 20 });
    await expect(done).resolves.toEqual(doc);
    expect(progress).toEqual([50, 100]);
  });

  it('rejects with the ApiError and reports transport failures to monitoring (no toast: the tile shows it)', async () => {
    const done = uploadDocument({ kind: 'SELFIE', level: 1, file: new Blob(['x']) });
    FakeXhr.last!.reply(503, '');
    await expect(done).rejects.toMatchObject({ kind: 'http', status: 503 });
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ kind: 'http', path: '/v3/private/kyc/upload-document', status: 503 });
    expect((FakeXhr.last!.body!.get('file') as File).name).toBe('photo.jpg');
  });

  it('cancelling aborts the request and rejects without a report', async () => {
    const controller = new AbortController();
    const done = uploadDocument({ kind: 'SELFIE', level: 1, file: new Blob(['x']), signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toBeDefined();
    expect(FakeXhr.last!.aborted).toBe(true);
    expect(reports).toHaveLength(0);
  });
});
