import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QualityIssue } from '../../../shared/capture-rules.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { SelfieCaptureProps } from '../../lib/capture/capture-kit.ts';
import { useQualityGate } from '../../lib/capture/quality-gate.ts';
import { QualityNotice } from '../../lib/capture/quality-notice.tsx';
import { issuesOfSource } from './model/check-file.ts';
import { useCamera } from './use-camera.ts';

/**
 * The selfie with the front camera (decision 023). Biometric processing needs explicit consent
 * first: the camera does not open before the user agrees, and a user who does not agree is pointed
 * to the file upload (the reviewer then compares the faces alone). The picture taken is checked
 * (darkness, blur) like a document; a refusal says why, and two refusals allow sending it anyway.
 */
export default function SelfieCapture({ onCapture, disabled = false, hasSelfie = false }: SelfieCaptureProps) {
  const { t } = useTranslation();
  const camera = useCamera('user');
  const [consent, setConsent] = useState<'asked' | 'given' | 'refused' | null>(null);
  const shotIssues = useRef<QualityIssue[]>([]);
  const { state, video } = camera;

  const send = useCallback(
    (file: File, warnings: QualityIssue[]) => {
      camera.stop();
      camera.setState({ phase: 'idle' });
      onCapture(file, warnings);
    },
    [camera, onCapture],
  );
  const check = useCallback(async () => shotIssues.current, []);
  const gate = useQualityGate(check, send);

  const shoot = async () => {
    const shot = await camera.grab('selfie');
    if (!shot) return;
    shotIssues.current = issuesOfSource(shot.canvas, shot.canvas.width, shot.canvas.height, 'selfie');
    await gate.offer(shot.file);
  };

  if (consent === 'asked') {
    return (
      <section className="flex flex-col gap-2 rounded-lg border border-line p-3" aria-labelledby="biometric-consent-title" data-testid="biometric-consent">
        <h3 id="biometric-consent-title" className="text-base font-semibold">
          {t('capture.consent.title')}
        </h3>
        <p className="m-0 text-sm">{t('capture.consent.body')}</p>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="primary"
            onClick={() => {
              setConsent('given');
              void camera.start();
            }}
          >
            {t('capture.consent.agree')}
          </Button>
          <Button variant="default" onClick={() => setConsent('refused')}>
            {t('capture.consent.decline')}
          </Button>
        </div>
      </section>
    );
  }

  if (state.phase === 'live' || state.phase === 'starting') {
    return (
      <div className="flex flex-col gap-3">
        <div className="relative mx-auto aspect-[4/3] w-full max-w-md overflow-hidden rounded-lg bg-black">
          <video ref={video} aria-label={t('kyc.selfie.preview')} data-testid="selfie-video" autoPlay playsInline muted className="size-full -scale-x-100 object-cover" />
          {/* A face-shaped guide; decorative (the instruction below says it in words). */}
          <span aria-hidden className="pointer-events-none absolute inset-[12%_25%] rounded-[50%] border-2 border-dashed border-white/70" />
          {state.phase === 'starting' ? (
            <p role="status" className="absolute inset-0 flex items-center justify-center text-sm text-white">
              {t('capture.camera.starting')}
            </p>
          ) : null}
        </div>
        <p className="text-center text-sm">{t('capture.selfie.placeFace')}</p>
        {gate.refusal ? <QualityNotice refusal={gate.refusal} onSendAnyway={gate.sendAnyway} onDismiss={gate.dismiss} /> : null}
        <div className="flex flex-wrap justify-center gap-3">
          <Button variant="default" onClick={camera.cancel}>
            {t('capture.camera.cancel')}
          </Button>
          <Button variant="primary" onClick={() => void shoot()} disabled={state.phase !== 'live' || gate.checking}>
            {t('capture.camera.take')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      {consent === 'refused' ? <Alert variant="info">{t('capture.consent.declined')}</Alert> : null}
      {state.phase === 'error' ? (
        <Alert variant="warn" data-testid="camera-problem">
          {t(`capture.camera.problem.${state.problem}`)} {t('capture.selfie.reviewerChecks')}
        </Alert>
      ) : null}
      {state.phase === 'error' && state.problem === 'unavailable' ? null : (
        <div>
          <Button variant="default" disabled={disabled} onClick={() => (consent === 'given' ? void camera.start() : setConsent('asked'))}>
            {hasSelfie ? t('kyc.selfie.retake') : t('capture.selfie.useCamera')}
          </Button>
        </div>
      )}
    </div>
  );
}
