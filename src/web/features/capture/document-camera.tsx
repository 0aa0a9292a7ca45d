import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QualityIssue } from '../../../shared/capture-rules.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { DocumentCameraProps } from '../../lib/capture/capture-kit.ts';
import { useQualityGate } from '../../lib/capture/quality-gate.ts';
import { QualityNotice } from '../../lib/capture/quality-notice.tsx';
import { CaptureOverlay, useIsPhone } from './capture-overlay.tsx';
import { issuesOfSource } from './model/check-file.ts';
import { useCamera } from '../../lib/capture/use-camera.ts';

/** How often the live view is measured: often enough to feel live, cheap on a phone. */
const LIVE_CHECK_MS = 600;

/**
 * A document photographed with the back camera (decision 023): a card-shaped framing guide over
 * the live view, a live hint (blur, glare, darkness, too small, cut off) announced politely to
 * screen readers when it changes, and the same checks on the photo taken. A refused photo says why
 * and what to do; after two refusals it may be sent anyway.
 */
export default function DocumentCamera({ label, onCapture, disabled = false }: DocumentCameraProps) {
  const { t } = useTranslation();
  const camera = useCamera('environment');
  const phone = useIsPhone();
  const [live, setLive] = useState<QualityIssue[] | null>(null);
  // The issues of the photo just taken: measured on its canvas, read by the gate's checker.
  const shotIssues = useRef<QualityIssue[]>([]);
  const { video, state } = camera;

  const send = useCallback(
    (file: File, warnings: QualityIssue[]) => {
      camera.cancel();
      onCapture(file, warnings);
    },
    [camera, onCapture],
  );
  const check = useCallback(async () => shotIssues.current, []);
  const gate = useQualityGate(check, send);

  useEffect(() => {
    if (state.phase !== 'live') return;
    const timer = window.setInterval(() => {
      const el = video.current;
      if (!el || el.videoWidth === 0) return;
      const issues = issuesOfSource(el, el.videoWidth, el.videoHeight, 'document');
      // Only a change re-renders (and is announced).
      setLive((previous) => (previous && previous.join() === issues.join() ? previous : issues));
    }, LIVE_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [state.phase, video]);

  const shoot = async () => {
    const shot = await camera.grab('document');
    if (!shot) return;
    shotIssues.current = issuesOfSource(shot.canvas, shot.canvas.width, shot.canvas.height, 'document');
    await gate.offer(shot.file);
  };

  if (state.phase === 'live' || state.phase === 'starting') {
    const hint = live === null ? t('capture.camera.placeDocument') : live.length === 0 ? t('capture.camera.looksGood') : t(`capture.issue.${live[0]}.reason`);
    const view = (
      <div className={phone ? 'flex min-h-0 flex-1 flex-col gap-3' : 'flex flex-col gap-3'}>
        <div className={phone ? 'relative min-h-0 w-full flex-1 overflow-hidden rounded-lg bg-black' : 'relative mx-auto aspect-[4/3] w-full max-w-lg overflow-hidden rounded-lg bg-black'}>
          <video ref={video} aria-label={t('kyc.selfie.preview')} data-testid="document-video" autoPlay playsInline muted className="size-full object-cover" />
          {/* The framing guide: an ID card's shape (ISO/IEC 7810 ID-1, 85.6 × 54 mm); decorative. */}
          <span aria-hidden className="pointer-events-none absolute inset-x-[8%] top-1/2 aspect-[1.586] -translate-y-1/2 rounded-xl border-2 border-dashed border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.35)]" />
          {state.phase === 'starting' ? (
            <p role="status" className="absolute inset-0 flex items-center justify-center text-sm text-white">
              {t('capture.camera.starting')}
            </p>
          ) : null}
        </div>
        <p className={phone ? 'm-0 text-center text-base font-medium' : 'text-center text-sm'} aria-live="polite" data-testid="live-hint">
          {hint}
        </p>
        {gate.refusal ? <QualityNotice refusal={gate.refusal} onSendAnyway={gate.sendAnyway} onDismiss={gate.dismiss} /> : null}
        {/* On a phone the shutter is the big button at the bottom, where the thumb is. */}
        <div className={phone ? 'grid grid-cols-[auto_1fr] gap-3' : 'flex flex-wrap justify-center gap-3'}>
          <Button variant="default" onClick={camera.cancel}>
            {t('capture.camera.cancel')}
          </Button>
          <Button variant="primary" size={phone ? 'large' : undefined} onClick={() => void shoot()} disabled={state.phase !== 'live' || gate.checking}>
            <Named visible={t('capture.camera.take')} spoken={t('capture.camera.takeNamed', { label })} />
          </Button>
        </div>
      </div>
    );
    return phone ? (
      <CaptureOverlay label={t('capture.camera.preview', { label })} onClose={camera.cancel}>
        {view}
      </CaptureOverlay>
    ) : (
      view
    );
  }

  return (
    <div className="flex flex-col gap-2">
      {state.phase === 'error' ? (
        <Alert variant="warn" data-testid="camera-problem">
          {t(`capture.camera.problem.${state.problem}`)}
        </Alert>
      ) : null}
      {state.phase === 'error' && state.problem === 'unavailable' ? null : (
        <div>
          <Button variant="default" onClick={() => void camera.start()} disabled={disabled}>
            <Named visible={t('capture.camera.use')} spoken={t('capture.camera.useNamed', { label })} />
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * A button text that screen readers hear with what it is for ("Use the camera for: Front side")
 * while the screen shows the short form. Not an aria-label: that would make the button a second
 * element labelled with the picture's name, next to the file input the name labels.
 */
function Named({ visible, spoken }: { visible: string; spoken: string }) {
  return (
    <>
      <span aria-hidden>{visible}</span>
      <span className="sr-only">{spoken}</span>
    </>
  );
}
