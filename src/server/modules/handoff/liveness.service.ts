import { randomInt, randomUUID } from 'node:crypto';
import { LIVENESS_MOVES, type LivenessChallenge, type LivenessMove } from '../../../shared/api/capture.ts';
import type { VerifiableLevel } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { Db } from '../../db/index.ts';
import { BusinessError } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { countHit } from '../throttle/throttle.service.ts';

const ENTITY = 'capture_liveness';
/** A challenge is answered within minutes; an old one is worthless to a replay. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const MOVES_PER_CHALLENGE = 3;
const CHALLENGES_PER_HOUR = 30;

/**
 * The server's part of the active liveness check (decision 023): it picks the moves, at random and
 * in a random order, so a recorded video of an earlier attempt does not answer a new challenge. The
 * browser checks the moves with the face detector; the challenge is recorded for the reviewer.
 */
export function pickMoves(count = MOVES_PER_CHALLENGE, random: (max: number) => number = randomInt): LivenessMove[] {
  const pool = [...LIVENESS_MOVES];
  const moves: LivenessMove[] = [];
  while (moves.length < count && pool.length > 0) moves.push(pool.splice(random(pool.length), 1)[0]!);
  return moves;
}

export function createLivenessService({ db, now = Date.now }: { db: Db; now?: () => number }) {
  return {
    /** A new challenge for the user's selfie of `level`; rate-limited per user, audited. */
    async start(userId: string, level: VerifiableLevel, actor: Actor): Promise<LivenessChallenge> {
      const hits = await countHit(db, `liveness:start:${userId}`, 3600_000);
      if (hits.count > CHALLENGES_PER_HOUR) throw new BusinessError(RetCode.TOO_MANY_ATTEMPTS, 'too many liveness challenges', { retryAfterSeconds: Math.max(1, Math.ceil(hits.resetInMs / 1000)) });
      const at = now();
      const challenge: LivenessChallenge = { id: randomUUID(), moves: pickMoves(), expiresAt: new Date(at + CHALLENGE_TTL_MS).toISOString() };
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('capture_liveness')
          .values({ id: challenge.id, user_id: userId, level, sequence: JSON.stringify(challenge.moves), status: 'ISSUED', created_at: new Date(at).toISOString(), expires_at: challenge.expiresAt, finished_at: null, result: null, document_id: null })
          .execute();
        await recordAudit(trx, actor, { action: 'liveness.start', entityType: ENTITY, entityId: challenge.id, after: { userId, level, moves: challenge.moves } });
      });
      return challenge;
    },

    /** Biometric retention (BIOMETRIC_RETENTION_DAYS): challenges older than the period go. */
    async sweep(before: string): Promise<number> {
      const r = await db.deleteFrom('capture_liveness').where('created_at', '<', before).executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

export type LivenessService = ReturnType<typeof createLivenessService>;
