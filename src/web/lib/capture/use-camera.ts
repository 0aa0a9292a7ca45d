import { useCallback, useEffect, useRef, useState } from 'react';

/** Why the camera cannot be used; each has its own message, and uploading a file stays possible. */
export type CameraProblem = 'denied' | 'unavailable' | 'failed';
export type CameraState = { phase: 'idle' } | { phase: 'starting' } | { phase: 'live' } | { phase: 'error'; problem: CameraProblem };

export function cameraSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** Maps getUserMedia's DOMException names to what we tell the user. */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') return 'unavailable';
  return 'failed';
}

/**
 * A camera stream bound to a <video>: start (facing mode), stop (on cancel, capture and unmount),
 * and grab the current frame as a JPEG file. The stream never outlives the component.
 */
export function useCamera(facingMode: 'user' | 'environment') {
  const [state, setState] = useState<CameraState>(() => (cameraSupported() ? { phase: 'idle' } : { phase: 'error', problem: 'unavailable' }));
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  // Counts streams obtained: binding one to the <video> runs once per stream.
  const [attached, setAttached] = useState(0);

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  // The stream is bound while the view says "Starting the camera…"; it turns live only when the
  // <video> has a frame, so the shutter is never enabled over a picture that is not there yet.
  useEffect(() => {
    if (state.phase !== 'starting' || attached === 0 || !video.current || !stream.current) return;
    const el = video.current;
    const ready = () => {
      if (el.videoWidth > 0) setState((now) => (now.phase === 'starting' ? { phase: 'live' } : now));
    };
    el.addEventListener('loadeddata', ready);
    el.addEventListener('playing', ready);
    el.srcObject = stream.current;
    void el.play().then(ready, () => undefined);
    return () => {
      el.removeEventListener('loadeddata', ready);
      el.removeEventListener('playing', ready);
    };
  }, [state.phase, attached]);

  const start = useCallback(async () => {
    if (!cameraSupported()) {
      setState({ phase: 'error', problem: 'unavailable' });
      return;
    }
    setState({ phase: 'starting' });
    try {
      stop();
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode, width: { ideal: 1920 }, height: { ideal: 1080 } }, audio: false });
      setAttached((n) => n + 1);
    } catch (error) {
      stop();
      setState({ phase: 'error', problem: cameraProblemOf(error) });
    }
  }, [facingMode, stop]);

  const cancel = useCallback(() => {
    stop();
    setState({ phase: 'idle' });
  }, [stop]);

  /** The current frame as a JPEG (full resolution, never mirrored), or null before the first frame. */
  const grab = useCallback(async (name: string): Promise<{ file: File; canvas: HTMLCanvasElement } | null> => {
    const el = video.current;
    if (!el || el.videoWidth === 0) return null;
    const canvas = document.createElement('canvas');
    canvas.width = el.videoWidth;
    canvas.height = el.videoHeight;
    canvas.getContext('2d')?.drawImage(el, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
    return blob ? { file: new File([blob], `${name}-${Date.now()}.jpg`, { type: 'image/jpeg' }), canvas } : null;
  }, []);

  return { state, setState, video, start, stop, cancel, grab };
}
