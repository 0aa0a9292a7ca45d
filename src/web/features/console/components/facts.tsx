import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../components/ui/cn.ts';

/**
 * A definition list of label/value rows; empty values say "not given" instead of leaving a gap.
 * `stacked`: label above value (narrow columns).
 */
export function Facts({ rows, stacked = false }: { rows: readonly [label: string, value: ReactNode][]; stacked?: boolean }) {
  const { t } = useTranslation();
  return (
    <dl className={cn('grid grid-cols-1 gap-x-6 text-sm', stacked ? 'gap-y-0.5 [&>div>dd]:mb-2' : 'gap-y-2 sm:grid-cols-[max-content_1fr]')}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-words text-ink">{value === '' || value === null || value === undefined ? <span className="text-muted">{t('console.notProvided')}</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}
