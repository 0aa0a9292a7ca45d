import { useTranslation } from 'react-i18next';

/** A page-level loading state that screen readers announce. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center gap-3 text-muted">
      <span aria-hidden className="size-5 animate-spin rounded-full border-2 border-line border-t-primary" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
