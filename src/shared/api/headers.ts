/**
 * Request header names and values of §7 "Common behaviour", shared so the server reads exactly what
 * the web client sends. Where the spec names a header we use its name; where it only describes one,
 * the name chosen here is the contract (see docs/decisions/007-request-layer.md).
 */
export const RequestHeader = {
  /** §7: which client sends the request; values are `Platform`. Name chosen by us (the spec gives none). */
  PLATFORM: 'platform',
  /** §7: every request carries the current language. */
  ACCEPT_LANGUAGE: 'Accept-Language',
  /**
   * §7: "in a mini-program a user-agent style header names company, platform, system and device".
   * Browsers do not let pages set User-Agent, so this is our own header with a User-Agent style value:
   * `{company}/{platform} ({system}; {device})`.
   */
  CLIENT_AGENT: 'X-Client-Agent',
  /** §7: a request tagged by the caller; the web client tracks tagged requests for 60 s. */
  CLIENT_TAG: 'X-Client-Tag',
  /** §6, §7: SDK mode authentication. */
  KYC_ACCESS_TOKEN: 'kyc-access-token',
  KYC_ACCESS_ORIGIN: 'kyc-access-origin',
  KYC_ACCESS_BUSINESS: 'kyc-access-business',
  /** The SDK page's `site` (decision 040): the site whose rules an SDK call follows (MAIN, HKG, ARE). */
  KYC_ACCESS_SITE: 'kyc-access-site',
  /** §7: optional on kyc-info (device GUID and language). */
  GUID: 'Guid',
  LANG: 'Lang',
} as const;
export type RequestHeader = (typeof RequestHeader)[keyof typeof RequestHeader];

/** §7: values of the platform header; §9: mobile h5, desktop pc; `_tg` inside the Telegram mini-app. */
export const Platform = {
  PC: 'pc',
  H5: 'h5',
  PC_TG: 'pc_tg',
  IOS_TG: 'ios_tg',
  ANDROID_TG: 'android_tg',
} as const;
export type Platform = (typeof Platform)[keyof typeof Platform];

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (Object.values(Platform) as string[]).includes(value);
}
