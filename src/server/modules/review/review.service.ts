import { randomUUID } from 'node:crypto';
import { RetCode } from '../../../shared/ret-codes.ts';
import { CaseStatus, DecisionOutcome, type SubjectKind } from '../../../shared/review.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, notFound, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { toCase, toDecision, type DecisionInput, type OpenCaseInput, type QueueInput, type ReviewCase, type ReviewDecision } from './review.model.ts';
import * as repo from './review.repo.ts';

export { secondsToDecision, toCase, toDecision, type DecisionInput, type OpenCaseInput, type QueueInput, type ReviewCase, type ReviewDecision } from './review.model.ts';

/**
 * What a subject module does with a decision on one of its cases (registered once at startup). The
 * review module knows nothing about KYC, questionnaires or EDD: it hands the decision to the
 * subject's handler, in the decision's transaction, and the handler turns it into a step event.
 */
export interface ReviewSubjectHandler {
  /** Refuses a decision the subject cannot take (e.g. a reason for another level): throw. */
  check?(c: ReviewCase, decision: DecisionInput): void;
  /** Carries the decision out in `trx`; returns the subject's resulting status for the reply. */
  apply(trx: Db, c: ReviewCase, decision: ReviewDecision, actor: Actor): Promise<{ subjectStatus: string }>;
}

const CASE_ENTITY = 'review_case';

/** Only reviewers, providers and the system decide; users never do. */
function deciderOf(actor: Actor): ReviewDecision['decider'] {
  if (actor.type === 'user') throw new BusinessError(RetCode.NO_PERMISSION, 'user no permission');
  return { type: actor.type, id: actor.id };
}

/**
 * Review cases: opened by subject modules in their own transactions, assigned to reviewers, decided
 * once by a reviewer, a provider or the system. Every change is audited (entity `review_case`).
 */
export function createReviewService({ db }: { db: Db }) {
  const handlers = new Map<SubjectKind, ReviewSubjectHandler>();

  const transaction = <T>(fn: (trx: Db) => Promise<T>) => inTransaction(db, fn, 'case changed concurrently');

  async function decideIn(trx: Db, caseId: string, actor: Actor, input: DecisionInput) {
    const decider = deciderOf(actor);
    const row = await repo.findCase(trx, caseId, { lock: true });
    if (!row) throw notFound();
    const current = toCase(row);
    if (current.status !== CaseStatus.PENDING) throw wrongState('case already decided');
    // A case someone has taken is theirs to decide; providers and the system decide regardless.
    if (decider.type === 'reviewer' && current.assigneeId !== null && current.assigneeId !== decider.id) {
      throw new BusinessError(RetCode.REVIEW_CASE_ASSIGNED, 'case assigned to another reviewer', { assigneeId: current.assigneeId });
    }
    const handler = handlers.get(current.subjectKind);
    if (!handler) throw new Error(`no review handler for ${current.subjectKind}`);
    if (input.outcome === DecisionOutcome.APPROVE && (input.mode !== null || input.reasonCode !== null)) throw wrongState('an approval has no rejection mode or reason');
    if (input.outcome === DecisionOutcome.REJECT && (input.mode === null || input.reasonCode === null)) throw wrongState('a rejection needs a mode and a reason');
    handler.check?.(current, input);

    const at = nowIso();
    const status = input.outcome === DecisionOutcome.APPROVE ? CaseStatus.APPROVED : CaseStatus.REJECTED;
    const assigneeId = decider.type === 'reviewer' ? decider.id : current.assigneeId;
    if ((await repo.closeCase(trx, caseId, status, at, assigneeId)) !== 1) throw wrongState('case already decided');
    const decision: ReviewDecision = { id: randomUUID(), caseId, decider, decidedAt: at, ...input };
    await repo.insertDecision(trx, {
      id: decision.id,
      case_id: caseId,
      actor_type: decider.type,
      actor_id: decider.id,
      outcome: input.outcome,
      mode: input.mode,
      reason_code: input.reasonCode,
      user_message: input.userMessage,
      internal_note: input.internalNote,
      created_at: at,
    });
    const { subjectStatus } = await handler.apply(trx, current, decision, actor);
    await recordAudit(trx, actor, {
      action: 'review.case.decide',
      entityType: CASE_ENTITY,
      entityId: caseId,
      before: { status: current.status, assigneeId: current.assigneeId },
      after: { status, assigneeId, decisionId: decision.id, outcome: input.outcome, mode: input.mode, reasonCode: input.reasonCode, subjectStatus },
    });
    return { case: { ...current, status, decidedAt: at, assigneeId }, decision, subjectStatus };
  }

  /**
   * Assign (nobody -> me) or release (me -> nobody) a pending case, compare-and-set on the assignee
   * and audited. Already so: nothing changes. Held by someone else: REVIEW_CASE_ASSIGNED.
   */
  async function changeAssignee(caseId: string, actor: Actor, change: 'assign' | 'release'): Promise<ReviewCase> {
    if (actor.type !== 'reviewer' || !actor.id) throw new BusinessError(RetCode.NO_PERMISSION, 'user no permission');
    const me = actor.id;
    const [from, to] = change === 'assign' ? [null, me] : [me, null];
    return transaction(async (trx) => {
      const row = await repo.findCase(trx, caseId, { lock: true });
      if (!row) throw notFound();
      if (row.status !== CaseStatus.PENDING) throw wrongState('case already decided');
      if (row.assignee_id === to) return toCase(row);
      if (row.assignee_id !== from) throw new BusinessError(RetCode.REVIEW_CASE_ASSIGNED, 'case assigned to another reviewer', { assigneeId: row.assignee_id });
      if ((await repo.setAssignee(trx, caseId, from, to)) !== 1) throw wrongState('case changed concurrently');
      await recordAudit(trx, actor, { action: `review.case.${change}`, entityType: CASE_ENTITY, entityId: caseId, before: { assigneeId: from }, after: { assigneeId: to } });
      return toCase({ ...row, assignee_id: to });
    });
  }

  return {
    /** Registers the handler of a subject kind (services.ts, at startup). */
    registerSubject(kind: SubjectKind, handler: ReviewSubjectHandler): void {
      if (handlers.has(kind)) throw new Error(`review handler for ${kind} registered twice`);
      handlers.set(kind, handler);
    },

    /** The kinds that can be reviewed on this server (their handlers are registered). */
    subjectKinds: (): SubjectKind[] => [...handlers.keys()],

    /**
     * Opens the case of a subject inside the subject module's transaction `trx` (so the case exists
     * exactly when the submission does). A subject has at most one case (unique index).
     */
    async openCase(trx: Db, input: OpenCaseInput, actor: Actor): Promise<ReviewCase> {
      if (!handlers.has(input.kind)) throw new Error(`no review handler for ${input.kind}`);
      const row: repo.CaseRow = {
        id: randomUUID(),
        subject_kind: input.kind,
        subject_id: input.subjectId,
        user_id: input.userId,
        status: CaseStatus.PENDING,
        assignee_id: null,
        level: input.level ?? null,
        country: input.country ?? '',
        provider: input.provider ?? '',
        opened_at: input.openedAt ?? nowIso(),
        decided_at: null,
      };
      await repo.insertCase(trx, row);
      await recordAudit(trx, actor, {
        action: 'review.case.open',
        entityType: CASE_ENTITY,
        entityId: row.id,
        after: { kind: row.subject_kind, subjectId: row.subject_id, userId: row.user_id, level: row.level, country: row.country, provider: row.provider },
      });
      return toCase(row);
    },

    /**
     * Decides a case once, in one transaction: the case closes (compare-and-set on PENDING), the
     * decision is stored with its decider, the subject's handler carries it out (a step event) and
     * the whole is audited. A second decision finds the case decided (WRONG_STATE); a case assigned
     * to another reviewer answers REVIEW_CASE_ASSIGNED.
     */
    decide(caseId: string, actor: Actor, input: DecisionInput) {
      return transaction((trx) => decideIn(trx, caseId, actor, input));
    },

    /** Decides the case of a subject (a provider's webhook knows the subject, not the case). */
    async decideSubject(kind: SubjectKind, subjectId: string, actor: Actor, input: DecisionInput) {
      const found = await repo.findCaseBySubject(db, kind, subjectId);
      if (!found) throw notFound();
      return transaction((trx) => decideIn(trx, found.id, actor, input));
    },

    /** The same inside the caller's transaction (a webhook that opens and decides a case at once). */
    async decideSubjectIn(trx: Db, kind: SubjectKind, subjectId: string, actor: Actor, input: DecisionInput) {
      const found = await repo.findCaseBySubject(trx, kind, subjectId);
      if (!found) throw notFound();
      return decideIn(trx, found.id, actor, input);
    },

    /** A reviewer takes a pending case (or keeps it); someone else's case answers REVIEW_CASE_ASSIGNED. */
    assign: (caseId: string, actor: Actor): Promise<ReviewCase> => changeAssignee(caseId, actor, 'assign'),

    /** The assignee gives a pending case back to the queue. */
    release: (caseId: string, actor: Actor): Promise<ReviewCase> => changeAssignee(caseId, actor, 'release'),

    async getCase(id: string): Promise<ReviewCase | undefined> {
      const row = await repo.findCase(db, id);
      return row && toCase(row);
    },

    /** Cases of the given subjects of one kind (e.g. a user's applications), keyed by subject id. */
    async casesOfSubjects(kind: SubjectKind, subjectIds: readonly string[]): Promise<Map<string, ReviewCase>> {
      return new Map((await repo.findCasesBySubjects(db, kind, subjectIds)).map((r) => [r.subject_id, toCase(r)]));
    },


    /** Decisions of the given cases, keyed by case id. */
    async decisionsOf(caseIds: readonly string[]): Promise<Map<string, ReviewDecision>> {
      return new Map((await repo.findDecisions(db, caseIds)).map((r) => [r.case_id, toDecision(r)]));
    },

    /** Decisions of the given subjects of one kind, keyed by subject id (what a user's overview shows). */
    async decisionsOfSubjects(kind: SubjectKind, subjectIds: readonly string[]): Promise<Map<string, ReviewDecision>> {
      const cases = await repo.findCasesBySubjects(db, kind, subjectIds);
      const decisions = await repo.findDecisions(db, cases.map((c) => c.id));
      const subjectOf = new Map(cases.map((c) => [c.id, c.subject_id]));
      return new Map(decisions.map((d) => [subjectOf.get(d.case_id)!, toDecision(d)]));
    },

    async queue(input: QueueInput): Promise<{ items: ReviewCase[]; total: number }> {
      const { items, total } = await repo.findQueue(db, {
        status: input.status,
        kind: input.kind,
        level: input.level,
        country: input.country,
        provider: input.provider,
        assigneeId: input.assigneeId,
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      });
      return { items: items.map(toCase), total };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
