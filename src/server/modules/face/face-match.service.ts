import { randomUUID } from 'node:crypto';
import { idsNotKept } from '../../retention-sweep.ts';
import { FaceMatchSource, FaceMatchState, type ConsoleFaceMatch, type ConsoleLiveness } from '../../../shared/api/capture.ts';
import { faceMatch, FaceMatchThreshold } from '../../../shared/face-checks.ts';
import { DocumentKind, type VerifiableLevel } from '../../../shared/kyc.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { createPollingRunner } from '../../after-commit.ts';
import type { PictureReading, PictureTask } from './face-worker.ts';
import * as repo from './face-match.repo.ts';

/** Why a pair of pictures has no score: the face model found no face on one of them. */
export const PairMissing = { NO_FACE_ON_DOCUMENT: 'NO_FACE_ON_DOCUMENT', NO_FACE_ON_SELFIE: 'NO_FACE_ON_SELFIE' } as const;
export type PairMissing = (typeof PairMissing)[keyof typeof PairMissing];

const ENTITY = 'face_match';
const SYSTEM: Actor = { type: 'system', id: null };
const PAIRED: ReadonlySet<string> = new Set([DocumentKind.SELFIE, DocumentKind.DOCUMENT_FRONT]);
/** Jobs read per query, and how long a runner holds one it took (then another server may take it). */
const JOB_BATCH = 20;
const JOB_LEASE_MS = 5 * 60_000;
const JOB_POLL_MS = 2000;
/** A failed or refused (LIVENESS_BUSY) comparison is tried again after 5 s, 10 s, 20 s… at most 10 minutes. */
const retryDelayMs = (attempts: number) => Math.min(10 * 60_000, 5000 * 2 ** Math.min(attempts, 10));

/** What the face match needs from the documents module: the latest picture of a slot (draft or submitted). */
export interface FaceMatchDocumentsPort {
  latestPictureOf(userId: string, level: number, kind: string): Promise<{ id: string; bytes: Buffer } | null>;
  hasPictureOf(q: Db, userId: string, level: number, kind: string): Promise<boolean>;
}

export interface FaceMatchDeps {
  db: Db;
  documents: FaceMatchDocumentsPort;
  face: { read(tasks: readonly PictureTask[]): Promise<PictureReading[]>; model: string };
  /** The liveness check's own comparison, for a pair the server has not compared (pictures from before decision 045). */
  liveness: () => { latestFor(userId: string, level: VerifiableLevel): Promise<ConsoleLiveness> };
  /** How often due jobs are looked for (0: only when run). */
  jobIntervalMs?: number;
  onJobError?: (err: unknown) => void;
}

/**
 * The face match of a selfie and a document front (decision 045), whatever way the selfie came (the
 * camera after a liveness check, or a file): when an upload leaves a level with both pictures, a job
 * row is written in the upload's transaction, and after the commit a runner compares the two with the
 * face model (worker pool, decision 039), with the same score, bands and thresholds as the liveness
 * check, and stores the result with the model's name, audited. Leased like screening's jobs
 * (decision 038), so two servers never compare the same pair at once; a failure or a full pool is
 * retried later.
 */
export function createFaceMatchService({ db, documents, face, liveness, jobIntervalMs = JOB_POLL_MS, onJobError = () => {} }: FaceMatchDeps) {
  /** Compares the level's current pair and stores the result (nothing when a picture is missing or the pair is done). */
  async function compare(job: repo.JobRow, leased: string): Promise<void> {
    const level = Number(job.level);
    const selfie = await documents.latestPictureOf(job.user_id, level, DocumentKind.SELFIE);
    const front = await documents.latestPictureOf(job.user_id, level, DocumentKind.DOCUMENT_FRONT);
    if (!selfie || !front || (await repo.findPair(db, selfie.id, front.id))) {
      await repo.deleteJob(db, job, leased);
      return;
    }
    // The model's work, off the event loop and outside any transaction.
    const started = performance.now();
    const [own, portrait] = await face.read([{ bytes: selfie.bytes }, { bytes: front.bytes, portrait: true }]);
    const ms = Math.round(performance.now() - started);
    // As the liveness check does: the document's largest face against the selfie's largest face.
    const m = own?.descriptor && portrait?.descriptor ? faceMatch(own.descriptor, portrait.descriptor) : null;
    const missing = !portrait?.descriptor ? PairMissing.NO_FACE_ON_DOCUMENT : !own?.descriptor ? PairMissing.NO_FACE_ON_SELFIE : null;
    const row: repo.MatchRow = {
      id: randomUUID(),
      user_id: job.user_id,
      level,
      selfie_document_id: selfie.id,
      front_document_id: front.id,
      score: m?.score ?? null,
      distance: m?.distance ?? null,
      band: m?.band ?? null,
      missing,
      model: face.model,
      match_max: FaceMatchThreshold.MATCH_MAX,
      review_max: FaceMatchThreshold.REVIEW_MAX,
      ms,
      computed_at: nowIso(),
    };
    await db.transaction().execute(async (trx) => {
      if (await repo.insertMatch(trx, row)) {
        await recordAudit(trx, SYSTEM, {
          action: 'face_match.compute',
          entityType: ENTITY,
          entityId: row.id,
          after: {
            userId: row.user_id, level, selfieDocumentId: selfie.id, frontDocumentId: front.id, score: row.score, distance: row.distance, band: row.band, missing,
            faces: { selfie: own?.faces.length ?? 0, document: portrait?.faces.length ?? 0 }, model: row.model, thresholds: { matchMax: row.match_max, reviewMax: row.review_max },
          },
        });
      }
      // Only the job taken: one made due again meanwhile (a newer upload) stays for the next run.
      await repo.deleteJob(trx, job, leased);
    });
  }

  /** Every comparison due now, one at a time (a background job never holds more than one place in the face pool). */
  async function runDueJobs(): Promise<number> {
    let done = 0;
    for (;;) {
      const due = await repo.findDueJobs(db, nowIso(), JOB_BATCH);
      let taken = 0;
      for (const job of due) {
        const leased = nowIso(new Date(Date.now() + JOB_LEASE_MS));
        if (!(await repo.leaseJob(db, job, leased))) continue;
        taken++;
        try {
          await compare(job, leased);
          done++;
        } catch (err) {
          await repo.failJob(db, job, leased, job.attempts + 1, nowIso(new Date(Date.now() + retryDelayMs(job.attempts))), String((err as Error)?.message ?? err));
          onJobError(err);
        }
      }
      // Nothing due, or every due job taken by another server (or failed, now due later).
      if (due.length === 0 || taken === 0 || due.length < JOB_BATCH) return done;
    }
  }
  const jobs = createPollingRunner({ runDue: runDueJobs, intervalMs: jobIntervalMs, onError: onJobError });

  const stored = (r: repo.MatchRow): ConsoleFaceMatch => ({
    state: FaceMatchState.STORED,
    source: FaceMatchSource.SELFIE,
    model: r.model,
    thresholds: { matchMax: Number(r.match_max), reviewMax: Number(r.review_max) },
    faceMatch: { score: r.score === null ? null : Number(r.score), distance: r.distance === null ? null : Number(r.distance), band: r.band as 'MATCH' | 'REVIEW' | 'MISMATCH' | null, missing: r.missing, documentId: r.front_document_id },
    computedAt: r.computed_at,
  });
  const none: ConsoleFaceMatch = { state: FaceMatchState.NONE, source: null, model: null, thresholds: null, faceMatch: null, computedAt: null };

  return {
    /**
     * In the upload's transaction (documents' hook): a SELFIE or DOCUMENT_FRONT that completes the
     * level's pair (a first one, or one replacing an earlier picture) makes the pair's comparison due.
     */
    async uploadedIn(trx: Db, userId: string, doc: { kind: string; level: number }): Promise<void> {
      if (!PAIRED.has(doc.kind)) return;
      const other = doc.kind === DocumentKind.SELFIE ? DocumentKind.DOCUMENT_FRONT : DocumentKind.SELFIE;
      if (!(await documents.hasPictureOf(trx, userId, doc.level, other))) return;
      await repo.enqueueJob(trx, userId, doc.level, nowIso());
    },

    /**
     * After an upload's commit: the runner looks at once rather than at its next poll. Not on a
     * server that does not poll (FACE_MATCH_POLL_SECONDS=0: the tests run the comparisons themselves).
     */
    kick: () => {
      if (jobIntervalMs > 0) jobs.kick();
    },

    /** The after-commit comparisons (started with the server; the tests run them). */
    jobs,

    /**
     * The reviewer's view of one selfie and document front (decision 045): the server's comparison of
     * these two pictures; COMPUTING while the level's job waits; else the liveness check's own
     * comparison with this front, if it made one (a check before this pair's job existed); else NONE.
     */
    async forPair(userId: string, level: VerifiableLevel, selfieId: string, frontId: string | undefined): Promise<ConsoleFaceMatch> {
      if (frontId) {
        const row = await repo.findMatch(db, userId, selfieId, frontId);
        if (row) return stored(row);
        if (await repo.findJob(db, userId, level)) return { ...none, state: FaceMatchState.COMPUTING };
      }
      const check = await liveness().latestFor(userId, level);
      const analysis = check?.analysis;
      // Only a comparison with this very front (a check without a front says NO_DOCUMENT only when there is none now).
      if (!analysis || (frontId ? analysis.faceMatch.documentId !== frontId : analysis.faceMatch.documentId !== null)) return none;
      return {
        state: FaceMatchState.STORED,
        source: FaceMatchSource.LIVENESS,
        model: analysis.model,
        thresholds: { matchMax: analysis.thresholds.matchMax, reviewMax: analysis.thresholds.reviewMax },
        faceMatch: analysis.faceMatch,
        computedAt: check.finishedAt,
      };
    },

    /** Erasure (a user's request, or the end of their records' period): every result and job of the user, in `trx`. */
    removeAllOf: (trx: Db, userId: string): Promise<number> => repo.deleteAllOfUser(trx, userId),

    /**
     * Biometric retention (BIOMETRIC_RETENTION_DAYS, with the liveness checks): results computed
     * before `before` go, except where `keep` says the level's application still awaits its decision.
     */
    async sweep(before: string, keep: (userId: string, level: VerifiableLevel) => Promise<boolean> = async () => false): Promise<number> {
      const due = await repo.findComputedBefore(db, before);
      const ids = await idsNotKept(due, keep);
      let deleted = 0;
      // In slices: SQLite bounds a statement's variables.
      for (let i = 0; i < ids.length; i += 500) deleted += await repo.deleteMatches(db, ids.slice(i, i + 500));
      return deleted;
    },

    /** Stops the runner (the server's close). */
    close: () => jobs.stop(),
  };
}

export type FaceMatchService = ReturnType<typeof createFaceMatchService>;
