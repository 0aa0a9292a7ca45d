import { SDK_BUSINESS_PARAM, SDK_FLOW_PREFIX, SDK_PAGE_PATH, SdkPageParam, WEB_BUSINESS_ID } from '../../../shared/sdk-page.ts';
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
  /**
   * The partner's business id (the link's `sdkBusiness`, else learnt from the token info): kept in
   * every page's address so that a reload inside the partner's frame is framed again (decision 021).
   * null for a web user's own token or before it is known.
   */
  business?: string | null;
}

/** A business id as the registry allows it (a lowercase slug); anything else is not a marker. */
const BUSINESS_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const businessMarker = (value: string | null | undefined): string | null => (value && value !== WEB_BUSINESS_ID && BUSINESS_ID.test(value) ? value : null);

export const SDK_SESSION_KEY = 'ua.sdkSession';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What window.name holds for SDK mode: recognisable, so a name set by anyone else is never parsed as ours. */
const WINDOW_NAME_PREFIX = 'ua-sdk-session:';

/**
 * The session in the frame's own `window.name`, for a browser that denies a cross-site frame its
 * storage (third-party storage blocked: the partner's embedded flow). The name lives exactly as long
 * as the frame (a reload keeps it, another frame or tab never sees it), which is the lifetime an SDK
 * session needs. Only this one key is kept.
 */
export function windowNameStore(win: { name: string }): Store {
  const read = (): string | null => (win.name.startsWith(WINDOW_NAME_PREFIX) ? win.name.slice(WINDOW_NAME_PREFIX.length) : null);
  return {
    getItem: (key) => (key === SDK_SESSION_KEY ? read() : null),
    setItem: (key, value) => {
      if (key === SDK_SESSION_KEY) win.name = `${WINDOW_NAME_PREFIX}${value}`;
    },
    removeItem: (key) => {
      if (key === SDK_SESSION_KEY && read() !== null) win.name = '';
    },
  };
}

/** The tab's sessionStorage, else (a cross-site frame denied it) the frame's window.name. */
function sessionStore(): Store | undefined {
  try {
    const storage = globalThis.sessionStorage;
    if (storage) return storage;
  } catch {
    // Denied (a cross-site frame with third-party storage blocked): the frame's name instead.
  }
  return typeof window === 'undefined' ? undefined : windowNameStore(window);
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
    business: businessMarker(q.get(SDK_BUSINESS_PARAM)),
  };
}

let current: SdkSession | null = null;

function save(store: Store | undefined, session: SdkSession): void {
  try {
    store?.setItem(SDK_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Storage disabled: SDK mode then lasts until the next full page load.
  }
}

/**
 * Reads the SDK session once at start: a new one from the SDK page's address (saved for the tab),
 * else the one saved earlier in this tab. A new token replaces an older session.
 */
export function startSdkSession(location: Pick<Location, 'pathname' | 'search'> = window.location, store: Store | undefined = sessionStore()): SdkSession | null {
  const launched = parseSdkLaunch(location.pathname, location.search);
  if (launched) {
    save(store, launched);
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

/**
 * The partner's business, once the token info names it (a link without `sdkBusiness`): saved for
 * the tab and put into the current address at once, so a reload of this very page is framed too.
 */
export function learnSdkBusiness(id: string, store: Store | undefined = sessionStore(), nav?: AddressBar): void {
  const business = businessMarker(id);
  if (!current || !business || current.business === business) return;
  current = { ...current, business };
  save(store, current);
  keepSdkMarkerInAddress(nav);
  dropSdkTokenFromAddress(nav);
}

/** Whether the page runs inside another page's frame (a partner's embedded flow). */
function isFramed(): boolean {
  try {
    return typeof window !== 'undefined' && window.top !== window.self;
  } catch {
    return true;
  }
}

type AddressBar = { history: Pick<History, 'replaceState' | 'state'>; location: Pick<Location, 'pathname' | 'search' | 'hash'> };

/** Puts the business marker into the current address if it is missing (start of a page, marker learnt). */
export function keepSdkMarkerInAddress(nav: AddressBar | undefined = typeof window === 'undefined' ? undefined : window): void {
  if (!nav) return;
  const here = `${nav.location.pathname}${nav.location.search}${nav.location.hash}`;
  const next = withSdkMarker(here);
  if (next !== here) nav.history.replaceState(nav.history.state, '', next);
}

/**
 * Takes the access token out of the SDK page's address once the session holds it (issue 27,
 * decision 047): it is a bearer credential, and the address bar, the history, a shared screenshot
 * and the Referer of anything the page loads are no place for it. The other parameters stay (the
 * business marker frames a reload; `lang` keeps the language); a reload reads the saved session.
 * In a frame whose link had no business marker the token waits until the token info names the
 * business (learnSdkBusiness): until then the token is what lets a reload be framed at all.
 */
export function dropSdkTokenFromAddress(nav: AddressBar | undefined = typeof window === 'undefined' ? undefined : window, framed: boolean = isFramed()): void {
  if (!nav || !current || (framed && !current.business)) return;
  const { pathname, search, hash } = nav.location;
  if (pathname !== SDK_PAGE_PATH && pathname !== `${SDK_PAGE_PATH}/`) return;
  const q = new URLSearchParams(search);
  if (!q.has(SdkPageParam.TOKEN)) return;
  q.delete(SdkPageParam.TOKEN);
  const rest = q.toString();
  nav.history.replaceState(nav.history.state, '', `${pathname}${rest ? `?${rest}` : ''}${hash}`);
}

/**
 * An address of the SDK flow with the business marker added (it stays in every page's address of
 * the flow); any other address, or outside a partner's SDK session, as it is.
 */
export function withSdkMarker(to: string): string {
  const business = current?.business;
  if (!business || !to.startsWith(SDK_FLOW_PREFIX)) return to;
  const url = new URL(to, 'http://sdk.invalid');
  if (url.searchParams.get(SDK_BUSINESS_PARAM) === business) return to;
  url.searchParams.set(SDK_BUSINESS_PARAM, business);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** wouter's `aroundNav`: every navigation of the app keeps the marker in SDK mode. */
export function sdkAroundNav<O>(navigate: (to: string, options?: O) => void, to: string, options?: O): void {
  navigate(withSdkMarker(to), options);
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
