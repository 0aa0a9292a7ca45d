import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../../shared/api/paths.ts';
import { setMonitoringSink } from '../monitoring/index.ts';
import { useToastStore } from '../notify/index.ts';
import { CACHE_PERSIST_LIMIT_CHARS, CACHE_STORAGE_KEY, clearResponseCache, localStorageChars, responseCache } from './cache.ts';
import { http } from './request.ts';
import { envelope, initTestI18n, installFetch, resetRequestLayer } from './testing.ts';

/** A §7 write (no route yet: the request layer treats every path alike). */
const TAG_MEMBER = '/v3/private/user/member/tagmember';

beforeAll(initTestI18n);
beforeEach(() => {
  resetRequestLayer();
  setMonitoringSink(() => undefined);
  useToastStore.setState({ toasts: [] });
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setMonitoringSink(null);
});

/** A server whose answers count up, so a cached answer is recognisable. */
function countingServer() {
  let n = 0;
  let failNext: Response | null = null;
  const calls = installFetch(() => {
    if (failNext) {
      const r = failNext;
      failNext = null;
      return r;
    }
    n += 1;
    return envelope({ n });
  });
  return { calls, failNextWith: (r: Response) => (failNext = r) };
}
const fail = (p: Promise<unknown>) => p.catch((e: unknown) => e);

describe('opt-in, 60 s (§7, §9)', () => {
  it('serves a cached call from memory for under 60 s, then calls again', async () => {
    const { calls } = countingServer();
    expect(await http.get(ApiPath.profile, undefined, { cache: true })).toEqual({ n: 1 });
    vi.advanceTimersByTime(59_999);
    expect(await http.get(ApiPath.profile, undefined, { cache: true })).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(await http.get(ApiPath.profile, undefined, { cache: true })).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('calls without the option are never cached', async () => {
    const { calls } = countingServer();
    await http.get(ApiPath.profile);
    await http.get(ApiPath.profile);
    expect(calls).toHaveLength(2);
    expect(responseCache.keys()).toEqual([]);
  });

  it("'refresh' always calls and stores the new answer", async () => {
    const { calls } = countingServer();
    await http.get(ApiPath.profile, undefined, { cache: true });
    expect(await http.get(ApiPath.profile, undefined, { cache: 'refresh' })).toEqual({ n: 2 });
    expect(await http.get(ApiPath.profile, undefined, { cache: true })).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('keys by method, address and body', async () => {
    const { calls } = countingServer();
    await http.get(ApiPath.countryList, { is_disable: 1 }, { cache: true });
    await http.get(ApiPath.countryList, { is_disable: 0 }, { cache: true });
    await http.post(ApiPath.kycInfo, { obtain_state: true }, { cache: true });
    await http.post(ApiPath.kycInfo, { obtain_quotas: true }, { cache: true });
    await http.post(ApiPath.kycInfo, { obtain_state: true }, { cache: true });
    expect(calls).toHaveLength(4);
  });

  it('hands out copies: a caller changing its result does not change the next one', async () => {
    countingServer();
    const first = await http.get<{ n: number }>(ApiPath.profile, undefined, { cache: true });
    first.n = 99;
    expect(await http.get(ApiPath.profile, undefined, { cache: true })).toEqual({ n: 1 });
  });
});

describe('at most 20 entries in memory', () => {
  it('evicts the oldest entry first', async () => {
    const { calls } = countingServer();
    for (let i = 0; i < 21; i++) {
      await http.get(ApiPath.countryList, { page: i }, { cache: true });
      vi.advanceTimersByTime(10);
    }
    expect(responseCache.keys()).toHaveLength(20);
    await http.get(ApiPath.countryList, { page: 1 }, { cache: true }); // still cached
    expect(calls).toHaveLength(21);
    await http.get(ApiPath.countryList, { page: 0 }, { cache: true }); // evicted: called again
    expect(calls).toHaveLength(22);
  });
});

describe('persisted to localStorage (§9)', () => {
  it('survives a new page load within 60 s, and not after', async () => {
    const { calls } = countingServer();
    await http.get(ApiPath.profile, undefined, { cache: true });
    expect(localStorage.getItem(CACHE_STORAGE_KEY)).toContain('"n":1');

    responseCache.unload(); // as on a new page load
    expect(await http.get(ApiPath.profile, undefined, { cache: true })).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);

    responseCache.unload();
    vi.advanceTimersByTime(60_000);
    expect(await http.get(ApiPath.profile, undefined, { cache: true })).toEqual({ n: 2 });
  });

  it('an expired answer is removed from storage as soon as the cache is read, not at the next write', async () => {
    countingServer();
    await http.get(ApiPath.profile, undefined, { cache: true });
    responseCache.unload();
    vi.advanceTimersByTime(60_000);
    expect(responseCache.keys()).toEqual([]);
    expect(localStorage.getItem(CACHE_STORAGE_KEY)).toBeNull();
  });

  it('is not persisted when localStorage already holds more than 4718592 characters', async () => {
    countingServer();
    localStorage.setItem('other-app', 'x'.repeat(CACHE_PERSIST_LIMIT_CHARS - 'other-app'.length + 1));
    expect(localStorageChars(localStorage)).toBe(CACHE_PERSIST_LIMIT_CHARS + 1);
    await http.get(ApiPath.profile, undefined, { cache: true });
    expect(localStorage.getItem(CACHE_STORAGE_KEY)).toBeNull();
    // The memory cache still works.
    expect(responseCache.keys()).toHaveLength(1);
  });

  it('is persisted at exactly 4718592 characters', async () => {
    countingServer();
    localStorage.setItem('other-app', 'x'.repeat(CACHE_PERSIST_LIMIT_CHARS - 'other-app'.length));
    await http.get(ApiPath.profile, undefined, { cache: true });
    expect(localStorage.getItem(CACHE_STORAGE_KEY)).not.toBeNull();
  });

  it('ignores a damaged stored copy', async () => {
    const { calls } = countingServer();
    localStorage.setItem(CACHE_STORAGE_KEY, '{not json');
    responseCache.unload();
    expect(await http.get(ApiPath.profile, undefined, { cache: true })).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
  });

  it('clearResponseCache empties memory and storage', async () => {
    const { calls } = countingServer();
    await http.get(ApiPath.profile, undefined, { cache: true });
    clearResponseCache();
    expect(localStorage.getItem(CACHE_STORAGE_KEY)).toBeNull();
    await http.get(ApiPath.profile, undefined, { cache: true });
    expect(calls).toHaveLength(2);
  });
});

describe('failures (§7, §8)', () => {
  it('a failed call deletes its entry', async () => {
    const { calls, failNextWith } = countingServer();
    await http.get(ApiPath.countryList, undefined, { cache: true });
    failNextWith(new Response('', { status: 500 }));
    await fail(http.get(ApiPath.countryList, undefined, { cache: 'refresh' }));
    expect(responseCache.keys()).toEqual([]);
    expect(await http.get(ApiPath.countryList, undefined, { cache: true })).toEqual({ n: 2 });
    expect(calls).toHaveLength(3);
  });

  it('a business failure deletes the entry too', async () => {
    const { failNextWith } = countingServer();
    await http.post(ApiPath.kycInfo, {}, { cache: true });
    failNextWith(envelope({}, 20001, 'x'));
    await fail(http.post(ApiPath.kycInfo, {}, { cache: 'refresh' }));
    expect(responseCache.keys()).toEqual([]);
  });

  it('the profile survives a failed refresh', async () => {
    const { calls, failNextWith } = countingServer();
    await http.get(ApiPath.profile, undefined, { cache: true });
    failNextWith(new Response('', { status: 500 }));
    await fail(http.get(ApiPath.profile, undefined, { cache: 'refresh' }));
    expect(await http.get(ApiPath.profile, undefined, { cache: true })).toEqual({ n: 1 });
    expect(calls).toHaveLength(2);
  });

  it('"user no permission" clears everything, the profile included', async () => {
    const { failNextWith } = countingServer();
    await http.get(ApiPath.profile, undefined, { cache: true });
    await http.get(ApiPath.countryList, undefined, { cache: true });
    failNextWith(envelope({}, 10007, 'user no permission'));
    await fail(http.get(ApiPath.profile, undefined, { cache: 'refresh' }));
    expect(responseCache.keys()).toEqual([]);
    expect(localStorage.getItem(CACHE_STORAGE_KEY)).toBeNull();
  });

  it('a failed uncached call leaves the cache alone', async () => {
    const { failNextWith } = countingServer();
    await http.get(ApiPath.countryList, undefined, { cache: true });
    failNextWith(new Response('', { status: 500 }));
    await fail(http.get(ApiPath.countryList));
    expect(responseCache.keys()).toHaveLength(1);
  });
});

describe('writes', () => {
  it('a successful write empties the cache; a failed one or a cached read-by-POST does not', async () => {
    const { calls, failNextWith } = countingServer();
    await http.get(ApiPath.profile, undefined, { cache: true });
    await http.post(ApiPath.kycInfo, { obtain_state: true }, { cache: true });
    expect(responseCache.keys()).toHaveLength(2);

    failNextWith(envelope({}, 10012, 'wrong state'));
    await fail(http.post(TAG_MEMBER, { tagName: 'KYC', value: '1' }));
    expect(responseCache.keys()).toHaveLength(2);

    await http.post(TAG_MEMBER, { tagName: 'KYC', value: '1' });
    expect(responseCache.keys()).toEqual([]);
    await http.get(ApiPath.profile, undefined, { cache: true });
    expect(calls.filter((c) => c.url.endsWith('/profile'))).toHaveLength(2);
  });

  it('a read answered after a write that was answered first is not kept: it may be from before the write', async () => {
    let answerProfile: (r: Response) => void = () => undefined;
    let n = 0;
    installFetch((call) => (call.url.endsWith('/profile') && n++ === 0 ? new Promise<Response>((resolve) => (answerProfile = resolve)) : envelope({ n })));
    const read = http.get(ApiPath.profile, undefined, { cache: true });
    await http.post(TAG_MEMBER, { tagName: 'KYC', value: '1' });
    answerProfile(envelope({ member_tag: {} }));
    expect(await read).toEqual({ member_tag: {} });
    expect(responseCache.keys()).toEqual([]);
    // The next read asks the server, and its answer is kept.
    await http.get(ApiPath.profile, undefined, { cache: true });
    expect(responseCache.keys()).toHaveLength(1);
  });
});
