import { useTranslation } from 'react-i18next';
import type { LivenessAnalysis } from '../../../../shared/api/capture.ts';
import type { ConsoleDocument } from '../../../../shared/api/console.ts';
import type { FaceMatchBand } from '../../../../shared/face-checks.ts';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge.tsx';

const TONE: Record<FaceMatchBand, BadgeTone> = { MATCH: 'success', REVIEW: 'warn', MISMATCH: 'danger' };

/**
 * The selfie beside the document's front, with the face match the server stored (decision 039): the
 * score its face model computed when the liveness check ran (the straight-ahead picture against the
 * document front), with the model's name and the thresholds of its bands. Shown at once: no model
 * runs in the reviewer's browser. It approves or rejects nothing, and says so. `analysis` undefined:
 * still loading; null: no check read by the server (a file upload, or a check from before).
 */
export function FaceMatchPanel({ selfie, portrait, analysis }: { selfie?: ConsoleDocument; portrait?: ConsoleDocument; analysis: LivenessAnalysis | null | undefined }) {
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

  const match = analysis?.faceMatch;
  let verdict;
  if (analysis === undefined) verdict = <p className="m-0 text-sm text-muted">{t('capture.review.loadingScore')}</p>;
  else if (!match) verdict = <p className="m-0 text-sm">{t('capture.review.noScore.NO_CHECK')}</p>;
  else if (match.score === null || match.band === null) verdict = <p className="m-0 text-sm">{t(`capture.review.noScore.${match.missing ?? 'NO_CHECK'}`)}</p>;
  else
    verdict = (
      <div className="flex flex-col gap-1" data-testid="face-match-result">
        <p className="m-0 flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={TONE[match.band]}>{t(`capture.review.band.${match.band}`)}</Badge>
          <span>{t('capture.review.score', { score: match.score })}</span>
        </p>
        <p className="m-0 text-xs text-muted">
          {t('capture.review.serverScore', { model: analysis!.model, distance: match.distance, matchMax: analysis!.thresholds.matchMax, reviewMax: analysis!.thresholds.reviewMax })}
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
