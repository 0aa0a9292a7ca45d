import { afterEach, describe, expect, it, vi } from 'vitest';
import { FetchBackend } from './fetch-backend.ts';

afterEach(() => vi.unstubAllGlobals());

/** Reads one file through the backend and returns what it told i18next: the error, the retry flag or the data. */
function read(respond: () => Promise<Response>): Promise<{ err: unknown; data: unknown }> {
  const fetchMock = vi.fn(respond);
  vi.stubGlobal('fetch', fetchMock);
  const backend = new FetchBackend();
  backend.init(undefined, { loadPath: '/release/{{ns}}/{{lng}}.json?v=1' });
  return new Promise((resolve) => {
    backend.read('de-DE', 'user-accounts', (err, data) => {
      expect(fetchMock).toHaveBeenCalledWith('/release/user-accounts/de-DE.json?v=1');
      resolve({ err, data });
    });
  });
}

describe('FetchBackend (i18next translation loader)', () => {
  it('hands i18next the file it read from the load path', async () => {
    const { err, data } = await read(async () => Response.json({ common: { retry: 'Erneut versuchen' } }));
    expect(err).toBeNull();
    expect(data).toEqual({ common: { retry: 'Erneut versuchen' } });
  });

  it('asks i18next to retry a 5xx and a network failure, not a 4xx or a file that is not JSON', async () => {
    expect(await read(async () => new Response('busy', { status: 503 }))).toMatchObject({ err: expect.any(Error), data: true });
    expect(await read(() => Promise.reject(new TypeError('Failed to fetch')))).toMatchObject({ err: expect.any(Error), data: true });
    expect(await read(async () => new Response('{}', { status: 404 }))).toMatchObject({ err: expect.any(Error), data: false });
    expect(await read(async () => new Response('<html>', { status: 200 }))).toMatchObject({ err: expect.any(Error), data: false });
  });
});
