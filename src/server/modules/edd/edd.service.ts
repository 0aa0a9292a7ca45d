import { randomUUID } from 'node:crypto';
import { EddRule, ScreeningOutcome, type EddInfoResult, type EddSubject, type EddTrigger, type RequireEddResult } from '../../../shared/api/edd.ts';
import type { QuestionnaireSubject } from '../../../shared/api/questionnaire-review.ts';
import { UserRole } from '../../../shared/api/accounts.ts';
import { EDDStatus, QuestionnaireStatus, StepStatus } from '../../../shared/kyc.ts';
import { RejectMode } from '../../../shared/review-reasons.ts';
import { LIMITATION_EDD_REJECTED, LimitationAction, RestrictionReason, RestrictionSource } from '../../../shared/restrictions.ts';
import type { Restriction } from '../restrictions/restrictions.service.ts';
import { DecisionOutcome, SubjectKind } from '../../../shared/review.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound, ValidationFailed, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { EventSubscriber } from '../events/events.service.ts';
import type { ReviewCase, ReviewDecision, ReviewService, ReviewSubjectHandler } from '../review/review.service.ts';
import { applyEvent, readSteps } from '../steps/steps.service.ts';
import { EDD_MACHINE, EDD_STEP, EddEvent } from './edd.machine.ts';
import * as repo from './edd.repo.ts';
import { EDD_TEMPLATES, eddRules, triggeredRules, type RiskFacts } from './rules.ts';
import { eddPersonalData } from './personal-data.ts';

export { eddRules, triggeredRules, type RiskFacts } from './rules.ts';

/** What EDD needs from the questionnaire engine (late-bound in services.ts): drafts, evidence and answers stay there. */
export interface EddQuestionnairesPort {
  statusesOf(q: Db, userId: string): Promise<Record<string, QuestionnaireStatus>>;
  /** The user's newest attempt at a template (its id), if any. */
  latestAttemptOf(q: Db, userId: string, templateCode: string): Promise<string | undefined>;
  requireIn(trx: Db, userId: string, templateCode: string, cause: 'HIGH_RISK', detail: string, actor: Actor): Promise<QuestionnaireStatus>;
  decideAnswerIn(trx: Db, requestId: string, decision: { outcome: DecisionOutcome; mode: RejectMode | null; decidedAt: string }, caseId: string, actor: Actor): Promise<QuestionnaireStatus>;
  answerView(requestId: string): Promise<QuestionnaireSubject>;
}

/** The facts of the kyc module the country rules read, in `q` (the caller's transaction, or the pool). */
export interface EddKycPort {
  countriesOf(q: Db, userId: string): Promise<{ residenceCountry: string; nationality: string }>;
}

/** The country risk lists in use (decision 041), read in `q`: the country rules' countries and the version they come from. */
export interface EddRiskListsPort {
  highRiskCountries(q: Db): Promise<{ version: number | null; countries: readonly string[] }>;
}

export interface EddAccountsPort {
  userByEmail(email: string): Promise<{ id: string; email: string; role: UserRole } | undefined>;
}

/** What an EDD decision does to the account (the restrictions module, decision 052), in the decision's transaction. */
export interface EddRestrictionsPort {
  setIn(trx: Db, userId: string, r: Restriction, actor: Actor): Promise<void>;
  liftIn(trx: Db, userId: string, source: typeof RestrictionSource.EDD, caseId: string | null, actor: Actor): Promise<boolean>;
}

export interface EddDeps {
  restrictions?: EddRestrictionsPort;
  db: Db;
  review: ReviewService;
  questionnaires: EddQuestionnairesPort;
  kyc: EddKycPort;
  accounts: EddAccountsPort;
  riskLists: EddRiskListsPort;
}

const S = EDDStatus;
const E = EddEvent;
const ENTITY = 'edd_round';
const SYSTEM_ACTOR: Actor = { type: 'system', id: null };
const PENDING_QUESTIONNAIRE: ReadonlySet<string> = new Set([QuestionnaireStatus.QUESTIONNAIRE_STATUS_PENDING, QuestionnaireStatus.QUESTIONNAIRE_STATUS_PENDING_NO_EDIT]);

type Triggers = { trigger: EddTrigger; detail: string }[];
const answersOf = (row: repo.RoundRow): Record<string, string> => JSON.parse(row.answers) as Record<string, string>;
const triggersOf = (row: repo.RoundRow): Triggers => JSON.parse(row.triggers) as Triggers;

/** Facts a caller may know beyond the user's countries (the screening outcome, the volume band, a reviewer's decision). */
export type ExtraFacts = Partial<Pick<RiskFacts, 'volumeBand' | 'screeningOutcome' | 'reviewerDecision'>>;

/**
 * Enhanced due diligence (issue 12, decision 028): risk rules as data put a user into EDD; the round
 * asks for the EDD questionnaires (the questionnaire engine keeps drafts, evidence and answers); once
 * all are sent the round is one EDD review case, and its decision decides the questionnaires too.
 * Every change is one transaction with its audit records.
 */
export function createEddService({ db, review, questionnaires, kyc, accounts, riskLists, restrictions }: EddDeps) {
  const tx = <T>(fn: (trx: Db) => Promise<T>) => inTransaction(db, fn, 'edd changed concurrently');
  const statusOf = async (q: Db, userId: string) => (await readSteps(q, EDD_MACHINE, userId))[EDD_STEP];
  const apply = (trx: Db, userId: string, event: EddEvent, actor: Actor, context: Record<string, unknown>) =>
    applyEvent(trx, { machine: EDD_MACHINE, subjectId: userId, step: EDD_STEP, event, actor, context });

  async function updateRound(trx: Db, row: repo.RoundRow, set: Partial<Omit<repo.RoundRow, 'id' | 'user_id' | 'created_at' | 'updated_at'>>): Promise<repo.RoundRow> {
    const at = nowIso();
    // Same millisecond as the last change: move on by one so the compare-and-set stays meaningful.
    const updated_at = at > row.updated_at ? at : new Date(Date.parse(row.updated_at) + 1).toISOString();
    if ((await repo.updateRound(trx, row.id, row.updated_at, { ...set, updated_at })) !== 1) throw wrongState('edd changed concurrently');
    return { ...row, ...set, updated_at };
  }

  /**
   * Once every questionnaire of the round is sent: _Reviewing, and the round becomes an EDD review case.
   * `country` is the residence the case is filed under (the console's filter).
   */
  async function submitIfComplete(trx: Db, round: repo.RoundRow, country: string, at: string, actor: Actor): Promise<void> {
    const answers = answersOf(round);
    if (!EDD_TEMPLATES.every((code) => answers[code] !== undefined)) return;
    await apply(trx, round.user_id, E.SUBMIT, actor, { roundId: round.id });
    await updateRound(trx, round, { submitted_at: at });
    await recordAudit(trx, actor, { action: 'edd.round.submit', entityType: ENTITY, entityId: round.id, after: { answers } });
    await review.openCase(trx, { kind: SubjectKind.EDD, subjectId: round.id, userId: round.user_id, country, provider: '', openedAt: at }, actor);
  }

  /**
   * Opens a round, in `trx`: its questionnaires become due; one the user already had approved
   * (answered outside EDD) counts as answered, since the engine does not ask an approved form again.
   */
  async function openRound(trx: Db, userId: string, triggers: Triggers, actor: Actor): Promise<repo.RoundRow> {
    const at = nowIso();
    const row: repo.RoundRow = { id: randomUUID(), user_id: userId, triggers: JSON.stringify(triggers), answers: '{}', open_key: userId, created_at: at, updated_at: at, submitted_at: null, decided_at: null, outcome: null };
    await repo.insertRound(trx, row);
    await recordAudit(trx, actor, { action: 'edd.round.open', entityType: ENTITY, entityId: row.id, after: { userId, triggers } });
    const statuses = await questionnaires.statusesOf(trx, userId);
    const answers: Record<string, string> = {};
    for (const code of EDD_TEMPLATES) {
      await questionnaires.requireIn(trx, userId, code, 'HIGH_RISK', `edd:${row.id}`, actor);
      if (statuses[code] === QuestionnaireStatus.QUESTIONNAIRE_STATUS_APPROVED) answers[code] = (await questionnaires.latestAttemptOf(trx, userId, code))!;
    }
    return Object.keys(answers).length > 0 ? updateRound(trx, row, { answers: JSON.stringify(answers) }) : row;
  }

  /**
   * Evaluates the rules for a user and, when one fires and the user was never in EDD, puts them into
   * it (REQUIRE, a new round). A user already in or through EDD is left as they are: the open round
   * already asks, a decided one was a reviewer's call.
   */
  async function assessIn(trx: Db, userId: string, extra: ExtraFacts, actor: Actor, detail = ''): Promise<RequireEddResult> {
    const countries = await kyc.countriesOf(trx, userId);
    const lists = await riskLists.highRiskCountries(trx);
    const facts = { ...countries, volumeBand: extra.volumeBand ?? null, screeningOutcome: extra.screeningOutcome ?? null, reviewerDecision: extra.reviewerDecision ?? false };
    const triggers = triggeredRules(facts, eddRules(lists.countries));
    const status = await statusOf(trx, userId);
    if (triggers.length === 0 || status !== S.EDDStatus_Unknown) return { userId, eddStatus: status, changed: false };
    // The audit names the risk list version the country rules read (decision 041).
    const next = await apply(trx, userId, E.REQUIRE, actor, { triggers, riskListVersion: lists.version });
    const round = await openRound(trx, userId, triggers.map((trigger) => ({ trigger, detail })), actor);
    await submitIfComplete(trx, round, countries.residenceCountry, round.created_at, actor);
    return { userId, eddStatus: await statusOf(trx, userId), changed: next !== status };
  }

  const assess = (userId: string, extra: ExtraFacts, actor: Actor, detail = ''): Promise<RequireEddResult> => tx((trx) => assessIn(trx, userId, extra, actor, detail));

  /** Carries out a decision on an EDD case: the status, the round and every questionnaire sent for it. */
  async function decideRound(trx: Db, c: ReviewCase, decision: ReviewDecision, actor: Actor): Promise<{ subjectStatus: string }> {
    const round = await repo.findRound(trx, c.subjectId, { lock: true });
    if (!round) throw notFound();
    const pass = decision.outcome === DecisionOutcome.APPROVE;
    const status = await apply(trx, round.user_id, pass ? E.PASS : E.REJECT, actor, { roundId: round.id, caseId: c.id });
    const statuses = await questionnaires.statusesOf(trx, round.user_id);
    // Answers approved before the round (counted as answered) keep their decision.
    for (const [code, requestId] of Object.entries(answersOf(round))) {
      if (PENDING_QUESTIONNAIRE.has(statuses[code] ?? '')) await questionnaires.decideAnswerIn(trx, requestId, decision, c.id, actor);
    }
    await updateRound(trx, round, { decided_at: decision.decidedAt, outcome: status, open_key: null });
    // Decision 052: a rejection limits the account until a later round passes; a RETRY one says the
    // user may answer again, a FINAL one that only support can help.
    if (pass) await restrictions?.liftIn(trx, round.user_id, RestrictionSource.EDD, c.id, actor);
    else {
      const action = decision.mode === RejectMode.FINAL ? LimitationAction.CONTACT_SUPPORT : LimitationAction.ANSWER_EDD_AGAIN;
      await restrictions?.setIn(trx, round.user_id, { source: RestrictionSource.EDD, limitation: LIMITATION_EDD_REJECTED, reason: RestrictionReason.EDD_REJECTED, action, caseId: c.id }, actor);
    }
    return { subjectStatus: status };
  }

  const reviewHandler: ReviewSubjectHandler = { apply: decideRound };

  /**
   * A verified level is the moment the country rules apply (decision 028), whoever verified it (a
   * reviewer, a vendor's webhook, quick KYC, an override): after its commit, from the level's event
   * (decision 057). Harmless twice: `assess` acts only on a user never in EDD.
   */
  /**
   * A potential screening match, found at approval or after a list change, brings enhanced due
   * diligence (decision 028): after the match's commit (decision 057), in the screener's name. The
   * user is asked the name-screening questionnaire first (written with the match). Harmless twice.
   */
  const screeningMatched: EventSubscriber<'kyc.screening.match_opened'> = {
    name: 'edd.assess-screening-match',
    types: ['kyc.screening.match_opened'],
    async handle({ data, actor }) {
      if (data.status === 'OPEN') await assess(data.userId, { screeningOutcome: ScreeningOutcome.POTENTIAL_MATCH }, actor);
    },
  };

  const levelVerified: EventSubscriber<'kyc.level.status_changed'> = {
    name: 'edd.assess-verified-level',
    types: ['kyc.level.status_changed'],
    async handle({ data }) {
      if (data.status === StepStatus.SUCCESS && data.previousStatus !== StepStatus.SUCCESS) await assess(data.userId, {}, SYSTEM_ACTOR);
    },
  };

  return {
    /** What the module holds about a user, for the data export and erasure (decision 031). */
    personalData: eddPersonalData,
    reviewHandler,
    /** The reactions to a verified level and to a screening match (decision 057), registered with the events module. */
    levelVerified,
    screeningMatched,
    assess,
    /** `assess` in the caller's transaction (a level's approval: the user enters EDD exactly when the level is verified). */
    assessIn,

    /** Console: a reviewer puts a user into EDD (the REVIEWER_DECISION rule), saying why. */
    async requireByReviewer(input: { email: string; note: string }, actor: Actor): Promise<RequireEddResult> {
      const user = await accounts.userByEmail(input.email);
      if (!user || user.role !== UserRole.USER) throw new ValidationFailed([{ path: 'email', code: EddRule.UNKNOWN_USER }]);
      const result = await assess(user.id, { reviewerDecision: true }, actor, input.note);
      if (!result.changed) throw new ValidationFailed([{ path: 'email', code: EddRule.ALREADY_IN_EDD }]);
      return result;
    },

    /**
     * The questionnaire engine hands over a submission (in its transaction): an EDD questionnaire sent
     * while the user's round waits for it belongs to the round; after a rejection that allows it, the
     * first one sent starts a new round. Anything else is not EDD's (false: the engine opens its own case).
     */
    async submitted(trx: Db, input: { userId: string; requestId: string; templateCode: string; country: string; at: string }, actor: Actor): Promise<boolean> {
      if (!EDD_TEMPLATES.includes(input.templateCode)) return false;
      const status = await statusOf(trx, input.userId);
      let round: repo.RoundRow | undefined;
      if (status === S.EDDStatus_Reject) {
        // A FINAL rejection closed the questionnaires for good: a new attempt can only follow a RETRY one.
        const last = (await repo.findLatestRound(trx, input.userId))!;
        await apply(trx, input.userId, E.RENEW, actor, { previous: last.id });
        round = await openRound(trx, input.userId, triggersOf(last), actor);
      } else if (status === S.EDDStatus_UnSubmit) {
        round = await repo.findOpenRound(trx, input.userId, { lock: true });
      }
      if (!round) return false;
      round = await updateRound(trx, round, { answers: JSON.stringify({ ...answersOf(round), [input.templateCode]: input.requestId }) });
      await recordAudit(trx, actor, { action: 'edd.round.answer', entityType: ENTITY, entityId: round.id, after: { templateCode: input.templateCode, requestId: input.requestId } });
      await submitIfComplete(trx, round, input.country, input.at, actor);
      return true;
    },

    /** §7 get-edd-info: the caller's status, the questionnaires the round asks for, the outcome. */
    async info(userId: string): Promise<EddInfoResult> {
      const [status, round, statuses] = await Promise.all([statusOf(db, userId), repo.findLatestRound(db, userId), questionnaires.statusesOf(db, userId)]);
      if (!round || status === S.EDDStatus_Unknown) return { eddStatus: status, templates: [], nextTemplateCode: '', submittedAt: null, decidedAt: null, rejection: null };
      const answers = answersOf(round);
      const decision = status === S.EDDStatus_Reject ? (await review.decisionsOfSubjects(SubjectKind.EDD, [round.id])).get(round.id) : undefined;
      const rejection = decision ? { message: decision.userMessage, final: decision.mode === RejectMode.FINAL } : null;
      const templates = EDD_TEMPLATES.map((code) => ({ templateCode: code, requestId: answers[code] ?? null, status: statuses[code] ?? QuestionnaireStatus.QUESTIONNAIRE_STATUS_UNDEFINED, submitted: answers[code] !== undefined }));
      // Where the user goes next: the first questionnaire not sent yet, or, after a rejection allowing it, the first one again.
      const next = status === S.EDDStatus_UnSubmit ? (templates.find((t) => !t.submitted)?.templateCode ?? '') : rejection && !rejection.final ? EDD_TEMPLATES[0]! : '';
      return { eddStatus: status, templates, nextTemplateCode: next, submittedAt: round.submitted_at, decidedAt: round.decided_at, rejection };
    },

    /** The subject of an EDD case for the console: the round, why it opened, the answers and evidence. */
    async forReview(c: ReviewCase): Promise<EddSubject> {
      const round = await repo.findRound(db, c.subjectId);
      if (!round) throw notFound();
      const all = await repo.findRoundsOfUser(db, round.user_id);
      return {
        kind: SubjectKind.EDD,
        round: { id: round.id, status: await statusOf(db, round.user_id), triggers: triggersOf(round), createdAt: round.created_at, submittedAt: round.submitted_at, decidedAt: round.decided_at },
        questionnaires: await Promise.all(EDD_TEMPLATES.filter((code) => answersOf(round)[code] !== undefined).map((code) => questionnaires.answerView(answersOf(round)[code]!))),
        previous: all.filter((r) => r.id !== round.id && r.created_at <= round.created_at).map((r) => ({ id: r.id, createdAt: r.created_at, decidedAt: r.decided_at, outcome: r.outcome })),
      };
    },
  };
}

export type EddService = ReturnType<typeof createEddService>;
