import { useTranslation } from 'react-i18next';

const bar = 'rounded-btn bg-line motion-safe:animate-pulse';

/**
 * The overview's loading state. Plain classes, no UI-kit imports: it is part of the first page,
 * which must not pull the kit's class merging (tailwind-merge) onto its critical path.
 */
export function OverviewSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" className="flex flex-col gap-4" data-testid="kyc-overview-loading">
      <span className="sr-only">{t('common.loading')}</span>
      <div aria-hidden className={`h-24 w-full ${bar}`} />
      <div aria-hidden className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <div className={`h-48 ${bar}`} />
        <div className={`h-48 ${bar}`} />
      </div>
    </div>
  );
}
