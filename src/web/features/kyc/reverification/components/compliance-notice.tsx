import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { requirementsFor } from '../model/panel.ts';
import { formatDeadline } from '../model/dates.ts';

export interface ComplianceNoticeProps {
  /** The earliest open deadline (YYYY-MM-DD), or null when none is set. */
  deadline: string | null;
  /** §2: Turkey's requirements (interview, NFC) instead of the default region's. */
  turkey: boolean;
  /** The user's nationality (ISO code), null until known: the Indian-ID requirements are for Indian nationals. */
  nationality: string | null;
}

/** §2 compliance notice: the important note, re-verify documents, the deadline and the requirements list. */
export function ComplianceNotice({ deadline, turkey, nationality }: ComplianceNoticeProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const list = requirementsFor(turkey, nationality);
  return (
    <Alert variant="warn" title={t('reverification.notice.title')} data-testid="compliance-notice" role="note">
      <div className="flex flex-col gap-2">
        <p>{t('reverification.notice.body')}</p>
        {deadline ? (
          <p className="font-medium" data-testid="deadline">
            {t('reverification.notice.deadline', { date: formatDeadline(deadline, locale) })}
          </p>
        ) : null}
        <p className="text-sm font-semibold" id="reverification-requirements">{t('reverification.notice.requirements')}</p>
        <ul aria-labelledby="reverification-requirements" className="list-disc ps-5 text-sm" data-testid="requirements" data-region={turkey ? 'turkey' : 'default'}>
          {list.map((key) => (
            <li key={key}>{t(`reverification.req.${key}`)}</li>
          ))}
        </ul>
      </div>
    </Alert>
  );
}
