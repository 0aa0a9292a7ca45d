import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cameraSupported, useCamera } from '../../../lib/capture/use-camera.ts';

export interface SelfieCameraProps {
  /** A captured photo (JPEG), ready to upload. */
  onCapture: (file: File) => void;
  /** A selfie exists already: the start button reads "Retake with the camera". */
  hasSelfie?: boolean;
  disabled?: boolean;
}

/**
 * Takes a selfie with the device camera when the capture kit (face checks) is not loaded: live
 * preview (front camera), capture to JPEG, retake. A refused permission, a missing camera or a
 * failure says so in words; the upload tile next to it is the fallback. The camera is switched off
 * after the capture, on cancel and when the screen goes away (the shared camera hook).
 */
export function SelfieCamera({ onCapture, hasSelfie = false, disabled = false }: SelfieCameraProps) {
  const { t } = useTranslation();
  const { state, setState, video, start, stop, cancel, grab } = useCamera('user');

  // The preview is mirrored for the user; the photo is not (text and faces the right way round).
  const capture = async () => {
    const shot = await grab('selfie');
    if (!shot) {
      stop();
      setState({ phase: 'error', problem: 'failed' });
      return;
    }
    cancel();
    onCapture(shot.file);
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
          <Button variant="primary" onClick={() => void capture()} disabled={state.phase !== 'live'}>
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
