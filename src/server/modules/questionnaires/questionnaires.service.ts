import { randomUUID } from 'node:crypto';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import { ConsolePath } from '../../../shared/api/console-paths.ts';
import type { QuestionnaireSubject } from '../../../shared/api/questionnaire-review.ts';
import type {
  CreateQuestionnaireResult,
  EvidenceView,
  QuestionnaireListResult,
  QuestionnaireOutcome,
  SaveDraftResult,
  SubmitQuestionnaireResult,
  TemplateDetailResult,
} from '../../../shared/api/questionnaires.ts';
import { publicQuestion, publicTemplate, SATOS_SCENE_CODE, SATOS_TEMPLATE_CODE, type SatosQuestionnaireResult } from '../../../shared/api/questionnaires.ts';
import { QuestionnaireStatus } from '../../../shared/kyc.ts';
import {
  allQuestions,
  latestTemplate,
  QuestionType,
  scoreProfile,
  scoreTest,
  shownAnswers,
  TEMPLATE_CODES,
  templateVersion,
  TemplateKind,
  validateAnswers,
  type Answers,
  type AnswerValue,
  type QuestionnaireTemplate,
} from '../../../shared/questionnaires/index.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { RejectMode } from '../../../shared/review-reasons.ts';
import { DecisionOutcome, SubjectKind } from '../../../shared/review.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, notFound, ValidationFailed, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { ReviewCase, ReviewDecision, ReviewService, ReviewSubjectHandler } from '../review/review.service.ts';
import { applyEvent, readSteps } from '../steps/steps.service.ts';
import { QUESTIONNAIRE_MACHINE, QuestionnaireEvent } from './questionnaire.machine.ts';
import * as repo from './questionnaires.repo.ts';
import { AWAITS_USER, dueTemplates, type RequirementEvent } from './rules.ts';
import { questionnairePersonalData } from './personal-data.ts';

export { RequirementEvent } from './rules.ts';

/** What questionnaires need from the documents module: its safe upload path for evidence pictures. */
export interface QuestionnaireDocumentsPort {
  uploadEvidence(userId: string, ownerId: string, bytes: Buffer, actor: Actor, inTrx: (trx: Db, id: string) => Promise<void>): Promise<{ id: string; byteSize: number; createdAt: string }>;
  removeEvidence(trx: Db, userId: string, ownerId: string, id: string, actor: Actor): Promise<boolean>;
  listForApplication(q: Db, applicationId: string): Promise<{ id: string; byteSize: number; createdAt: string }[]>;
}

/** What questionnaires need from the kyc module: the facts the rules read (late-bound in services.ts). */
export interface QuestionnaireKycPort {
  profileOf(userId: string): Promise<{ level: number; country: string }>;
}

/**
 * A module that reviews some submissions as part of its own case (EDD, decision 028): asked, in the
 * submission's transaction, whether it takes this one; when it does, no QUESTIONNAIRE case opens and
 * its own case's decision decides the attempt (`decideAnswerIn`).
 */
export interface QuestionnaireHandoffPort {
  submitted(trx: Db, input: { userId: string; requestId: string; templateCode: string; country: string; at: string }, actor: Actor): Promise<boolean>;
}

export interface QuestionnairesDeps {
  db: Db;
  coolingOffSeconds: number;
  review: ReviewService;
  documents: QuestionnaireDocumentsPort;
  kyc: QuestionnaireKycPort;
  handoff?: QuestionnaireHandoffPort;
}

const S = QuestionnaireStatus;
const E = QuestionnaireEvent;
const SYSTEM: Actor = { type: 'system', id: null };
const ENTITY = 'questionnaire_answer';
/** Routing sites as request-context.ts names them. */
export type QuestionnaireSite = { site: string };

const parseAnswers = (row: repo.AnswerRow): Record<string, AnswerValue> => JSON.parse(row.answers) as Record<string, AnswerValue>;
const parseOutcome = (row: repo.AnswerRow | undefined): QuestionnaireOutcome | null => (row?.result ? (JSON.parse(row.result) as QuestionnaireOutcome) : null);
const today = () => nowIso().slice(0, 10);

function templateOf(row: repo.AnswerRow): QuestionnaireTemplate {
  const t = templateVersion(row.template_code, row.template_version);
  // Versions are never removed from TEMPLATE_VERSIONS: a missing one is a deployment error, not the user's.
  if (!t) throw new Error(`template ${row.template_code} v${row.template_version} is not known to this server`);
  return t;
}

const fileQuestions = (t: QuestionnaireTemplate) => new Set(allQuestions(t).filter((q) => q.type === QuestionType.FILE).map((q) => q.id));

/**
 * Questionnaires (issue 11, decision 020): templates as data, one attempt row per try, statuses in
 * the generic step machine, submissions as review cases (the system decides tests, risk profiles and
 * agreements at once; a reviewer decides forms). Every change is one transaction with its audit.
 */
export function createQuestionnairesService({ db, coolingOffSeconds, review, documents, kyc, handoff }: QuestionnairesDeps) {
  const tx = <T>(fn: (trx: Db) => Promise<T>) => inTransaction(db, fn, 'questionnaire changed concurrently');
  const statuses = (q: Db, userId: string) => readSteps(q, QUESTIONNAIRE_MACHINE, userId);

  async function requireIn(trx: Db, userId: string, templateCode: string, cause: RequirementEvent, detail: string, actor: Actor): Promise<QuestionnaireStatus> {
    const status = (await statuses(trx, userId))[templateCode]!;
    if (!(await repo.insertRequirement(trx, { user_id: userId, template_code: templateCode, cause, detail, created_at: nowIso() }))) return status;
    await recordAudit(trx, actor, { action: 'questionnaire.require', entityType: 'questionnaire_step', entityId: `${userId}:${templateCode}`, after: { cause, detail } });
    if (status === S.QUESTIONNAIRE_STATUS_UNDEFINED) return apply(trx, userId, templateCode, E.CREATE, actor, { cause });
    return status;
  }

  /** Where the Satos onboarding's questionnaire stands (decision 025 addendum). */
  async function querySatos(userId: string): Promise<SatosQuestionnaireResult> {
    const [st, latest] = await Promise.all([statuses(db, userId), repo.findLatest(db, userId, SATOS_TEMPLATE_CODE)]);
    return {
      templateCode: SATOS_TEMPLATE_CODE,
      requestId: latest?.id ?? null,
      status: (st[SATOS_TEMPLATE_CODE] ?? QuestionnaireStatus.QUESTIONNAIRE_STATUS_UNDEFINED) as SatosQuestionnaireResult['status'],
      retryAfter: latest?.retry_after ?? null,
    };
  }
  const apply = (trx: Db, userId: string, code: string, event: QuestionnaireEvent, actor: Actor, context: Record<string, unknown> = {}) =>
    applyEvent(trx, { machine: QUESTIONNAIRE_MACHINE, subjectId: userId, step: code, event, actor, context });

  /** `known`: the level and residence the caller has just read (kyc-info), not read again. */
  async function dueFor(q: Db, userId: string, at: QuestionnaireSite, known?: { level: number; country: string }): Promise<string[]> {
    const [profile, events] = await Promise.all([known ?? kyc.profileOf(userId), repo.findRequirements(q, userId)]);
    return dueTemplates({ site: at.site, country: profile.country, level: profile.level, events: events.map((e) => ({ templateCode: e.template_code, cause: e.cause })) });
  }

  /** The caller's attempt; another user's id answers exactly like a missing one. */
  async function own(q: Db, userId: string, id: string, lock = false): Promise<repo.AnswerRow> {
    const row = await repo.findAnswer(q, id, { lock });
    if (!row || row.user_id !== userId) throw notFound();
    return row;
  }

  async function update(trx: Db, row: repo.AnswerRow, set: Parameters<typeof repo.updateAnswer>[3]): Promise<repo.AnswerRow> {
    const at = nowIso();
    // Same millisecond as the read: move on by one so the compare-and-set below stays meaningful.
    const updated_at = at > row.updated_at ? at : new Date(Date.parse(row.updated_at) + 1).toISOString();
    if ((await repo.updateAnswer(trx, row.id, row.updated_at, { ...set, updated_at })) !== 1) throw wrongState('questionnaire changed concurrently');
    return { ...row, ...set, updated_at };
  }

  /** Why a new attempt cannot start now (null: it can), from the status and the newest attempt. */
  function startBlock(status: QuestionnaireStatus, latest: repo.AnswerRow | undefined, code: string): BusinessError | null {
    if (status === S.QUESTIONNAIRE_STATUS_REJECTED) {
      if (latest?.closed) return new BusinessError(RetCode.QUESTIONNAIRE_CLOSED, 'questionnaire rejected for good');
      if (latest?.retry_after && latest.retry_after > nowIso()) {
        return new BusinessError(RetCode.QUESTIONNAIRE_COOLING_OFF, 'cooling-off period', { retryAfter: latest.retry_after, retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(latest.retry_after) - Date.now()) / 1000)) });
      }
      return null;
    }
    if (status === S.QUESTIONNAIRE_STATUS_APPROVED) {
      // A passed test stays passed; a profile may be updated; anything else only for a newer version.
      const t = latestTemplate(code)!;
      if (t.kind === TemplateKind.PROFILE || (latest && t.version > latest.template_version)) return null;
      return new BusinessError(RetCode.QUESTIONNAIRE_NOT_EDITABLE, 'questionnaire approved');
    }
    return null;
  }

  /** Starts (or returns) the user's attempt at a template, in `trx`. */
  async function startIn(trx: Db, userId: string, code: string, origin: { scene_code?: string; biz_from?: string }, actor: Actor): Promise<CreateQuestionnaireResult> {
    let status = (await statuses(trx, userId))[code]!;
    const latest = await repo.findLatest(trx, userId, code);
    if (latest && latest.submitted_at === null) return { requestId: latest.id, status, attempt: latest.attempt };
    if (status === S.QUESTIONNAIRE_STATUS_PENDING || status === S.QUESTIONNAIRE_STATUS_PENDING_NO_EDIT) return { requestId: latest!.id, status, attempt: latest!.attempt };
    const block = startBlock(status, latest, code);
    if (block) throw block;
    if (status === S.QUESTIONNAIRE_STATUS_UNDEFINED) status = await apply(trx, userId, code, E.CREATE, actor, { cause: 'started' });
    else if (status !== S.QUESTIONNAIRE_STATUS_UNSUBMIT) status = await apply(trx, userId, code, E.RENEW, actor, { previous: latest?.id ?? null });
    const template = latestTemplate(code)!;
    // A new version starts from the last answers (less pictures, which belong to their attempt); a test starts blank.
    const carried: Record<string, AnswerValue> = {};
    if (latest && (template.kind === TemplateKind.FORM || template.kind === TemplateKind.PROFILE)) {
      const files = fileQuestions(template);
      const ids = new Set(allQuestions(template).map((q) => q.id));
      for (const [k, v] of Object.entries(parseAnswers(latest))) if (ids.has(k) && !files.has(k)) carried[k] = v;
    }
    const at = nowIso();
    const row: repo.AnswerRow = {
      id: randomUUID(),
      user_id: userId,
      template_code: code,
      template_version: template.version,
      scene_code: origin.scene_code ?? template.scene,
      biz_from: origin.biz_from ?? '',
      attempt: (latest?.attempt ?? 0) + 1,
      answers: JSON.stringify(carried),
      submitted_at: null,
      decided_at: null,
      outcome: null,
      closed: 0,
      result: null,
      retry_after: null,
      submitted_ip: null,
      created_at: at,
      updated_at: at,
    };
    await repo.insertAnswer(trx, row);
    await recordAudit(trx, actor, { action: 'questionnaire.attempt.create', entityType: ENTITY, entityId: row.id, after: { userId, templateCode: code, version: row.template_version, attempt: row.attempt, sceneCode: row.scene_code, bizFrom: row.biz_from } });
    return { requestId: row.id, status, attempt: row.attempt };
  }

  /** FILE answers are kept by the upload and delete calls: what a client sends for them is ignored. */
  function withStoredFiles(t: QuestionnaireTemplate, row: repo.AnswerRow, answers: Answers): Record<string, AnswerValue> {
    const stored = parseAnswers(row);
    const out: Record<string, AnswerValue> = { ...answers };
    for (const id of fileQuestions(t)) {
      if (stored[id] !== undefined) out[id] = stored[id]!;
      else delete out[id];
    }
    return out;
  }

  /** The system's decision of a scored or accepted submission (forms wait for a reviewer). */
  function systemDecision(t: QuestionnaireTemplate, answers: Answers): { outcome: QuestionnaireOutcome | null; approve: boolean; note: string } | null {
    if (t.kind === TemplateKind.TEST) {
      const s = scoreTest(t, answers);
      return { outcome: { score: s.score, maxScore: s.maxScore, passed: s.passed, wrong: s.wrong, profile: null }, approve: s.passed, note: `score ${s.score}/${s.maxScore}, pass mark ${t.passMark ?? 100}%` };
    }
    if (t.kind === TemplateKind.PROFILE) {
      const p = scoreProfile(t, answers);
      return { outcome: { score: p.score, maxScore: p.maxScore, passed: null, wrong: [], profile: p.profile }, approve: true, note: `risk score ${p.score}/${p.maxScore}: ${p.profile}` };
    }
    if (t.kind === TemplateKind.AGREEMENT) return { outcome: null, approve: true, note: `accepted version ${t.version}` };
    return null;
  }

  async function evidenceOf(q: Db, row: repo.AnswerRow): Promise<(EvidenceView & { id: string })[]> {
    const docs = await documents.listForApplication(q, row.id);
    const answers = parseAnswers(row);
    const questionOf = new Map<string, string>();
    for (const id of fileQuestions(templateOf(row))) for (const doc of (answers[id] as string[] | undefined) ?? []) questionOf.set(doc, id);
    return docs.filter((d) => questionOf.has(d.id)).map((d) => ({ id: d.id, questionId: questionOf.get(d.id)!, createdAt: d.createdAt, byteSize: d.byteSize }));
  }

  /** Whether submitted answers may still change: a form whose case no reviewer has taken or proposed on. */
  async function amendable(q: Db, row: repo.AnswerRow, status: QuestionnaireStatus): Promise<boolean> {
    if (status !== S.QUESTIONNAIRE_STATUS_PENDING || row.submitted_at === null || templateOf(row).kind !== TemplateKind.FORM) return false;
    // A four-eyes proposal also makes its proposer the assignee: an unassigned case has none.
    const c = (await review.casesOfUser(row.user_id, q)).find((x) => x.subjectKind === SubjectKind.QUESTIONNAIRE && x.subjectId === row.id);
    return c !== undefined && c.status === 'PENDING' && c.assigneeId === null;
  }

  /** Decides one submitted attempt, in `trx`: its status and its row (a FINAL rejection closes the template for good). */
  async function decideAnswerIn(trx: Db, requestId: string, decision: { outcome: DecisionOutcome; mode: RejectMode | null; decidedAt: string }, caseId: string, actor: Actor): Promise<QuestionnaireStatus> {
    const row = await repo.findAnswer(trx, requestId, { lock: true });
    if (!row) throw notFound();
    const approve = decision.outcome === DecisionOutcome.APPROVE;
    const status = await apply(trx, row.user_id, row.template_code, approve ? E.APPROVE : E.REJECT, actor, { requestId: row.id, caseId });
    await update(trx, row, { decided_at: decision.decidedAt, outcome: approve ? S.QUESTIONNAIRE_STATUS_APPROVED : S.QUESTIONNAIRE_STATUS_REJECTED, closed: !approve && decision.mode === RejectMode.FINAL ? 1 : 0 });
    return status;
  }

  /**
   * The attempt is still where the system's decision left it (decision 052): the user's newest
   * attempt at the template, and the status what that decision made of it (no new attempt since).
   */
  async function checkOverrideOf(trx: Db, requestId: string, previous: Pick<ReviewDecision, 'outcome'>) {
    const row = await repo.findAnswer(trx, requestId, { lock: true });
    if (!row) throw notFound();
    const movedOn = (why: string) => new BusinessError(RetCode.REVIEW_OVERRIDE_SUBJECT_MOVED_ON, why);
    if ((await repo.findLatest(trx, row.user_id, row.template_code))?.id !== row.id) throw movedOn('a newer attempt exists');
    const status = (await statuses(trx, row.user_id))[row.template_code]!;
    const expected = previous.outcome === DecisionOutcome.APPROVE ? S.QUESTIONNAIRE_STATUS_APPROVED : S.QUESTIONNAIRE_STATUS_REJECTED;
    if (status !== expected) throw movedOn(`the questionnaire is ${status} now`);
    return { row, status };
  }

  /** Carries out a decision on a QUESTIONNAIRE case (a reviewer's, or the system's for scored kinds). */
  const reviewHandler: ReviewSubjectHandler = {
    async apply(trx, c, decision, actor) {
      return { subjectStatus: await decideAnswerIn(trx, c.subjectId, decision, c.id, actor) };
    },
    async checkOverride(trx, c, previous) {
      await checkOverrideOf(trx, c.subjectId, previous);
    },
    /**
     * A senior reviewer overrides the system's score (decision 052): a failed test passed (no
     * cooling-off), a pass withdrawn (RETRY: a new attempt at once; FINAL: closed), or only the mode.
     */
    async applyOverride(trx, c, previous, decision, actor) {
      const { row, status } = await checkOverrideOf(trx, c.subjectId, previous);
      const approve = decision.outcome === DecisionOutcome.APPROVE;
      const to = decision.outcome === previous.outcome ? status : await apply(trx, row.user_id, row.template_code, approve ? E.OVERRIDE_APPROVE : E.OVERRIDE_REJECT, actor, { requestId: row.id, caseId: c.id });
      await update(trx, row, { decided_at: decision.decidedAt, outcome: to, closed: !approve && decision.mode === RejectMode.FINAL ? 1 : 0, retry_after: null });
      await recordAudit(trx, actor, {
        action: 'questionnaire.override',
        entityType: ENTITY,
        entityId: row.id,
        before: { status, outcome: row.outcome, closed: row.closed, retryAfter: row.retry_after },
        after: { status: to, caseId: c.id, decisionId: decision.id, supersedes: previous.id, mode: decision.mode, reasonCode: decision.reasonCode, internalNote: decision.internalNote },
      });
      return { subjectStatus: to };
    },
    async assigned(trx, c, actor) {
      const row = await repo.findAnswer(trx, c.subjectId, { lock: true });
      if (!row) return;
      if ((await statuses(trx, row.user_id))[row.template_code] === S.QUESTIONNAIRE_STATUS_PENDING) {
        await apply(trx, row.user_id, row.template_code, E.LOCK, actor, { requestId: row.id, caseId: c.id });
      }
    },
  };

  /** A submitted attempt with its template's questions, score and evidence, as a reviewer sees it. */
  async function answerView(requestId: string): Promise<QuestionnaireSubject> {
    const row = await repo.findAnswer(db, requestId);
    if (!row) throw notFound();
    const t = templateOf(row);
    const all = await repo.findAllOfUser(db, row.user_id);
    const status = (await statuses(db, row.user_id))[row.template_code]!;
    return {
      kind: SubjectKind.QUESTIONNAIRE,
      questionnaire: { id: row.id, templateCode: row.template_code, attempt: row.attempt, sceneCode: row.scene_code, bizFrom: row.biz_from, submittedAt: row.submitted_at, submittedIp: row.submitted_ip, decidedAt: row.decided_at, status },
      template: {
        ...publicTemplate(t),
        sections: t.sections.map((s) => ({
          id: s.id,
          questions: s.questions.map((q) => ({ ...publicQuestion(q), ...(q.correct ? { correct: [...q.correct] } : {}), ...(q.points ? { points: { ...q.points } } : {}) })),
        })),
      },
      answers: parseAnswers(row),
      outcome: parseOutcome(row),
      evidence: (await evidenceOf(db, row)).map((e) => ({ ...e, downloadPath: `${API_PREFIX}${ConsolePath.consoleDocument}/${e.id}` })),
      previous: all
        .filter((a) => a.template_code === row.template_code && a.id !== row.id && a.attempt < row.attempt)
        .reverse()
        .map((a) => ({ id: a.id, attempt: a.attempt, submittedAt: a.submitted_at, outcome: a.outcome })),
    };
  }

  return {
    /** What the module holds about a user, for the data export and erasure (decision 031). */
    personalData: questionnairePersonalData,
    reviewHandler,
    decideAnswerIn,
    answerView,

    /** The caller's status of every template, in `q` (another module's transaction, or the pool). */
    statusesOf: (q: Db, userId: string) => statuses(q, userId),
    /** The id of the user's newest attempt at a template, if any. */
    latestAttemptOf: async (q: Db, userId: string, code: string): Promise<string | undefined> => (await repo.findLatest(q, userId, code))?.id,

    /** GET questionnaire-template-detail: the template version and the caller's current (or named) attempt. */
    async detail(userId: string, query: { template_code: string; request_id?: string | undefined }, at: QuestionnaireSite): Promise<TemplateDetailResult> {
      const code = query.template_code;
      const row = query.request_id ? await own(db, userId, query.request_id) : await repo.findLatest(db, userId, code);
      if (row && row.template_code !== code) throw notFound();
      const status = (await statuses(db, userId))[code]!;
      const latest = query.request_id ? await repo.findLatest(db, userId, code) : row;
      const template = row ? templateOf(row) : latestTemplate(code)!;
      const isDraft = row !== undefined && row.submitted_at === null;
      const editable = isDraft || (row !== undefined && row.id === latest?.id && (await amendable(db, row, status)));
      const decision = row?.outcome === S.QUESTIONNAIRE_STATUS_REJECTED && template.kind === TemplateKind.FORM ? (await review.decisionsOfSubjects(SubjectKind.QUESTIONNAIRE, [row.id])).get(row.id) : undefined;
      const evidence = row ? await evidenceOf(db, row) : [];
      const canStart = !isDraft && status !== S.QUESTIONNAIRE_STATUS_PENDING && status !== S.QUESTIONNAIRE_STATUS_PENDING_NO_EDIT && startBlock(status, latest, code) === null;
      return {
        template: publicTemplate(template),
        status,
        requestId: row?.id ?? null,
        attempt: row?.attempt ?? 0,
        answers: row ? parseAnswers(row) : {},
        evidence,
        editable,
        due: (await dueFor(db, userId, at)).includes(code),
        canStart,
        submittedAt: row?.submitted_at ?? null,
        decidedAt: row?.decided_at ?? null,
        outcome: parseOutcome(row),
        retryAfter: row?.retry_after ?? null,
        rejection: decision ? { message: decision.userMessage, final: decision.mode === RejectMode.FINAL } : null,
      };
    },

    /** POST create-questionnaire: starts the caller's attempt (or returns the open one). */
    create(userId: string, input: { template_code: string; scene_code?: string | undefined; biz_from?: string | undefined }, actor: Actor): Promise<CreateQuestionnaireResult> {
      return tx((trx) => startIn(trx, userId, input.template_code, { ...(input.scene_code ? { scene_code: input.scene_code } : {}), ...(input.biz_from ? { biz_from: input.biz_from } : {}) }, actor));
    },

    /** §7 create-satos-questionnaire: starts (or returns) the Satos onboarding's attempt. */
    async createSatos(userId: string, input: { biz_from?: string | undefined }, actor: Actor): Promise<SatosQuestionnaireResult> {
      await tx((trx) => startIn(trx, userId, SATOS_TEMPLATE_CODE, { scene_code: SATOS_SCENE_CODE, ...(input.biz_from ? { biz_from: input.biz_from } : {}) }, actor));
      return querySatos(userId);
    },

    /** §7 query-satos-questionnaire: where the Satos onboarding's questionnaire stands. */
    querySatos,

    /** GET questionnaire-token: the request_id the caller answers under (started if needed). */
    async token(userId: string, code: string, actor: Actor) {
      const started = await tx((trx) => startIn(trx, userId, code, {}, actor));
      const row = (await repo.findAnswer(db, started.requestId))!;
      return { token: started.requestId, templateCode: code, version: row.template_version };
    },

    /** POST save-questionnaire-draft: unfinished answers of a draft, checked for form but not completeness. */
    saveDraft(userId: string, input: { request_id: string; answers: Answers }, actor: Actor): Promise<SaveDraftResult> {
      return tx(async (trx) => {
        const row = await own(trx, userId, input.request_id, true);
        if (row.submitted_at !== null) throw new BusinessError(RetCode.QUESTIONNAIRE_NOT_EDITABLE, 'questionnaire already submitted');
        const t = templateOf(row);
        const answers = withStoredFiles(t, row, input.answers);
        const issues = validateAnswers(t, answers, { complete: false, today: today() });
        if (issues.length > 0) throw new ValidationFailed(issues);
        const saved = await update(trx, row, { answers: JSON.stringify(answers) });
        // What was answered is in the row; the audit says that it changed, not the answers themselves.
        await recordAudit(trx, actor, { action: 'questionnaire.draft.save', entityType: ENTITY, entityId: row.id, after: { answered: Object.keys(answers).length } });
        return { requestId: row.id, savedAt: saved.updated_at };
      });
    },

    /**
     * POST submit-questionnaire: every asked, required question answered. A first submission opens
     * the review case (SUBMIT); tests, profiles and agreements are decided by the system in the same
     * transaction; a form's submitted answers may be amended until a reviewer takes the case.
     */
    async submit(userId: string, input: { request_id: string; answers: Answers }, actor: Actor): Promise<SubmitQuestionnaireResult> {
      // Read before the transaction: the kyc module reads on its own connection.
      const profile = await kyc.profileOf(userId);
      return tx(async (trx) => {
        let row = await own(trx, userId, input.request_id, true);
        const code = row.template_code;
        const status = (await statuses(trx, userId))[code]!;
        const t = templateOf(row);
        const merged = withStoredFiles(t, row, input.answers);
        const issues = validateAnswers(t, merged, { complete: true, today: today() });
        if (issues.length > 0) throw new ValidationFailed(issues);
        const answers = shownAnswers(t, merged);
        const evidence = new Set((await evidenceOf(trx, row)).map((e) => e.id));
        for (const id of fileQuestions(t)) for (const doc of (answers[id] as string[] | undefined) ?? []) if (!evidence.has(doc)) throw new BusinessError(RetCode.DOCUMENT_NOT_AVAILABLE, 'document not available');

        if (row.submitted_at !== null) {
          if (!(await amendable(trx, row, status))) throw new BusinessError(RetCode.QUESTIONNAIRE_NOT_EDITABLE, 'questionnaire under review');
          await apply(trx, userId, code, E.AMEND, actor, { requestId: row.id });
          await update(trx, row, { answers: JSON.stringify(answers) });
          await recordAudit(trx, actor, { action: 'questionnaire.amend', entityType: ENTITY, entityId: row.id, after: { answered: Object.keys(answers).length } });
          return { requestId: row.id, status, outcome: null, retryAfter: null };
        }
        if (status !== S.QUESTIONNAIRE_STATUS_UNSUBMIT) throw new BusinessError(RetCode.QUESTIONNAIRE_NOT_EDITABLE, `questionnaire is ${status}`);

        let next = await apply(trx, userId, code, E.SUBMIT, actor, { requestId: row.id, version: t.version });
        const at = nowIso();
        const decided = systemDecision(t, answers);
        const failed = decided && !decided.approve;
        const retryAfter = failed ? new Date(Date.parse(at) + coolingOffSeconds * 1000).toISOString() : null;
        row = await update(trx, row, { answers: JSON.stringify(answers), submitted_at: at, submitted_ip: actor.ip ?? null, result: decided?.outcome ? JSON.stringify(decided.outcome) : null, retry_after: retryAfter });
        await recordAudit(trx, actor, { action: 'questionnaire.submit', entityType: ENTITY, entityId: row.id, after: { templateCode: code, version: t.version, attempt: row.attempt, ip: actor.ip ?? null, outcome: decided?.outcome ?? null } });
        // A form another module reviews within its own case (EDD) opens no case of its own.
        const handedOff = !decided && handoff !== undefined && (await handoff.submitted(trx, { userId, requestId: row.id, templateCode: code, country: profile.country, at }, actor));
        if (!handedOff) await review.openCase(trx, { kind: SubjectKind.QUESTIONNAIRE, subjectId: row.id, userId, country: profile.country, provider: '', openedAt: at }, actor);
        if (decided) {
          const result = await review.decideSubjectIn(trx, SubjectKind.QUESTIONNAIRE, row.id, SYSTEM, {
            outcome: decided.approve ? DecisionOutcome.APPROVE : DecisionOutcome.REJECT,
            mode: decided.approve ? null : RejectMode.RETRY,
            reasonCode: decided.approve ? null : 'OTHER',
            userMessage: '',
            internalNote: decided.note,
          });
          if (result.kind === 'decided') next = result.subjectStatus as QuestionnaireStatus;
        }
        return { requestId: row.id, status: next, outcome: decided?.outcome ?? null, retryAfter };
      });
    },

    /** POST upload-questionnaire-evidence: one picture for a FILE question of a draft, through the documents module. */
    async uploadEvidence(userId: string, input: { request_id: string; question_id: string }, bytes: Buffer, actor: Actor): Promise<EvidenceView> {
      const check = (row: repo.AnswerRow) => {
        if (row.submitted_at !== null) throw new BusinessError(RetCode.QUESTIONNAIRE_NOT_EDITABLE, 'questionnaire already submitted');
        const q = allQuestions(templateOf(row)).find((x) => x.id === input.question_id);
        if (!q || q.type !== QuestionType.FILE) throw new ValidationFailed([{ path: 'question_id', code: 'type' }]);
        const list = (parseAnswers(row)[q.id] as string[] | undefined) ?? [];
        if (list.length >= (q.maxFiles ?? 3)) throw new ValidationFailed([{ path: 'question_id', code: 'range' }]);
        return list;
      };
      // Before the picture is decoded and encrypted, and again in the storing transaction.
      check(await own(db, userId, input.request_id));
      const doc = await documents.uploadEvidence(userId, input.request_id, bytes, actor, async (trx, id) => {
        const row = await own(trx, userId, input.request_id, true);
        const list = check(row);
        await update(trx, row, { answers: JSON.stringify({ ...parseAnswers(row), [input.question_id]: [...list, id] }) });
      });
      return { id: doc.id, questionId: input.question_id, createdAt: doc.createdAt, byteSize: doc.byteSize };
    },

    /** POST delete-questionnaire-evidence: removes a picture from a draft (and from its answer). */
    deleteEvidence(userId: string, input: { request_id: string; id: string }, actor: Actor): Promise<Record<string, never>> {
      return tx(async (trx) => {
        const row = await own(trx, userId, input.request_id, true);
        if (row.submitted_at !== null) throw new BusinessError(RetCode.QUESTIONNAIRE_NOT_EDITABLE, 'questionnaire already submitted');
        if (!(await documents.removeEvidence(trx, userId, row.id, input.id, actor))) throw notFound();
        const answers = parseAnswers(row);
        for (const q of fileQuestions(templateOf(row))) if (Array.isArray(answers[q])) answers[q] = (answers[q] as string[]).filter((d) => d !== input.id);
        await update(trx, row, { answers: JSON.stringify(answers) });
        return {};
      });
    },

    /** GET questionnaire-list: every template with the caller's status and whether it is due. */
    async list(userId: string, at: QuestionnaireSite): Promise<QuestionnaireListResult> {
      const [st, due] = await Promise.all([statuses(db, userId), dueFor(db, userId, at)]);
      return { items: TEMPLATE_CODES.map((code) => ({ templateCode: code, scene: latestTemplate(code)!.scene, kind: latestTemplate(code)!.kind, status: st[code]!, due: due.includes(code) })) };
    },

    /**
     * kyc-info's questionnaire fields (§3): the first due questionnaire that waits for the user (a
     * due one never started reads UNSUBMIT), else the first due one under review or decided.
     */
    async kycInfoOf(userId: string, at: QuestionnaireSite, known?: { level: number; country: string }) {
      const [st, due] = await Promise.all([statuses(db, userId), dueFor(db, userId, at, known)]);
      const waiting = due.find((c) => AWAITS_USER.has(st[c]!));
      const focus = waiting ?? due.find((c) => st[c] === S.QUESTIONNAIRE_STATUS_PENDING || st[c] === S.QUESTIONNAIRE_STATUS_PENDING_NO_EDIT) ?? due[0];
      const shown = (code: string) => (st[code] === S.QUESTIONNAIRE_STATUS_UNDEFINED ? S.QUESTIONNAIRE_STATUS_UNSUBMIT : st[code]!);
      const aml = due.find((c) => latestTemplate(c)!.scene === 'AML' && AWAITS_USER.has(st[c]!));
      return {
        mustQuestionnaire: waiting !== undefined,
        questionnaireStatus: focus ? shown(focus) : S.QUESTIONNAIRE_STATUS_UNDEFINED,
        isDisplayQuestionnaire: due.length > 0 || Object.values(st).some((s) => s !== S.QUESTIONNAIRE_STATUS_UNDEFINED),
        amlQuestionnaire: { needQuestionnaire: aml !== undefined, templateCode: aml ?? '' },
        /** The template the overview sends the user to (beyond §3). */
        dueTemplateCode: waiting ?? null,
        statuses: st,
      };
    },

    /**
     * An event makes a template due (a name-screening hit, a reviewer's request): recorded once; a
     * template never started becomes UNSUBMIT, one already decided opens a new version.
     */
    require(userId: string, templateCode: string, cause: RequirementEvent, detail: string, actor: Actor): Promise<QuestionnaireStatus> {
      return tx((trx) => requireIn(trx, userId, templateCode, cause, detail, actor));
    },

    /** The same inside the caller's transaction (a screening hit opens its case and makes nsquestion due at once). */
    requireIn,

    /** The user's status of one template now (get-aml-result: does the questionnaire still wait for them). */
    async statusOf(userId: string, templateCode: string): Promise<QuestionnaireStatus> {
      return (await statuses(db, userId))[templateCode] ?? S.QUESTIONNAIRE_STATUS_UNDEFINED;
    },

    /** The subject of a QUESTIONNAIRE case for the console: answers with the full template and scores. */
    forReview: (c: ReviewCase): Promise<QuestionnaireSubject> => answerView(c.subjectId),
  };
}

export type QuestionnairesService = ReturnType<typeof createQuestionnairesService>;
