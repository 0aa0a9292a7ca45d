import { ARE_EXTRA_LANGUAGES, DEFAULT_LANGUAGE, HK_DEFAULT_LANGUAGE, HK_LANGUAGES, SUPPORTED_LANGUAGES } from './languages.ts';

/**
 * Deployment regions and regulated sites (§1, §2, §9), defined once for web and server.
 */

/** §1: the deployment region, derived from the hostname. */
export const Region = { MAIN: 'MAIN', HKG: 'HKG', ARE: 'ARE' } as const;
export type Region = (typeof Region)[keyof typeof Region];

/** §1: regulated regional sites. */
export const Site = { HKG: 'HKG', ARE: 'ARE', TUR: 'TUR', KAZ: 'KAZ', EU: 'EU', IDN: 'IDN' } as const;
export type Site = (typeof Site)[keyof typeof Site];

/** §1: "The HK, Turkey, Kazakhstan and EU sites form a 'regulated' group." */
export const REGULATED_SITES: readonly Site[] = [Site.HKG, Site.TUR, Site.KAZ, Site.EU];

export function isSite(value: unknown): value is Site {
  return typeof value === 'string' && (Object.values(Site) as string[]).includes(value);
}

/** What a screen needs to know about a site. UAE and Indonesia have their own flags (§1), outside the regulated group. */
export interface SiteFlags {
  isRegulated: boolean;
  isHkg: boolean;
  isTur: boolean;
  isKaz: boolean;
  isEu: boolean;
  isAre: boolean;
  isIdn: boolean;
}

export function siteFlags(site: string | null | undefined): SiteFlags {
  return {
    isRegulated: isSite(site) && REGULATED_SITES.includes(site),
    isHkg: site === Site.HKG,
    isTur: site === Site.TUR,
    isKaz: site === Site.KAZ,
    isEu: site === Site.EU,
    isAre: site === Site.ARE,
    isIdn: site === Site.IDN,
  };
}

/**
 * §1: ".hk" gives HKG, ".ae" gives ARE, anything else the main region. A trailing dot (fully
 * qualified name) and letter case are ignored; a port must not be part of the hostname.
 */
export function regionFromHostname(hostname: string): Region {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (host.endsWith('.hk')) return Region.HKG;
  if (host.endsWith('.ae')) return Region.ARE;
  return Region.MAIN;
}

export interface RegionLanguages {
  /** Languages offered in this region, in picker order. */
  supported: readonly string[];
  /** Used when the requested language is not supported here. */
  defaultLanguage: string;
}

/**
 * §9: main region = the 13 supported languages, default en; HK = en-HK and zh-HK, default zh-HK.
 * UAE (issue 3): the main languages plus ar-SA, so right-to-left layout is real.
 */
export function regionLanguages(region: Region): RegionLanguages {
  switch (region) {
    case Region.HKG:
      return { supported: HK_LANGUAGES, defaultLanguage: HK_DEFAULT_LANGUAGE };
    case Region.ARE:
      return { supported: [...SUPPORTED_LANGUAGES, ...ARE_EXTRA_LANGUAGES], defaultLanguage: DEFAULT_LANGUAGE };
    default:
      return { supported: SUPPORTED_LANGUAGES, defaultLanguage: DEFAULT_LANGUAGE };
  }
}

/** The supported language spelled exactly as we ship it (`zh-cn` -> `zh-CN`), or null. */
export function matchSupported(candidate: string | null | undefined, supported: readonly string[]): string | null {
  if (!candidate) return null;
  const wanted = candidate.trim().toLowerCase();
  return supported.find((l) => l.toLowerCase() === wanted) ?? null;
}

/** The last two labels of a hostname (`www.accounts.example.com` -> `example.com`). */
export function siteDomain(hostname: string): string {
  const labels = hostname.trim().toLowerCase().replace(/\.$/, '').split('.').filter(Boolean);
  return labels.slice(-2).join('.');
}

/** True for names that have no registrable domain: IP addresses and single labels like `localhost`. */
export function isBareHost(hostname: string): boolean {
  const host = hostname.trim().toLowerCase();
  return !host.includes('.') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[') || host.includes(':');
}

export interface SiteUrlInput {
  /** e.g. `www`, `help`. Empty means the domain itself. */
  subdomain: string;
  /** The host the user is on; its last two labels are the site's domain. */
  hostname: string;
  /** The user's chosen language. */
  language: string | null | undefined;
  /** Languages the site has pages in; anything else gets the `/en` prefix. */
  supported: readonly string[];
  /** Path on the site, starting with `/` (may be empty). */
  path?: string;
  protocol?: 'https' | 'http';
}

/**
 * §2: "Site URLs are built from subdomain, a language prefix and the last two labels of the host.
 * The prefix is the chosen language if supported, else /en."
 */
export function buildSiteUrl({ subdomain, hostname, language, supported, path = '', protocol = 'https' }: SiteUrlInput): string {
  const prefix = matchSupported(language, supported) ?? DEFAULT_LANGUAGE;
  const domain = siteDomain(hostname);
  const host = subdomain ? `${subdomain}.${domain}` : domain;
  const rest = path && !path.startsWith('/') ? `/${path}` : path;
  return `${protocol}://${host}/${prefix}${rest}`;
}

/** The help-centre links of §2 (their addresses are configuration, not code). */
export const HelpLink = {
  identityTransfer: 'identityTransfer',
  webForm: 'webForm',
  articleDetails: 'articleDetails',
  faq: 'faq',
  guide: 'guide',
  kycFailureReasons: 'kycFailureReasons',
} as const;
export type HelpLink = (typeof HelpLink)[keyof typeof HelpLink];
