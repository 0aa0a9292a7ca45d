import { useTranslation } from 'react-i18next';
import type { DocumentKind } from '../../../../shared/kyc.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useDocumentImageSrc } from '../api/document-drafts.ts';
import type { DraftsByKind } from '../model/flow.ts';

export interface ReviewImagesProps {
  kinds: readonly DocumentKind[];
  drafts: DraftsByKind;
  label: (kind: DocumentKind) => string;
  /** Takes the user back to the step where this image is taken. */
  onRetake: (kind: DocumentKind) => void;
}

/** A stored upload; nothing until it is read (SDK mode reads it with the access token first). */
function DraftImage({ id, alt }: { id: string; alt: string }) {
  const src = useDocumentImageSrc(id);
  return src ? <img src={src} alt={alt} className="size-full object-contain" /> : null;
}

/** The uploaded images as the server stored them (thumbnails from the owner read route), each with a Retake. */
export function ReviewImages({ kinds, drafts, label, onRetake }: ReviewImagesProps) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" aria-label={t('kyc.review.images')}>
      {kinds.map((kind) => {
        const draft = drafts[kind];
        const item = label(kind);
        return (
          <li key={kind} className="flex flex-col gap-2 rounded-lg border border-line p-3" data-testid={`review-${kind}`}>
            <div className="flex h-40 items-center justify-center overflow-hidden rounded-btn bg-surface">
              {draft ? (
                <DraftImage id={draft.id} alt={t('kyc.review.image', { item })} />
              ) : (
                <span className="text-sm text-danger">{t('kyc.review.notUploaded')}</span>
              )}
            </div>
            <div className="flex items-center justify-between gap-2">
              <span className="text-sm font-medium">{item}</span>
              <Button size="small" variant="default" onClick={() => onRetake(kind)} aria-label={t('kyc.review.retake', { item })}>
                {t('kyc.review.retakeShort')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
