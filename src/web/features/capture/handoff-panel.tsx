import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HandoffCreateResult } from '../../../shared/api/capture.ts';
import { handoffCurrentKind, HandoffStatus, HandoffStep } from '../../../shared/capture-rules.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { HandoffPanelProps } from '../../lib/capture/capture-kit.ts';
import { kindLabelKey } from '../../lib/capture/kind-label.ts';
import { errorMessage } from '../../lib/i18n/error-message.ts';
import { useQrDataUrl } from '../../lib/qr/qr-data-url.ts';
import { useCreateHandoff } from './api/create-handoff.ts';
import { useHandoffStatus } from './api/handoff-status.ts';
import { useRevokeHandoff } from './api/revoke-handoff.ts';


const timeOf = (iso: string, language: string) => new Date(iso).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });

/**
 * "Continue on your phone" on the desktop (decision 023): a QR code and a short link that open this
 * step on the phone without logging in there. The panel follows the link live (polling): each
 * picture is announced as it arrives, and when the phone is done the flow moves on. The link can be
 * stopped here at any time; an expired or stopped one offers a new one.
 *
 * A REMAINING link (decision 058) hands the phone the rest of level 1 at once: the panel lists its
 * steps and says which one the phone is on ("step 2 of 3"), from the pictures that arrived.
 */
export default function HandoffPanel({ level, step, from, documentType = null, onArrived, onCompleted, link: heldLink, onLink }: HandoffPanelProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [ownLink, setOwnLink] = useState<HandoffCreateResult | null>(null);
  // The flow may hold the link (it outlives this step's page); else the panel does.
  const link = heldLink !== undefined ? heldLink : ownLink;
  const setLink = (next: HandoffCreateResult | null) => (onLink ? onLink(next) : setOwnLink(next));
  const [copied, setCopied] = useState(false);
  const creator = useCreateHandoff();
  const revoker = useRevokeHandoff();
  const status = useHandoffStatus(link?.id);
  const view = status.data ?? link;
  const seen = useRef('');
  const completed = useRef(false);
  const url = link ? new URL(link.path, window.location.origin).toString() : '';

  // The code of the current link only: a new link's code replaces the old one's when drawn.
  const qr = useQrDataUrl(url || null);

  const uploads = view?.uploads ?? [];
  const arrivedKey = uploads.map((u) => u.documentId).join();
  useEffect(() => {
    if (arrivedKey && arrivedKey !== seen.current) {
      seen.current = arrivedKey;
      onArrived();
    }
  }, [arrivedKey, onArrived]);

  useEffect(() => {
    if (view?.status === HandoffStatus.COMPLETED && !completed.current) {
      completed.current = true;
      onCompleted();
    }
  }, [view?.status, onCompleted]);

  const start = () => {
    completed.current = false;
    seen.current = '';
    const plan = step === HandoffStep.REMAINING && documentType ? { documentType, ...(from === HandoffStep.DOCUMENTS || from === HandoffStep.SELFIE ? { from } : {}) } : {};
    creator.mutate({ level, step, ...plan }, { onSuccess: setLink });
  };

  if (!link) {
    return (
      <section className="rounded-lg border border-line p-4" aria-labelledby="handoff-title" data-testid="handoff-panel">
        <h3 id="handoff-title" className="text-base font-semibold">
          {t('capture.handoff.title')}
        </h3>
        {/* From the selfie step the phone is asked for the selfie alone (intro.SELFIE). */}
        <p className="text-sm text-muted">{t(`capture.handoff.intro.${from === HandoffStep.SELFIE ? HandoffStep.SELFIE : step}`)}</p>
        {creator.isError ? <Alert variant="error">{errorMessage(t, creator.error)}</Alert> : null}
        <Button variant="default" onClick={start} loading={creator.isPending}>
          {t('capture.handoff.start')}
        </Button>
      </section>
    );
  }

  const current = view?.status ?? HandoffStatus.PENDING;
  const over = current === HandoffStatus.EXPIRED || current === HandoffStatus.REVOKED;
  const plan = view?.kinds ?? link.kinds;
  const multi = link.step === HandoffStep.REMAINING;
  const onPhone = handoffCurrentKind(plan, uploads);
  const labelOf = (kind: (typeof plan)[number]) => t(kindLabelKey(kind, view?.documentType ?? link.documentType));
  // What the phone is doing now, in one polite live region: each change is announced once.
  const statusText =
    multi && current === HandoffStatus.OPENED
      ? onPhone
        ? t('capture.handoff.onStep', { n: plan.indexOf(onPhone) + 1, total: plan.length, item: labelOf(onPhone) })
        : t('capture.handoff.allArrived')
      : multi && current === HandoffStatus.COMPLETED
        ? t('capture.handoff.doneAll')
        : t(`capture.handoff.status.${current}`);
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-line p-4" aria-labelledby="handoff-title" data-testid="handoff-panel">
      <h3 id="handoff-title" className="text-base font-semibold">
        {t('capture.handoff.title')}
      </h3>
      {!over && current !== HandoffStatus.COMPLETED ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          {qr ? <img src={qr} alt={t('capture.handoff.qrAlt')} width={176} height={176} className="rounded bg-white" data-testid="handoff-qr" /> : <div className="size-44" aria-hidden />}
          <div className="flex min-w-0 flex-col gap-2 text-sm">
            <p className="m-0">{t('capture.handoff.scan')}</p>
            <p className="m-0">{t('capture.handoff.orOpen')}</p>
            <code className="break-all rounded bg-surface p-2" data-testid="handoff-link">
              {url}
            </code>
            <div className="flex flex-wrap gap-2">
              <Button
                size="small"
                variant="default"
                onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true), () => setCopied(false))}
              >
                {copied ? t('capture.handoff.copied') : t('capture.handoff.copy')}
              </Button>
              <Button size="small" variant="default" loading={revoker.isPending} onClick={() => revoker.mutate(link.id)}>
                {t('capture.handoff.stop')}
              </Button>
            </div>
            <p className="m-0 text-muted">{t('capture.handoff.validUntil', { time: timeOf(view?.sessionExpiresAt ?? link.expiresAt, language) })}</p>
            <p className="m-0 text-muted">{t('capture.handoff.private')}</p>
          </div>
        </div>
      ) : null}
      <p className="m-0 text-sm font-medium" role="status" aria-live="polite" data-testid="handoff-status">
        {statusText}
      </p>
      {multi && !over ? (
        <ol className="m-0 list-decimal space-y-1 ps-5 text-sm" aria-label={t('capture.handoff.plan')} data-testid="handoff-plan">
          {plan.map((kind, i) => {
            const state = uploads.some((u) => u.kind === kind) ? 'received' : kind === onPhone && current === HandoffStatus.OPENED ? 'current' : 'waiting';
            return (
              <li key={kind} data-state={state} className={state === 'current' ? 'font-semibold' : state === 'waiting' ? 'text-muted' : undefined}>
                {t(`capture.handoff.planItem.${state}`, { n: i + 1, item: labelOf(kind) })}
              </li>
            );
          })}
        </ol>
      ) : null}
      {!multi && uploads.length > 0 ? (
        <ul className="m-0 list-disc ps-5 text-sm" aria-label={t('capture.handoff.arrived')} data-testid="handoff-arrivals">
          {uploads.map((u) => (
            <li key={u.documentId}>{t('capture.handoff.received', { item: t(`kyc.kind.${u.kind}`) })}</li>
          ))}
        </ul>
      ) : null}
      {revoker.isError ? <Alert variant="error">{errorMessage(t, revoker.error)}</Alert> : null}
      {over ? (
        <div>
          <Button variant="default" onClick={start} loading={creator.isPending}>
            {t('capture.handoff.again')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
