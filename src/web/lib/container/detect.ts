import { Platform } from '../../../shared/api/headers.ts';
import { APP_BASE } from '../../../shared/api/paths.ts';
import { detectPlatform, type MiniProgramAgent } from '../http/index.ts';

/** Where the account area runs (§1, §2). */
export const ContainerKind = {
  /** The Telegram mini-app container. */
  TELEGRAM: 'telegram',
  /** The exchange's own app web view: the header is hidden (§2). */
  APP: 'app',
  /** The SDK / embedded flow: header and footer are hidden (§2). */
  SDK: 'sdk',
  /** A normal browser. */
  BROWSER: 'browser',
} as const;
export type ContainerKind = (typeof ContainerKind)[keyof typeof ContainerKind];

/** What Telegram passes in the launch parameters that we need before (and without) loading its SDK. */
export interface TelegramLaunch {
  /** `tgWebAppPlatform`: ios, android, android_x, tdesktop, macos, weba, webk, unigram, … */
  platform: string;
  /** `tgWebAppVersion`: the Mini Apps API version the client supports. */
  version: string;
}

export interface Container {
  kind: ContainerKind;
  telegram: TelegramLaunch | null;
  appView: boolean;
  /** The SDK view as known at start (the SDK page's address, or earlier in this tab). */
  sdkView: boolean;
}

/** Our own copy of the launch parameters: the address loses them after the first navigation or reload. */
export const TELEGRAM_LAUNCH_KEY = 'ua.telegramLaunch';
/** Set once the SDK page was entered in this tab, so later screens of the SDK flow keep the SDK view. */
export const SDK_VIEW_KEY = 'ua.sdkView';
const SDK_PAGE = `${APP_BASE}/auth/sdk`;

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

function safeGet(storage: SessionStore | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function safeSet(storage: SessionStore | undefined, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage disabled: detection then relies on the address alone.
  }
}

/** Telegram puts its launch parameters in the hash (or, in some clients, the query) of the first URL. */
export function parseTelegramLaunch(raw: string): TelegramLaunch | null {
  const params = new URLSearchParams(raw.replace(/^[^?#]*[?#]/, '').replace(/[?#]/g, '&'));
  const platform = params.get('tgWebAppPlatform');
  const version = params.get('tgWebAppVersion');
  if (!platform || !version || !/^[a-z_]{2,20}$/i.test(platform) || !/^\d+(\.\d+){0,2}$/.test(version)) return null;
  return { platform: platform.toLowerCase(), version };
}

/** §1 Telegram container: launch parameters in the address, else saved earlier in this tab. */
export function readTelegramLaunch(href: string, storage: SessionStore | undefined): TelegramLaunch | null {
  const fromUrl = parseTelegramLaunch(href);
  if (fromUrl) {
    safeSet(storage, TELEGRAM_LAUNCH_KEY, JSON.stringify(fromUrl));
    return fromUrl;
  }
  const saved = safeGet(storage, TELEGRAM_LAUNCH_KEY);
  if (!saved) return null;
  try {
    const value = JSON.parse(saved) as Partial<TelegramLaunch>;
    return parseTelegramLaunch(`#tgWebAppPlatform=${encodeURIComponent(String(value.platform))}&tgWebAppVersion=${encodeURIComponent(String(value.version))}`);
  } catch {
    return null;
  }
}

export interface DetectInput {
  href: string;
  pathname: string;
  userAgent: string;
  storage?: SessionStore | undefined;
  /** The token the exchange's app adds to its web view's User-Agent (env.ts). */
  appUserAgentMarker: string;
}

/**
 * Detects the container once at start, cheaply (no SDK loaded): Telegram by its launch parameters,
 * the SDK view by the SDK page's address (remembered for the tab), the exchange's app view by its
 * User-Agent marker, else a normal browser. Telegram wins over the others (it decides the platform
 * header); the SDK view wins over the app view (it hides more).
 */
export function detectContainer(input: DetectInput): Container {
  const telegram = readTelegramLaunch(input.href, input.storage);
  const onSdkPage = input.pathname === SDK_PAGE || input.pathname.startsWith(`${SDK_PAGE}/`);
  if (onSdkPage) safeSet(input.storage, SDK_VIEW_KEY, '1');
  const sdkView = onSdkPage || safeGet(input.storage, SDK_VIEW_KEY) === '1';
  const marker = input.appUserAgentMarker.toLowerCase();
  const appView = marker.length > 0 && input.userAgent.toLowerCase().includes(marker);
  const kind = telegram ? ContainerKind.TELEGRAM : sdkView ? ContainerKind.SDK : appView ? ContainerKind.APP : ContainerKind.BROWSER;
  return { kind, telegram, appView, sdkView };
}

/** §3 SDK mode fields: a user with an SDK token (or flagged isSdk) is in the SDK view. */
export function isSdkUser(user: { isSdk?: boolean; sdkToken?: string } | undefined): boolean {
  return Boolean(user?.isSdk || user?.sdkToken);
}

/** §2: what the page shows around the screens in each container. */
export function chromeVisibility(container: Pick<Container, 'appView' | 'sdkView'>, sdkUser = false): { header: boolean; footer: boolean } {
  const sdk = container.sdkView || sdkUser;
  return { header: !sdk && !container.appView, footer: !sdk };
}

/** §7 platform header: `ios_tg` / `android_tg` / `pc_tg` in Telegram, else `h5` on phones and `pc` on desktops (§9). */
export function platformOf(container: Pick<Container, 'telegram'>, nav: Parameters<typeof detectPlatform>[0] = navigator): Platform {
  const tg = container.telegram?.platform;
  if (tg) {
    if (tg === 'ios') return Platform.IOS_TG;
    if (tg.startsWith('android')) return Platform.ANDROID_TG;
    return Platform.PC_TG;
  }
  return detectPlatform(nav);
}

function deviceOf(userAgent: string): string {
  if (/iPad/.test(userAgent)) return 'iPad';
  if (/iPhone|iPod/.test(userAgent)) return 'iPhone';
  if (/Android/.test(userAgent)) return /Mobile/.test(userAgent) ? 'Android phone' : 'Android tablet';
  if (/Macintosh/.test(userAgent)) return 'Mac';
  if (/Windows/.test(userAgent)) return 'Windows PC';
  if (/Linux/.test(userAgent)) return 'Linux PC';
  return 'unknown';
}

/**
 * §7: inside the mini-program, the user-agent style header names company, platform, system and
 * device: e.g. `{ company: 'Exchange', platform: 'telegram', system: 'ios', device: 'iPhone' }`.
 */
export function miniProgramAgentOf(container: Pick<Container, 'telegram'>, company: string, userAgent: string): MiniProgramAgent | null {
  if (!container.telegram) return null;
  return { company, platform: 'telegram', system: container.telegram.platform, device: deviceOf(userAgent) };
}

/** §6, §7: what an SDK user authenticates with, from the user fields of §3 (null outside SDK mode). */
export function sdkAuthOf(
  user: { sdkToken?: string; accessOrigin?: string; sdkFrom?: string } | undefined,
  pageOrigin: string,
): { token: string; origin: string; business: string } | null {
  if (!user?.sdkToken) return null;
  // §3 accessOrigin: the partner's origin the token was issued for; §2 `from`: the business scene.
  return { token: user.sdkToken, origin: user.accessOrigin || pageOrigin, business: user.sdkFrom ?? '' };
}
