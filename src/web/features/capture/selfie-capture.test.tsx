import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createInstance } from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import capture from '../../../../locales/user-accounts/en/capture.json';
import kyc from '../../../../locales/user-accounts/en/kyc.json';
import type { FrameObservation } from '../../../shared/face-checks.ts';
import SelfieCapture from './selfie-capture.tsx';

/**
 * The selfie step's ways without a working face check (decision 023), as a screen reader meets them:
 * no camera, camera refused, consent declined, a detector that cannot run here, and a camera that
 * shows no face (Chromium's fake camera, a covered lens). Each says so in words, in a live region or
 * an alert, names what a reviewer then checks, and leaves the upload as the way on. The detector is
 * replaced here by what it would report; its real runs are in lib/face/face-detector.test.ts.
 */
const detector = vi.hoisted(() => ({ load: vi.fn(), frame: { width: 640, height: 480, faces: [] } as FrameObservation }));
vi.mock('../../lib/face/face-model.ts', () => ({
  loadFaceApi: () => detector.load(),
  ensureModels: async () => undefined,
  observe: async () => detector.frame,
  FaceModel: { DETECTOR: 'd', LANDMARKS: 'l' },
}));

function renderSelfie(onCapture = vi.fn()) {
  const i18n = createInstance();
  void i18n.init({ lng: 'en', resources: { en: { translation: { capture, kyc } } }, initAsync: false, interpolation: { escapeValue: false } });
  render(
    <I18nextProvider i18n={i18n}>
      <SelfieCapture level={1} onCapture={onCapture} />
    </I18nextProvider>,
  );
  return onCapture;
}

const track = { stop: vi.fn() };
const stream = { getTracks: () => [track] } as unknown as MediaStream;

beforeEach(() => {
  detector.load.mockReset().mockResolvedValue({});
  detector.frame = { width: 640, height: 480, faces: [] };
  track.stop.mockReset();
  // jsdom plays no video: a live camera shows a 640 × 480 picture.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 640 });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', { configurable: true, get: () => 480 });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const withCamera = (getUserMedia: () => Promise<MediaStream>) => vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(getUserMedia) } });

describe('selfie without the face check', () => {
  it('no camera on the device: an alert says to upload and that a reviewer does the checks', () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    renderSelfie();
    expect(screen.getByRole('alert')).toHaveTextContent('No camera is available on this device. Upload a file instead. The face and liveness checks will then be done by a reviewer.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks for consent before the camera opens; declining keeps it off and points to the upload', async () => {
    const user = userEvent.setup();
    withCamera(async () => stream);
    renderSelfie();
    await user.click(screen.getByRole('button', { name: 'Take a selfie with the camera' }));
    expect(screen.getByRole('region', { name: 'Your consent to use your face' })).toBeVisible();
    expect(navigator.mediaDevices.getUserMedia).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'No, I will upload a photo' }));
    expect(screen.getByRole('status')).toHaveTextContent('The camera stays off. Upload a selfie below: a reviewer will compare it with your document.');
    expect(navigator.mediaDevices.getUserMedia).not.toHaveBeenCalled();
  });

  it('camera refused: an alert names the reviewer\'s checks', async () => {
    const user = userEvent.setup();
    withCamera(() => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })));
    renderSelfie();
    await user.click(screen.getByRole('button', { name: 'Take a selfie with the camera' }));
    await user.click(screen.getByRole('button', { name: 'I agree, open the camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Camera access was blocked');
    expect(screen.getByRole('alert')).toHaveTextContent('The face and liveness checks will then be done by a reviewer.');
  });

  it('a detector that cannot run here: said in the live region, and the photo can still be taken', async () => {
    const user = userEvent.setup();
    withCamera(async () => stream);
    detector.load.mockRejectedValue(new Error('no backend'));
    renderSelfie();
    await user.click(screen.getByRole('button', { name: 'Take a selfie with the camera' }));
    await user.click(screen.getByRole('button', { name: 'I agree, open the camera' }));
    expect(await screen.findByText('The face check is not available on this device. Take the photo anyway: a reviewer will check it.')).toBeVisible();
    expect(screen.getByTestId('face-hint')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeEnabled();
  });

  it('a camera that shows no face: told plainly, then the camera closes for the upload', async () => {
    const user = userEvent.setup();
    withCamera(async () => stream);
    detector.load.mockResolvedValue({});
    // Time passes quickly: every look at the camera is two seconds later.
    let clock = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => (clock += 2000));
    renderSelfie();
    await user.click(screen.getByRole('button', { name: 'Take a selfie with the camera' }));
    await user.click(screen.getByRole('button', { name: 'I agree, open the camera' }));
    expect(await screen.findByText('We cannot see a face. Face the camera in good light, without anything covering your face.')).toBeVisible();
    // The movement check cannot start without a face.
    expect(screen.getByRole('button', { name: "I'm ready: start the movement check" })).toBeDisabled();
    const help = await screen.findByTestId('no-face-help', {}, { timeout: 3000 });
    expect(help).toHaveAttribute('role', 'alert');
    expect(help).toHaveTextContent('We cannot find a face in the camera picture.');
    await user.click(screen.getByRole('button', { name: 'Upload a selfie instead' }));
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
    expect(screen.getByTestId('selfie-fell-back')).toHaveTextContent('Upload a selfie below: a reviewer will then check your face');
    expect(screen.queryByTestId('selfie-video')).toBeNull();
  });

  it('a centred face enables the movement check', async () => {
    const user = userEvent.setup();
    withCamera(async () => stream);
    detector.load.mockResolvedValue({});
    detector.frame = { width: 640, height: 480, faces: [{ box: { x: 240, y: 140, width: 160, height: 200 }, score: 0.9, landmarks: [] }] };
    renderSelfie();
    await user.click(screen.getByRole('button', { name: 'Take a selfie with the camera' }));
    await user.click(screen.getByRole('button', { name: 'I agree, open the camera' }));
    await waitFor(() => expect(screen.getByRole('button', { name: "I'm ready: start the movement check" })).toBeEnabled());
    expect(screen.getByTestId('face-hint')).toHaveTextContent('Follow the instructions to show it is really you, live.');
  });
});
