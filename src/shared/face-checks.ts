import { LivenessMove, QualityIssue } from './capture-rules.ts';

/**
 * The face checks of the selfie and the active liveness decision (decision 023), as pure functions
 * over what the face detector saw. The browser runs the detector (a model shipped in an npm package)
 * and these functions on each camera frame to guide the user; the server decides on its own reading
 * of the kept pictures (decision 039: server/modules/handoff/liveness-judge.ts, with the same measures
 * and thresholds). Tests feed recorded detector outputs (src/shared/fixtures/faces/).
 */

export type Point = readonly [number, number];

/** One face as the detector reports it: its box, its confidence, and the 68 landmarks (iBUG order). */
export interface FaceObservation {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  landmarks: readonly Point[];
}

/** What the detector saw in one frame. */
export interface FrameObservation {
  width: number;
  height: number;
  faces: readonly FaceObservation[];
}

export const FaceThreshold = {
  /** The face's box must be at least this share of the frame's height (a selfie, not a crowd). */
  MIN_HEIGHT_RATIO: 0.25,
  /** The face's centre may be this share of the frame's side away from the frame's centre. */
  MAX_CENTRE_OFFSET: 0.2,
  /** A turn counts when the head's yaw moved this far from the user's own straight-ahead pose. */
  TURN_MIN: 0.12,
  /** Back to "straight ahead" (between two moves): yaw within this of the starting pose. */
  NEUTRAL_MAX: 0.06,
  /** Looking up counts when the nose's height between eyes and chin fell by this much. */
  LOOK_UP_MIN: 0.07,
  /** Eyes closed: the eye aspect ratio below this share of the open-eye one; reopened above the second. */
  BLINK_CLOSED: 0.65,
  BLINK_OPEN: 0.85,
  /** Frames used to learn the user's straight-ahead pose before the first move. */
  BASELINE_FRAMES: 3,
} as const;

/** The checks of a selfie frame: exactly one face, large enough and near the centre. */
export function faceIssues(frame: FrameObservation): QualityIssue[] {
  if (frame.faces.length === 0) return [QualityIssue.NO_FACE];
  if (frame.faces.length > 1) return [QualityIssue.SEVERAL_FACES];
  const { box } = frame.faces[0]!;
  const issues: QualityIssue[] = [];
  if (box.height < frame.height * FaceThreshold.MIN_HEIGHT_RATIO) issues.push(QualityIssue.FACE_TOO_SMALL);
  const dx = Math.abs(box.x + box.width / 2 - frame.width / 2) / frame.width;
  const dy = Math.abs(box.y + box.height / 2 - frame.height / 2) / frame.height;
  if (dx > FaceThreshold.MAX_CENTRE_OFFSET || dy > FaceThreshold.MAX_CENTRE_OFFSET) issues.push(QualityIssue.FACE_OFF_CENTRE);
  return issues;
}

/**
 * The head's pose and the eyes' openness from one face's landmarks, each a ratio of distances in
 * the face itself (so neither the face's size nor the camera's resolution matters):
 * - yaw: where the nose tip sits between the jaw's two ends, 0 straight ahead; positive when the
 *   user turns to their own left (the nose moves to the right of the camera's unmirrored picture);
 * - pitch: the nose tip's height between the eye line and the chin; it falls when the user looks up;
 * - eyes: the eye aspect ratio (height over width, both eyes averaged); it falls when the eyes close.
 */
export interface FaceMeasures {
  /** Faces in the frame (the decision needs exactly one). */
  faces: number;
  yaw: number;
  pitch: number;
  eyes: number;
}

const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const mid = (a: Point, b: Point): Point => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];

/** Eye aspect ratio of the six points of one eye (corner, two upper, corner, two lower). */
function eyeAspect(p: readonly Point[], from: number): number {
  const [c1, u1, u2, c2, l2, l1] = [p[from]!, p[from + 1]!, p[from + 2]!, p[from + 3]!, p[from + 4]!, p[from + 5]!];
  const width = dist(c1, c2);
  return width === 0 ? 0 : (dist(u1, l1) + dist(u2, l2)) / (2 * width);
}

/** The measures of a frame; null unless it holds exactly one face with 68 landmarks. */
export function measureFrame(frame: FrameObservation): FaceMeasures | null {
  if (frame.faces.length !== 1) return null;
  const p = frame.faces[0]!.landmarks;
  if (p.length !== 68) return null;
  const jawL = p[0]!, jawR = p[16]!, nose = p[30]!, chin = p[8]!;
  const jawSpan = jawR[0] - jawL[0];
  const eyeLine = mid(mid(p[36]!, p[39]!), mid(p[42]!, p[45]!));
  const faceHeight = chin[1] - eyeLine[1];
  if (jawSpan <= 0 || faceHeight <= 0) return null;
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    faces: 1,
    yaw: round((nose[0] - jawL[0]) / jawSpan - 0.5),
    pitch: round((nose[1] - eyeLine[1]) / faceHeight),
    eyes: round((eyeAspect(p, 36) + eyeAspect(p, 42)) / 2),
  };
}

/** A frame's measures as the decision reads them: `faces` alone when the frame is not exactly one face. */
export type FrameMeasures = FaceMeasures | { faces: number };

/** The measures of any frame (what the browser sends the server with the challenge's outcome). */
export function framePoints(frame: FrameObservation): FrameMeasures {
  return measureFrame(frame) ?? { faces: frame.faces.length };
}

export const LivenessFailure = {
  /** Never a steady straight-ahead face to start from. */
  NO_BASELINE: 'NO_BASELINE',
  /** Someone else came into the picture during the challenge. */
  SEVERAL_FACES: 'SEVERAL_FACES',
  /** The head turned the other way than asked (a replayed recording does not know the order). */
  WRONG_MOVE: 'WRONG_MOVE',
  /** Not every move was seen before the challenge ended (on the server: a move's picture is missing or out of order). */
  INCOMPLETE: 'INCOMPLETE',
  // The server's own reading of the pictures (decision 039):
  /** A picture shows no face. */
  NO_FACE: 'NO_FACE',
  /** A picture's face is not the one of the straight-ahead picture. */
  OTHER_PERSON: 'OTHER_PERSON',
  /** A move's picture does not show that move. */
  MOVE_NOT_SEEN: 'MOVE_NOT_SEEN',
  /** The face is clearly not the one on the identity document. */
  DOCUMENT_MISMATCH: 'DOCUMENT_MISMATCH',
} as const;
export type LivenessFailure = (typeof LivenessFailure)[keyof typeof LivenessFailure];

export interface LivenessStep {
  move: LivenessMove;
  /** The frame in which the move was seen; null while it has not been. */
  frame: number | null;
}

export interface LivenessDecision {
  passed: boolean;
  failure: LivenessFailure | null;
  /** The frame that set the straight-ahead pose (kept for the reviewer with the moves' frames). */
  baseline: number | null;
  steps: LivenessStep[];
  /**
   * The last frame in which the eyes were seen closed while a blink is asked: the picture the browser
   * keeps for BLINK, since the server judges a blink from one picture with the eyes closed.
   */
  eyesClosedAt?: number | null;
}

const isFace = (m: FrameMeasures): m is FaceMeasures => 'yaw' in m;

/**
 * Decides an active liveness challenge from the frames seen so far, in order. The first steady
 * frames set the user's own straight-ahead pose; then each move must be seen in the order the server
 * asked, each after the head came back to straight ahead; a turn the other way than asked, or a
 * second face at any time, fails the challenge. Run on a growing list it also tells the browser
 * which move to ask for next (the first step whose frame is null); `final` says no more frames come.
 */
export function decideLiveness(moves: readonly LivenessMove[], frames: readonly FrameMeasures[], final = true): LivenessDecision {
  const steps: LivenessStep[] = moves.map((move) => ({ move, frame: null }));
  const fail = (failure: LivenessFailure, baseline: number | null): LivenessDecision => ({ passed: false, failure, baseline, steps });
  if (frames.some((f) => f.faces > 1)) return fail(LivenessFailure.SEVERAL_FACES, null);

  // Straight ahead: BASELINE_FRAMES consecutive one-face frames with nearly the same yaw.
  let baseline: number | null = null;
  let run: FaceMeasures[] = [];
  let i = 0;
  for (; i < frames.length && baseline === null; i++) {
    const f = frames[i]!;
    if (!isFace(f)) {
      run = [];
      continue;
    }
    run = run.length > 0 && Math.abs(f.yaw - run[0]!.yaw) <= FaceThreshold.NEUTRAL_MAX ? [...run, f] : [f];
    if (run.length >= FaceThreshold.BASELINE_FRAMES) baseline = i;
  }
  if (baseline === null) return final ? fail(LivenessFailure.NO_BASELINE, null) : { passed: false, failure: null, baseline: null, steps };
  const base = {
    yaw: run.reduce((s, f) => s + f.yaw, 0) / run.length,
    pitch: run.reduce((s, f) => s + f.pitch, 0) / run.length,
    eyes: Math.max(...run.map((f) => f.eyes)),
  };

  let step = 0;
  let neutral = true;
  let eyesClosed = false;
  let eyesClosedAt: number | null = null;
  for (; i < frames.length && step < steps.length; i++) {
    const f = frames[i]!;
    if (!isFace(f)) continue;
    const yaw = f.yaw - base.yaw;
    if (!neutral) {
      neutral = Math.abs(yaw) <= FaceThreshold.NEUTRAL_MAX;
      continue;
    }
    const move = steps[step]!.move;
    const turnedLeft = yaw >= FaceThreshold.TURN_MIN;
    const turnedRight = yaw <= -FaceThreshold.TURN_MIN;
    if ((move === LivenessMove.TURN_LEFT && turnedRight) || (move === LivenessMove.TURN_RIGHT && turnedLeft)) return fail(LivenessFailure.WRONG_MOVE, baseline);
    let seen = false;
    if (move === LivenessMove.TURN_LEFT) seen = turnedLeft;
    else if (move === LivenessMove.TURN_RIGHT) seen = turnedRight;
    else if (move === LivenessMove.LOOK_UP) seen = base.pitch - f.pitch >= FaceThreshold.LOOK_UP_MIN;
    else if (move === LivenessMove.BLINK) {
      // A blink is eyes closing then opening again: a photo with closed eyes does not pass.
      if (f.eyes <= base.eyes * FaceThreshold.BLINK_CLOSED) {
        eyesClosed = true;
        eyesClosedAt = i;
      }
      else if (eyesClosed && f.eyes >= base.eyes * FaceThreshold.BLINK_OPEN) seen = true;
    }
    if (!seen) continue;
    steps[step]!.frame = i;
    step += 1;
    eyesClosed = false;
    // A turn must come back before the next move counts; a blink or a look up changes no yaw.
    neutral = move !== LivenessMove.TURN_LEFT && move !== LivenessMove.TURN_RIGHT;
  }
  if (step === steps.length) return { passed: true, failure: null, baseline, steps, eyesClosedAt };
  return final ? fail(LivenessFailure.INCOMPLETE, baseline) : { passed: false, failure: null, baseline, steps, eyesClosedAt };
}

// --- Face match ------------------------------------------------------------------------------------

export const FaceMatchBand = { MATCH: 'MATCH', REVIEW: 'REVIEW', MISMATCH: 'MISMATCH' } as const;
export type FaceMatchBand = (typeof FaceMatchBand)[keyof typeof FaceMatchBand];

/**
 * Bands of the distance between two face descriptors (128 numbers from the package's recognition
 * model; its authors use 0.6 as "same person"). The band is a reviewer's aid: nothing is decided on it.
 */
export const FaceMatchThreshold = { MATCH_MAX: 0.5, REVIEW_MAX: 0.6 } as const;

export function euclidean(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error('descriptors differ in length');
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

/** Score 0–100 (100: identical descriptors; 0 at twice the "same person" distance) and its band. */
export function faceMatch(a: ArrayLike<number>, b: ArrayLike<number>): { distance: number; score: number; band: FaceMatchBand } {
  const distance = euclidean(a, b);
  const score = Math.max(0, Math.min(100, Math.round(100 * (1 - distance / (2 * FaceMatchThreshold.REVIEW_MAX)))));
  const band = distance <= FaceMatchThreshold.MATCH_MAX ? FaceMatchBand.MATCH : distance <= FaceMatchThreshold.REVIEW_MAX ? FaceMatchBand.REVIEW : FaceMatchBand.MISMATCH;
  return { distance: Math.round(distance * 1000) / 1000, score, band };
}
