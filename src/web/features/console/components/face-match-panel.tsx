import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleDocument } from '../../../../shared/api/console.ts';
import { FaceMatchBand } from '../../../../shared/face-checks.ts';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge.tsx';
import type { FaceMatchOutcome } from '../../../lib/face/face-match.ts';

export type CompareFaces = (selfieUrl: string, portraitUrl: string) => Promise<FaceMatchOutcome>;

/** The detector and the 6 MB recognition model load only when a reviewer opens a case with both pictures. */
const compareLazily: CompareFaces = async (a, b) => (await import('../../../lib/face/face-match.ts')).compareFaces(a, b);

const TONE: Record<FaceMatchBand, BadgeTone> = { MATCH: 'success', REVIEW: 'warn', MISMATCH: 'danger' };

type State = { phase: 'comparing' } | { phase: 'done'; outcome: FaceMatchOutcome } | { phase: 'error' };

/**
 * The selfie beside the document's front, with the face match's score and band (match / needs
 * review / mismatch) as a reviewer's aid (decision 023): computed in the reviewer's browser, it
 * approves or rejects nothing, and says so. Without both pictures it says the reviewer compares alone.
 */
export function FaceMatchPanel({ selfie, portrait, compare = compareLazily }: { selfie?: ConsoleDocument; portrait?: ConsoleDocument; compare?: CompareFaces }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ phase: 'comparing' });
  const selfieUrl = selfie?.downloadPath;
  const portraitUrl = portrait?.downloadPath;

  useEffect(() => {
    if (!selfieUrl || !portraitUrl) return;
    let cancelled = false;
    setState({ phase: 'comparing' });
    compare(selfieUrl, portraitUrl)
      .then((outcome) => !cancelled && setState({ phase: 'done', outcome }))
      .catch(() => !cancelled && setState({ phase: 'error' }));
    return () => {
      cancelled = true;
    };
  }, [compare, selfieUrl, portraitUrl]);

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

  let verdict;
  if (!selfieUrl || !portraitUrl) verdict = <p className="m-0 text-sm">{t('capture.review.band.UNAVAILABLE')}</p>;
  else if (state.phase === 'comparing') verdict = <p className="m-0 text-sm">{t('capture.review.comparing')}</p>;
  else if (state.phase === 'error') verdict = <p className="m-0 text-sm">{t('capture.review.band.UNAVAILABLE')}</p>;
  else if ('missing' in state.outcome) verdict = <p className="m-0 text-sm">{t(`capture.review.noFace.${state.outcome.missing}`)}</p>;
  else {
    verdict = (
      <p className="m-0 flex flex-wrap items-center gap-2 text-sm" data-testid="face-match-result">
        <Badge tone={TONE[state.outcome.band]}>{t(`capture.review.band.${state.outcome.band}`)}</Badge>
        <span>{t('capture.review.score', { score: state.outcome.score })}</span>
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-3" data-testid="face-match">
      <div className="grid grid-cols-2 gap-3">
        {picture(selfie, t('console.documentKinds.SELFIE', { defaultValue: 'SELFIE' }))}
        {picture(portrait, t('console.documentKinds.DOCUMENT_FRONT', { defaultValue: 'DOCUMENT_FRONT' }))}
      </div>
      {/* Announced when the comparison ends (it takes a few seconds). */}
      <div role="status" aria-live="polite">
        {verdict}
      </div>
      <p className="m-0 text-sm text-muted">{t('capture.review.aidOnly')}</p>
    </div>
  );
}
