import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderKyc } from '../test-utils.tsx';
import { cameraProblemOf, SelfieCamera } from './selfie-camera.tsx';

function withMediaDevices(getUserMedia: (() => Promise<MediaStream>) | undefined) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: getUserMedia ? { getUserMedia: vi.fn(getUserMedia) } : undefined });
}

describe('SelfieCamera', () => {
  afterEach(() => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
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
