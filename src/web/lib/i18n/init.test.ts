import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEnv } from '../../env.ts';
import { changeLanguage, currentLanguages, i18n, initI18n } from './index.ts';

const files: Record<string, unknown> = {
  'user-accounts/en': { common: { retry: 'Try again' } },
  'user-accounts/de-DE': { common: { retry: 'Erneut versuchen' } },
  'user-accounts/ar-SA': { common: { retry: 'حاول مرة أخرى' } },
  'user-accounts/test-ar-SA': { common: { retry: 'حاول مرة أخرى (test)' } },
  'inverse-error-code/ar-SA': { '50016': 'خطأ في الشبكة' },
  'inverse-error-code/en': { '50016': 'Network error' },
  'inverse-error-code/de-DE': { '50016': 'Netzwerkfehler' },
};

let requested: string[];
let failuresLeft: number;

beforeEach(() => {
  requested = [];
  failuresLeft = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const url = String(input);
      requested.push(url);
      if (failuresLeft > 0) {
        failuresLeft--;
        return new Response('oops', { status: 503, statusText: 'Service Unavailable' });
      }
      const m = /release\/([^/]+)\/([^/?]+)\.json\?v=1$/.exec(url);
      const body = m ? files[`${m[1]}/${m[2]}`] : undefined;
      return body ? Response.json(body) : new Response('{}', { status: 404, statusText: 'Not Found' });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('initI18n', () => {
  it('loads both namespaces from the §7 address, retries failures, sets html lang/dir and saves the choice', async () => {
    localStorage.setItem('i18nextLng', 'de-DE');
    failuresLeft = 1;
    window.history.replaceState(null, '', '/user/accounts/auth/personal?lang=ar-SA&x=1');
    await initI18n({ hostname: 'accounts.exchange.ae', search: '?lang=ar-SA', env: readEnv({ VITE_APP_ENV: 'test', VITE_TEST_STATIC_ORIGIN: 'https://static.test' }) });

    expect(i18n.language).toBe('ar-SA');
    expect(currentLanguages().supported).toContain('ar-SA');
    expect(requested).toContain('https://static.test/common-static/fhs/i18n-upload/low-cache/project/release/user-accounts/test-ar-SA.json?v=1');
    expect(requested.some((u) => u.includes('/inverse-error-code/test-ar-SA.json?v=1'))).toBe(true);
    // One 503, then a retry of the same file.
    expect(requested.filter((u) => u === requested[0]).length).toBe(2);
    expect(i18n.t('common.retry')).toBe('حاول مرة أخرى (test)');
    expect(document.documentElement.lang).toBe('ar-SA');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem('i18nextLng')).toBe('ar-SA');
  });

  it('a shipped language loads one file per namespace, not its fallback as well (issue 15)', async () => {
    localStorage.removeItem('i18nextLng');
    await initI18n({ hostname: 'accounts.exchange.com', search: '?lang=de-DE', env: readEnv({}) });
    expect(i18n.t('common.retry')).toBe('Erneut versuchen');
    const files = requested.map((u) => /release\/([^?]+)\?v=1$/.exec(u)?.[1]).sort();
    expect(files).toEqual(['inverse-error-code/de-DE.json', 'user-accounts/de-DE.json']);
  });

  it('changeLanguage switches within the region, saves it, flips dir and drops ?lang from the address', async () => {
    await initI18n({ hostname: 'accounts.exchange.ae', search: '?lang=ar-SA', env: readEnv({}) });
    window.history.replaceState(null, '', '/user/accounts/auth/personal?lang=ar-SA&x=1#h');
    await changeLanguage('de-DE');
    expect(i18n.language).toBe('de-DE');
    expect(i18n.t('common.retry')).toBe('Erneut versuchen');
    expect(localStorage.getItem('i18nextLng')).toBe('de-DE');
    expect(document.documentElement.lang).toBe('de-DE');
    expect(document.documentElement.dir).toBe('ltr');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/user/accounts/auth/personal?x=1#h');
    expect(requested).toContain('/common-static/fhs/i18n-upload/low-cache/project/release/user-accounts/de-DE.json?v=1');

    // Not a language of this region: ignored.
    await changeLanguage('zh-HK');
    expect(i18n.language).toBe('de-DE');
  });
});
