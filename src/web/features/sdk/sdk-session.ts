import { SDK_PAGE_PATH, SdkPageParam, sdkPathOf } from '../../../shared/integration-paths.ts';
import type { AppUser } from '../../store/global.ts';

/**
 * §2, §3 SDK mode: what the SDK page's address says (token, from, lang, isUpdatePoi, hidden, site,
 * update), kept for the tab so that every later screen of the flow stays in SDK mode and sends the
 * SDK headers (§7) to the integration calls.
 */
export interface SdkSession {
  token: string;
  /** §2 `from`: the business scene, sent as kyc-access-business. */
  from: string;
  lang: string | null;
  /** §3 isUpdatePoi, as the string the address carries ('true' or not). */
  isUpdatePoi: string;
  hidden: boolean;
  site: string | null;
  update: string | null;
}

export const SDK_SESSION_KEY = 'ua.sdkSession';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): Store | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The session the SDK page's address starts, or null when the address is not the SDK page or has no token. */
export function parseSdkLaunch(pathname: string, search: string): SdkSession | null {
  if (pathname !== SDK_PAGE_PATH && pathname !== `${SDK_PAGE_PATH}/`) return null;
  const q = new URLSearchParams(search);
  const token = q.get(SdkPageParam.TOKEN);
  if (!token || token.length > 200 || !/^[\x21-\x7e]+$/.test(token)) return null;
  return {
    token,
    from: q.get(SdkPageParam.FROM) ?? '',
    lang: q.get(SdkPageParam.LANG),
    isUpdatePoi: q.get(SdkPageParam.IS_UPDATE_POI) ?? 'false',
    hidden: q.get(SdkPageParam.HIDDEN) === 'true',
    site: q.get(SdkPageParam.SITE),
    update: q.get(SdkPageParam.UPDATE),
  };
}

let current: SdkSession | null = null;

/**
 * Reads the SDK session once at start: a new one from the SDK page's address (saved for the tab),
 * else the one saved earlier in this tab. A new token replaces an older session.
 */
export function startSdkSession(location: Pick<Location, 'pathname' | 'search'> = window.location, store: Store | undefined = sessionStore()): SdkSession | null {
  const launched = parseSdkLaunch(location.pathname, location.search);
  if (launched) {
    try {
      store?.setItem(SDK_SESSION_KEY, JSON.stringify(launched));
    } catch {
      // Storage disabled: SDK mode then lasts until the next full page load.
    }
    current = launched;
    return current;
  }
  try {
    const saved = store?.getItem(SDK_SESSION_KEY);
    const parsed = saved ? (JSON.parse(saved) as Partial<SdkSession>) : null;
    current = parsed && typeof parsed.token === 'string' && typeof parsed.from === 'string' ? (parsed as SdkSession) : null;
  } catch {
    current = null;
  }
  return current;
}

/** The SDK session of this tab, if any. */
export function sdkSession(): SdkSession | null {
  return current;
}

/** Forgets the session (tests; the end of the flow). */
export function endSdkSession(store: Store | undefined = sessionStore()): void {
  current = null;
  try {
    store?.removeItem(SDK_SESSION_KEY);
  } catch {
    // Nothing saved.
  }
}

/** §3 SDK mode fields of the user, before the token info arrives. */
export function sdkUserFields(session: SdkSession): AppUser {
  return {
    id: session.token,
    sdkToken: session.token,
    isSdk: true,
    isUpdatePoi: session.isUpdatePoi === 'true',
    sdkFrom: session.from,
    ...(session.lang ? { sdkLang: session.lang } : {}),
    hidden: session.hidden,
    currency_code: 'USD',
  };
}

/** §7: in SDK mode every private KYC call goes to its integration variant. */
export function sdkApiPath(path: string): string {
  return current ? sdkPathOf(path) : path;
}
