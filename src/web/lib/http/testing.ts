/**
 * Test support for the request layer: a fake transport at the fetch boundary, and i18next loaded
 * with the real English (and one other language's) translation files. Only tests import this.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import codesEn from '../../../../locales/inverse-error-code/en/core.json';
import errorsEn from '../../../../locales/user-accounts/en/errors.json';
import errorsZh from '../../../../locales/user-accounts/zh-CN/errors.json';
import { forgetClientTags } from './client-tags.ts';
import { responseCache } from './cache.ts';
import { resetRequestContext } from './context.ts';
import { clearTimingEvents } from './timing.ts';

export interface FakeCall {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
}

export type Responder = (call: FakeCall) => Response | Promise<Response>;

/** Replaces fetch; every call is recorded and answered by `responder`. */
export function installFetch(responder: Responder): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call: FakeCall = {
        url: String(input),
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? init.body : undefined,
        credentials: init.credentials,
        signal: init.signal ?? undefined,
      };
      calls.push(call);
      return responder(call);
    }),
  );
  return calls;
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' }, ...init });
}

export function envelope(result: unknown = {}, retCode = 0, retMsg = retCode === 0 ? 'OK' : 'error'): Response {
  return json({ ret_code: retCode, ret_msg: retMsg, result });
}

/** A request that never answers; it rejects like fetch does when its signal aborts. */
export function hang(call: FakeCall): Promise<Response> {
  return new Promise((_resolve, reject) => {
    call.signal?.addEventListener('abort', () => reject(call.signal?.reason ?? new DOMException('aborted', 'AbortError')));
  });
}

/** Answers after `ms` (fake timers advance it). */
export function after(ms: number, make: () => Response | Promise<Response>): Promise<Response> {
  return new Promise((resolve, reject) => setTimeout(() => Promise.resolve().then(make).then(resolve, reject), ms));
}

export const translations = { codesEn, errorsEn, errorsZh };

/** i18next with the real translation files, in English. */
export async function initTestI18n(): Promise<void> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng: 'en',
      fallbackLng: false,
      ns: ['user-accounts', 'inverse-error-code'],
      defaultNS: 'user-accounts',
      resources: {
        en: { 'user-accounts': { errors: errorsEn }, 'inverse-error-code': codesEn },
        'zh-CN': { 'user-accounts': { errors: errorsZh }, 'inverse-error-code': {} },
      },
      interpolation: { escapeValue: false },
    });
  }
  await i18n.changeLanguage('en');
}

/** A clean request layer for each test. */
export function resetRequestLayer(): void {
  responseCache.clear();
  responseCache.unload();
  forgetClientTags();
  clearTimingEvents();
  resetRequestContext();
}
