import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { SkeletonText } from './skeleton.tsx';

/**
 * A region whose data is loading: busy for assistive technology, "Loading…" for screen readers,
 * skeletons for the eye (text lines unless you pass your own shapes).
 *
 * @example
 * if (query.isPending) return <LoadingBlock lines={4} />;
 */
export function LoadingBlock({ lines = 6, children, ...props }: { lines?: number; children?: ReactNode } & HTMLAttributes<HTMLDivElement>) {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" aria-live="polite" {...props}>
      <span className="sr-only">{t('common.loading')}</span>
      {children ?? <SkeletonText lines={lines} />}
    </div>
  );
}

/**
 * A failed load: what failed (title), why (the translated §8 message of the error) and a Retry button.
 *
 * @example
 * if (query.isError) return <LoadError title={t('kyc.overview.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
 */
export function LoadError({ title, error, onRetry, className }: { title: ReactNode; error: unknown; onRetry: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      variant="error"
      title={title}
      className={className}
      action={
        <Button size="small" variant="default" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {errorMessage(t, error)}
    </Alert>
  );
}
