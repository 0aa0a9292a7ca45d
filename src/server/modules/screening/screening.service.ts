import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AmlResult, AmlScene, SCREENING_LIST_INVALID, ScreeningMatchStatus, ScreeningStatus, type AmlResultReply, type LoadListResult, type ScreeningHit, type ScreeningSubject } from '../../../shared/api/screening.ts';
import { QuestionnaireStatus, StepStatus } from '../../../shared/kyc.ts';
import { DecisionOutcome, SubjectKind } from '../../../shared/review.ts';
import { LIMITATION_COMPLIANCE_RESTRICTED, LimitationAction, RestrictionReason, RestrictionSource } from '../../../shared/restrictions.ts';
import type { Restriction } from '../restrictions/restrictions.service.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound, ValidationFailed, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { publishIn, type EventSubscriber } from '../events/events.service.ts';
import type { DomainEventData } from '../../../shared/events.ts';
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

/** Users read per query when a list changes (each is screened in a transaction of their own). */
export const RESCREEN_BATCH = 100;
/**
 * The background re-screening (decision 044): how often a server checks whether the list in use has
 * verified users left to screen, and how long its lease on the run lasts without news (a crashed
 * server's run is taken over after that; a live one extends it after every batch).
 */
const RESCREEN_POLL_MS = 5000;
const RESCREEN_LEASE_MS = 60_000;
/**
 * The re-screening is paced: after each user it waits so that it takes at most this share of the
 * time (the user's own transaction holds SQLite's one connection and its matching a core; users'
 * requests go first). Half: 100,000 users take about an hour instead of half of one (decision 044).
 */
const RESCREEN_SHARE = 0.5;

/**
 * AML name screening (issue 12, decision 026): loads a list version, screens a verified user's name
 * and date of birth against it, opens a SCREENING review case on a potential match (with the
 * questionnaire the user answers about it), carries out the reviewer's decision, and answers
 * get-aml-result per scene.
 */
/** What screening reads of a user's personal information (the kyc module's table, through its service). */
export interface ScreeningPeoplePort {
  personForScreening(q: Db, userId: string): Promise<{ first_name: string; middle_name: string; last_name: string; date_of_birth: string; nationality: string } | undefined>;
  /**
   * When the user's level 1 was reached, if it is now and they have personal information (a name to
   * screen); null otherwise. Read in `q`: what screening's read model of verified users follows (decision 063).
   */
  verifiedSince(q: Db, userId: string): Promise<string | null>;
}

export function createScreeningService({
  db,
  review,
  questionnaires,
  people,
  restrictions,
  matcher = createInProcessMatcher(),
  engine = createInhouseEngine(matcher),
  catalogIntervalMs = 0,
  jobIntervalMs = JOB_POLL_MS,
  rescreenIntervalMs = RESCREEN_POLL_MS,
  rescreenBatch = RESCREEN_BATCH,
  rescreenShare = RESCREEN_SHARE,
  onJobError = () => {},
}: {
  db: Db;
  review: ReviewService;
  questionnaires: ScreeningQuestionnairesPort;
  /** Whom to screen: the kyc module's verified personal information, read in the caller's transaction. */
  people: ScreeningPeoplePort;
  /** The in-house index (decision 038), in this thread or in worker threads: the default engine's. */
  matcher?: Matcher;
  /** The engine that finds hits (decision 043): in-house (default) or yente. */
  engine?: ScreeningEngine;
  /** How often an engine whose list lives outside (yente) is asked for its version (0: only when run). */
  catalogIntervalMs?: number;
  /** How often due screening jobs are looked for (0: only when run). */
  jobIntervalMs?: number;
  /** How often the list in use is checked for verified users still to screen (decision 044; 0: only when run). */
  rescreenIntervalMs?: number;
  /** Users read per query by the background re-screening (its progress is recorded after each batch). */
  rescreenBatch?: number;
  /** At most this share of the time goes to the background re-screening: after each user it pauses for the rest (1: no pause). */
  rescreenShare?: number;
  onJobError?: (err: unknown) => void;
  /** What a reviewer's decision on a match does to the account (decision 052), in the decision's transaction. */
  restrictions?: {
    setIn(trx: Db, userId: string, r: Restriction, actor: Actor): Promise<void>;
    liftIn(trx: Db, userId: string, source: typeof RestrictionSource.SCREENING, caseId: string | null, actor: Actor): Promise<boolean>;
  };
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
    const person = await people.personForScreening(trx, userId);
    if (!person) return null;
    await repo.lockUser(trx, userId);
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
      (found.length === 0 ? [] : await repo.findMatchesOfUser(trx, userId))
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
    // Decision 050: the exchange's own consumers learn of the match (never a partner: AML outcomes).
    // Whether found at approval or when the list changed, a possible match brings enhanced due diligence:
    // the EDD module reacts to this event after the commit, in the screener's name (decision 057).
    await publishIn(trx, 'kyc.screening.match_opened', { userId, matchId, listVersion: list.version, status: 'OPEN', trigger }, { actor });
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
      await publishIn(trx, 'kyc.screening.match_decided', { userId: match.user_id, matchId: match.id, listVersion: match.list_version, status: trueMatch ? 'CONFIRMED' : 'CLEARED', trigger: match.trigger });
      // Decision 052: a confirmed match restricts the account (kyc-info's limitation, worded as a
      // compliance review: no tipping-off); a cleared one lifts a restriction an earlier match left.
      if (trueMatch) {
        await restrictions?.setIn(trx, match.user_id, { source: RestrictionSource.SCREENING, limitation: LIMITATION_COMPLIANCE_RESTRICTED, reason: RestrictionReason.COMPLIANCE_REVIEW, action: LimitationAction.CONTACT_SUPPORT, caseId: c.id }, actor);
      } else {
        await restrictions?.liftIn(trx, match.user_id, RestrictionSource.SCREENING, c.id, actor);
      }
      // A match open while a newer list was loaded was skipped by that re-screening (its outcome stood
      // until this decision): cleared now, the user is screened against the list in use at once, or
      // they would wait for the next list (and the console would count them as left, forever).
      if (!trueMatch) await screenIn(trx, match.user_id, ScreeningTrigger.LIST_CHANGE, actor);
      return { subjectStatus: status };
    },
  };

  /**
   * One user after a list change: compared outside any transaction (no connection held meanwhile;
   * in a worker thread with the server's matcher), recorded in a short transaction of their own,
   * where screenIn checks again what may have changed since (the state, the name, the list).
   */
  async function rescreenOne(userId: string, list: repo.ListRow, actor: Actor): Promise<ScreeningStatus | null> {
    const person = await people.personForScreening(db, userId);
    const name = person ? nameOf(person) : '';
    const precomputed = person ? { version: list.version, name, dateOfBirth: person.date_of_birth, hits: await hitsFor(db, list, personOf(person, name)) } : undefined;
    return inTransaction(db, (trx) => screenIn(trx, userId, ScreeningTrigger.LIST_CHANGE, actor, precomputed));
  }

  /**
   * After a list change: every verified user not yet screened against the list in use, in batches
   * of `batchSize` users, each user in their own transaction (a failure stops the run; the next run
   * resumes where it stopped, since screened users carry the version). Returns how many were screened.
   * The servers do this in the background under a lease (`rescreen` below); this direct form is for
   * the tests and the seed.
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
        const status = await rescreenOne(userId, list, actor);
        screened++;
        if (status === ScreeningStatus.POTENTIAL_MATCH) matches++;
      }
      after = batch[batch.length - 1]!.userId;
    }
    return { screened, matches };
  }

  /** This server, as the holder of a re-screening lease. */
  const holder = randomUUID();
  let stopping = false;
  const leaseEnd = () => nowIso(new Date(Date.now() + RESCREEN_LEASE_MS));

  /**
   * The background re-screening (decision 044), one pass: when the list in use has verified users
   * left to screen and no other server holds its run, this one takes the lease and screens them batch
   * by batch (the lease extended and the progress recorded after each), then marks the run finished.
   * Whatever loaded the list — the console, `npm run screening-load` in another process, a server that
   * stopped half-way — the next pass of any server goes on from the users still without this version.
   * A user whose screening fails is left for the next pass (the run is not finished meanwhile).
   */
  async function rescreenPass(): Promise<number> {
    const list = await repo.findCurrentList(db);
    if (!list) return 0;
    let run = await repo.findRescreen(db, list.version);
    if (!run) {
      // A version loaded before the runs were recorded: the system re-screens it.
      await repo.ensureRescreen(db, { list_version: list.version, actor_type: SYSTEM.type, actor_id: SYSTEM.id, created_at: nowIso() });
      run = await repo.findRescreen(db, list.version);
    }
    if (!run || run.finished_at !== null || stopping) return 0;
    if (!(await repo.leaseRescreen(db, list.version, holder, nowIso(), leaseEnd()))) return 0;
    const actor = { type: run.actor_type, id: run.actor_id } as Actor;
    let after = '';
    let done = 0;
    let failed = 0;
    try {
      for (;;) {
        if (stopping) {
          await repo.releaseRescreen(db, list.version, holder);
          return done;
        }
        const batch = await repo.findUnscreened(db, list.version, after, rescreenBatch);
        if (batch.length === 0) break;
        let screened = 0;
        let matches = 0;
        for (const { userId } of batch) {
          // Closing: what is done is recorded below, the lease released on the next turn.
          if (stopping) break;
          const began = performance.now();
          try {
            const status = await rescreenOne(userId, list, actor);
            screened++;
            if (status === ScreeningStatus.POTENTIAL_MATCH) matches++;
          } catch (err) {
            failed++;
            onJobError(err);
          }
          if (rescreenShare < 1) await sleep(((performance.now() - began) * (1 - rescreenShare)) / rescreenShare);
        }
        after = batch[batch.length - 1]!.userId;
        done += screened;
        // Lost: another server took the run over (this one was too slow to extend it); it goes on.
        if (!(await repo.progressRescreen(db, list.version, holder, screened, matches, nowIso(), leaseEnd()))) return done;
      }
      if (failed > 0) {
        await repo.releaseRescreen(db, list.version, holder);
        return done;
      }
      await inTransaction(db, async (trx) => {
        if (!(await repo.finishRescreen(trx, list.version, holder, nowIso()))) return;
        const end = await repo.findRescreen(trx, list.version);
        await recordAudit(trx, SYSTEM, { action: 'screening.rescreen.finish', entityType: 'screening_list', entityId: String(list.version), after: { listVersion: list.version, screened: end?.screened ?? done, matches: end?.matches ?? 0 } });
      });
      return done;
    } catch (err) {
      await repo.releaseRescreen(db, list.version, holder).catch(() => {});
      throw err;
    }
  }
  const rescreen = createPollingRunner({ runDue: rescreenPass, intervalMs: rescreenIntervalMs, onError: onJobError });

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
          const person = await people.personForScreening(db, job.user_id);
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

  /**
   * Screening's read model of whom it screens (`screening_subjects`, decision 063): the user's row set
   * from their state now — written while level 1 is reached and they have a name to screen, removed
   * otherwise. Harmless twice and in any order (each sets it from the state at the time).
   */
  async function followSubjectIn(trx: Db, userId: string): Promise<void> {
    const since = await people.verifiedSince(trx, userId);
    if (since === null) await repo.deleteSubject(trx, userId);
    else await repo.upsertSubject(trx, userId, since);
  }

  /**
   * A verified identity is screened (decision 038), whoever verified level 1: after the approval's
   * commit, from its event (decision 057), in the approver's name. The subscriber only writes the
   * job (its lease, retries and the matching off any transaction are decision 038's), so a slow
   * screening never holds the events back. Harmless twice: the job is one row per user, and a user
   * already screened against the list in use is not screened again.
   *
   * The same subscriber keeps the read model of verified users (decision 063) on every level-1 change
   * into or out of SUCCESS and on an erasure, in the transaction that writes the job: a user appears
   * among those a re-screening pages through exactly when their first screening is due, so a list
   * loaded meanwhile is never missed by both (the job screens against the list in use when it runs).
   */
  const identityVerified: EventSubscriber<'kyc.level.status_changed' | 'kyc.user.erased'> = {
    name: 'screening.screen-verified-identity',
    types: ['kyc.level.status_changed', 'kyc.user.erased'],
    async handle(event) {
      if (event.type === 'kyc.user.erased') {
        const { userId } = event.data as DomainEventData<'kyc.user.erased'>;
        await inTransaction(db, (trx) => followSubjectIn(trx, userId));
        return;
      }
      const data = event.data as DomainEventData<'kyc.level.status_changed'>;
      if (data.level !== 1 || (data.status !== StepStatus.SUCCESS && data.previousStatus !== StepStatus.SUCCESS)) return;
      const approved = data.status === StepStatus.SUCCESS && data.previousStatus !== StepStatus.SUCCESS;
      await inTransaction(db, async (trx) => {
        await followSubjectIn(trx, data.userId);
        if (approved) await screenAfterCommit(trx, data.userId, 'LEVEL_APPROVED', event.actor);
      });
    },
  };

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
          const version = await repo.insertNextList(trx, { source, sha256: '', entry_count: 0, loaded_by: actor.type === 'system' ? null : actor.id, loaded_at: nowIso() });
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
          // The re-screening this version needs, durable with it: any server's next pass takes it (decision 044).
          await repo.ensureRescreen(trx, { list_version: version, actor_type: actor.type, actor_id: actor.id, created_at: nowIso() });
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
        // Its re-screening run (decision 044): any server's next pass screens every verified user against it.
        await repo.ensureRescreen(trx, { list_version: version, actor_type: SYSTEM.type, actor_id: SYSTEM.id, created_at: nowIso() });
        await recordAudit(trx, SYSTEM, { action: 'screening.list.load', entityType: 'screening_list', entityId: String(version), after: { version, source: seen.source, engine: engine.kind, dataset: seen.dataset, datasetVersion: seen.datasetVersion, entryCount: seen.entryCount } });
        return true;
      },
      'a list was recorded at the same moment',
    );
    if (recorded) rescreen.kick();
    return recorded ? 1 : 0;
  }
  const catalog = createPollingRunner({ runDue: syncRemoteList, intervalMs: catalogIntervalMs, onError: onJobError });

  return {
    /** The copies of names in matches, for erasure (decision 041); nothing exported (tipping-off). */
    personalData: screeningPersonalData,
    reviewHandler,
    screenIn,
    screenAfterCommit,
    /** The reaction to a verified identity (decision 057), registered with the events module. */
    identityVerified,
    /** The after-commit screening jobs (started with the server; the tests run them). */
    jobs,
    /** Stops the jobs and the matching threads (the server's close). */
    async close() {
      stopping = true;
      await Promise.all([jobs.stop(), rescreen.stop(), catalog.stop()]);
      await engine.close?.();
    },

    /**
     * The engine, the list in use (null before the first load; with yente, the dataset version it
     * stands for), how many verified users wait for screening against it, and its background
     * re-screening: every figure read from the database, so any server answers the same whichever
     * one is at it.
     */
    async listInfo(): Promise<{ engine: ScreeningEngine['kind']; current: (repo.ListRow & { yente: { dataset: string; datasetVersion: string } | null }) | null; usersToScreen: number; rescreen: RescreenProgress | null }> {
      const current = (await repo.findCurrentList(db)) ?? null;
      if (!current) return { engine: engine.kind, current: null, usersToScreen: 0, rescreen: null };
      const [usersToScreen, verified, run] = await Promise.all([repo.countUnscreened(db, current.version), repo.countVerified(db), repo.findRescreen(db, current.version)]);
      return { engine: engine.kind, current: { ...current, yente: yenteListOf(current) }, usersToScreen, rescreen: rescreenProgress(run ?? null, usersToScreen, verified, new Date()) };
    },

    /**
     * The background re-screening after a list load (decision 044): started with the server, a pass
     * every few seconds; `kick` runs one at once (after a load from the console, or an
     * administrator's "screen them now"); `runDue` runs one and waits (the tests).
     */
    rescreen,

    /**
     * An administrator's "screen them now": a pass at once on this server; a run marked finished
     * with users left after all (a state changed since by hand or by a restore) is opened again.
     */
    async rescreenNow(actor: Actor): Promise<void> {
      const list = await repo.findCurrentList(db);
      if (!list) return;
      const run = await repo.findRescreen(db, list.version);
      if (run?.finished_at && (await repo.countUnscreened(db, list.version)) > 0) {
        await inTransaction(db, async (trx) => {
          await repo.reopenRescreen(trx, list.version);
          await recordAudit(trx, actor, { action: 'screening.rescreen.reopen', entityType: 'screening_list', entityId: String(list.version), before: { finishedAt: run.finished_at }, after: { finishedAt: null } });
        });
      }
      rescreen.kick();
    },

    /** Which engine screens (decision 043). */
    engineKind: engine.kind,
    /** yente's catalog check (started with the server when the engine is yente; the tests run it). */
    catalog,

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

/** What the console shows of a re-screening (decision 044). */
export interface RescreenProgress {
  /** Verified users with a name to screen, and how many of them the list in use has screened (or whose outcome stands). */
  total: number;
  screened: number;
  /** RUNNING: a server holds the run's lease; WAITING: users are left and no server is at it (the next pass takes them); DONE: none left. */
  state: 'RUNNING' | 'WAITING' | 'DONE';
  /** The current holder's run: since when, users per second over it, and the end it gives for the users left (null until known). */
  runStartedAt: string | null;
  perSecond: number | null;
  estimatedEnd: string | null;
  finishedAt: string | null;
}

/**
 * The progress of a run from its row and the counts. The rate is the current holder's own (users it
 * screened over the time since it took the run, as of its last batch), so a restart's pause does
 * not flatter or spoil it; no rate (nor end) before a batch of at least a second is recorded.
 */
export function rescreenProgress(run: repo.RescreenRow | null, usersToScreen: number, verified: number, now: Date): RescreenProgress {
  const total = Math.max(verified, usersToScreen);
  const running = usersToScreen > 0 && run?.lease_until != null && run.lease_until >= now.toISOString();
  const state = usersToScreen === 0 ? 'DONE' : running ? 'RUNNING' : 'WAITING';
  let perSecond: number | null = null;
  let estimatedEnd: string | null = null;
  if (running && run?.run_started_at && run.updated_at && run.run_screened > 0) {
    const seconds = (Date.parse(run.updated_at) - Date.parse(run.run_started_at)) / 1000;
    if (seconds >= 1) {
      perSecond = run.run_screened / seconds;
      estimatedEnd = new Date(now.getTime() + (usersToScreen / perSecond) * 1000).toISOString();
    }
  }
  return { total, screened: total - usersToScreen, state, runStartedAt: running ? (run?.run_started_at ?? null) : null, perSecond: perSecond === null ? null : Math.round(perSecond * 10) / 10, estimatedEnd, finishedAt: run?.finished_at ?? null };
}

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
