import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleDocument } from '../../../../shared/api/console.ts';
import type { ConsoleFaceMatch, ConsoleLiveness, LivenessAnalysis } from '../../../../shared/api/capture.ts';
import { clearResponseCache } from '../../../lib/http/index.ts';
import { envelope, installFetch } from '../../../lib/http/testing.ts';
import { renderConsole } from '../test-utils.tsx';
import { FACE_MATCH_POLL_MS } from '../api/get-face-match.ts';
import { DocumentGallery } from './document-gallery.tsx';
import { FaceMatchPanel } from './face-match-panel.tsx';
import { SelfieChecks } from './selfie-checks.tsx';

/**
 * The console's aids of the in-house capture (decisions 023, 039, 045): the face match the server
 * stored for the selfie and the document front, beside both pictures, with its model and thresholds,
 * saying it decides nothing, "computing" until the server's comparison lands; the liveness check
 * the server decided with its frames and what it found in each; and each picture's recorded quality
 * warnings. The model's real run is tested on the server (modules/handoff/liveness.test.ts).
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

const analysis = (faceMatch: Partial<LivenessAnalysis['faceMatch']>): LivenessAnalysis => ({
  model: '@vladmandic/face-api 1.7.15',
  thresholds: { sameFaceMax: 0.6, matchMax: 0.5, reviewMax: 0.6 },
  pictures: [{ label: 'BASELINE', faces: 1, measures: { yaw: 0, pitch: 0.45, eyes: 0.3 }, distance: null, issue: null }],
  faceMatch: { score: null, distance: null, band: null, missing: null, documentId: 'f-1', ...faceMatch },
  reported: { passed: true, failure: null },
  ms: 640,
});

const stored = (faceMatch: Partial<NonNullable<ConsoleFaceMatch['faceMatch']>>, source: ConsoleFaceMatch['source'] = 'SELFIE'): ConsoleFaceMatch => ({
  state: 'STORED',
  source,
  model: '@vladmandic/face-api 1.7.15',
  thresholds: { matchMax: 0.5, reviewMax: 0.6 },
  faceMatch: { score: null, distance: null, band: null, missing: null, documentId: 'f-1', ...faceMatch },
  computedAt: '2025-03-01T09:00:00.000Z',
});
const COMPUTING: ConsoleFaceMatch = { state: 'COMPUTING', source: null, model: null, thresholds: null, faceMatch: null, computedAt: null };

describe('face match panel', () => {
  it.each<[Partial<NonNullable<ConsoleFaceMatch['faceMatch']>>, string, string]>([
    [{ score: 81, distance: 0.22, band: 'MATCH' }, 'Match', 'Similarity 81'],
    [{ score: 54, distance: 0.55, band: 'REVIEW' }, 'Needs review', 'Similarity 54'],
    [{ score: 39, distance: 0.73, band: 'MISMATCH' }, 'Mismatch', 'Similarity 39'],
  ])('shows the stored %o at once as its band and score, with the model and thresholds, as an aid only', (match, band, score) => {
    renderConsole(<FaceMatchPanel selfie={SELFIE} portrait={FRONT} match={stored(match)} />);
    const panel = screen.getByTestId('face-match');
    expect(within(panel).getAllByRole('img')).toHaveLength(2);
    // No button, no waiting: the score is the server's, read with the case.
    expect(within(panel).queryByRole('button')).toBeNull();
    const result = screen.getByTestId('face-match-result');
    expect(result).toHaveTextContent(band);
    expect(result).toHaveTextContent(score);
    expect(result).toHaveTextContent(`Computed on the server by @vladmandic/face-api 1.7.15 from the selfie and the document front: distance ${match.distance} (a match up to 0.5, the same person up to 0.6).`);
    expect(panel).toHaveTextContent('this score never approves or rejects');
  });

  it("names the liveness check's picture when the score is the check's own", () => {
    renderConsole(<FaceMatchPanel selfie={SELFIE} portrait={FRONT} match={stored({ score: 90, distance: 0.1, band: 'MATCH' }, 'LIVENESS')} />);
    expect(screen.getByTestId('face-match-result')).toHaveTextContent('from the liveness picture and the document front: distance 0.1');
  });

  it('says "computing" while the server compares, and no score', () => {
    renderConsole(<FaceMatchPanel selfie={SELFIE} portrait={FRONT} match={COMPUTING} />);
    expect(screen.getByRole('status')).toHaveTextContent('The server is comparing the faces…');
    expect(screen.queryByTestId('face-match-result')).toBeNull();
    expect(screen.getByTestId('face-match')).not.toHaveTextContent('No score');
  });

  it('says why there is no score, and that the reviewer compares alone', () => {
    const { unmount } = renderConsole(<FaceMatchPanel selfie={SELFIE} portrait={FRONT} match={stored({ missing: 'NO_FACE_ON_DOCUMENT' })} />);
    expect(screen.getByTestId('face-match')).toHaveTextContent('No score: the server found no face on the document front. Compare the pictures yourself.');
    expect(screen.queryByTestId('face-match-result')).toBeNull();
    unmount();
    const selfieless = renderConsole(<FaceMatchPanel selfie={SELFIE} portrait={FRONT} match={stored({ missing: 'NO_FACE_ON_SELFIE' })} />);
    expect(screen.getByTestId('face-match')).toHaveTextContent('No score: the server found no face on the selfie.');
    selfieless.unmount();
    const none = renderConsole(<FaceMatchPanel selfie={SELFIE} match={{ ...COMPUTING, state: 'NONE' }} />);
    expect(screen.getByTestId('face-match')).toHaveTextContent('No score: the server has not compared these pictures. Compare the pictures yourself.');
    expect(screen.getByText('Not computed')).toBeVisible();
    none.unmount();
    renderConsole(<FaceMatchPanel selfie={SELFIE} portrait={FRONT} match={undefined} />);
    expect(screen.getByTestId('face-match')).toHaveTextContent('Loading what the server found…');
  });
});

describe('selfie checks on a case', () => {
  it('shows the recorded liveness result with its frames, and nothing without a selfie', async () => {
    const liveness: ConsoleLiveness = {
      result: { id: 'l-1', status: 'FAILED', failure: 'WRONG_MOVE', steps: [{ move: 'TURN_LEFT', seen: true }, { move: 'BLINK', seen: false }] },
      analysis: {
        ...analysis({ score: 90, distance: 0.1, band: 'MATCH' }),
        pictures: [
          { label: 'BASELINE', faces: 1, measures: { yaw: 0, pitch: 0.45, eyes: 0.3 }, distance: null, issue: null },
          { label: 'TURN_LEFT', faces: 2, measures: null, distance: null, issue: 'SEVERAL_FACES' },
        ],
      },
      finishedAt: '2025-03-01T08:58:00.000Z',
      frames: [
        { id: 'fr-1', label: 'BASELINE', width: 480, height: 360, path: '/x-api/v1/console/capture/liveness-frame/fr-1' },
        { id: 'fr-2', label: 'TURN_LEFT', width: 480, height: 360, path: '/x-api/v1/console/capture/liveness-frame/fr-2' },
      ],
    };
    const calls = installFetch((call) =>
      call.url.includes('/v1/console/capture/liveness?') ? envelope(liveness) : call.url.includes('/v1/console/capture/face-match?') ? envelope(stored({ score: 90, distance: 0.1, band: 'MATCH' }, 'LIVENESS')) : envelope({}, 10011, 'not found'),
    );
    const { unmount } = renderConsole(<SelfieChecks documents={[FRONT, SELFIE]} level={1} userId="u-1" />);
    const summary = await screen.findByTestId('liveness-summary');
    expect(summary).toHaveTextContent('Not passed (turn left ✓, blink ✗)');
    expect(summary).toHaveTextContent('The head turned the wrong way');
    const frames = within(screen.getByRole('list', { name: 'Frames kept from the movement check' })).getAllByRole('img');
    expect(frames.map((f) => f.getAttribute('alt'))).toEqual(['Movement check frame: Looking straight ahead', 'Movement check frame: turn left']);
    expect(frames[1]).toHaveAttribute('src', liveness.frames[1]!.path);
    // What the server found in each picture is under it; the stored face match shows beside the pictures.
    expect(summary).toHaveTextContent('A second face appeared');
    expect(await screen.findByTestId('face-match-result')).toHaveTextContent('Similarity 90');
    expect(calls.some((c) => c.url.endsWith('/v1/console/capture/liveness?userId=u-1&level=1'))).toBe(true);
    expect(calls.some((c) => c.url.endsWith('/v1/console/capture/face-match?userId=u-1&level=1&selfieId=s-1&frontId=f-1'))).toBe(true);
    unmount();

    renderConsole(<SelfieChecks documents={[FRONT]} level={1} userId="u-1" />);
    expect(screen.queryByTestId('face-match')).toBeNull();
  });

  it('a file upload: no liveness check, and the face match "computing" until the server has compared the pictures, then its score', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let asked = 0;
      installFetch((call) => {
        if (!call.url.includes('/v1/console/capture/face-match?')) return envelope(null);
        asked += 1;
        return envelope(asked === 1 ? COMPUTING : stored({ score: 77, distance: 0.28, band: 'MATCH' }));
      });
      renderConsole(<SelfieChecks documents={[FRONT, SELFIE]} level={1} userId="u-2" />);
      expect(await screen.findByText('No liveness check (file upload or camera declined)')).toBeVisible();
      expect(await screen.findByTestId('face-match-computing')).toHaveTextContent('The server is comparing the faces…');
      // The panel asks again while the server computes, and shows the stored score when it lands.
      await vi.advanceTimersByTimeAsync(FACE_MATCH_POLL_MS);
      expect(await screen.findByTestId('face-match-result')).toHaveTextContent('Similarity 77');
      expect(screen.getByTestId('face-match-result')).toHaveTextContent('from the selfie and the document front');
      expect(screen.queryByTestId('face-match-computing')).toBeNull();
      expect(asked).toBe(2);
    } finally {
      vi.useRealTimers();
    }
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
