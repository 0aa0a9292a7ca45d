import { useTranslation } from 'react-i18next';
import type { ConsoleCase } from '../../../../shared/api/console.ts';
import { SubjectKind } from '../../../../shared/review.ts';
import { Card } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../format.ts';

/** The subject of a MEMBER_TAG case (decision 036). */
export type MemberTagCaseSubject = Extract<ConsoleCase['subject'], { kind: typeof SubjectKind.MEMBER_TAG }>;

/**
 * What the second senior reviewer weighs: which tag changes from what to what, why, and who proposed
 * it. Confirming applies it; sending back returns it to the proposer, who may withdraw it (reject).
 */
export function MemberTagMain({ subject, email }: { subject: MemberTagCaseSubject; email: string }) {
  const { t, i18n } = useTranslation();
  const { change } = subject;
  const none = t('extras.memberTagCase.notSet');
  return (
    <Card title={t('extras.memberTagCase.change')}>
      <p className="text-lg font-medium" data-testid="member-tag-case-change">
        {t('extras.memberTagCase.fromTo', { email, tag: change.tagName, from: change.previousValue ?? none, to: change.value })}
      </p>
      <p className="mt-2 text-sm text-muted">{t(`extras.memberTagCase.means.${change.tagName}`, { defaultValue: '' })}</p>
      <h3 className="mt-4 text-sm font-medium">{t('extras.memberTagCase.reason')}</h3>
      <p className="whitespace-pre-line" data-testid="member-tag-case-reason">
        {change.reason}
      </p>
      <p className="mt-2 text-sm text-muted">{t('extras.memberTagCase.proposedBy', { email: change.requestedBy.email, at: formatDateTime(change.requestedAt, i18n.language) })}</p>
    </Card>
  );
}

/** The side column: the tag as it is now. */
export function MemberTagAside({ subject }: { subject: MemberTagCaseSubject }) {
  const { t } = useTranslation();
  return (
    <Card title={t('extras.memberTagCase.current')}>
      <p data-testid="member-tag-case-current">
        {subject.change.tagName} = {subject.currentValue ?? t('extras.memberTagCase.notSet')}
      </p>
    </Card>
  );
}
