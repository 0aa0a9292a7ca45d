import i18n from 'i18next';
import { Platform, RequestHeader } from '../../../shared/api/headers.ts';
import { DEFAULT_LANGUAGE } from '../../../shared/languages.ts';

/** §7: the pieces of the mini-program user-agent style header. */
export interface MiniProgramAgent {
  company: string;
  platform: string;
  system: string;
  device: string;
}

/** §6, §7: what an SDK/app caller authenticates with. */
export interface SdkAuth {
  token: string;
  origin: string;
  business: string;
  /** The SDK page's `site` (decision 040), sent so the server follows that site's rules. */
  site?: string | null;
}

/**
 * Where the request layer learns about its surroundings. The request layer does not detect the
 * container, region or language itself: lib/container, lib/i18n and the SDK flow own that and plug
 * their providers in with `configureRequestContext` (main.tsx). Each provider is called per request,
 * so a language switch or an SDK token obtained later applies to the next call.
 */
export interface RequestContext {
  /** The current language (Accept-Language, and the `Lang` header when asked for). */
  language: () => string;
  /** §7 platform header value. */
  platform: () => Platform;
  /** Inside a mini-program: the user-agent style header's parts; elsewhere null. */
  miniProgramAgent: () => MiniProgramAgent | null;
  /** In SDK mode: the access token, origin and business scene; otherwise null. */
  sdkAuth: () => SdkAuth | null;
  /** The device GUID for the optional `Guid` header; null when there is none. */
  guid: () => string | null;
  /**
   * The path actually called for a path of the API (§7: in SDK mode the private KYC calls go to
   * their /v1/s1/kyc/integration/ variants). Identity by default.
   */
  apiPath: (path: string) => string;
}

const MOBILE_UA = /Mobi|Android|iPhone|iPad|iPod|Windows Phone|HarmonyOS|webOS|BlackBerry/i;

/** §9 "Platform detection: mobile h5, desktop pc": a touch/mobile browser is h5, anything else pc. */
export function detectPlatform(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> & { userAgentData?: { mobile?: boolean } } = navigator): Platform {
  if (nav.userAgentData?.mobile) return Platform.H5;
  if (MOBILE_UA.test(nav.userAgent)) return Platform.H5;
  // iPadOS presents itself as a Mac; its touch points give it away.
  if (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1) return Platform.H5;
  return Platform.PC;
}

function defaultLanguage(): string {
  return i18n.resolvedLanguage || i18n.language || DEFAULT_LANGUAGE;
}

const defaults: RequestContext = {
  language: defaultLanguage,
  platform: () => detectPlatform(),
  miniProgramAgent: () => null,
  sdkAuth: () => null,
  guid: () => null,
  apiPath: (path) => path,
};

let current: RequestContext = { ...defaults };

/** Replaces some providers of the request context; the others keep their current value. */
export function configureRequestContext(providers: Partial<RequestContext>): void {
  current = { ...current, ...providers };
}

/** Back to the defaults (i18next's language, UA-based platform, no mini-program, no SDK auth, no GUID). */
export function resetRequestContext(): void {
  current = { ...defaults };
}

export function requestContext(): RequestContext {
  return current;
}

/** Header values must be visible ASCII (fetch rejects anything else); separators would break the format. */
function headerSafe(value: string, separators = false): string {
  const ascii = value.replace(/[^\x20-\x7e]/g, '?');
  return (separators ? ascii.replace(/[/;()]/g, ' ') : ascii).replace(/\s+/g, ' ').trim();
}

/** `{company}/{platform} ({system}; {device})`, the User-Agent style value of the mini-program header. */
export function formatClientAgent(agent: MiniProgramAgent): string {
  const part = (v: string) => headerSafe(v, true) || 'unknown';
  return `${part(agent.company)}/${part(agent.platform)} (${part(agent.system)}; ${part(agent.device)})`;
}

export interface ContextHeaderOptions {
  /** §7: send the `Guid` header (kyc-info). */
  sendGuid?: boolean;
  /** §7: send the `Lang` header (kyc-info). */
  sendLang?: boolean;
}

/**
 * §7: the headers every call of the main client carries, from the current context: platform,
 * Accept-Language, the mini-program agent, SDK authentication, and on request Guid and Lang.
 */
export function contextHeaders(options: ContextHeaderOptions = {}): Record<string, string> {
  const ctx = current;
  const language = headerSafe(ctx.language());
  const headers: Record<string, string> = {
    [RequestHeader.PLATFORM]: ctx.platform(),
    [RequestHeader.ACCEPT_LANGUAGE]: language,
  };
  const agent = ctx.miniProgramAgent();
  if (agent) headers[RequestHeader.CLIENT_AGENT] = formatClientAgent(agent);
  const sdk = ctx.sdkAuth();
  if (sdk) {
    headers[RequestHeader.KYC_ACCESS_TOKEN] = headerSafe(sdk.token);
    headers[RequestHeader.KYC_ACCESS_ORIGIN] = headerSafe(sdk.origin);
    headers[RequestHeader.KYC_ACCESS_BUSINESS] = headerSafe(sdk.business);
    if (sdk.site) headers[RequestHeader.KYC_ACCESS_SITE] = headerSafe(sdk.site);
  }
  if (options.sendGuid) {
    const guid = ctx.guid();
    if (guid) headers[RequestHeader.GUID] = headerSafe(guid);
  }
  if (options.sendLang) headers[RequestHeader.LANG] = language;
  return headers;
}
