import type { HelpLink, SiteConfig } from '../../../shared/api/site.ts';
import { DEFAULT_LANGUAGE } from '../../../shared/languages.ts';
import { normalizeOrigin } from '../../../shared/redirect-allowlist.ts';
import { buildSiteUrl, isBareHost, matchSupported, regionFromHostname, regionLanguages } from '../../../shared/sites.ts';
import type { Config } from '../../config.ts';
import { APP_BASE } from '../../../shared/api/paths.ts';

export interface SiteRequest {
  /** The host the request came to, without port (Fastify's `request.hostname`). */
  hostname: string;
  /** `request.host`: hostname plus port, used for bare hosts (localhost, IP addresses). */
  host: string;
  protocol: 'http' | 'https';
  /** The user's chosen language, when the page sent one. */
  lang?: string | undefined;
}

/**
 * Site configuration for the web app: region and languages from the hostname (§1, §9), the
 * help-centre links of §2 built with the site URL rule, and the jump-back targets with the
 * redirect allowlist. Pure: everything comes from config and the request.
 */
export function createSiteService({ config }: { config: Config }) {
  // A typo in REDIRECT_ALLOWLIST must stop the server rather than silently allow nothing (or too much).
  const redirectAllowlist = config.redirectAllowlist.map((entry) => {
    const origin = normalizeOrigin(entry);
    if (!origin) throw new Error(`Invalid configuration: REDIRECT_ALLOWLIST entry ${JSON.stringify(entry)} is not an http(s) origin`);
    return origin;
  });
  const { site } = config;

  return {
    siteConfig(request: SiteRequest): SiteConfig {
      const hostname = site.host ?? request.hostname;
      const region = regionFromHostname(hostname);
      const { supported, defaultLanguage } = regionLanguages(region);
      const link = (value: string): string => {
        if (/^https?:\/\//i.test(value)) return value;
        // A page of this app (the built-in help centre, decision 015) is on the host the user is on, as is.
        if (value === APP_BASE || value.startsWith(`${APP_BASE}/`)) return `${request.protocol}://${request.host}${value}`;
        // localhost / an IP address has no "last two labels": stay on the host the user is on.
        if (isBareHost(hostname)) return `${request.protocol}://${request.host}/${matchSupported(request.lang, supported) ?? DEFAULT_LANGUAGE}${value}`;
        // §2: the prefix is the chosen language if the site supports it, else /en.
        return buildSiteUrl({ subdomain: site.subdomain, hostname, language: request.lang, supported, path: value });
      };
      const helpLinks = Object.fromEntries(Object.entries(site.helpLinks).map(([k, v]) => [k, link(v)])) as Record<HelpLink, string>;

      return {
        region,
        languages: supported,
        defaultLanguage,
        helpLinks,
        appUrl: site.appDownloadUrl,
        jumpBack: { defaultUrl: site.jumpBackDefaultPath, sdkUrl: site.jumpBackSdkPath, redirectAllowlist },
      };
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
