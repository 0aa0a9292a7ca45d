import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiPath } from '../../../shared/api/paths.ts';
import type { SiteConfig } from '../../../shared/api/site.ts';
import { http } from '../http/index.ts';

/** §1, §2: region, languages, help-centre links (in the given language) and jump-back targets. */
export const getSiteConfig = (lang: string) =>
  // silent: callers decide how to show a failure (the footer's help links just stay hidden).
  http.get<SiteConfig>(ApiPath.siteConfig, { lang }, { silent: true });

export const siteConfigQuery = (lang: string) =>
  queryOptions({ queryKey: ['site-config', lang], queryFn: () => getSiteConfig(lang), staleTime: Infinity, retry: 1 });

/**
 * The site configuration for the current language; help links follow a language switch. `enabled`
 * false holds the read back (the footer's links wait for the first screen's paint).
 */
export function useSiteConfig({ enabled = true }: { enabled?: boolean } = {}) {
  const { i18n } = useTranslation();
  return useQuery({ ...siteConfigQuery(i18n.resolvedLanguage ?? i18n.language), enabled });
}
