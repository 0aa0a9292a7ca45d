import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderKyc } from '../test-utils.tsx';
import { cameraProblemOf } from '../../../lib/capture/use-camera.ts';
import { SelfieCamera } from './selfie-camera.tsx';

function withMediaDevices(getUserMedia: (() => Promise<MediaStream>) | undefined) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: getUserMedia ? { getUserMedia: vi.fn(getUserMedia) } : undefined });
}

describe('SelfieCamera', () => {
  afterEach(() => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    vi.restoreAllMocks();
  });

  it('maps getUserMedia failures to what we tell the user', () => {
    expect(cameraProblemOf(new DOMException('x', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblemOf(new DOMException('x', 'SecurityError'))).toBe('denied');
    expect(cameraProblemOf(new DOMException('x', 'NotFoundError'))).toBe('unavailable');
    expect(cameraProblemOf(new DOMException('x', 'OverconstrainedError'))).toBe('unavailable');
    expect(cameraProblemOf(new DOMException('x', 'NotReadableError'))).toBe('failed');
    expect(cameraProblemOf(null)).toBe('failed');
  });

  it('without a camera API it says so and offers no camera button (the upload tile is the way)', () => {
    withMediaDevices(undefined);
    renderKyc(<SelfieCamera onCapture={() => undefined} />);
    expect(screen.getByTestId('camera-problem')).toHaveTextContent('No camera is available on this device. Upload a selfie instead.');
    expect(screen.queryByRole('button', { name: 'Take a selfie with the camera' })).not.toBeInTheDocument();
  });

  it('a refused permission explains how to allow it, and the user can try again', async () => {
    withMediaDevices(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const user = userEvent.setup();
    renderKyc(<SelfieCamera onCapture={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Take a selfie with the camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Camera access was blocked.');
    expect(screen.getByRole('button', { name: 'Take a selfie with the camera' })).toBeEnabled();
  });

  it('shows a live preview, and Cancel switches the camera off', async () => {
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] } as unknown as MediaStream;
    withMediaDevices(() => Promise.resolve(stream));
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderKyc(<SelfieCamera onCapture={() => undefined} hasSelfie />);
    await user.click(screen.getByRole('button', { name: 'Retake with the camera' }));
    const video = await screen.findByLabelText('Camera preview');
    await waitFor(() => expect((video as HTMLVideoElement).srcObject).toBe(stream));
    expect(navigator.mediaDevices.getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: false, video: expect.objectContaining({ facingMode: 'user' }) }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(stop).toHaveBeenCalledTimes(1);
    expect(screen.queryByLabelText('Camera preview')).not.toBeInTheDocument();
  });

  it('says the camera is starting, with no shutter, until the preview has a frame', async () => {
    withMediaDevices(() => Promise.resolve({ getTracks: () => [{ stop: vi.fn() }] } as unknown as MediaStream));
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    let width = 0;
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockImplementation(() => width);
    const user = userEvent.setup();
    renderKyc(<SelfieCamera onCapture={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Take a selfie with the camera' }));
    const video = (await screen.findByLabelText('Camera preview')) as HTMLVideoElement;
    await waitFor(() => expect(video.srcObject).not.toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('Starting the camera…');
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeDisabled();
    // The first frame arrives: the view is live and the shutter works.
    width = 640;
    video.dispatchEvent(new Event('loadeddata'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Take photo' })).toBeEnabled());
    expect(screen.queryByText('Starting the camera…')).not.toBeInTheDocument();
  });

  it('switches the camera off when the screen goes away', async () => {
    const stop = vi.fn();
    withMediaDevices(() => Promise.resolve({ getTracks: () => [{ stop }] } as unknown as MediaStream));
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const user = userEvent.setup();
    const { unmount } = renderKyc(<SelfieCamera onCapture={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Take a selfie with the camera' }));
    await screen.findByLabelText('Camera preview');
    unmount();
    expect(stop).toHaveBeenCalled();
  });
});
