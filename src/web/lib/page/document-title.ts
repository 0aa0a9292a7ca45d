import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Every page has its own translated title ("Personal information · Account"): the tab, the history
 * list and a screen reader's page announcement say where the person is. Parts go from the most
 * specific to the least; empty parts are left out.
 */
export function documentTitle(parts: readonly (string | null | undefined | false)[], suffix: string): string {
  return [...parts.filter((p): p is string => Boolean(p)), suffix].join(' · ');
}

export function useDocumentTitle(...parts: (string | null | undefined | false)[]): void {
  const { t } = useTranslation();
  const title = documentTitle(parts, t('page.titleSuffix'));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
