import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** Why the camera cannot be used; each has its own message, and the upload fallback stays. */
export type CameraProblem = 'denied' | 'unavailable' | 'failed';

type CameraState = { phase: 'idle' } | { phase: 'starting' } | { phase: 'live' } | { phase: 'error'; problem: CameraProblem };

/** Maps getUserMedia's DOMException names to what we tell the user. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'unavailable';
  return 'failed';
}

export function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** JPEG quality of a captured selfie: sharp enough for a reviewer, a few hundred KB. */
const JPEG_QUALITY = 0.92;

export interface SelfieCameraProps {
  /** A captured photo (JPEG), ready to upload. */
  onCapture: (file: File) => void;
  /** A selfie exists already: the start button reads "Retake with the camera". */
  hasSelfie?: boolean;
  disabled?: boolean;
}

/**
 * Takes a selfie with the device camera: live preview (getUserMedia, front camera), capture to JPEG
 * through a canvas, retake. A refused permission, a missing camera or a failure says so in words;
 * the upload tile next to it is the fallback. The camera is switched off after the capture, on
 * cancel and when the screen goes away.
 */
export function SelfieCamera({ onCapture, hasSelfie = false, disabled = false }: SelfieCameraProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<CameraState>(() => (cameraSupported() ? { phase: 'idle' } : { phase: 'error', problem: 'unavailable' }));
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  useEffect(() => stop, [stop]);

  // Attach the stream once the <video> is on screen.
  useEffect(() => {
    if (state.phase !== 'live' || !video.current || !stream.current) return;
    const el = video.current;
    el.srcObject = stream.current;
    void el.play().catch(() => undefined);
  }, [state.phase]);

  const start = async () => {
    if (!cameraSupported()) {
      setState({ phase: 'error', problem: 'unavailable' });
      return;
    }
    setState({ phase: 'starting' });
    try {
      stop();
      stream.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 960 } },
        audio: false,
      });
      setState({ phase: 'live' });
    } catch (error) {
      stop();
      setState({ phase: 'error', problem: cameraProblemOf(error) });
    }
  };

  const cancel = () => {
    stop();
    setState({ phase: 'idle' });
  };

  const capture = () => {
    const el = video.current;
    if (!el || el.videoWidth === 0 || el.videoHeight === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = el.videoWidth;
    canvas.height = el.videoHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) {
      setState({ phase: 'error', problem: 'failed' });
      return;
    }
    // The preview is mirrored for the user; the photo is not (text and faces the right way round).
    ctx.drawImage(el, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        stop();
        if (!blob) {
          setState({ phase: 'error', problem: 'failed' });
          return;
        }
        setState({ phase: 'idle' });
        onCapture(new File([blob], `selfie-${Date.now()}.jpg`, { type: 'image/jpeg' }));
      },
      'image/jpeg',
      JPEG_QUALITY,
    );
  };

  if (state.phase === 'live' || state.phase === 'starting') {
    return (
      <div className="flex flex-col gap-3">
        <div className="relative mx-auto aspect-[4/3] w-full max-w-md overflow-hidden rounded-lg bg-black">
          <video
            ref={video}
            aria-label={t('kyc.selfie.preview')}
            data-testid="selfie-video"
            autoPlay
            playsInline
            muted
            className="size-full -scale-x-100 object-cover"
          />
          {state.phase === 'starting' ? (
            <p role="status" className="absolute inset-0 flex items-center justify-center text-sm text-white">
              {t('kyc.selfie.starting')}
            </p>
          ) : (
            // A face-shaped guide; decorative.
            <span aria-hidden className="pointer-events-none absolute inset-[12%_25%] rounded-[50%] border-2 border-dashed border-white/70" />
          )}
        </div>
        <div className="flex flex-wrap justify-center gap-3">
          <Button variant="default" onClick={cancel}>
            {t('kyc.selfie.cancel')}
          </Button>
          <Button variant="primary" onClick={capture} disabled={state.phase !== 'live'}>
            {t('kyc.selfie.capture')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      {state.phase === 'error' ? (
        <Alert variant="warn" data-testid="camera-problem">
          {t(`kyc.selfie.problem.${state.problem}`)}
        </Alert>
      ) : null}
      {state.phase === 'error' && state.problem === 'unavailable' && !cameraSupported() ? null : (
        <div>
          <Button variant={hasSelfie ? 'default' : 'primary'} onClick={() => void start()} disabled={disabled}>
            {t(hasSelfie ? 'kyc.selfie.retake' : 'kyc.selfie.useCamera')}
          </Button>
        </div>
      )}
    </div>
  );
}
