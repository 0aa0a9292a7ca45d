import { LIVENESS_BASELINE, LivenessMove } from '../../../shared/api/capture.ts';
import { euclidean, FaceMatchThreshold, faceMatch, FaceThreshold, LivenessFailure, measureFrame, type FaceMeasures, type FrameObservation } from '../../../shared/face-checks.ts';

/**
 * The server's own liveness decision (decision 039) on what its face model read in the pictures the
 * browser kept: the straight-ahead picture first, then one picture per move in the order the
 * challenge asked. Pure: the readings come from the face pool. The browser's measures play no part.
 */

/** Two pictures of one check show the same face when their descriptors are at most this far apart. */
export const SAME_FACE_MAX = FaceMatchThreshold.REVIEW_MAX;

export interface PictureInput {
  label: string;
  reading: FrameObservation & { descriptor: readonly number[] | null };
}

/** What the server found in one picture, kept for the reviewer. */
export interface PictureFinding {
  label: string;
  faces: number;
  measures: Omit<FaceMeasures, 'faces'> | null;
  /** Descriptor distance to the straight-ahead picture's face (null for that picture itself, or without a face). */
  distance: number | null;
  /** The first thing wrong with this picture; null when it shows what its label says. */
  issue: LivenessFailure | null;
}

export const FaceMatchMissing = { NO_DOCUMENT: 'NO_DOCUMENT', NO_FACE_ON_DOCUMENT: 'NO_FACE_ON_DOCUMENT', NO_FACE_IN_CHECK: 'NO_FACE_IN_CHECK' } as const;
export type FaceMatchMissing = (typeof FaceMatchMissing)[keyof typeof FaceMatchMissing];

export interface StoredFaceMatch {
  score: number | null;
  distance: number | null;
  band: 'MATCH' | 'REVIEW' | 'MISMATCH' | null;
  /** Why there is no score (null when there is one). */
  missing: FaceMatchMissing | null;
  /** The document picture compared with (its id), when there was one. */
  documentId: string | null;
}

export interface LivenessJudgement {
  passed: boolean;
  failure: LivenessFailure | null;
  steps: { move: LivenessMove; seen: boolean }[];
  pictures: PictureFinding[];
  faceMatch: StoredFaceMatch;
}

/** Does the face in `m` show `move`, compared with the straight-ahead face `base`? 'wrong' is a turn the other way. */
function shows(move: LivenessMove, base: FaceMeasures, m: FaceMeasures): boolean | 'wrong' {
  const yaw = m.yaw - base.yaw;
  if (move === LivenessMove.TURN_LEFT) return yaw >= FaceThreshold.TURN_MIN ? true : yaw <= -FaceThreshold.TURN_MIN ? 'wrong' : false;
  if (move === LivenessMove.TURN_RIGHT) return yaw <= -FaceThreshold.TURN_MIN ? true : yaw >= FaceThreshold.TURN_MIN ? 'wrong' : false;
  if (move === LivenessMove.LOOK_UP) return base.pitch - m.pitch >= FaceThreshold.LOOK_UP_MIN;
  // A blink's picture is the one with the eyes closed (the browser keeps that frame).
  return m.eyes <= base.eyes * FaceThreshold.BLINK_CLOSED;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Judges one check. Fails, with the first reason met: a picture without a face (NO_FACE) or with
 * several (SEVERAL_FACES); a face that is not the straight-ahead one (OTHER_PERSON); a move's
 * picture missing or out of order (INCOMPLETE); a turn the other way (WRONG_MOVE) or a move the
 * picture does not show (MOVE_NOT_SEEN); a face clearly not the one on the document (DOCUMENT_MISMATCH).
 */
export function judgeLiveness(
  moves: readonly LivenessMove[],
  pictures: readonly PictureInput[],
  document: { id: string; reading: { descriptor: readonly number[] | null } } | null,
): LivenessJudgement {
  const expected = [LIVENESS_BASELINE, ...moves];
  const failures: LivenessFailure[] = [];
  const fail = (f: LivenessFailure) => failures.push(f);

  const measured = pictures.map((p) => ({ p, m: measureFrame(p.reading) }));
  const base = measured[0]?.p.label === LIVENESS_BASELINE ? measured[0] : undefined;
  const findings: PictureFinding[] = measured.map(({ p, m }) => {
    const faces = p.reading.faces.length;
    let issue: LivenessFailure | null = faces === 0 ? LivenessFailure.NO_FACE : faces > 1 ? LivenessFailure.SEVERAL_FACES : m === null ? LivenessFailure.NO_FACE : null;
    let distance: number | null = null;
    if (issue === null && base && p !== base.p && base.p.reading.descriptor && p.reading.descriptor) {
      distance = round3(euclidean(base.p.reading.descriptor, p.reading.descriptor));
      if (distance > SAME_FACE_MAX) issue = LivenessFailure.OTHER_PERSON;
    }
    return { label: p.label, faces, measures: m ? { yaw: m.yaw, pitch: m.pitch, eyes: m.eyes } : null, distance, issue };
  });
  for (const f of findings) if (f.issue) fail(f.issue);

  // The pictures must be the straight-ahead one and then each move, in the challenge's order.
  const labels = pictures.map((p) => p.label);
  const inOrder = labels.length === expected.length && labels.every((l, i) => l === expected[i]);
  const steps = moves.map((move, i) => {
    const at = measured[i + 1];
    if (!inOrder || !at || !base?.m || !at.m || findings[i + 1]!.issue) return { move, seen: false };
    const seen = shows(move, base.m, at.m);
    if (seen === 'wrong') {
      findings[i + 1]!.issue = LivenessFailure.WRONG_MOVE;
      fail(LivenessFailure.WRONG_MOVE);
    } else if (!seen) {
      findings[i + 1]!.issue = LivenessFailure.MOVE_NOT_SEEN;
      fail(LivenessFailure.MOVE_NOT_SEEN);
    }
    return { move, seen: seen === true };
  });
  if (!inOrder) fail(LivenessFailure.INCOMPLETE);

  let match: StoredFaceMatch;
  const own = base && findings[0]!.issue === null ? base.p.reading.descriptor : null;
  if (!document) match = { score: null, distance: null, band: null, missing: FaceMatchMissing.NO_DOCUMENT, documentId: null };
  else if (!document.reading.descriptor) match = { score: null, distance: null, band: null, missing: FaceMatchMissing.NO_FACE_ON_DOCUMENT, documentId: document.id };
  else if (!own) match = { score: null, distance: null, band: null, missing: FaceMatchMissing.NO_FACE_IN_CHECK, documentId: document.id };
  else {
    const m = faceMatch(own, document.reading.descriptor);
    match = { score: m.score, distance: m.distance, band: m.band, missing: null, documentId: document.id };
    if (m.band === 'MISMATCH') fail(LivenessFailure.DOCUMENT_MISMATCH);
  }

  // The first failure in the order the checks matter: the face itself before the moves.
  const order: LivenessFailure[] = [LivenessFailure.NO_FACE, LivenessFailure.SEVERAL_FACES, LivenessFailure.OTHER_PERSON, LivenessFailure.INCOMPLETE, LivenessFailure.WRONG_MOVE, LivenessFailure.MOVE_NOT_SEEN, LivenessFailure.DOCUMENT_MISMATCH];
  const failure = order.find((f) => failures.includes(f)) ?? null;
  return { passed: failure === null, failure, steps, pictures: findings, faceMatch: match };
}
