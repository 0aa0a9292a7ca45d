import { useTranslation } from 'react-i18next';
import { CaseStatus } from '../../../../shared/review.ts';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge.tsx';

const TONE: Record<CaseStatus, BadgeTone> = {
  [CaseStatus.PENDING]: 'warn',
  [CaseStatus.APPROVED]: 'success',
  [CaseStatus.REJECTED]: 'danger',
};

/**
 * A case's (or a KYC application's: the same three words) status as a translated badge; the text
 * carries the meaning, not the colour.
 */
export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  const { t } = useTranslation();
  return <Badge tone={TONE[status] ?? 'neutral'}>{t(`console.status.${status}`, { defaultValue: status })}</Badge>;
}
