import { useTranslation } from 'react-i18next';
import { ApplicationStatus } from '../../../../shared/api/applications.ts';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge.tsx';

const TONE: Record<ApplicationStatus, BadgeTone> = {
  [ApplicationStatus.PENDING]: 'warn',
  [ApplicationStatus.APPROVED]: 'success',
  [ApplicationStatus.REJECTED]: 'danger',
};

/** An application's status (PENDING, APPROVED, REJECTED) as a translated badge; the text carries the meaning, not the colour. */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation();
  return <Badge tone={TONE[status] ?? 'neutral'}>{t(`console.status.${status}`, { defaultValue: status })}</Badge>;
}
