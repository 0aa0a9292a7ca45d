import { randomInt, randomUUID } from 'node:crypto';
import { idsNotKept } from '../../retention-sweep.ts';
import {
  LIVENESS_BASELINE,
  LIVENESS_MOVES,
  LivenessStatus,
  type ConsoleLiveness,
  type LivenessChallenge,
  type LivenessFinishRequest,
  type LivenessAnalysis,
  type LivenessFrameLabel,
  type LivenessMove,
  type LivenessResult,
} from '../../../shared/api/capture.ts';
import { LivenessPath } from '../../../shared/api/liveness-paths.ts';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import { decideLiveness, FaceMatchThreshold, type FrameMeasures } from '../../../shared/face-checks.ts';
import { DocumentKind, type VerifiableLevel } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { Db } from '../../db/index.ts';
import { BusinessError, notFound } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { DocumentContent, DocumentsService, SealedPicture } from '../documents/documents.service.ts';
import type { FaceService } from '../face/face.service.ts';
import { countHit } from '../throttle/throttle.service.ts';
import { judgeLiveness, SAME_FACE_MAX } from './liveness-judge.ts';

const ENTITY = 'capture_liveness';
const FRAME_ENTITY = 'capture_liveness_frame';
const frameContext = (id: string) => `${FRAME_ENTITY}:${id}`;
/** A challenge is answered within minutes; an old one is worthless to a replay. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const MOVES_PER_CHALLENGE = 3;
const CHALLENGES_PER_HOUR = 30;

/**
 * The server's part of the active liveness check (decisions 023, 039): it picks the moves, at random
 * and in a random order, so a recorded video of an earlier attempt does not answer a new challenge.
 * The browser guides the user through them; the server decides on the pictures with its own model.
 */
export function pickMoves(count = MOVES_PER_CHALLENGE, random: (max: number) => number = randomInt): LivenessMove[] {
  const pool = [...LIVENESS_MOVES];
  const moves: LivenessMove[] = [];
  while (moves.length < count && pool.length > 0) moves.push(pool.splice(random(pool.length), 1)[0]!);
  return moves;
}

const invalid = (why: string) => new BusinessError(RetCode.LIVENESS_CHALLENGE_INVALID, why);

type LivenessRow = { id: string; user_id: string; level: number; sequence: string; status: string; expires_at: string; finished_at: string | null; result: string | null };

const analysisOf = (stored: string | null): LivenessAnalysis | null => (stored ? (JSON.parse(stored) as LivenessAnalysis) : null);

const resultOf = (row: Pick<LivenessRow, 'id' | 'status' | 'result'>): LivenessResult => {
  const stored = JSON.parse(row.result ?? '{}') as { failure?: string | null; steps?: LivenessResult['steps'] };
  return { id: row.id, status: row.status as LivenessStatus, failure: stored.failure ?? null, steps: stored.steps ?? [] };
};

export interface LivenessDeps {
  db: Db;
  /** Seals the kept frames like documents (same keys, same re-encoding). */
  documents: Pick<DocumentsService, 'sealPicture' | 'openPicture' | 'latestPictureOf'>;
  /** The face model, in its worker pool (decision 039). */
  face: Pick<FaceService, 'read' | 'model'>;
  now?: () => number;
}

export function createLivenessService({ db, documents, face, now = Date.now }: LivenessDeps) {
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
          .values({ id: challenge.id, user_id: userId, level, sequence: JSON.stringify(challenge.moves), status: 'ISSUED', created_at: new Date(at).toISOString(), expires_at: challenge.expiresAt, finished_at: null, result: null, document_id: null, analysis: null, face_match_score: null })
          .execute();
        await recordAudit(trx, actor, { action: 'liveness.start', entityType: ENTITY, entityId: challenge.id, after: { userId, level, moves: challenge.moves } });
      });
      return challenge;
    },

    /**
     * The challenge's outcome (decision 039). The browser sends the pictures it kept (the
     * straight-ahead one, then one per move) and its own measures; the measures only guided the user.
     * The server reads the pictures with its face model (worker pool): a single face in each, the same
     * face throughout, each move shown in the order asked, and the face compared with the user's
     * document front. It records its own result, the findings and the face-match score, and keeps the
     * pictures sealed like documents, for the reviewer. Only the challenge's own user, once, before it
     * expires (40010 otherwise); LIVENESS_BUSY when every face thread is taken (nothing is recorded:
     * the same finish can be sent again). One transaction, audited. Never decides the application.
     */
    async finish(userId: string, input: LivenessFinishRequest, actor: Actor): Promise<LivenessResult> {
      const row = await db.selectFrom('capture_liveness').selectAll().where('id', '=', input.id).executeTakeFirst();
      // Another user's challenge answers like an unknown one.
      if (!row || row.user_id !== userId) throw invalid('unknown liveness challenge');
      if (row.status !== LivenessStatus.ISSUED) throw invalid('liveness challenge already finished');
      const at = now();
      if (Date.parse(row.expires_at) <= at) throw invalid('liveness challenge expired');

      const moves = JSON.parse(row.sequence) as LivenessMove[];
      const labels = new Set<string>([LIVENESS_BASELINE, ...moves]);
      // Decoded and sealed before the transaction (as uploads are): a bad picture stops everything.
      const pictures: ({ id: string; position: number; label: string; bytes: Buffer } & SealedPicture)[] = [];
      for (const [position, picture] of input.pictures.entries()) {
        if (!labels.has(picture.label)) throw invalid('picture of a move not asked for');
        const id = randomUUID();
        const bytes = Buffer.from(picture.image, 'base64');
        pictures.push({ id, position, label: picture.label, bytes, ...(await documents.sealPicture(bytes, frameContext(id))) });
      }
      // Without pictures there is nothing to read (the check fails INCOMPLETE): no model, no portrait.
      const portrait = pictures.length > 0 ? await documents.latestPictureOf(userId, Number(row.level), DocumentKind.DOCUMENT_FRONT) : null;
      // The model's work, off the event loop and outside any transaction.
      const started = performance.now();
      const readings = pictures.length > 0 ? await face.read([...pictures.map((p) => ({ bytes: p.bytes })), ...(portrait ? [{ bytes: portrait.bytes, portrait: true }] : [])]) : [];
      const ms = Math.round(performance.now() - started);
      const judged = judgeLiveness(
        moves,
        pictures.map((p, i) => ({ label: p.label, reading: readings[i]! })),
        portrait ? { id: portrait.id, reading: readings[pictures.length]! } : null,
      );
      const reported = decideLiveness(moves, input.frames as FrameMeasures[]);
      const analysis: LivenessAnalysis = {
        model: face.model,
        thresholds: { sameFaceMax: SAME_FACE_MAX, matchMax: FaceMatchThreshold.MATCH_MAX, reviewMax: FaceMatchThreshold.REVIEW_MAX },
        pictures: judged.pictures,
        faceMatch: judged.faceMatch,
        reported: { passed: reported.passed, failure: reported.failure },
        ms,
      };
      const result: LivenessResult = {
        id: row.id,
        status: judged.passed ? LivenessStatus.PASSED : LivenessStatus.FAILED,
        failure: judged.failure,
        steps: judged.steps,
      };
      const finishedAt = new Date(at).toISOString();
      await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('capture_liveness')
          .set({
            status: result.status,
            finished_at: finishedAt,
            result: JSON.stringify({ failure: result.failure, steps: result.steps, frames: input.frames.length }),
            analysis: JSON.stringify(analysis),
            face_match_score: analysis.faceMatch.score,
            document_id: analysis.faceMatch.documentId,
          })
          .where('id', '=', row.id)
          .where('status', '=', LivenessStatus.ISSUED)
          .executeTakeFirst();
        // A second finish racing this one: the first wins.
        if (Number(updated.numUpdatedRows) !== 1) throw invalid('liveness challenge already finished');
        for (const p of pictures) {
          await trx
            .insertInto('capture_liveness_frames')
            .values({
              id: p.id, liveness_id: row.id, position: p.position, label: p.label, width: p.width, height: p.height, sha256: p.sha256,
              ciphertext: p.sealed.ciphertext, iv: p.sealed.iv, auth_tag: p.sealed.authTag, wrapped_key: p.sealed.wrappedKey, key_id: p.sealed.keyId, created_at: finishedAt,
            })
            .execute();
        }
        await recordAudit(trx, actor, {
          action: 'liveness.finish',
          entityType: ENTITY,
          entityId: row.id,
          before: { status: row.status },
          after: {
            status: result.status,
            failure: result.failure,
            frames: input.frames.length,
            pictures: judged.pictures.map((p) => ({ label: p.label, faces: p.faces, issue: p.issue })),
            faceMatch: { score: analysis.faceMatch.score, band: analysis.faceMatch.band, missing: analysis.faceMatch.missing, documentId: analysis.faceMatch.documentId },
            model: analysis.model,
            reported: analysis.reported,
          },
        });
      });
      return result;
    },

    /** A reviewer's view: the user's latest finished challenge of `level`, with its kept frames. */
    async latestFor(userId: string, level: VerifiableLevel): Promise<ConsoleLiveness> {
      const row = await db
        .selectFrom('capture_liveness')
        .select(['id', 'status', 'result', 'analysis', 'finished_at'])
        .where('user_id', '=', userId)
        .where('level', '=', level)
        .where('status', '!=', LivenessStatus.ISSUED)
        .orderBy('finished_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) return null;
      const frames = await db.selectFrom('capture_liveness_frames').select(['id', 'label', 'width', 'height']).where('liveness_id', '=', row.id).orderBy('position').execute();
      return {
        result: resultOf(row),
        analysis: analysisOf(row.analysis),
        finishedAt: row.finished_at ?? '',
        frames: frames.map((f) => ({ id: f.id, label: f.label as LivenessFrameLabel, width: Number(f.width), height: Number(f.height), path: `${API_PREFIX}${LivenessPath.consoleLivenessFrame}/${f.id}` })),
      };
    },

    /** One kept frame, to a reviewer; every view is audited (like document.view). */
    async readFrame(id: string, actor: Actor): Promise<DocumentContent> {
      const frame = await db
        .selectFrom('capture_liveness_frames as f')
        .innerJoin('capture_liveness as l', 'l.id', 'f.liveness_id')
        .select(['f.id', 'f.label', 'f.sha256', 'f.ciphertext', 'f.iv', 'f.auth_tag', 'f.wrapped_key', 'f.key_id', 'l.user_id', 'l.id as liveness_id'])
        .where('f.id', '=', id)
        .executeTakeFirst();
      if (!frame) throw notFound();
      const ciphertext = Buffer.from(frame.ciphertext.buffer, frame.ciphertext.byteOffset, frame.ciphertext.byteLength);
      const content = documents.openPicture({ sha256: frame.sha256, sealed: { ciphertext, iv: frame.iv, authTag: frame.auth_tag, wrappedKey: frame.wrapped_key, keyId: frame.key_id } }, frameContext(frame.id));
      await recordAudit(db, actor, { action: 'liveness.frame.view', entityType: FRAME_ENTITY, entityId: id, after: { userId: frame.user_id, livenessId: frame.liveness_id, label: frame.label } });
      return content;
    },

    /** Erasure (a user's request, or the end of their records' period): every challenge and frame of the user, in `trx`. */
    async removeAllOf(trx: Db, userId: string): Promise<number> {
      const ids = (await trx.selectFrom('capture_liveness').select('id').where('user_id', '=', userId).execute()).map((r) => r.id);
      if (ids.length === 0) return 0;
      await trx.deleteFrom('capture_liveness_frames').where('liveness_id', 'in', ids).execute();
      return Number((await trx.deleteFrom('capture_liveness').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows);
    },

    /**
     * Biometric retention (BIOMETRIC_RETENTION_DAYS, run by the retention job): challenges created
     * before `before` go with their frames, except where `keep` says the level's application still
     * awaits its decision (the period runs from the decision: the reviewer still needs them).
     */
    async sweep(before: string, keep: (userId: string, level: VerifiableLevel) => Promise<boolean> = async () => false): Promise<number> {
      const due = await db.selectFrom('capture_liveness').select(['id', 'user_id', 'level']).where('created_at', '<', before).execute();
      const ids = await idsNotKept(due, keep);
      let deleted = 0;
      // In slices: a long-idle server may find many at once (and SQLite bounds a statement's variables).
      for (let i = 0; i < ids.length; i += 500) {
        const slice = ids.slice(i, i + 500);
        deleted += await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('capture_liveness_frames').where('liveness_id', 'in', slice).execute();
          return Number((await trx.deleteFrom('capture_liveness').where('id', 'in', slice).executeTakeFirst()).numDeletedRows);
        });
      }
      return deleted;
    },
  };
}

export type LivenessService = ReturnType<typeof createLivenessService>;
