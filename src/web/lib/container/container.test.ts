import { describe, expect, it, vi } from 'vitest';
import { chromeVisibility, ContainerKind, detectContainer, isSdkUser, miniProgramAgentOf, parseTelegramLaunch, platformOf, SDK_VIEW_KEY, TELEGRAM_LAUNCH_KEY } from './detect.ts';
import { ensureGuid, GUID_COOKIE_DAYS, newGuid, readCookie } from './guid.ts';
import { setupTelegram, type TelegramPort } from './telegram.ts';

const CHROME_DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';
const TG_HASH = '#tgWebAppData=query_id%3D1&tgWebAppVersion=8.0&tgWebAppPlatform=ios&tgWebAppThemeParams=%7B%7D';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}
const base = { pathname: '/user/accounts/auth/personal', userAgent: CHROME_DESKTOP, appUserAgentMarker: 'ExchangeApp' };

describe('container detection (§1, §2)', () => {
  it('a normal browser', () => {
    const c = detectContainer({ ...base, href: 'https://a.exchange.com/user/accounts/auth/personal', storage: memoryStorage() });
    expect(c).toEqual({ kind: ContainerKind.BROWSER, telegram: null, appView: false, sdkView: false });
    expect(chromeVisibility(c)).toEqual({ header: true, footer: true });
  });

  it('Telegram by its launch parameters, remembered for the tab (the hash is gone after a reload)', () => {
    const storage = memoryStorage();
    const first = detectContainer({ ...base, href: `https://a.exchange.com/user/accounts/auth/personal${TG_HASH}`, storage });
    expect(first.kind).toBe(ContainerKind.TELEGRAM);
    expect(first.telegram).toEqual({ platform: 'ios', version: '8.0' });
    expect(storage.m.has(TELEGRAM_LAUNCH_KEY)).toBe(true);
    const later = detectContainer({ ...base, href: 'https://a.exchange.com/user/accounts/auth/kyc', storage });
    expect(later.telegram).toEqual({ platform: 'ios', version: '8.0' });
  });

  it('refuses malformed launch parameters', () => {
    expect(parseTelegramLaunch('https://x/#tgWebAppPlatform=ios')).toBeNull();
    expect(parseTelegramLaunch('https://x/#tgWebAppPlatform=<b>&tgWebAppVersion=8.0')).toBeNull();
    expect(parseTelegramLaunch('https://x/#tgWebAppPlatform=ios&tgWebAppVersion=eight')).toBeNull();
    expect(parseTelegramLaunch('https://x/?tgWebAppPlatform=android&tgWebAppVersion=7.10')).toEqual({ platform: 'android', version: '7.10' });
    const storage = memoryStorage();
    storage.setItem(TELEGRAM_LAUNCH_KEY, '{broken');
    expect(detectContainer({ ...base, href: 'https://x/', storage }).telegram).toBeNull();
  });

  it("the exchange's app view by its User-Agent marker: header hidden, footer shown", () => {
    const c = detectContainer({ ...base, href: 'https://x/', userAgent: `${IPHONE} ExchangeApp/5.2.0`, storage: memoryStorage() });
    expect(c.kind).toBe(ContainerKind.APP);
    expect(chromeVisibility(c)).toEqual({ header: false, footer: true });
  });

  it('the SDK view from the SDK page (remembered for the tab) or an SDK user: header and footer hidden', () => {
    const storage = memoryStorage();
    const onSdk = detectContainer({ ...base, href: 'https://x/user/accounts/auth/sdk?token=t', pathname: '/user/accounts/auth/sdk', storage });
    expect(onSdk.kind).toBe(ContainerKind.SDK);
    expect(storage.getItem(SDK_VIEW_KEY)).toBe('1');
    expect(detectContainer({ ...base, href: 'https://x/user/accounts/auth/kyc', pathname: '/user/accounts/auth/kyc', storage }).sdkView).toBe(true);
    expect(chromeVisibility(onSdk)).toEqual({ header: false, footer: false });

    const browser = detectContainer({ ...base, href: 'https://x/', storage: memoryStorage() });
    expect(isSdkUser({ sdkToken: 'abc' })).toBe(true);
    expect(isSdkUser({ isSdk: true })).toBe(true);
    expect(isSdkUser({})).toBe(false);
    expect(chromeVisibility(browser, isSdkUser({ isSdk: true }))).toEqual({ header: false, footer: false });
    expect(detectContainer({ ...base, href: 'https://x/', pathname: '/user/accounts/auth/sdkfoo', storage: memoryStorage() }).sdkView).toBe(false);
  });

  it('works without storage (disabled storage)', () => {
    expect(detectContainer({ ...base, href: `https://x/${TG_HASH}`, storage: undefined }).kind).toBe(ContainerKind.TELEGRAM);
  });
});

describe('platform header (§7)', () => {
  const nav = (userAgent: string) => ({ userAgent, maxTouchPoints: 0 });
  it.each([
    ['ios', 'ios_tg'],
    ['android', 'android_tg'],
    ['android_x', 'android_tg'],
    ['tdesktop', 'pc_tg'],
    ['macos', 'pc_tg'],
    ['weba', 'pc_tg'],
  ])('Telegram %s -> %s', (platform, expected) => {
    expect(platformOf({ telegram: { platform, version: '8.0' } }, nav(CHROME_DESKTOP))).toBe(expected);
  });

  it('outside Telegram: h5 on phones, pc on desktops (§9)', () => {
    expect(platformOf({ telegram: null }, nav(IPHONE))).toBe('h5');
    expect(platformOf({ telegram: null }, nav(ANDROID))).toBe('h5');
    expect(platformOf({ telegram: null }, nav(CHROME_DESKTOP))).toBe('pc');
  });

  it('the mini-program agent names company, platform, system and device', () => {
    expect(miniProgramAgentOf({ telegram: { platform: 'ios', version: '8.0' } }, 'Exchange', IPHONE)).toEqual({
      company: 'Exchange',
      platform: 'telegram',
      system: 'ios',
      device: 'iPhone',
    });
    expect(miniProgramAgentOf({ telegram: { platform: 'android', version: '8.0' } }, 'Exchange', ANDROID)?.device).toBe('Android phone');
    expect(miniProgramAgentOf({ telegram: null }, 'Exchange', IPHONE)).toBeNull();
  });
});

function fakePort() {
  const calls: string[] = [];
  let listener: (() => void) | null = null;
  const port: TelegramPort = {
    init: () => void calls.push('init'),
    showBackButton: () => void calls.push('show'),
    hideBackButton: () => void calls.push('hide'),
    onBackButton: (fn) => {
      listener = fn;
      calls.push('onBack');
      return () => {
        listener = null;
      };
    },
    expand: () => void calls.push('expand'),
    setBackgroundColor: (c) => void calls.push(`bg:${c}`),
  };
  return { port, calls, press: () => listener?.() };
}

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('Telegram container (§1)', () => {
  it('shows the back button (going back), expands, and sets a black background', () => {
    const { port, calls, press } = fakePort();
    const onBack = vi.fn();
    const cleanup = setupTelegram(port, { platform: 'android', version: '8.0' }, { onBack });
    expect(calls).toEqual(['init', 'show', 'onBack', 'expand', 'bg:#000000']);
    expect(document.documentElement.style.backgroundColor).toBe('rgb(0, 0, 0)');
    press();
    expect(onBack).toHaveBeenCalledTimes(1);
    // Not iOS: visibility does not touch the button.
    setVisibility('hidden');
    expect(calls).not.toContain('hide');
    cleanup();
    press();
    expect(onBack).toHaveBeenCalledTimes(1);
    setVisibility('visible');
  });

  it('on iOS hides the back button while the page is hidden', () => {
    const { port, calls } = fakePort();
    const cleanup = setupTelegram(port, { platform: 'ios', version: '8.0' }, { onBack: () => {} });
    setVisibility('hidden');
    expect(calls.at(-1)).toBe('hide');
    setVisibility('visible');
    expect(calls.at(-1)).toBe('show');
    cleanup();
    setVisibility('hidden');
    expect(calls.at(-1)).toBe('show');
    setVisibility('visible');
  });

  it('one unsupported feature does not stop the others', () => {
    const { port, calls } = fakePort();
    port.expand = () => {
      throw new Error('unsupported in 6.0');
    };
    const onError = vi.fn();
    setupTelegram(port, { platform: 'tdesktop', version: '6.0' }, { onBack: () => {}, onError });
    expect(onError).toHaveBeenCalledWith('expand', expect.any(Error));
    expect(calls).toContain('bg:#000000');
  });
});

describe('device GUID cookie (§9: 120 days)', () => {
  const jar = () => {
    let stored = '';
    return {
      get cookie() {
        return stored;
      },
      set cookie(v: string) {
        stored = v.split(';')[0]!;
        this.last = v;
      },
      last: '',
    };
  };

  it('creates a version 4 GUID and sets it for 120 days', () => {
    const doc = jar();
    const now = new Date('2030-01-01T00:00:00Z');
    const guid = ensureGuid(doc, now, true);
    expect(guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(GUID_COOKIE_DAYS).toBe(120);
    expect(doc.last).toContain(`ua_guid=${guid}`);
    expect(doc.last).toContain('Expires=Wed, 01 May 2030 00:00:00 GMT');
    expect(doc.last).toContain('Max-Age=10368000');
    expect(doc.last).toContain('SameSite=Lax; Secure');
  });

  it('keeps an existing GUID (renewing it) and replaces a tampered one', () => {
    const doc = jar();
    const first = ensureGuid(doc, new Date(), false);
    expect(ensureGuid(doc, new Date(), false)).toBe(first);
    expect(doc.last).not.toContain('Secure');
    doc.cookie = 'ua_guid=<script>';
    expect(ensureGuid(doc, new Date(), false)).not.toBe('<script>');
  });

  it('helpers', () => {
    expect(readCookie('a=1; ua_guid=x%20y; b=2', 'ua_guid')).toBe('x y');
    expect(readCookie('a=1', 'ua_guid')).toBeNull();
    expect(readCookie('ua_guid=%E0%A4%A', 'ua_guid')).toBeNull();
    expect(newGuid(() => new Uint8Array(16))).toBe('00000000-0000-4000-8000-000000000000');
  });
});

describe('SDK authentication (§6, §7)', () => {
  it('comes from the SDK user fields; none outside SDK mode', async () => {
    const { sdkAuthOf } = await import('./detect.ts');
    expect(sdkAuthOf({ sdkToken: 'tok', accessOrigin: 'https://partner.example', sdkFrom: 'onboarding' }, 'https://a.exchange.com')).toEqual({
      token: 'tok',
      origin: 'https://partner.example',
      business: 'onboarding',
    });
    expect(sdkAuthOf({ sdkToken: 'tok' }, 'https://a.exchange.com')).toEqual({ token: 'tok', origin: 'https://a.exchange.com', business: '' });
    expect(sdkAuthOf({}, 'https://a.exchange.com')).toBeNull();
    expect(sdkAuthOf(undefined, 'https://a.exchange.com')).toBeNull();
  });
});

describe('loading the Telegram SDK', () => {
  it('a failed download is reported, not thrown', async () => {
    const { startTelegram } = await import('./telegram.ts');
    const onError = vi.fn();
    const cleanup = await startTelegram({ platform: 'ios', version: '8.0' }, { onError }, () => Promise.reject(new Error('chunk failed')));
    expect(onError).toHaveBeenCalledWith('load SDK', expect.any(Error));
    expect(() => cleanup()).not.toThrow();
  });
});
