import { useTranslation } from 'react-i18next';
import type { ConsoleFaceMatch } from '../../../../shared/api/capture.ts';
import type { ConsoleDocument } from '../../../../shared/api/console.ts';
import type { FaceMatchBand } from '../../../../shared/face-checks.ts';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge.tsx';

const TONE: Record<FaceMatchBand, BadgeTone> = { MATCH: 'success', REVIEW: 'warn', MISMATCH: 'danger' };

/**
 * The selfie beside the document's front, with the face match the server stored (decisions 039,
 * 045): its face model's comparison of these two pictures, made after the later of the two uploads
 * (camera or file), or the liveness check's comparison of its straight-ahead picture with this front
 * (pictures from before decision 045), with the model's name and the thresholds of its bands. No
 * model runs in the reviewer's browser. It approves or rejects nothing, and says so. `match`
 * undefined: still loading; COMPUTING: the server has not finished (the caller asks again); null or
 * NONE: the server has no comparison of these pictures.
 */
export function FaceMatchPanel({ selfie, portrait, match }: { selfie?: ConsoleDocument; portrait?: ConsoleDocument; match: ConsoleFaceMatch | null | undefined }) {
  const { t } = useTranslation();
  const picture = (doc: ConsoleDocument | undefined, label: string) => (
    <figure className="m-0 flex flex-col gap-1">
      {doc ? (
        <img src={doc.downloadPath} alt={label} width={doc.width} height={doc.height} className="aspect-[4/3] h-auto w-full rounded-lg border border-line object-contain" />
      ) : (
        <div className="flex aspect-[4/3] items-center justify-center rounded-lg border border-dashed border-line-strong text-sm text-muted">{t('capture.review.band.UNAVAILABLE')}</div>
      )}
      <figcaption className="text-sm font-medium">{label}</figcaption>
    </figure>
  );

  const stored = match?.state === 'STORED' ? match.faceMatch : null;
  let verdict;
  if (match === undefined) verdict = <p className="m-0 text-sm text-muted">{t('capture.review.loadingScore')}</p>;
  else if (match?.state === 'COMPUTING')
    verdict = (
      <p role="status" className="m-0 text-sm text-muted" data-testid="face-match-computing">
        {t('capture.review.computing')}
      </p>
    );
  else if (!stored) verdict = <p className="m-0 text-sm">{t('capture.review.noScore.NO_CHECK')}</p>;
  else if (stored.score === null || stored.band === null) verdict = <p className="m-0 text-sm">{t(`capture.review.noScore.${stored.missing ?? 'NO_CHECK'}`)}</p>;
  else
    verdict = (
      <div className="flex flex-col gap-1" data-testid="face-match-result">
        <p className="m-0 flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={TONE[stored.band]}>{t(`capture.review.band.${stored.band}`)}</Badge>
          <span>{t('capture.review.score', { score: stored.score })}</span>
        </p>
        <p className="m-0 text-xs text-muted">
          {t(match!.source === 'LIVENESS' ? 'capture.review.serverScore' : 'capture.review.serverScoreSelfie', {
            model: match!.model,
            distance: stored.distance,
            matchMax: match!.thresholds?.matchMax,
            reviewMax: match!.thresholds?.reviewMax,
          })}
        </p>
      </div>
    );

  return (
    <div className="flex flex-col gap-3" data-testid="face-match">
      <div className="grid grid-cols-2 gap-3">
        {picture(selfie, t('console.documentKinds.SELFIE', { defaultValue: 'SELFIE' }))}
        {picture(portrait, t('console.documentKinds.DOCUMENT_FRONT', { defaultValue: 'DOCUMENT_FRONT' }))}
      </div>
      {verdict}
      <p className="m-0 text-sm text-muted">{t('capture.review.aidOnly')}</p>
    </div>
  );
}
