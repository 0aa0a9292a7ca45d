import { useTranslation } from 'react-i18next';
import type { ConsoleDecision } from '../../../../shared/api/console.ts';
import { Badge } from '../../../components/ui/status-badge.tsx';
import { formatDateTime, formatDuration, isoDuration } from '../format.ts';
import { deciderName } from './people.tsx';

/**
 * A decision as it is recorded: outcome, mode, reason, the user's message, the internal note, who
 * decided (a reviewer, a provider or the system), when, and — when known — how long after the
 * submission.
 */
export function DecisionSummary({ decision, secondsToDecision }: { decision: ConsoleDecision; secondsToDecision?: number | null }) {
  const { t, i18n } = useTranslation();
  const approved = decision.outcome === 'APPROVE';
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="decision-summary">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={approved ? 'success' : 'danger'}>{approved ? t('console.status.APPROVED') : t('console.status.REJECTED')}</Badge>
        {decision.mode ? <Badge tone="neutral">{t(`console.modes.${decision.mode}`)}</Badge> : null}
      </div>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {decision.reasonCode ? (
          <>
            <dt className="text-muted">{t('console.decision.reason')}</dt>
            {/* Every reason (decision 052), the first being the decision's own. */}
            <dd>{(decision.reasonCodes.length > 0 ? decision.reasonCodes : [decision.reasonCode]).map((code) => t(`kyc-reasons.${code}.title`)).join(' · ')}</dd>
          </>
        ) : null}
        {decision.userMessage ? (
          <>
            <dt className="text-muted">{t('console.decision.userMessage')}</dt>
            <dd className="break-words whitespace-pre-wrap">{decision.userMessage}</dd>
          </>
        ) : null}
        <dt className="text-muted">{t('console.decision.internalNote')}</dt>
        <dd className="break-words whitespace-pre-wrap">{decision.internalNote || <span className="text-muted">{t('console.notProvided')}</span>}</dd>
        <dt className="text-muted">{t('console.decision.by')}</dt>
        <dd className="break-all" data-testid="decider">
          {deciderName(t, decision.decider)}
        </dd>
        {decision.confirmedBy ? (
          <>
            <dt className="text-muted">{t('records.secondLook.confirmedBy')}</dt>
            <dd className="break-all" data-testid="confirmed-by">
              {decision.confirmedBy.email}
            </dd>
          </>
        ) : null}
        <dt className="text-muted">{t('console.decision.at')}</dt>
        <dd>
          <time dateTime={decision.decidedAt}>{formatDateTime(decision.decidedAt, i18n.language)}</time>
        </dd>
        {secondsToDecision !== undefined && secondsToDecision !== null ? (
          <>
            <dt className="text-muted">{t('console.decision.timeToDecision')}</dt>
            <dd>
              <time dateTime={isoDuration(secondsToDecision)}>{formatDuration(secondsToDecision, t)}</time>
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
