import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QualityIssue } from '../../../shared/capture-rules.ts';
import { faceIssues, type FrameObservation } from '../../../shared/face-checks.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { SelfieCaptureProps } from '../../lib/capture/capture-kit.ts';
import { useQualityGate } from '../../lib/capture/quality-gate.ts';
import { QualityNotice } from '../../lib/capture/quality-notice.tsx';
import { CaptureOverlay, useIsPhone } from './capture-overlay.tsx';
import { LivenessSteps, useLiveness } from './face/liveness.tsx';
import { useFaceWatch } from './face/use-face-watch.ts';
import { issuesOfSource } from './model/check-file.ts';
import { useCamera } from '../../lib/capture/use-camera.ts';

/** After this long without a face in the picture the user is told so plainly and offered the upload. */
const NO_FACE_HELP_MS = 6000;

/**
 * The selfie with the front camera (decision 023). Biometric processing needs explicit consent
 * first: the camera does not open before the user agrees, and a user who does not agree is pointed
 * to the file upload (the reviewer then compares the faces alone). With the camera on, the face
 * detector (loaded only now) checks the picture live: exactly one face, large enough, centred. Then
 * the server's random liveness challenge (turn left, blink…) is followed with the detector and sent
 * to the server, which decides it again and keeps its frames; then the photo is taken and checked
 * (face, darkness). A camera that shows no face (or a device the detector cannot run on) is said
 * plainly, and the upload stays open: the reviewer then does the checks.
 */
export default function SelfieCapture({ onCapture, disabled = false, hasSelfie = false, viaHandoff = false }: SelfieCaptureProps) {
  const { t } = useTranslation();
  const camera = useCamera('user');
  const phone = useIsPhone();
  const [consent, setConsent] = useState<'asked' | 'given' | 'refused' | null>(null);
  const [fellBack, setFellBack] = useState(false);
  const [issues, setIssues] = useState<QualityIssue[] | null>(null);
  const [noFaceHelp, setNoFaceHelp] = useState(false);
  const noFaceSince = useRef<number | null>(null);
  const shotIssues = useRef<QualityIssue[]>([]);
  const { state, video } = camera;
  const live = state.phase === 'live';
  const liveness = useLiveness(video, viaHandoff);

  const onFrame = useCallback(
    (frame: FrameObservation) => {
      const found = faceIssues(frame);
      setIssues(found);
      const noFace = found.length === 1 && found[0] === 'NO_FACE';
      if (!noFace) noFaceSince.current = null;
      else noFaceSince.current ??= Date.now();
      setNoFaceHelp(noFaceSince.current !== null && Date.now() - noFaceSince.current >= NO_FACE_HELP_MS);
      liveness.onFrame(frame);
    },
    [liveness],
  );
  const watching = live && liveness.stage !== 'saving';
  const { detector, inspect } = useFaceWatch(video, state.phase === 'starting' || live, watching, onFrame);

  const stopCamera = useCallback(() => {
    camera.stop();
    camera.setState({ phase: 'idle' });
    liveness.reset();
    setIssues(null);
    setNoFaceHelp(false);
    noFaceSince.current = null;
  }, [camera, liveness]);

  const send = useCallback(
    (file: File, warnings: QualityIssue[]) => {
      stopCamera();
      onCapture(file, warnings);
    },
    [stopCamera, onCapture],
  );
  const check = useCallback(async () => shotIssues.current, []);
  const gate = useQualityGate(check, send);

  const shoot = async () => {
    const shot = await camera.grab('selfie');
    if (!shot) return;
    const seen = await inspect(shot.canvas).catch(() => null);
    shotIssues.current = [...(seen ? faceIssues(seen) : []), ...issuesOfSource(shot.canvas, shot.canvas.width, shot.canvas.height, 'selfie')];
    await gate.offer(shot.file);
  };

  const useUploadInstead = () => {
    stopCamera();
    setFellBack(true);
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
    // Without a detector (it could not load here) the photo is taken unchecked: the reviewer checks it.
    const canPhoto = liveness.stage === 'photo' || liveness.stage === 'failed' || detector.phase === 'unavailable';
    const faceOk = issues !== null && issues.length === 0;
    const view = (
      <div className={phone ? 'flex min-h-0 flex-1 flex-col gap-3' : 'flex flex-col gap-3'} data-testid="selfie-camera">
        <div className={phone ? 'relative min-h-0 w-full flex-1 overflow-hidden rounded-lg bg-black' : 'relative mx-auto aspect-[4/3] w-full max-w-md overflow-hidden rounded-lg bg-black'}>
          <video ref={video} aria-label={t('kyc.selfie.preview')} data-testid="selfie-video" autoPlay playsInline muted className="size-full -scale-x-100 object-cover" />
          {/* A face-shaped guide; decorative (the instructions below say it in words). */}
          <span aria-hidden className="pointer-events-none absolute inset-[12%_25%] rounded-[50%] border-2 border-dashed border-white/70" />
          {state.phase === 'starting' ? (
            <p role="status" className="absolute inset-0 flex items-center justify-center text-sm text-white">
              {t('capture.camera.starting')}
            </p>
          ) : null}
        </div>

        {/* One polite live region for what to do now: a screen reader hears each new instruction once. */}
        <div role="status" aria-live="polite" className={phone ? 'text-center text-base font-medium' : 'text-center text-sm'} data-testid="face-hint">
          {detector.phase === 'loading' && live ? <p className="m-0">{t('capture.liveness.loading')}</p> : null}
          {detector.phase === 'unavailable' ? <p className="m-0">{t('capture.liveness.unavailable')}</p> : null}
          {detector.phase === 'ready' && liveness.stage === 'framing' ? (
            <p className="m-0">{issues && issues.length > 0 ? `${t(`capture.issue.${issues[0]}.reason`)} ${t(`capture.issue.${issues[0]}.fix`)}` : faceOk ? t('capture.liveness.intro') : t('capture.selfie.placeFace')}</p>
          ) : null}
          {liveness.stage === 'challenge' || liveness.stage === 'saving' ? <LivenessSteps liveness={liveness} /> : null}
          {liveness.stage === 'photo' ? <p className="m-0">{t('capture.liveness.passed')}</p> : null}
        </div>

        {noFaceHelp && liveness.stage === 'framing' ? (
          <Alert variant="warn" data-testid="no-face-help">
            <p className="m-0">{t('capture.liveness.noFace')}</p>
            <div className="mt-2">
              <Button size="small" variant="default" onClick={useUploadInstead}>
                {t('capture.liveness.uploadInstead')}
              </Button>
            </div>
          </Alert>
        ) : null}
        {liveness.stage === 'failed' ? (
          <Alert variant="warn" data-testid="liveness-failed">
            <p className="m-0">{liveness.notice ?? t('capture.liveness.failed')}</p>
            <div className="mt-2 flex flex-wrap gap-3">
              <Button size="small" variant="default" onClick={() => void liveness.begin()}>
                {t('capture.liveness.retry')}
              </Button>
            </div>
            <p className="m-0 mt-1 text-sm">{t('capture.liveness.skip')}</p>
          </Alert>
        ) : null}
        {gate.refusal ? <QualityNotice refusal={gate.refusal} onSendAnyway={gate.sendAnyway} onDismiss={gate.dismiss} /> : null}

        {/* On a phone the main button is the big one at the bottom, where the thumb is. */}
        <div className={phone ? 'grid grid-cols-[auto_1fr] gap-3' : 'flex flex-wrap justify-center gap-3'}>
          <Button variant="default" onClick={stopCamera}>
            {t('capture.camera.cancel')}
          </Button>
          {canPhoto ? (
            <Button variant="primary" size={phone ? 'large' : undefined} onClick={() => void shoot()} disabled={!live || gate.checking}>
              {t('capture.camera.take')}
            </Button>
          ) : (
            <Button variant="primary" size={phone ? 'large' : undefined} onClick={() => void liveness.begin()} disabled={!live || !faceOk || liveness.stage !== 'framing'}>
              {t('capture.liveness.begin')}
            </Button>
          )}
        </div>
      </div>
    );
    return phone ? (
      <CaptureOverlay label={t('kyc.selfie.preview')} onClose={stopCamera}>
        {view}
      </CaptureOverlay>
    ) : (
      view
    );
  }

  return (
    <div className="flex flex-col gap-2">
      {consent === 'refused' ? <Alert variant="info">{t('capture.consent.declined')}</Alert> : null}
      {fellBack ? (
        <Alert variant="info" data-testid="selfie-fell-back">
          {t('capture.liveness.fellBack')}
        </Alert>
      ) : null}
      {state.phase === 'error' ? (
        <Alert variant="warn" data-testid="camera-problem">
          {t(`capture.camera.problem.${state.problem}`)} {t('capture.selfie.reviewerChecks')}
        </Alert>
      ) : null}
      {state.phase === 'error' && state.problem === 'unavailable' ? null : (
        <div>
          <Button
            variant="default"
            disabled={disabled}
            onClick={() => {
              setFellBack(false);
              if (consent === 'given') void camera.start();
              else setConsent('asked');
            }}
          >
            {hasSelfie ? t('kyc.selfie.retake') : t('capture.selfie.useCamera')}
          </Button>
        </div>
      )}
    </div>
  );
}
