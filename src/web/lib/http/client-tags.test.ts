import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiPath } from '../../../shared/api/paths.ts';
import { setMonitoringSink } from '../monitoring/index.ts';
import { useToastStore } from '../notify/index.ts';
import { trackedClientTags } from './client-tags.ts';
import { http } from './request.ts';
import { after, envelope, initTestI18n, installFetch, resetRequestLayer } from './testing.ts';
import { onTimingEvent, timingEvents } from './timing.ts';

/** A §7 write (no route yet: the request layer treats every path alike). */
const SUBMIT_QUESTIONNAIRE = '/v3/private/kyc/submit-questionnaire';

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

const tagged = (tag: string) => ({ headers: { 'X-Client-Tag': tag } });

describe('X-Client-Tag: tracked for 60 s, then forgotten (§7, §9)', () => {
  it('sends the tag, and a second call with the same tag while in flight joins the first', async () => {
    let n = 0;
    const calls = installFetch(() => after(100, () => envelope({ n: ++n })));
    const a = http.post(SUBMIT_QUESTIONNAIRE, { answers: [1] }, tagged('submit-1'));
    const b = http.post(SUBMIT_QUESTIONNAIRE, { answers: [1] }, tagged('submit-1'));
    await vi.advanceTimersByTimeAsync(100);
    expect(await a).toEqual({ n: 1 });
    expect(await b).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get('x-client-tag')).toBe('submit-1');
  });

  it('replays a successful action for 60 s, then sends again', async () => {
    let n = 0;
    const calls = installFetch(() => envelope({ n: ++n }));
    await http.post(SUBMIT_QUESTIONNAIRE, {}, tagged('submit-2'));
    expect(trackedClientTags()).toEqual(['submit-2']);
    vi.advanceTimersByTime(59_999);
    expect(await http.post(SUBMIT_QUESTIONNAIRE, {}, { headers: { 'x-client-tag': 'submit-2' } })).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(trackedClientTags()).toEqual([]);
    expect(await http.post(SUBMIT_QUESTIONNAIRE, {}, tagged('submit-2'))).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('forgets a failed action at once, so trying again really sends', async () => {
    let ok = false;
    const calls = installFetch(() => (ok ? envelope({ done: true }) : new Response('', { status: 500 })));
    await expect(http.post(SUBMIT_QUESTIONNAIRE, {}, tagged('submit-3'))).rejects.toMatchObject({ kind: 'http' });
    expect(trackedClientTags()).toEqual([]);
    ok = true;
    await expect(http.post(SUBMIT_QUESTIONNAIRE, {}, tagged('submit-3'))).resolves.toEqual({ done: true });
    expect(calls).toHaveLength(2);
  });

  it('different tags and untagged calls are independent', async () => {
    const calls = installFetch(() => envelope());
    await http.post(SUBMIT_QUESTIONNAIRE, {}, tagged('a'));
    await http.post(SUBMIT_QUESTIONNAIRE, {}, tagged('b'));
    await http.post(SUBMIT_QUESTIONNAIRE, {});
    await http.post(SUBMIT_QUESTIONNAIRE, {});
    expect(calls).toHaveLength(4);
  });
});

describe('timing events (§3 event descriptor, §9 kept under 30 s)', () => {
  it('measures a call under its code; keeps the result only when asked', async () => {
    installFetch(() => after(250, () => envelope({ level: 1 })));
    const seen: string[] = [];
    const off = onTimingEvent((e) => seen.push(e.c));
    const a = http.post(ApiPath.kycInfo, {}, { event: { c: 'kyc-info' } });
    const b = http.post(ApiPath.kycInfo, { x: 1 }, { event: { c: 'kyc-info-saved', save: true } });
    await vi.advanceTimersByTimeAsync(250);
    await Promise.all([a, b]);
    off();
    const start = new Date('2025-01-01T00:00:00Z').getTime();
    expect(timingEvents()).toEqual([
      { c: 'kyc-info', start, end: start + 250, duration: 250, ok: true },
      { c: 'kyc-info-saved', start, end: start + 250, duration: 250, ok: true, result: { level: 1 } },
    ]);
    expect(seen).toEqual(['kyc-info', 'kyc-info-saved']);
  });

  it('measures from a caller-given start, and records failures with their code', async () => {
    installFetch(() => envelope({}, 20001, 'x'));
    const clickedAt = Date.now() - 1000;
    await http.post(ApiPath.login, {}, { silent: true, event: { c: 'login', start: clickedAt, save: true } }).catch(() => undefined);
    expect(timingEvents()).toMatchObject([{ c: 'login', start: clickedAt, duration: 1000, ok: false, retCode: 20001 }]);
    expect(timingEvents()[0]).not.toHaveProperty('result');
  });

  it('forgets events 30 s after they ended', async () => {
    installFetch(() => envelope());
    await http.get(ApiPath.profile, undefined, { event: { c: 'profile' } });
    vi.advanceTimersByTime(29_999);
    expect(timingEvents()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(timingEvents()).toEqual([]);
  });
});
