import { useTranslation } from 'react-i18next';
import type { DocumentQuality as Quality } from '../../../../shared/api/capture.ts';

/**
 * What was recorded about a picture's quality when it arrived (decision 023): the server's own
 * checks and the warnings the user chose to send it anyway despite, so the reviewer knows what to
 * look at. Nothing for uploads from before the checks existed.
 */
export function DocumentQualityNote({ quality }: { quality: Quality | null | undefined }) {
  const { t } = useTranslation();
  if (!quality) return null;
  const reasons = (issues: readonly string[]) => issues.map((i) => t(`capture.issue.${i}.reason`)).join(' ');
  const concerns = quality.server.length > 0 || quality.overridden.length > 0;
  return (
    <span className="block text-sm" data-testid="document-quality">
      <span className="sr-only">{t('capture.review.quality')}: </span>
      {quality.overridden.length > 0 ? <span className="block font-medium text-danger">{t('capture.review.overridden', { issues: reasons(quality.overridden) })}</span> : null}
      {quality.server.length > 0 ? <span className="block text-danger">{t('capture.review.server', { issues: reasons(quality.server) })}</span> : null}
      {!concerns ? <span className="block text-muted">{t('capture.review.none')}</span> : null}
      <span className="block text-muted">
        {t('capture.review.sharpness', { value: Math.round(quality.sharpness) })}
        {quality.viaHandoff ? ` · ${t('capture.review.viaHandoff')}` : ''}
      </span>
    </span>
  );
}
