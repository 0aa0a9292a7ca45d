import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleDocument } from '../../../../shared/api/console.ts';
import type { ConsoleLiveness } from '../../../../shared/api/capture.ts';
import { clearResponseCache } from '../../../lib/http/index.ts';
import { envelope, installFetch } from '../../../lib/http/testing.ts';
import type { FaceMatchOutcome } from '../../../lib/face/face-match.ts';
import { renderConsole } from '../test-utils.tsx';
import { DocumentGallery } from './document-gallery.tsx';
import { FaceMatchPanel } from './face-match-panel.tsx';
import { SelfieChecks } from './selfie-checks.tsx';

/**
 * The console's aids of the in-house capture (decision 023): the face match's score and band beside
 * both pictures, saying it decides nothing; the recorded liveness check with its frames; and each
 * picture's recorded quality warnings. The comparison itself (the model) is injected: its real run
 * is tested on the package's pictures in lib/face/face-detector.test.ts.
 */
const doc = (id: string, kind: ConsoleDocument['kind'], quality: ConsoleDocument['quality'] = null): ConsoleDocument => ({
  id, kind, mime: 'image/jpeg', byteSize: 1000, width: 600, height: 400, createdAt: '2025-03-01T08:59:00.000Z', downloadPath: `/x-api/v1/console/document/${id}`, quality,
});
const SELFIE = doc('s-1', 'SELFIE');
const FRONT = doc('f-1', 'DOCUMENT_FRONT');

afterEach(() => {
  vi.unstubAllGlobals();
  clearResponseCache();
});

describe('face match panel', () => {
  it.each<[FaceMatchOutcome, string, string]>([
    [{ score: 81, distance: 0.22, band: 'MATCH' }, 'Match', 'Similarity 81'],
    [{ score: 54, distance: 0.55, band: 'REVIEW' }, 'Needs review', 'Similarity 54'],
    [{ score: 39, distance: 0.73, band: 'MISMATCH' }, 'Mismatch', 'Similarity 39'],
  ])('shows %o as its band and score beside both pictures, as an aid only', async (outcome, band, score) => {
    const user = userEvent.setup();
    let resolve: (o: FaceMatchOutcome) => void = () => {};
    const compare = vi.fn(() => new Promise<FaceMatchOutcome>((r) => (resolve = r)));
    renderConsole(<FaceMatchPanel selfie={SELFIE} portrait={FRONT} compare={compare} />);
    const panel = screen.getByTestId('face-match');
    // Both pictures, named, side by side; nothing is computed until the reviewer asks.
    expect(within(panel).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual([SELFIE.downloadPath, FRONT.downloadPath]);
    expect(compare).not.toHaveBeenCalled();
    await user.click(within(panel).getByRole('button', { name: 'Compare the faces' }));
    // Announced while it runs and when it ends.
    expect(within(panel).getByRole('status')).toHaveTextContent('Comparing the faces…');
    resolve(outcome);
    const result = await screen.findByTestId('face-match-result');
    expect(result).toHaveTextContent(band);
    expect(result).toHaveTextContent(score);
    expect(compare).toHaveBeenCalledWith(SELFIE.downloadPath, FRONT.downloadPath);
    expect(panel).toHaveTextContent('this score never approves or rejects');
    // No decision control of its own.
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(compare).toHaveBeenCalledTimes(1);
  });

  it('says when a picture has no face, or the comparison could not run, or there is no document front', async () => {
    const user = userEvent.setup();
    const { unmount } = renderConsole(<FaceMatchPanel selfie={SELFIE} portrait={FRONT} compare={async () => ({ missing: 'portrait' })} />);
    await user.click(screen.getByRole('button', { name: 'Compare the faces' }));
    expect(await screen.findByText('No face was found on the document: compare the pictures yourself.')).toBeVisible();
    unmount();
    const failing = renderConsole(<FaceMatchPanel selfie={SELFIE} portrait={FRONT} compare={() => Promise.reject(new Error('model'))} />);
    await user.click(screen.getByRole('button', { name: 'Compare the faces' }));
    expect(await within(screen.getByRole('status')).findByText('Not computed')).toBeVisible();
    failing.unmount();
    const compare = vi.fn();
    renderConsole(<FaceMatchPanel selfie={SELFIE} compare={compare} />);
    expect(within(screen.getByRole('status')).getByText('Not computed')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    expect(compare).not.toHaveBeenCalled();
  });
});

describe('selfie checks on a case', () => {
  it('shows the recorded liveness result with its frames, and nothing without a selfie', async () => {
    const liveness: ConsoleLiveness = {
      result: { id: 'l-1', status: 'FAILED', failure: 'WRONG_MOVE', steps: [{ move: 'TURN_LEFT', seen: true }, { move: 'BLINK', seen: false }] },
      finishedAt: '2025-03-01T08:58:00.000Z',
      frames: [
        { id: 'fr-1', label: 'BASELINE', width: 480, height: 360, path: '/x-api/v1/console/capture/liveness-frame/fr-1' },
        { id: 'fr-2', label: 'TURN_LEFT', width: 480, height: 360, path: '/x-api/v1/console/capture/liveness-frame/fr-2' },
      ],
    };
    const calls = installFetch((call) => (call.url.includes('/v1/console/capture/liveness?') ? envelope(liveness) : envelope({}, 10011, 'not found')));
    const { unmount } = renderConsole(<SelfieChecks documents={[FRONT, SELFIE]} level={1} userId="u-1" compare={async () => ({ score: 90, distance: 0.1, band: 'MATCH' })} />);
    const summary = await screen.findByTestId('liveness-summary');
    expect(summary).toHaveTextContent('Not passed (turn left ✓, blink ✗)');
    expect(summary).toHaveTextContent('The head turned the wrong way');
    const frames = within(screen.getByRole('list', { name: 'Frames kept from the movement check' })).getAllByRole('img');
    expect(frames.map((f) => f.getAttribute('alt'))).toEqual(['Movement check frame: Looking straight ahead', 'Movement check frame: turn left']);
    expect(frames[1]).toHaveAttribute('src', liveness.frames[1]!.path);
    expect(calls.some((c) => c.url.endsWith('/v1/console/capture/liveness?userId=u-1&level=1'))).toBe(true);
    unmount();

    renderConsole(<SelfieChecks documents={[FRONT]} level={1} userId="u-1" compare={vi.fn()} />);
    expect(screen.queryByTestId('face-match')).toBeNull();
  });

  it('says so when no liveness check was recorded (a file upload)', async () => {
    installFetch(() => envelope(null));
    renderConsole(<SelfieChecks documents={[FRONT, SELFIE]} level={1} userId="u-2" compare={async () => ({ missing: 'selfie' })} />);
    expect(await screen.findByText('No liveness check (file upload or camera declined)')).toBeVisible();
  });
});

describe('recorded quality under each picture', () => {
  it('names what the user sent anyway and what the server found; "no concerns" otherwise', () => {
    const quality = { sharpness: 18.4, server: ['BLURRY' as const], overridden: ['GLARE' as const], viaHandoff: true };
    renderConsole(<DocumentGallery documents={[doc('q-1', 'DOCUMENT_FRONT', quality), doc('q-2', 'DOCUMENT_BACK', { sharpness: 240, server: [], overridden: [], viaHandoff: false }), doc('q-3', 'SELFIE')]} email="ada@example.com" />);
    const notes = screen.getAllByTestId('document-quality');
    expect(notes).toHaveLength(2);
    expect(notes[0]).toHaveTextContent('Sent despite: Light is reflecting off the document.');
    expect(notes[0]).toHaveTextContent('Server: The picture is blurred.');
    expect(notes[0]).toHaveTextContent('Sharpness 18 · Taken on the phone');
    expect(notes[1]).toHaveTextContent('No concerns');
    expect(notes[1]).not.toHaveTextContent('Sent despite');
  });
});
