import { useTranslation } from 'react-i18next';

/**
 * A page-level loading state that screen readers announce ("Loading…"). Use as a Suspense
 * fallback or while a screen's first query is pending. Kept free of the kit's other modules (no
 * cn/tailwind-merge): every page renders it first, so it must not pull them into the first chunk.
 * For a spinner inside a control use `ProcessIcon` (icons.tsx); Button's `loading` does.
 *
 * @example <Suspense fallback={<PageLoading />}>…</Suspense>
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center gap-3 text-muted">
      <span aria-hidden className="size-5 rounded-full border-2 border-line border-t-primary motion-safe:animate-spin" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
