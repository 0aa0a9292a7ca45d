import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LivenessMove, QualityIssue } from './capture-rules.ts';
import { decideLiveness, faceIssues, FaceMatchBand, faceMatch, framePoints, LivenessFailure, measureFrame, type FrameObservation } from './face-checks.ts';

/** Recorded detector outputs (see fixtures/faces/README.md). */
const FIXTURES = path.join(import.meta.dirname, 'fixtures/faces');
interface Fixture {
  moves: LivenessMove[];
  expect: { passed: boolean; failure?: LivenessFailure };
  frames: (FrameObservation & { source: string })[];
}
const fixture = (name: string) => JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as Fixture;
const fixtureNames = readdirSync(FIXTURES).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));

const face = (x: number, y: number, w: number, h: number) => ({ box: { x, y, width: w, height: h }, score: 0.9, landmarks: [] });

describe('faceIssues: exactly one face, large and centred', () => {
  const frame = (faces: ReturnType<typeof face>[]): FrameObservation => ({ width: 640, height: 480, faces });
  it('a centred face of a third of the height passes', () => expect(faceIssues(frame([face(260, 160, 120, 160)]))).toEqual([]));
  it('no face', () => expect(faceIssues(frame([]))).toEqual([QualityIssue.NO_FACE]));
  it('two faces', () => expect(faceIssues(frame([face(100, 160, 120, 160), face(400, 160, 120, 160)]))).toEqual([QualityIssue.SEVERAL_FACES]));
  it('too small', () => expect(faceIssues(frame([face(300, 200, 50, 60)]))).toEqual([QualityIssue.FACE_TOO_SMALL]));
  it('off centre, and both', () => {
    expect(faceIssues(frame([face(0, 160, 120, 160)]))).toEqual([QualityIssue.FACE_OFF_CENTRE]);
    expect(faceIssues(frame([face(0, 0, 40, 40)]))).toEqual([QualityIssue.FACE_TOO_SMALL, QualityIssue.FACE_OFF_CENTRE]);
  });
});

describe('measureFrame on recorded landmarks', () => {
  it('reads a mirrored face as turned the other way', () => {
    const { frames } = fixture('pass-left-blink-right');
    const left = frames.find((f) => f.source === 'sample1.jpg flipped, face 0')!;
    const right = frames.find((f) => f.source === 'sample3.jpg, face 2')!;
    expect(measureFrame(left)!.yaw).toBeGreaterThan(0.12);
    expect(measureFrame(right)!.yaw).toBeLessThan(-0.12);
  });
  it('closed eyes have a low eye ratio', () => {
    const closed = fixture('fail-closed-eyes-never-open').frames.at(-1)!;
    const open = fixture('fail-closed-eyes-never-open').frames[0]!;
    expect(measureFrame(closed)!.eyes).toBeLessThan(measureFrame(open)!.eyes * 0.65);
  });
  it('a frame without exactly one face has no pose', () => {
    expect(measureFrame({ width: 1, height: 1, faces: [] })).toBeNull();
    expect(framePoints({ width: 1, height: 1, faces: [] })).toEqual({ faces: 0 });
  });
});

describe('decideLiveness on recorded detector outputs', () => {
  it.each(fixtureNames)('%s', (name) => {
    const f = fixture(name);
    const decision = decideLiveness(f.moves, f.frames.map(framePoints));
    expect(decision.passed).toBe(f.expect.passed);
    expect(decision.failure).toBe(f.expect.failure ?? null);
    if (decision.passed) {
      // Every move was seen, in order, after the straight-ahead frames.
      const seen = decision.steps.map((s) => s.frame!);
      expect(seen.every((frame, i) => frame > (i === 0 ? decision.baseline! : seen[i - 1]!))).toBe(true);
    }
  });

  it('the passing sequence does not pass another challenge (the server picks the order)', () => {
    const f = fixture('pass-left-blink-right');
    const frames = f.frames.map(framePoints);
    expect(decideLiveness([LivenessMove.TURN_RIGHT, LivenessMove.BLINK, LivenessMove.TURN_LEFT], frames)).toMatchObject({ passed: false, failure: LivenessFailure.WRONG_MOVE });
    expect(decideLiveness([LivenessMove.LOOK_UP, LivenessMove.BLINK], frames)).toMatchObject({ passed: false, failure: LivenessFailure.INCOMPLETE });
  });

  it('on a growing list it says which move comes next, and fails nothing before the end', () => {
    const f = fixture('pass-left-blink-right');
    const frames = f.frames.map(framePoints);
    const next = (n: number) => decideLiveness(f.moves, frames.slice(0, n), false).steps.find((s) => s.frame === null)?.move ?? null;
    expect(decideLiveness(f.moves, frames.slice(0, 2), false)).toMatchObject({ passed: false, failure: null, baseline: null });
    expect(next(3)).toBe(LivenessMove.TURN_LEFT);
    expect(next(6)).toBe(LivenessMove.BLINK);
    expect(next(10)).toBe(LivenessMove.TURN_RIGHT);
    expect(next(frames.length)).toBeNull();
  });
});

describe('faceMatch bands', () => {
  const v = (d: number) => [d, 0, 0];
  it('bands the distance and never scores outside 0–100', () => {
    expect(faceMatch(v(0), v(0))).toEqual({ distance: 0, score: 100, band: FaceMatchBand.MATCH });
    expect(faceMatch(v(0), v(0.45))).toMatchObject({ band: FaceMatchBand.MATCH });
    expect(faceMatch(v(0), v(0.55))).toMatchObject({ band: FaceMatchBand.REVIEW });
    expect(faceMatch(v(0), v(0.7))).toMatchObject({ band: FaceMatchBand.MISMATCH });
    expect(faceMatch(v(0), v(3)).score).toBe(0);
  });
});
