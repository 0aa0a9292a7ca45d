import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';

/**
 * A spinning ring in the current text colour, decorative (`aria-hidden`): the surrounding control
 * says what is loading (e.g. Button sets `aria-busy`). Sized by font size, or `className="size-5"`.
 *
 * @example <Spinner className="size-4" />
 */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      data-testid="spinner"
      className={cn('inline-block size-[1em] shrink-0 rounded-full border-2 border-current border-e-transparent motion-safe:animate-spin', className)}
    />
  );
}

/**
 * A page-level loading state that screen readers announce ("Loading…"). Use as a Suspense
 * fallback or while a screen's first query is pending.
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
