import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StepStatus } from '../../../shared/kyc.ts';
import { cn } from './cn.ts';

/** Badge colours. */
export const BadgeTone = { neutral: 'neutral', brand: 'brand', info: 'info', success: 'success', warn: 'warn', danger: 'danger' } as const;
export type BadgeTone = (typeof BadgeTone)[keyof typeof BadgeTone];

const TONES: Record<BadgeTone, string> = {
  neutral: 'kitv:bg-surface kitv:text-muted',
  brand: 'kitv:bg-primary-soft kitv:text-primary-ink',
  info: 'kitv:bg-info-soft kitv:text-info',
  success: 'kitv:bg-success-soft kitv:text-success',
  warn: 'kitv:bg-warn-soft kitv:text-warn',
  danger: 'kitv:bg-danger-soft kitv:text-danger',
};

/**
 * A small coloured label with a dot. For any status vocabulary (questionnaires, re-verification,
 * EDD) map the status to a tone and a translated label; for KYC steps use StatusBadge.
 *
 * @example <Badge tone="warn">{t('questionnaire.status.pending')}</Badge>
 */
export function Badge({ tone = 'neutral', className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return (
    <span data-tone={tone} className={cn('kit:inline-flex kit:items-center kit:gap-1.5 kit:rounded-full kit:px-2.5 kit:py-0.5 kit:text-xs kit:font-medium kit:whitespace-nowrap', TONES[tone], className)}>
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {children}
    </span>
  );
}

/** §4 KYC step status → badge tone. */
export const STEP_STATUS_TONE: Record<StepStatus, BadgeTone> = {
  [StepStatus.ALLOW]: 'brand',
  [StepStatus.NOT_ALLOW]: 'neutral',
  [StepStatus.PENDING]: 'warn',
  [StepStatus.SUCCESS]: 'success',
  [StepStatus.FAILED_AND_CAN_RETRY]: 'danger',
  [StepStatus.FAILED_AND_CAN_NOT_RETRY]: 'danger',
  [StepStatus.CERTIFICATION_DISABLED]: 'neutral',
};

/**
 * The status of a KYC step (§4: ALLOW, NOT_ALLOW, PENDING, SUCCESS, FAILED_AND_CAN_RETRY,
 * FAILED_AND_CAN_NOT_RETRY, CERTIFICATION_DISABLED) as a translated, coloured badge
 * (`ui.stepStatus.<STATUS>`). The colour is never the only signal: the text says it.
 *
 * @example <StatusBadge status={step1.status} />
 */
export function StatusBadge({ status, className }: { status: StepStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone={STEP_STATUS_TONE[status] ?? 'neutral'} className={className}>
      {t(`ui.stepStatus.${status}`)}
    </Badge>
  );
}
