import { useTranslation } from 'react-i18next';
import type { ConsoleDocument } from '../../../../shared/api/console.ts';
import { DocumentKind } from '../../../../shared/kyc.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Badge } from '../../../components/ui/status-badge.tsx';
import { useFaceMatch } from '../api/get-face-match.ts';
import { useLiveness } from '../api/get-liveness.ts';
import { FaceMatchPanel } from './face-match-panel.tsx';

/**
 * The in-house capture's aids on a case with a selfie (decisions 023, 039, 045): the face match the
 * server stored for the selfie and the document front, beside both pictures, and the liveness check the server decided with the frames it
 * kept and what it found in each. Aids only: the reviewer decides.
 */
export function SelfieChecks({ documents, level, userId }: { documents: readonly ConsoleDocument[]; level: number; userId?: string }) {
  const { t } = useTranslation();
  const selfie = documents.find((d) => d.kind === DocumentKind.SELFIE);
  const portrait = documents.find((d) => d.kind === DocumentKind.DOCUMENT_FRONT);
  const { data, isPending, isError } = useFaceMatch(userId && selfie ? { userId, level, selfieId: selfie.id, frontId: portrait?.id } : null);
  if (!selfie) return null;
  const match = userId && isPending ? undefined : isError ? null : (data ?? null);
  return (
    <>
      <Card title={t('capture.review.faceMatch')}>
        <FaceMatchPanel selfie={selfie} portrait={portrait} match={match} />
      </Card>
      <Card title={t('capture.review.liveness')}>
        <LivenessSummary userId={userId} level={level} />
      </Card>
    </>
  );
}

function LivenessSummary({ userId, level }: { userId?: string; level: number }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useLiveness(userId, level);
  if (userId && isPending) return <p className="m-0 text-sm text-muted">{t('capture.review.loadingScore')}</p>;
  if (!userId || isError || !data) return <p className="m-0 text-sm">{t('capture.review.livenessNone')}</p>;
  const moves = data.result.steps.map((s) => `${t(`capture.review.move.${s.move}`)} ${s.seen ? '✓' : '✗'}`).join(', ');
  const passed = data.result.status === 'PASSED';
  return (
    <div className="flex flex-col gap-3" data-testid="liveness-summary">
      <p className="m-0 flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={passed ? 'success' : 'danger'}>{passed ? t('capture.review.livenessPassed', { moves }) : t('capture.review.livenessFailed', { moves })}</Badge>
        {data.result.failure ? <span>{t(`capture.review.failure.${data.result.failure}`)}</span> : null}
      </p>
      {data.frames.length > 0 ? (
        <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-4" aria-label={t('capture.review.frames')}>
          {data.frames.map((f) => {
            const label = f.label === 'BASELINE' ? t('capture.review.baseline') : t(`capture.review.move.${f.label}`);
            // What the server's model found in this picture (decision 039).
            const issue = data.analysis?.pictures.find((p) => p.label === f.label)?.issue;
            return (
              <li key={f.id}>
                <figure className="m-0 flex flex-col gap-1">
                  <img src={f.path} alt={t('capture.review.frameAlt', { label })} width={f.width} height={f.height} loading="lazy" className="h-auto w-full rounded border border-line" />
                  <figcaption className="text-xs">
                    {label}
                    {issue ? <span className="block text-danger">{t(`capture.review.failure.${issue}`)}</span> : null}
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
