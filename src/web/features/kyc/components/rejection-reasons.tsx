import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import type { RejectionView } from '../model/next-action.ts';
import { formatDate } from './personal-info-view.tsx';
import { useReasonTemplates } from '../api/reason-templates.ts';

/**
 * Why a level was not approved: the taxonomy reason (errorNotify -> `kyc-reasons.<code>`) and the
 * reviewer's message for the user (additionalRejectReason), and each reason's template in the reader's
 * language (decision 052). Messages are shown as written, never as HTML.
 */
export function RejectionReasons({ rejections, final }: { rejections: readonly RejectionView[]; final?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  // Decision 052: each reason's message as the compliance team wrote it for the reader's language.
  const templates = useReasonTemplates(language, rejections.length > 0).data?.templates ?? {};
  if (rejections.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {rejections.map((r) => (
        <Alert
          key={`${r.level}-${r.reasonCode}`}
          variant={final ? 'error' : 'warn'}
          role="region"
          aria-label={t('kyc.rejection.label', { level: r.level })}
          title={t(`kyc-reasons.${r.reasonCode}.title`)}
          data-testid={`rejection-${r.level}`}
        >
          <p>{t(`kyc-reasons.${r.reasonCode}.hint`)}</p>
          {templates[r.reasonCode] ? (
            <p dir="auto" className="mt-2 whitespace-pre-line break-words" data-testid="reason-template">
              {templates[r.reasonCode]}
            </p>
          ) : null}
          {r.message ? (
            <figure className="m-0 mt-3 border-s-2 border-line-strong ps-3">
              <figcaption className="text-xs font-medium text-muted">{t('kyc.rejection.message')}</figcaption>
              <blockquote dir="auto" className="m-0 mt-1 whitespace-pre-line break-words">{r.message}</blockquote>
            </figure>
          ) : null}
          <p className="mt-2 text-xs text-muted">{t('kyc.rejection.decidedAt', { date: formatDate(r.decidedAt, language) })}</p>
        </Alert>
      ))}
    </div>
  );
}
