import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LivenessMove } from '../../../shared/api/capture.ts';
import type { FrameObservation } from '../../../shared/face-checks.ts';
import { judgeLiveness, type PictureInput } from './liveness-judge.ts';

/**
 * The server's liveness judgement (decision 039) on recorded outputs of the real detector
 * (src/shared/fixtures/faces/, face-api on the package's sample photographs): the moves the test
 * pictures of liveness.test.ts cannot show (a blink's closed eyes, a look up) and the document
 * comparison's outcomes. Descriptors are given (one face throughout unless said): the model's own
 * descriptors are exercised in liveness.test.ts.
 */
const fixture = (name: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../shared/fixtures/faces', `${name}.json`), 'utf8')) as { frames: FrameObservation[] };
const blinkRun = fixture('pass-left-blink-right').frames;
const lookUpRun = fixture('pass-look-up-right-left').frames;
const SAME = Array.from({ length: 128 }, () => 0.1);
const FAR = Array.from({ length: 128 }, () => 0.2);
const picture = (label: string, frame: FrameObservation, descriptor: number[] = SAME): PictureInput => ({ label, reading: { ...frame, descriptor } });
// Straight ahead (eyes open), looking up, eyes closed, turned right: frames of the recorded runs.
const straight = blinkRun[0]!;
const lookingUp = lookUpRun[4]!;
const eyesClosed = blinkRun[8]!;
const turnedRight = blinkRun[11]!;
const moves = [LivenessMove.LOOK_UP, LivenessMove.BLINK, LivenessMove.TURN_RIGHT];

describe('judging the pictures of a check', () => {
  it('a look up and a blink (the picture with the eyes closed) are seen from the landmarks', () => {
    const judged = judgeLiveness(moves, [picture('BASELINE', straight), picture('LOOK_UP', lookingUp), picture('BLINK', eyesClosed), picture('TURN_RIGHT', turnedRight)], null);
    expect(judged).toMatchObject({ passed: true, failure: null, steps: moves.map((move) => ({ move, seen: true })) });
    expect(judged.faceMatch).toMatchObject({ score: null, missing: 'NO_DOCUMENT' });
  });

  it('a blink whose picture has the eyes open, or a look up that is straight ahead, is not seen', () => {
    const openEyes = judgeLiveness(moves, [picture('BASELINE', straight), picture('LOOK_UP', lookingUp), picture('BLINK', straight), picture('TURN_RIGHT', turnedRight)], null);
    expect(openEyes).toMatchObject({ passed: false, failure: 'MOVE_NOT_SEEN', steps: [{ seen: true }, { seen: false }, { seen: true }] });
    expect(openEyes.pictures[2]).toMatchObject({ label: 'BLINK', issue: 'MOVE_NOT_SEEN' });
    const noLookUp = judgeLiveness(moves, [picture('BASELINE', straight), picture('LOOK_UP', straight), picture('BLINK', eyesClosed), picture('TURN_RIGHT', turnedRight)], null);
    expect(noLookUp).toMatchObject({ passed: false, failure: 'MOVE_NOT_SEEN' });
  });

  it('pictures out of the order asked, or missing, fail INCOMPLETE', () => {
    const swapped = judgeLiveness(moves, [picture('BASELINE', straight), picture('BLINK', eyesClosed), picture('LOOK_UP', lookingUp), picture('TURN_RIGHT', turnedRight)], null);
    expect(swapped).toMatchObject({ passed: false, failure: 'INCOMPLETE' });
    expect(judgeLiveness(moves, [picture('BASELINE', straight)], null)).toMatchObject({ passed: false, failure: 'INCOMPLETE' });
  });

  it('the face match: stored with the document it used; a clear mismatch fails; no face on the document only says so', () => {
    const pictures = [picture('BASELINE', straight), picture('LOOK_UP', lookingUp), picture('BLINK', eyesClosed), picture('TURN_RIGHT', turnedRight)];
    const same = judgeLiveness(moves, pictures, { id: 'doc-1', reading: { descriptor: SAME } });
    expect(same).toMatchObject({ passed: true, faceMatch: { score: 100, distance: 0, band: 'MATCH', missing: null, documentId: 'doc-1' } });
    // Distance √(128 × 0.01) ≈ 1.13: another person.
    const other = judgeLiveness(moves, pictures, { id: 'doc-1', reading: { descriptor: FAR } });
    expect(other).toMatchObject({ passed: false, failure: 'DOCUMENT_MISMATCH', faceMatch: { band: 'MISMATCH', score: 6 } });
    const noFace = judgeLiveness(moves, pictures, { id: 'doc-1', reading: { descriptor: null } });
    expect(noFace).toMatchObject({ passed: true, faceMatch: { score: null, missing: 'NO_FACE_ON_DOCUMENT', documentId: 'doc-1' } });
  });
});
