import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { StepStatus, VerifiableLevel } from '../../../../shared/kyc.ts';
import { Card } from '../../../components/ui/card.tsx';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import type { QuotaView } from '../model/quotas.ts';

export interface LevelCardProps {
  level: VerifiableLevel;
  status: StepStatus;
  /** What reaching the level unlocks; undefined when kyc-info sent no quotas. */
  quota: QuotaView | undefined;
  /** The level's main button (when it is the next thing to do). */
  action?: ReactNode;
  /** From get-config: how old a proof of address may be (level 2's description names it once known). */
  proofOfAddressMaxAgeMonths?: number;
}

/**
 * One verification level on the overview: its status (§4), what it needs, and what it unlocks (quotas).
 * Amounts with their coin code are kept left-to-right (`dir="ltr"`) so an RTL page does not flip them.
 */
export function LevelCard({ level, status, quota, action, proofOfAddressMaxAgeMonths }: LevelCardProps) {
  const { t } = useTranslation();
  const others = quota ? quota.coins.filter((c) => c.coin !== 'BTC') : [];
  return (
    <Card
      title={t(`kyc.level.${level}.title`)}
      headingLevel={3}
      description={
        level === 2 && proofOfAddressMaxAgeMonths === undefined ? t('kyc.level.2.needsRecent') : t(`kyc.level.${level}.needs`, { months: proofOfAddressMaxAgeMonths })
      }
      actions={<StatusBadge status={status} />}
      data-testid={`level-${level}`}
      data-status={status}
      footer={
        <>
          <Link href={`/step${level}`} className="me-auto text-sm font-medium text-primary-ink underline underline-offset-2">
            {t(`kyc.level.${level}.guide`)}
          </Link>
          {action}
        </>
      }
    >
      {quota ? (
        <div>
          <p className="text-sm font-medium text-ink">{t('kyc.level.unlocks')}</p>
          <dl className="mt-2 flex flex-col gap-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <dt className="text-sm text-muted">{t('kyc.level.dailyLimit')}</dt>
              <dd className="m-0 text-end">
                <span dir="ltr" className="inline-block font-semibold text-ink tabular-nums" data-testid={`level-${level}-btc`}>
                  {quota.btc} BTC
                </span>
                {quota.fiat ? (
                  <span className="block text-sm text-muted tabular-nums" data-testid={`level-${level}-fiat`}>
                    {t('kyc.level.approx', { amount: quota.fiat })}
                  </span>
                ) : null}
              </dd>
            </div>
          </dl>
          {others.length > 0 ? (
            // Secondary: the other coins' limits are one tap away, so the overview stays short on a phone.
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer font-medium text-primary-ink">{t('ux.next.otherLimits', { n: others.length })}</summary>
              <dl className="mt-2 flex flex-col gap-1">
                {others.map((c) => (
                  <div key={c.coin} className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <dt className="text-muted">{c.coin}</dt>
                    <dd dir="ltr" className="m-0 text-ink tabular-nums">
                      {c.limit} {c.coin}
                    </dd>
                  </div>
                ))}
              </dl>
            </details>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
