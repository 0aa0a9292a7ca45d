import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { StepStatus } from '../../../../shared/kyc.ts';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';

export interface StatusPanelProps {
  title: string;
  body: string;
  status?: StepStatus;
  /** Extra content (rejection reasons). */
  children?: ReactNode;
  /** What happens next (end states: submitted, under review, verified, rejected). */
  next?: string;
  /** The main link; defaults to the overview. */
  action?: { href: string; label: string };
}

/** What the kyc route shows instead of the flow when the level cannot be verified now (its guard). */
export function StatusPanel({ title, body, status, children, action, next }: StatusPanelProps) {
  const { t } = useTranslation();
  return (
    <Card data-testid="flow-status" data-status={status}>
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-lg font-semibold">{title}</h2>
          {status ? <StatusBadge status={status} /> : null}
        </div>
        <p className="text-muted">{body}</p>
        {next ? (
          <p className="text-sm" data-testid="what-next">
            {next}
          </p>
        ) : null}
        {children}
        <div className="flex flex-wrap gap-3">
          <Link href={action?.href ?? '/personal'} className={buttonVariants({ variant: action ? 'primary' : 'default' })}>
            {action?.label ?? t('kyc.flow.backToOverview')}
          </Link>
          {action && action.href !== '/personal' ? (
            <Link href="/personal" className={buttonVariants({ variant: 'default' })}>
              {t('kyc.flow.backToOverview')}
            </Link>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
