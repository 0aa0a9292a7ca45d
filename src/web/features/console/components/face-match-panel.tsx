import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleDocument } from '../../../../shared/api/console.ts';
import { FaceMatchBand } from '../../../../shared/face-checks.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge.tsx';
import type { FaceMatchOutcome } from '../../../lib/face/face-match.ts';

export type CompareFaces = (selfieUrl: string, portraitUrl: string) => Promise<FaceMatchOutcome>;

/** The detector and the 6 MB recognition model load only when a reviewer opens a case with both pictures. */
const compareLazily: CompareFaces = async (a, b) => (await import('../../../lib/face/face-match.ts')).compareFaces(a, b);

const TONE: Record<FaceMatchBand, BadgeTone> = { MATCH: 'success', REVIEW: 'warn', MISMATCH: 'danger' };

type Outcome = { key: string; outcome: FaceMatchOutcome | null };

/**
 * The selfie beside the document's front, with the face match's score and band (match / needs
 * review / mismatch) as a reviewer's aid (decision 023): computed in the reviewer's browser, it
 * approves or rejects nothing, and says so. It runs when the reviewer asks. Without both pictures
 * it says the reviewer compares alone.
 */
export function FaceMatchPanel({ selfie, portrait, compare = compareLazily }: { selfie?: ConsoleDocument; portrait?: ConsoleDocument; compare?: CompareFaces }) {
  const { t } = useTranslation();
  const selfieUrl = selfie?.downloadPath;
  const portraitUrl = portrait?.downloadPath;
  const key = selfieUrl && portraitUrl ? `${selfieUrl} ${portraitUrl}` : null;
  // The result of the pair it was computed for (null outcome: the comparison failed).
  const [result, setResult] = useState<Outcome | null>(null);
  const [asked, setAsked] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // On the reviewer's request only: biometric processing when someone needs it, and the 6 MB model
  // is not fetched for every case opened.
  const run = () => {
    if (!selfieUrl || !portraitUrl || !key) return;
    setAsked(key);
    compare(selfieUrl, portraitUrl)
      .then((outcome) => mounted.current && setResult({ key, outcome }))
      .catch(() => mounted.current && setResult({ key, outcome: null }));
  };
  const state = key === null ? null : result?.key === key ? result : asked === key ? undefined : 'idle';

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
  if (state === 'idle')
    verdict = (
      <Button size="small" variant="default" onClick={run}>
        {t('capture.review.compare')}
      </Button>
    );
  else if (state === undefined) verdict = <p className="m-0 text-sm">{t('capture.review.comparing')}</p>;
  else if (state === null || state.outcome === null) verdict = <p className="m-0 text-sm">{t('capture.review.band.UNAVAILABLE')}</p>;
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
      {state === 'idle' ? (
        <div>{verdict}</div>
      ) : (
        // Announced when the comparison ends (it takes a few seconds).
        <div role="status" aria-live="polite">
          {verdict}
        </div>
      )}
      <p className="m-0 text-sm text-muted">{t('capture.review.aidOnly')}</p>
    </div>
  );
}
