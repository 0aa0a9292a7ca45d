import { regionFromHostname, type Region } from '../../../shared/sites.ts';

export { jumpBack, jumpBackTarget, type JumpBackUser } from './jump-back.ts';
export { getSiteConfig, siteConfigQuery, useSiteConfig } from './site-config.ts';
export { Region, Site, REGULATED_SITES, siteFlags, buildSiteUrl, regionLanguages, type SiteFlags } from '../../../shared/sites.ts';

/** §1: the region of the page the user is on. */
export function currentRegion(hostname: string = window.location.hostname): Region {
  return regionFromHostname(hostname);
}
