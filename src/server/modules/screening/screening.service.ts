import { createHash, randomUUID } from 'node:crypto';
import { AmlResult, AmlScene, SCREENING_LIST_INVALID, ScreeningMatchStatus, ScreeningStatus, type AmlResultReply, type LoadListResult, type ScreeningHit, type ScreeningSubject } from '../../../shared/api/screening.ts';
import { QuestionnaireStatus } from '../../../shared/kyc.ts';
import { DecisionOutcome, SubjectKind } from '../../../shared/review.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound, ValidationFailed, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { ReviewService, ReviewSubjectHandler } from '../review/review.service.ts';
import { RequirementEvent } from '../questionnaires/questionnaires.service.ts';
import { ListFileError, ListFileReader, type ListEntry } from './list-file.ts';
import { createPollingRunner } from '../../after-commit.ts';
import { createInProcessMatcher, type Matcher } from './matcher.ts';
import { yenteListOf, type ListRef, type ScreenedPerson, type ScreeningEngine } from './engine.ts';
import { createInhouseEngine } from './engines/inhouse.ts';
import * as repo from './screening.repo.ts';
import { screeningPersonalData } from './personal-data.ts';

/** What screening needs from the questionnaires module: make a template due in the caller's transaction, read its status. */
export interface ScreeningQuestionnairesPort {
  requireIn(trx: Db, userId: string, templateCode: string, cause: RequirementEvent, detail: string, actor: Actor): Promise<QuestionnaireStatus>;
  statusOf(userId: string, templateCode: string): Promise<QuestionnaireStatus>;
}

/** Why a user is screened: their level 1 was approved (onboarding) or the list changed (ongoing). */
export const ScreeningTrigger = { LEVEL_APPROVED: 'LEVEL_APPROVED', LIST_CHANGE: 'LIST_CHANGE' } as const;
export type ScreeningTrigger = (typeof ScreeningTrigger)[keyof typeof ScreeningTrigger];

/** The questionnaire a hit makes due: name screening at onboarding, continuous screening afterwards (decision 020's rules). */
const QUESTIONNAIRE_OF: Record<ScreeningTrigger, { template: string; event: RequirementEvent }> = {
  LEVEL_APPROVED: { template: 'nsquestion', event: RequirementEvent.NAME_SCREENING_HIT },
  LIST_CHANGE: { template: 'cnsquestion', event: RequirementEvent.ONGOING_SCREENING_HIT },
};

const AWAITS_USER: ReadonlySet<string> = new Set([QuestionnaireStatus.QUESTIONNAIRE_STATUS_UNDEFINED, QuestionnaireStatus.QUESTIONNAIRE_STATUS_UNSUBMIT, QuestionnaireStatus.QUESTIONNAIRE_STATUS_REJECTED]);
const SYSTEM: Actor = { type: 'system', id: null };
const MATCH_ENTITY = 'screening_match';
/** Screening jobs read per query, and how long a runner holds one it took (then another may take it). */
const JOB_BATCH = 50;
const JOB_LEASE_MS = 5 * 60_000;
const JOB_POLL_MS = 1000;
/** A failed job is tried again after 5 s, 10 s, 20 s… at most 10 minutes. */
const retryDelayMs = (attempts: number) => Math.min(10 * 60_000, 5000 * 2 ** Math.min(attempts, 10));

/** Users screened per transaction when a list changes: a batch's locks stay short. */
export const RESCREEN_BATCH = 100;

/**
 * AML name screening (issue 12, decision 026): loads a list version, screens a verified user's name
 * and date of birth against it, opens a SCREENING review case on a potential match (with the
 * questionnaire the user answers about it), carries out the reviewer's decision, and answers
 * get-aml-result per scene.
 */
export function createScreeningService({
  db,
  review,
  questionnaires,
  matched,
  matcher = createInProcessMatcher(),
  engine = createInhouseEngine(matcher),
  catalogIntervalMs = 0,
  jobIntervalMs = JOB_POLL_MS,
  onJobError = () => {},
}: {
  db: Db;
  review: ReviewService;
  questionnaires: ScreeningQuestionnairesPort;
  /** The in-house index (decision 038), in this thread or in worker threads: the default engine's. */
  matcher?: Matcher;
  /** The engine that finds hits (decision 043): in-house (default) or yente. */
  engine?: ScreeningEngine;
  /** How often an engine whose list lives outside (yente) is asked for its version (0: only when run). */
  catalogIntervalMs?: number;
  /** How often due screening jobs are looked for (0: only when run). */
  jobIntervalMs?: number;
  onJobError?: (err: unknown) => void;
  /** A new potential match was opened, in its transaction (enhanced due diligence follows, decision 028). */
  matched?: (trx: Db, userId: string, actor: Actor) => Promise<unknown>;
}) {
  /** The list entries a user matches, best first: the engine's answer (decision 043). */
  function hitsFor(q: Db, list: ListRef, person: ScreenedPerson): Promise<ScreeningHit[]> {
    return engine.hitsFor(q, list, person);
  }
  const personOf = (p: { date_of_birth: string; nationality: string }, name: string): ScreenedPerson => ({ name, dateOfBirth: p.date_of_birth, nationality: p.nationality });

  const nameOf = (person: { first_name: string; middle_name: string | null; last_name: string }) => [person.first_name, person.middle_name, person.last_name].filter(Boolean).join(' ');

  /**
   * Screens one user in `trx` against the list in use. Nothing to do without a list, without personal
   * information, or when already screened against this version; while a case is open or after a
   * confirmed match the outcome stands until a reviewer changes it. `precomputed`: the hits found
   * before the transaction for this list version and this name (a re-screening compares outside
   * the transaction, so it holds no connection for the comparison's second); found again here otherwise.
   */
  async function screenIn(trx: Db, userId: string, trigger: ScreeningTrigger, actor: Actor, precomputed?: { version: number; name: string; dateOfBirth: string; hits: ScreeningHit[] }): Promise<ScreeningStatus | null> {
    const list = await repo.findCurrentList(trx);
    if (!list) return null;
    const person = await repo.findPerson(trx, userId);
    if (!person) return null;
    const before = await repo.findState(trx, userId, { lock: true });
    if (before && before.list_version >= list.version) return before.status as ScreeningStatus;
    if (before && (before.status === ScreeningStatus.POTENTIAL_MATCH || before.status === ScreeningStatus.TRUE_MATCH)) return before.status as ScreeningStatus;
    const name = nameOf(person);
    const found =
      precomputed && precomputed.version === list.version && precomputed.name === name && precomputed.dateOfBirth === person.date_of_birth
        ? precomputed.hits
        : await hitsFor(trx, list, personOf(person, name));
    // Entries a reviewer already cleared for this user (same entry, unchanged since) are not raised again.
    const cleared = new Set(
      (await repo.findMatchesOfUser(trx, userId))
        .filter((m) => m.status === ScreeningMatchStatus.CLEARED)
        .flatMap((m) => (JSON.parse(m.hits) as ScreeningHit[]).map((h) => `${h.entryId}@${h.lastChange}`)),
    );
    const hits = found.filter((h) => !cleared.has(`${h.entryId}@${h.lastChange}`));
    const at = nowIso();
    const status = hits.length > 0 ? ScreeningStatus.POTENTIAL_MATCH : before?.status === ScreeningStatus.FALSE_POSITIVE ? ScreeningStatus.FALSE_POSITIVE : ScreeningStatus.CLEAR;
    await repo.upsertState(trx, { user_id: userId, status, list_version: list.version, screened_at: at });
    if (hits.length === 0) {
      await recordAudit(trx, actor, { action: 'screening.screen', entityType: 'screening_state', entityId: userId, before: before ? { status: before.status, listVersion: before.list_version } : null, after: { status, listVersion: list.version, trigger } });
      return status;
    }
    const matchId = randomUUID();
    await repo.insertMatch(trx, { id: matchId, user_id: userId, list_version: list.version, trigger, our_name: name, our_birth_date: person.date_of_birth, hits: JSON.stringify(hits), status: ScreeningMatchStatus.PENDING, pending_key: userId, created_at: at, decided_at: null });
    const kase = await review.openCase(trx, { kind: SubjectKind.SCREENING, subjectId: matchId, userId, level: null, openedAt: at }, actor);
    const q = QUESTIONNAIRE_OF[trigger];
    await questionnaires.requireIn(trx, userId, q.template, q.event, `list version ${list.version}: ${hits[0]!.entryId}`, actor);
    await recordAudit(trx, actor, {
      action: 'screening.match.open',
      entityType: MATCH_ENTITY,
      entityId: matchId,
      before: before ? { status: before.status, listVersion: before.list_version } : null,
      after: { userId, status, listVersion: list.version, trigger, caseId: kase.id, hits: hits.map((h) => ({ entryId: h.entryId, score: h.score, dob: h.dob })), questionnaire: q.template },
    });
    // After the name-screening questionnaire, so the user is asked that one first: whether found at
    // approval or when the list changed, a possible match brings enhanced due diligence.
    await matched?.(trx, userId, actor);
    return status;
  }

  /** A reviewer's decision: approve = a false positive (cleared), reject = a true match (restricted). */
  const reviewHandler: ReviewSubjectHandler = {
    async apply(trx, c, decision, actor) {
      const match = await repo.findMatch(trx, c.subjectId);
      if (!match) throw notFound();
      const trueMatch = decision.outcome === DecisionOutcome.REJECT;
      const matchStatus = trueMatch ? ScreeningMatchStatus.CONFIRMED : ScreeningMatchStatus.CLEARED;
      if ((await repo.closeMatch(trx, match.id, matchStatus, decision.decidedAt)) !== 1) throw notFound();
      const before = await repo.findState(trx, match.user_id);
      const status = trueMatch ? ScreeningStatus.TRUE_MATCH : ScreeningStatus.FALSE_POSITIVE;
      await repo.upsertState(trx, { user_id: match.user_id, status, list_version: before?.list_version ?? match.list_version, screened_at: before?.screened_at ?? match.created_at });
      await recordAudit(trx, actor, {
        action: trueMatch ? 'screening.match.confirm' : 'screening.match.clear',
        entityType: MATCH_ENTITY,
        entityId: match.id,
        before: { status: ScreeningMatchStatus.PENDING, screening: before?.status ?? null },
        after: { status: matchStatus, screening: status, caseId: c.id, decisionId: decision.id, reasonCode: decision.reasonCode, internalNote: decision.internalNote },
      });
      // A match open while a newer list was loaded was skipped by that re-screening (its outcome stood
      // until this decision): cleared now, the user is screened against the list in use at once, or
      // they would wait for the next list (and the console would count them as left, forever).
      if (!trueMatch) await screenIn(trx, match.user_id, ScreeningTrigger.LIST_CHANGE, actor);
      return { subjectStatus: status };
    },
  };

  /**
   * After a list change: every verified user not yet screened against the list in use, in batches
   * of `batchSize` users, each user in their own transaction (a failure stops the run; the next run
   * resumes where it stopped, since screened users carry the version). Returns how many were screened.
   */
  async function rescreenAll({ batchSize = RESCREEN_BATCH, actor = SYSTEM }: { batchSize?: number; actor?: Actor } = {}): Promise<{ screened: number; matches: number }> {
    const list = await repo.findCurrentList(db);
    if (!list) return { screened: 0, matches: 0 };
    let after = '';
    let screened = 0;
    let matches = 0;
    for (;;) {
      const batch = await repo.findUnscreened(db, list.version, after, batchSize);
      if (batch.length === 0) break;
      for (const { userId } of batch) {
        // Compared outside the transaction (no connection held meanwhile), recorded inside it, where
        // screenIn checks again what may have changed since (the state, the name).
        const person = await repo.findPerson(db, userId);
        const precomputed = person ? { version: list.version, name: nameOf(person), dateOfBirth: person.date_of_birth, hits: await hitsFor(db, list, personOf(person, nameOf(person))) } : undefined;
        const status = await inTransaction(db, (trx) => screenIn(trx, userId, ScreeningTrigger.LIST_CHANGE, actor, precomputed));
        screened++;
        if (status === ScreeningStatus.POTENTIAL_MATCH) matches++;
      }
      after = batch[batch.length - 1]!.userId;
    }
    return { screened, matches };
  }

  /**
   * Screens a user after the commit of `trx` (decision 038): a job row written in the caller's
   * transaction; the runner screens outside it. Until then the user has no screening of this list
   * (get-aml-result answers NONE for a first screening), so nobody is cleared by the wait.
   */
  async function screenAfterCommit(trx: Db, userId: string, trigger: ScreeningTrigger, actor: Actor): Promise<void> {
    const at = nowIso();
    await repo.enqueueJob(trx, { user_id: userId, trigger, actor_type: actor.type, actor_id: actor.id, created_at: at, due_at: at });
  }

  /** Every screening job due now: hits found outside any transaction, recorded (and the job removed) in one. */
  async function runDueJobs(): Promise<number> {
    let done = 0;
    for (;;) {
      const due = await repo.findDueJobs(db, nowIso(), JOB_BATCH);
      if (due.length === 0) return done;
      for (const job of due) {
        const leased = nowIso(new Date(Date.now() + JOB_LEASE_MS));
        if (!(await repo.leaseJob(db, job, leased))) continue;
        try {
          const list = await repo.findCurrentList(db);
          const person = await repo.findPerson(db, job.user_id);
          const name = person ? nameOf(person) : '';
          const precomputed = list && person ? { version: list.version, name, dateOfBirth: person.date_of_birth, hits: await hitsFor(db, list, personOf(person, name)) } : undefined;
          const actor = { type: job.actor_type, id: job.actor_id } as Actor;
          await inTransaction(db, async (trx) => {
            await screenIn(trx, job.user_id, job.trigger as ScreeningTrigger, actor, precomputed);
            // Only the job taken: one written again meanwhile (a new approval) stays for the next run.
            await repo.deleteJob(trx, job.user_id, leased);
          });
          done++;
        } catch (err) {
          await repo.failJob(db, job.user_id, job.attempts + 1, nowIso(new Date(Date.now() + retryDelayMs(job.attempts))), String((err as Error)?.message ?? err));
          onJobError(err);
        }
      }
    }
  }
  const jobs = createPollingRunner({ runDue: runDueJobs, intervalMs: jobIntervalMs, onError: onJobError });

  async function loadListFrom(chunks: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>, source: string, actor: Actor): Promise<LoadListResult> {
    // Decision 043: with yente the list lives there; a file loaded here would never be screened against.
    if (engine.remoteList) throw wrongState('the list lives in yente (SCREENING_ENGINE=yente): it is updated there, not loaded here');
    const reader = new ListFileReader();
    const hash = createHash('sha256');
    const decoder = new TextDecoder();
    try {
      return await inTransaction(
        db,
        async (trx) => {
          const version = ((await repo.findCurrentList(trx))?.version ?? 0) + 1;
          await repo.insertList(trx, { version, source, sha256: '', entry_count: 0, loaded_by: actor.type === 'system' ? null : actor.id, loaded_at: nowIso() });
          const write = (entries: ListEntry[]) =>
            repo.insertEntries(
              trx,
              entries.map((e) => ({ list_version: version, id: e.id, name: e.name, aliases: JSON.stringify(e.aliases), birth_dates: JSON.stringify(e.birthDates), countries: JSON.stringify(e.countries), sanctions: e.sanctions, dataset: e.dataset, last_change: e.lastChange })),
            );
          for await (const chunk of chunks) {
            hash.update(chunk);
            await write(reader.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })));
          }
          await write([...reader.push(decoder.decode()), ...reader.end()]);
          const sha256 = hash.digest('hex');
          await repo.finishList(trx, version, sha256, reader.count);
          await repo.deleteEntriesBefore(trx, version);
          await recordAudit(trx, actor, { action: 'screening.list.load', entityType: 'screening_list', entityId: String(version), after: { version, source, sha256, entryCount: reader.count } });
          return { version, entryCount: reader.count, sha256 };
        },
        'a list was loaded at the same moment',
      );
    } catch (err) {
      if (err instanceof ListFileError) throw new ValidationFailed([{ path: 'file', code: SCREENING_LIST_INVALID, params: { line: err.line, problem: err.problem, kind: err.kind, value: err.value } }]);
      throw err;
    }
  }

  // This server's re-screening run, if one is under way (a load starts one; an administrator may resume one).
  let rescreening: Promise<unknown> | null = null;
  function rescreenInBackground(actor: Actor, onError: (err: unknown) => void): boolean {
    if (rescreening) return false;
    rescreening = rescreenAll({ actor })
      .catch(onError)
      .finally(() => {
        rescreening = null;
      });
    return true;
  }

  /**
   * Decision 043: an engine whose list lives outside (yente) is asked which version of its dataset it
   * serves; a version not seen yet becomes the next list version (no entries here, audited like a
   * load) and every verified user is re-screened against it in the background. 1 when recorded now.
   */
  async function syncRemoteList(): Promise<number> {
    if (!engine.remoteList) return 0;
    const seen = await engine.remoteList();
    const recorded = await inTransaction(
      db,
      async (trx) => {
        const current = await repo.findCurrentList(trx);
        if (current && current.source === seen.source && yenteListOf(current)) return false;
        const version = (current?.version ?? 0) + 1;
        await repo.insertList(trx, { version, source: seen.source, sha256: '', entry_count: seen.entryCount, loaded_by: null, loaded_at: nowIso() });
        await recordAudit(trx, SYSTEM, { action: 'screening.list.load', entityType: 'screening_list', entityId: String(version), after: { version, source: seen.source, engine: engine.kind, dataset: seen.dataset, datasetVersion: seen.datasetVersion, entryCount: seen.entryCount } });
        return true;
      },
      'a list was recorded at the same moment',
    );
    if (recorded) rescreenInBackground(SYSTEM, onJobError);
    return recorded ? 1 : 0;
  }
  const catalog = createPollingRunner({ runDue: syncRemoteList, intervalMs: catalogIntervalMs, onError: onJobError });

  return {
    /** The copies of names in matches, for erasure (decision 041); nothing exported (tipping-off). */
    personalData: screeningPersonalData,
    reviewHandler,
    screenIn,
    screenAfterCommit,
    /** The after-commit screening jobs (started with the server; the tests run them). */
    jobs,
    /** Stops the jobs and the matching threads (the server's close). */
    async close() {
      await jobs.stop();
      await catalog.stop();
      await engine.close?.();
    },

    /** The list in use (null before the first load) and how many verified users wait for screening against it. */
    async listInfo(): Promise<{ engine: ScreeningEngine['kind']; current: (repo.ListRow & { yente: { dataset: string; datasetVersion: string } | null }) | null; usersToScreen: number }> {
      const current = (await repo.findCurrentList(db)) ?? null;
      return { engine: engine.kind, current: current ? { ...current, yente: yenteListOf(current) } : null, usersToScreen: current ? await repo.countUnscreened(db, current.version) : 0 };
    },

    /**
     * Screens, in the background, the verified users the list in use has not screened yet (after a
     * load from the console; or to resume a run a restart interrupted). One run per server at a
     * time: false when this server is already at it. A failure is handed to `onError`; the users
     * left stay counted in `listInfo` and the next run takes them.
     */
    rescreenInBackground,

    /** Which engine screens (decision 043). */
    engineKind: engine.kind,
    /** yente's catalog check (started with the server when the engine is yente; the tests run it). */
    catalog,
    /** This server's re-screening run, if one is under way (tests wait for it). */
    rescreening: () => rescreening,

    /** The version of the list in use; null before the first load. */
    async currentListVersion(): Promise<number | null> {
      return (await repo.findCurrentList(db))?.version ?? null;
    },

    /**
     * Loads a list file as the next version, in one transaction (the version row, its entries, the
     * older entries removed, the audit). A file that is not OpenSanctions simple CSV is refused whole
     * (10001 on path `file`, with the line and the problem). Re-screening is `rescreenAll`'s job.
     */
    async loadList(text: string, source: string, actor: Actor): Promise<LoadListResult> {
      return loadListFrom([text], source, actor);
    },

    /**
     * The same, read chunk by chunk (decision 038: `npm run screening-load` streams the file): entries
     * are inserted as they are read, in the one transaction that a bad line rolls back.
     */
    loadListFrom,

    rescreenAll,

    /** §7 get-aml-result: the caller's stored screening state, answered for one scene. */
    async amlResult(userId: string, sceneCode: AmlScene): Promise<AmlResultReply> {
      const state = await repo.findState(db, userId);
      const status = (state?.status ?? ScreeningStatus.NOT_SCREENED) as ScreeningStatus;
      const result =
        status === ScreeningStatus.NOT_SCREENED ? AmlResult.NONE : status === ScreeningStatus.POTENTIAL_MATCH ? AmlResult.REVIEW : status === ScreeningStatus.TRUE_MATCH ? AmlResult.REJECT : AmlResult.PASS;
      const blocked = result === AmlResult.REJECT || (result === AmlResult.REVIEW && sceneCode === AmlScene.WITHDRAW);
      let templateCode = '';
      let needQuestionnaire = false;
      if (status === ScreeningStatus.POTENTIAL_MATCH) {
        const open = (await repo.findMatchesOfUser(db, userId)).find((m) => m.status === ScreeningMatchStatus.PENDING);
        templateCode = QUESTIONNAIRE_OF[(open?.trigger as ScreeningTrigger | undefined) ?? ScreeningTrigger.LEVEL_APPROVED].template;
        needQuestionnaire = AWAITS_USER.has(await questionnaires.statusOf(userId, templateCode));
      }
      return { sceneCode, result, blocked, status, listVersion: state?.list_version ?? null, screenedAt: state?.screened_at ?? null, needQuestionnaire, templateCode };
    },

    /** The subject of a SCREENING case for the console. */
    async subjectForReview(matchId: string): Promise<ScreeningSubject> {
      const m = await repo.findMatch(db, matchId);
      if (!m) throw notFound();
      return {
        kind: SubjectKind.SCREENING,
        match: { id: m.id, status: m.status as ScreeningMatchStatus, listVersion: m.list_version, listSource: (await repo.findList(db, m.list_version))?.source ?? '', createdAt: m.created_at, decidedAt: m.decided_at },
        ours: { name: m.our_name, dateOfBirth: m.our_birth_date },
        hits: JSON.parse(m.hits) as ScreeningHit[],
        currentListVersion: (await repo.findCurrentList(db))?.version ?? null,
      };
    },
  };
}

export type ScreeningService = ReturnType<typeof createScreeningService>;

/** The engines of decision 038: in this thread, or in worker threads (the default of a server). */
export { createInProcessMatcher } from './matcher.ts';
export { createWorkerMatcher } from './worker-matcher.ts';
/** The engines of decision 043: the in-house index, or OpenSanctions' yente over HTTP. */
export { createInhouseEngine } from './engines/inhouse.ts';
export { createYenteEngine } from './engines/yente.ts';
export type { ScreeningEngine } from './engine.ts';
/** yente's local fake (decision 043): tests and demo mode only (start.ts starts it in demo mode alone). */
export { entityOf, startYenteFake, type FakeEntity, type YenteFake } from './yente-fake.ts';
export { ListFileReader } from './list-file.ts';

/** The generated list of decision 038 (scripts/generate-screening-list.ts and the bench make their files with it). */
export { csvHeader, csvRow, labelledPairs, syntheticPeople } from './synthetic-list.ts';
export { NameIndex } from './name-index.ts';
