import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ConsoleDecision, ConsoleQueueItem } from '../../../../shared/api/console.ts';
import { DeciderType } from '../../../../shared/review.ts';
import { cn } from '../../../components/ui/cn.ts';

type Assignee = ConsoleQueueItem['assignee'];

/**
 * Who has a case: "You" for the reader (the e-mail in the title), the reviewer's e-mail, or
 * "Unassigned". Screen readers hear the same words.
 */
export function AssigneeName({ assignee, meId, className }: { assignee: Assignee; meId: string | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!assignee) return <span className={cn('kit:text-muted', className)}>{t('console.assignee.none')}</span>;
  if (assignee.id === meId) {
    return (
      <span title={assignee.email} className={cn('kit:font-medium', className)}>
        {t('console.assignee.you')}
      </span>
    );
  }
  return <span className={cn('kit:break-all', className)}>{assignee.email || assignee.id}</span>;
}

/** Who took a decision, in words: the reviewer's e-mail, "Sumsub (provider)", or "System". */
export function deciderName(t: TFunction, decider: ConsoleDecision['decider']): string {
  switch (decider.type) {
    case DeciderType.reviewer:
      return decider.email ?? decider.id ?? t('console.decision.deciders.reviewer');
    case DeciderType.provider:
      return t('console.decision.deciders.provider', { provider: t(`console.providers.${decider.id ?? ''}`, { defaultValue: decider.id ?? '' }) });
    default:
      return t('console.decision.deciders.system');
  }
}
