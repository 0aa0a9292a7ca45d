import { useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LIVENESS_BASELINE, LIVENESS_MAX_FRAMES, LivenessMove, LivenessStatus, type LivenessChallenge, type LivenessFinishRequest } from '../../../../shared/api/capture.ts';
import { decideLiveness, framePoints, type FrameMeasures, type FrameObservation, type LivenessDecision } from '../../../../shared/face-checks.ts';
import { RetCode } from '../../../../shared/ret-codes.ts';
import { isApiError, translatedRetCode } from '../../../lib/http/index.ts';
import { finishLiveness } from '../api/finish-liveness.ts';
import { startLiveness } from '../api/start-liveness.ts';
import { snapshotBase64 } from './frame-pictures.ts';

/** A challenge not completed in this time ends as failed (the server's own limit is longer). */
const CHALLENGE_LIMIT_MS = 45_000;

/**
 * framing: the face is being placed; challenge: the moves are asked one by one; saving: the outcome
 * goes to the server; photo: passed, take the photo; failed: not passed (retry, or photo without it).
 */
export type LivenessStage = 'framing' | 'challenge' | 'saving' | 'photo' | 'failed';

type Picture = LivenessFinishRequest['pictures'][number];

/**
 * The active liveness check in the browser (decision 023). The server picks the moves; each frame
 * the detector sees is measured (yaw, pitch, eye openness) and the pure decision (shared/face-checks)
 * runs on all frames so far, which also tells the next move to ask for. The frame that set the
 * straight-ahead pose and the frame of each move are kept as small pictures. The measures only guide
 * the user: at the end the pictures go to the server, whose own face model decides (decision 039).
 */
export function useLiveness(video: RefObject<HTMLVideoElement | null>, viaHandoff: boolean) {
  const [stage, setStage] = useState<LivenessStage>('framing');
  const [challenge, setChallenge] = useState<LivenessChallenge | null>(null);
  const [decision, setDecision] = useState<LivenessDecision | null>(null);
  // Why the last finish was not recorded, when the user should read it (the server's face checks busy).
  const [notice, setNotice] = useState<string | null>(null);
  const measures = useRef<FrameMeasures[]>([]);
  // One picture per label, in the order first kept (the straight-ahead one, then the moves as asked).
  const pictures = useRef(new Map<Picture['label'], Promise<Picture | null>>());
  const startedAt = useRef(0);
  const current = useRef<{ stage: LivenessStage; challenge: LivenessChallenge | null }>({ stage: 'framing', challenge: null });

  const move = (next: LivenessStage, c: LivenessChallenge | null = current.current.challenge) => {
    current.current = { stage: next, challenge: c };
    setStage(next);
  };

  const reset = useCallback(() => {
    measures.current = [];
    pictures.current = new Map();
    setChallenge(null);
    setDecision(null);
    move('framing', null);
  }, []);

  const keep = useCallback(
    (label: Picture['label']) => {
      const el = video.current;
      if (el) pictures.current.set(label, snapshotBase64(el).then((image) => (image ? { label, image } : null)).catch(() => null));
    },
    [video],
  );

  const finish = useCallback(async (c: LivenessChallenge) => {
    move('saving', c);
    const kept = (await Promise.all(pictures.current.values())).filter((p): p is Picture => p !== null);
    try {
      const result = await finishLiveness(viaHandoff, { id: c.id, frames: measures.current.slice(0, LIVENESS_MAX_FRAMES) as LivenessFinishRequest['frames'], pictures: kept });
      move(result.status === LivenessStatus.PASSED ? 'photo' : 'failed', c);
    } catch (err) {
      // Not recorded (expired, offline, the face checks busy: decision 039): the user may retry; the
      // reviewer sees no passed check.
      if (isApiError(err) && err.retCode === RetCode.LIVENESS_BUSY) setNotice(translatedRetCode(RetCode.LIVENESS_BUSY) ?? null);
      move('failed', c);
    }
  }, [viaHandoff]);

  /** Asks the server for a new challenge and starts following it. */
  const begin = useCallback(async () => {
    setNotice(null);
    measures.current = [];
    pictures.current = new Map();
    setDecision(null);
    try {
      const c = await startLiveness(viaHandoff);
      startedAt.current = Date.now();
      setChallenge(c);
      move('challenge', c);
    } catch {
      move('failed', null);
    }
  }, [viaHandoff]);

  const onFrame = useCallback(
    (frame: FrameObservation) => {
      const { stage: now, challenge: c } = current.current;
      if (now !== 'challenge' || !c) return;
      const before = decideLiveness(c.moves, measures.current, false);
      measures.current.push(framePoints(frame));
      const after = decideLiveness(c.moves, measures.current, false);
      // The frame that just set the pose or completed a move is the one the reviewer should see.
      if (before.baseline === null && after.baseline !== null) keep(LIVENESS_BASELINE);
      // A blink is judged on the server from the picture with the eyes closed (decision 039): the
      // latest closed-eyes frame is kept for it; any other move, the frame that completed it.
      const closedNow = after.eyesClosedAt != null && after.eyesClosedAt !== before.eyesClosedAt && after.eyesClosedAt === measures.current.length - 1;
      if (closedNow) keep(LivenessMove.BLINK);
      after.steps.forEach((s, i) => {
        if (s.frame !== null && before.steps[i]!.frame === null && s.move !== LivenessMove.BLINK) keep(s.move);
      });
      setDecision(after);
      const timeUp = Date.now() - startedAt.current > CHALLENGE_LIMIT_MS || Date.parse(c.expiresAt) <= Date.now() || measures.current.length >= LIVENESS_MAX_FRAMES;
      if (after.passed || after.failure !== null || timeUp) void finish(c);
    },
    [finish, keep],
  );

  return useMemo(() => ({ stage, challenge, decision, notice, begin, reset, onFrame }), [stage, challenge, decision, notice, begin, reset, onFrame]);
}

export type Liveness = ReturnType<typeof useLiveness>;

/** The instruction of the move asked for now, and where the user is in the sequence. */
export function LivenessSteps({ liveness }: { liveness: Liveness }) {
  const { t } = useTranslation();
  const { challenge, decision, stage } = liveness;
  if (!challenge) return null;
  if (stage === 'saving') return <p className="m-0">{t('capture.liveness.saving')}</p>;
  const waitingForPose = !decision || decision.baseline === null;
  const index = decision ? decision.steps.findIndex((s) => s.frame === null) : 0;
  const next = challenge.moves[index < 0 ? challenge.moves.length - 1 : index]!;
  return (
    <p className="m-0" data-testid="liveness-step">
      <span className="block text-muted">{t('capture.liveness.progress', { n: Math.max(1, index + 1), total: challenge.moves.length })}</span>
      <strong className="text-base">{waitingForPose ? t('capture.selfie.placeFace') : t(`capture.liveness.move.${next}`)}</strong>
    </p>
  );
}
