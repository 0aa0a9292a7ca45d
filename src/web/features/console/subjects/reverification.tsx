import { useTranslation } from 'react-i18next';
import type { ConsoleCase } from '../../../../shared/api/console.ts';
import { SubjectKind } from '../../../../shared/review.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge.tsx';
import { DisplayUpdatePOIStatus } from '../../../../shared/kyc.ts';
import { DocumentGallery } from '../components/document-gallery.tsx';
import { Facts } from '../components/facts.tsx';
import { countryLabel, formatCalendarDate, formatDateTime } from '../format.ts';

/** The subject of a REVERIFICATION case: the user's update, the request behind it, what is verified now. */
export type ReverificationSubject = Extract<ConsoleCase['subject'], { kind: typeof SubjectKind.REVERIFICATION }>;

/**
 * What a reviewer compares on an update (decision 017): the new document as submitted next to what
 * is verified now — same person, same date of birth, a document that is not expired — and the
 * pictures. The request (why, by whom, until when) says what the update had to fix.
 */
export function ReverificationMain({ subject, email }: { subject: ReverificationSubject; email: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { submission, verified } = subject;
  const date = (value: string) => (value ? <time dateTime={value}>{formatCalendarDate(value, language)}</time> : '');
  const holder = submission.holder;
  return (
    <>
      <Card title={t('reverification.console.request')}>
        <p className="text-sm">{t(`reverification.requestReason.${subject.request.reason}`)}</p>
        {subject.request.message ? <p className="mt-2 text-sm whitespace-pre-line text-muted">{subject.request.message}</p> : null}
        <p className="mt-2 text-sm text-muted">
          {t('reverification.console.requestedBy', {
            email: subject.request.requestedBy ?? t('reverification.console.system'),
            date: formatDateTime(subject.request.requestedAt, language),
            deadline: formatCalendarDate(subject.request.deadline, language),
          })}
        </p>
      </Card>

      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        <Card title={t('reverification.console.submitted')} data-testid="update-submitted">
          <Facts
            stacked
            rows={
              submission.target === 'POI'
                ? [
                    [t('console.case.document.type'), t(`console.documentTypes.${submission.documentType}`, { defaultValue: submission.documentType })],
                    [t('console.case.document.country'), submission.country ? countryLabel(submission.country, language) : ''],
                    [t('console.case.document.number'), submission.documentNumber],
                    [t('reverification.console.expires'), date(submission.expiryDate)],
                    [t('reverification.console.holder'), holder ? `${holder.firstName} ${holder.lastName}` : ''],
                    [t('console.case.personal.dateOfBirth'), holder ? date(holder.dateOfBirth) : ''],
                  ]
                : [
                    [t('console.case.proofOfAddress.type'), t(`console.documentTypes.${submission.documentType}`, { defaultValue: submission.documentType })],
                    [t('reverification.console.issuedOn'), date(submission.issuedOn)],
                  ]
            }
          />
        </Card>
        <Card title={t('reverification.console.verified')} data-testid="update-verified">
          <Facts
            stacked
            rows={[
              [t('console.case.personal.firstName'), verified.firstName],
              [t('console.case.personal.lastName'), verified.lastName],
              [t('console.case.personal.dateOfBirth'), date(verified.dateOfBirth)],
              [t('console.case.personal.nationality'), verified.nationality ? countryLabel(verified.nationality, language) : ''],
              submission.target === 'POI' ? [t('reverification.console.documentLine'), verified.document] : [t('reverification.console.address'), verified.address],
            ]}
          />
        </Card>
      </div>

      <Card title={t('console.documents.title')}>
        <DocumentGallery documents={subject.documents} email={email} />
      </Card>
    </>
  );
}

const STATUS_TONE: Record<DisplayUpdatePOIStatus, BadgeTone> = {
  [DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_No]: 'success',
  [DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_Needed]: 'warn',
  [DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_Pending]: 'info',
  [DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_Rejected]: 'danger',
  [DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_Rejected_Daily]: 'danger',
};

/** The side column: the document's re-verification status now and the user's earlier updates. */
export function ReverificationAside({ subject }: { subject: ReverificationSubject }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Card title={t(`reverification.panel.${subject.submission.target}`)}>
        <Badge tone={STATUS_TONE[subject.status]}>{t(`reverification.console.status.${subject.status}`)}</Badge>
      </Card>
      <Card title={t('reverification.console.previous')}>
        {subject.previous.length === 0 ? (
          <p className="text-sm text-muted">{t('console.case.previous.none')}</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {subject.previous.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {t(`reverification.panel.${p.target}`)} · <time dateTime={p.submittedAt}>{formatDateTime(p.submittedAt, i18n.language)}</time>
                </span>
                <span className="text-muted">
                  {t(`reverification.console.submissionStatus.${p.status}`, { defaultValue: p.status })}
                  {p.reasonCode ? ` · ${t(`kyc-reasons.${p.reasonCode}.title`, { defaultValue: p.reasonCode })}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
