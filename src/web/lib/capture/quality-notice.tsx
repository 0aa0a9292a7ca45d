import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useObjectUrl } from '../../components/ui/file-drop.tsx';
import type { Refusal } from './quality-gate.ts';

export interface QualityNoticeProps {
  refusal: Refusal;
  onSendAnyway: () => void;
  onDismiss?: () => void;
}

/**
 * Why a picture was refused and what to do, one short sentence each (translated, read by screen
 * readers as an alert); after two refusals, "Send anyway" with the note that a reviewer will see why.
 */
export function QualityNotice({ refusal, onSendAnyway, onDismiss }: QualityNoticeProps) {
  const { t } = useTranslation();
  const preview = useObjectUrl(refusal.file);
  return (
    <Alert variant="warn" data-testid="quality-notice" onClose={onDismiss}>
      {/* Issue 27: the user sees which picture this is about; it is not the one on the tile above. */}
      {preview ? <img src={preview} alt={t('capture.quality.refusedPicture')} data-testid="refused-picture" className="float-end ms-3 mb-2 h-20 w-28 rounded-btn bg-surface object-contain" /> : null}
      <ul className="m-0 list-none p-0">
        {refusal.issues.map((issue) => (
          <li key={issue}>
            <strong>{t(`capture.issue.${issue}.reason`)}</strong> {t(`capture.issue.${issue}.fix`)}
          </li>
        ))}
      </ul>
      {refusal.canOverride ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <Button size="small" variant="default" onClick={onSendAnyway}>
            {t('capture.quality.sendAnyway')}
          </Button>
          <span className="text-sm">{t('capture.quality.reviewerSees')}</span>
        </div>
      ) : (
        <p className="m-0 mt-1 text-sm">{t('capture.quality.tryAgain')}</p>
      )}
    </Alert>
  );
}
