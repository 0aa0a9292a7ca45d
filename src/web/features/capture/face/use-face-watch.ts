import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { FrameObservation } from '../../../../shared/face-checks.ts';
import { ensureModels, FaceModel, loadFaceApi, observe, type FaceApiModule } from '../../../lib/face/face-model.ts';

/** Pause between two looks at the camera: a few a second is enough to follow a head turn or a blink. */
const WATCH_INTERVAL_MS = 150;

export type DetectorState = { phase: 'loading' } | { phase: 'ready' } | { phase: 'unavailable' };

export interface FaceWatch {
  detector: DetectorState;
  /** One look at a still picture (the photo just taken); null while the detector is not ready. */
  inspect: (source: HTMLCanvasElement) => Promise<FrameObservation | null>;
}

/**
 * Loads the face detector once `wanted` (the user agreed and the camera is opening: its code and
 * models are fetched only then, never for a user who uploads a file) and, while `active`,
 * looks at the live video again and again, handing each frame's observation to `onFrame`. One look
 * at a time: a slow device simply looks less often. Stops with the component.
 */
export function useFaceWatch(video: RefObject<HTMLVideoElement | null>, wanted: boolean, active: boolean, onFrame: (frame: FrameObservation) => void): FaceWatch {
  const [state, setState] = useState<DetectorState>({ phase: 'loading' });
  const api = useRef<FaceApiModule | null>(null);
  const callback = useRef(onFrame);
  useEffect(() => {
    callback.current = onFrame;
  }, [onFrame]);

  useEffect(() => {
    if (!wanted || api.current) return;
    let cancelled = false;
    loadFaceApi()
      .then(async (loaded) => {
        await ensureModels(loaded, [FaceModel.DETECTOR, FaceModel.LANDMARKS]);
        if (cancelled) return;
        api.current = loaded;
        setState({ phase: 'ready' });
      })
      .catch(() => !cancelled && setState({ phase: 'unavailable' }));
    return () => {
      cancelled = true;
    };
  }, [wanted]);

  useEffect(() => {
    if (!active || state.phase !== 'ready') return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      const el = video.current;
      if (stopped) return;
      if (el && el.videoWidth > 0 && api.current) {
        try {
          const frame = await observe(api.current, el, el.videoWidth, el.videoHeight);
          if (!stopped) callback.current(frame);
        } catch {
          // A frame the detector could not read (the stream just changed): the next look decides.
        }
      }
      if (!stopped) timer = setTimeout(() => void look(), WATCH_INTERVAL_MS);
    };
    void look();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, state.phase, video]);

  const inspect = useCallback(async (source: HTMLCanvasElement) => (api.current ? observe(api.current, source, source.width, source.height) : null), []);
  return { detector: state, inspect };
}
