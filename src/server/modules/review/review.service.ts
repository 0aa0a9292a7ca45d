import { randomUUID } from 'node:crypto';
import { RetCode } from '../../../shared/ret-codes.ts';
import { CaseStatus, DecisionOutcome, ProposalStatus, type SubjectKind } from '../../../shared/review.ts';
import { nowIso, readerOf, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, notFound, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { needsSecondLook, type FourEyesRule } from './four-eyes.ts';
import type { QueueCursor } from '../../../shared/api/queue-cursor.ts';
import { toCase, toDecision, toProposal, type DecisionInput, type OpenCaseInput, type QueueInput, type ReviewCase, type ReviewDecision, type ReviewProposal } from './review.model.ts';
import * as repo from './review.repo.ts';

export { secondsToDecision, toCase, toDecision, type DecisionInput, type OpenCaseInput, type QueueInput, type ReviewCase, type ReviewDecision, type ReviewProposal } from './review.model.ts';
export { needsSecondLook, type FourEyesRule } from './four-eyes.ts';

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
  /**
   * After the decision's transaction committed (e.g. tell the user by e-mail). Its failure is
   * logged and never undoes the decision.
   */
  decided?(result: Decided): Promise<void>;
  /**
   * Overrides (decision 022); a kind without them cannot be overridden. `checkOverride` refuses an
   * override the subject can no longer take (it moved on since `previous`): throw.
   */
  checkOverride?(trx: Db, c: ReviewCase, previous: ReviewDecision, input: DecisionInput): Promise<void>;
  /** Carries the override out in `trx`: the subject goes from what `previous` made of it to what `decision` says. */
  applyOverride?(trx: Db, c: ReviewCase, previous: ReviewDecision, decision: ReviewDecision, actor: Actor): Promise<{ subjectStatus: string }>;
  /** A reviewer took the case, in the assignment's transaction (a questionnaire stops being editable). */
  assigned?(trx: Db, c: ReviewCase, actor: Actor): Promise<void>;
  /**
   * Decisions of this kind that need a second (senior) reviewer whatever FOUR_EYES_RULES says: a
   * change that lowers what a user must prove (decision 036). Same proposal and confirmation as a rule's.
   */
  alwaysSecondLook?(decision: DecisionInput): boolean;
}

const CASE_ENTITY = 'review_case';

/** A decision made (single step, or confirmed). */
export interface Decided {
  kind: 'decided';
  case: ReviewCase;
  decision: ReviewDecision;
  subjectStatus: string;
}

/** A reviewer's decision that awaits a second look (four-eyes). */
export interface Proposed {
  kind: 'proposed';
  case: ReviewCase;
  proposal: ReviewProposal;
}

/** A proposal sent back to its proposer. */
export interface SentBack {
  kind: 'sent_back';
  case: ReviewCase;
  proposal: ReviewProposal;
}

/** Only reviewers, providers and the system decide; users never do. */
function deciderOf(actor: Actor): ReviewDecision['decider'] {
  if (actor.type === 'user') throw new BusinessError(RetCode.NO_PERMISSION, 'user no permission');
  return { type: actor.type, id: actor.id };
}

/**
 * Review cases: opened by subject modules in their own transactions, assigned to reviewers, decided
 * once by a reviewer, a provider or the system. Every change is audited (entity `review_case`).
 */
/** Where the review module logs what nobody waits for (a failed after-decision step). */
const consoleLog = { warn: (obj: object, msg: string) => console.warn(msg, obj) };

/** A decision's every reason in its audit record, when it has more than one (decision 052); the first stays `reasonCode`. */
const severalReasons = (codes: readonly string[] = []) => (codes.length > 1 ? { reasonCodes: [...codes] } : {});

export function createReviewService({ db, fourEyes = [], log = consoleLog }: { db: Db; fourEyes?: readonly FourEyesRule[]; log?: { warn(obj: object, msg: string): void } }) {
  const handlers = new Map<SubjectKind, ReviewSubjectHandler>();

  const transaction = <T>(fn: (trx: Db) => Promise<T>) => inTransaction(db, fn, 'case changed concurrently');

  /** Checks what a decision says (outcome, mode, reason) and what the subject accepts. */
  function checkInput(current: ReviewCase, input: DecisionInput): ReviewSubjectHandler {
    const handler = handlers.get(current.subjectKind);
    if (!handler) throw new Error(`no review handler for ${current.subjectKind}`);
    if (input.outcome === DecisionOutcome.APPROVE && (input.mode !== null || input.reasonCode !== null)) throw wrongState('an approval has no rejection mode or reason');
    if (input.outcome === DecisionOutcome.REJECT && (input.mode === null || input.reasonCode === null)) throw wrongState('a rejection needs a mode and a reason');
    handler.check?.(current, input);
    return handler;
  }

  async function lockPending(trx: Db, caseId: string): Promise<ReviewCase> {
    const row = await repo.findCase(trx, caseId, { lock: true });
    if (!row) throw notFound();
    const current = toCase(row);
    if (current.status !== CaseStatus.PENDING) throw wrongState('case already decided');
    return current;
  }

  /** Stores a decision as its case's current one (the caller retired the one it supersedes). */
  async function insertDecision(trx: Db, caseId: string, decider: ReviewDecision['decider'], confirmedBy: string | null, at: string, input: DecisionInput, supersedesId: string | null): Promise<ReviewDecision> {
    const reasonCodes = input.reasonCode === null ? [] : [...new Set([input.reasonCode, ...(input.reasonCodes ?? [])])];
    const decision: ReviewDecision = { id: randomUUID(), caseId, decider, confirmedBy, decidedAt: at, ...input, reasonCodes, supersedesId, current: true };
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
      confirmed_by: confirmedBy,
      supersedes_id: supersedesId,
      current_key: caseId,
      reason_codes: reasonCodes.length > 1 ? JSON.stringify(reasonCodes) : null,
    });
    return decision;
  }

  /**
   * Closes the case with a decision, in `trx` (the case locked and pending): the case row
   * (compare-and-set), the decision, the subject's handler, the audit record.
   */
  async function close(trx: Db, current: ReviewCase, handler: ReviewSubjectHandler, decider: ReviewDecision['decider'], confirmedBy: string | null, actor: Actor, input: DecisionInput): Promise<Decided> {
    const at = nowIso();
    const status = input.outcome === DecisionOutcome.APPROVE ? CaseStatus.APPROVED : CaseStatus.REJECTED;
    const assigneeId = decider.type === 'reviewer' ? decider.id : current.assigneeId;
    if ((await repo.closeCase(trx, current.id, status, at, assigneeId)) !== 1) throw wrongState('case already decided');
    const decision = await insertDecision(trx, current.id, decider, confirmedBy, at, input, null);
    const { subjectStatus } = await handler.apply(trx, current, decision, actor);
    await recordAudit(trx, actor, {
      action: 'review.case.decide',
      entityType: CASE_ENTITY,
      entityId: current.id,
      before: { status: current.status, assigneeId: current.assigneeId },
      after: { status, assigneeId, decisionId: decision.id, outcome: input.outcome, mode: input.mode, reasonCode: input.reasonCode, ...severalReasons(decision.reasonCodes), subjectStatus, confirmedBy },
    });
    return { kind: 'decided', case: { ...current, status, decidedAt: at, assigneeId }, decision, subjectStatus };
  }

  /**
   * A decision by a reviewer, a provider or the system. A reviewer's decision that four-eyes applies
   * to (FOUR_EYES_RULES) becomes a proposal instead: the case stays pending, held by the proposer,
   * until a senior reviewer confirms it or sends it back. Providers and the system decide in one
   * step (an open proposal is then superseded).
   */
  /** Runs the subject's `decided` hook once a decision is committed; a proposal has none. */
  async function afterCommit<R extends Decided | Proposed>(result: R): Promise<R> {
    if (result.kind !== 'decided') return result;
    try {
      await handlers.get(result.case.subjectKind)?.decided?.(result);
    } catch (err) {
      log.warn({ err, caseId: result.case.id }, 'review: after-decision step failed (the decision stands)');
    }
    return result;
  }

  async function decideIn(trx: Db, caseId: string, actor: Actor, input: DecisionInput): Promise<Decided | Proposed> {
    const decider = deciderOf(actor);
    const current = await lockPending(trx, caseId);
    // A case someone has taken is theirs to decide; providers and the system decide regardless.
    if (decider.type === 'reviewer' && current.assigneeId !== null && current.assigneeId !== decider.id) {
      throw new BusinessError(RetCode.REVIEW_CASE_ASSIGNED, 'case assigned to another reviewer', { assigneeId: current.assigneeId });
    }
    const handler = checkInput(current, input);
    const open = await repo.findOpenProposal(trx, caseId);
    if (decider.type === 'reviewer') {
      if (open) throw wrongState('a proposal awaits a second look');
      if (needsSecondLook(fourEyes, current, input) || handler.alwaysSecondLook?.(input)) return propose(trx, current, decider.id!, actor, input);
    } else if (open) {
      await repo.resolveProposal(trx, open.id, ProposalStatus.SUPERSEDED, null, nowIso(), '');
      await recordAudit(trx, actor, { action: 'review.case.proposal_superseded', entityType: CASE_ENTITY, entityId: caseId, after: { proposalId: open.id } });
    }
    return close(trx, current, handler, decider, null, actor, input);
  }

  async function propose(trx: Db, current: ReviewCase, proposerId: string, actor: Actor, input: DecisionInput, supersedesId: string | null = null): Promise<Proposed> {
    const at = nowIso();
    const row: repo.ProposalRow = {
      id: randomUUID(),
      case_id: current.id,
      proposer_id: proposerId,
      outcome: input.outcome,
      mode: input.mode,
      reason_code: input.reasonCode,
      reason_codes: input.reasonCodes && input.reasonCodes.length > 0 ? JSON.stringify([...new Set([input.reasonCode, ...input.reasonCodes])]) : null,
      user_message: input.userMessage,
      internal_note: input.internalNote,
      proposed_at: at,
      status: ProposalStatus.OPEN,
      open_key: current.id,
      resolved_by: null,
      resolved_at: null,
      resolution_note: '',
      supersedes_id: supersedesId,
    };
    await repo.insertProposal(trx, row);
    // The proposer holds the case: a sent-back proposal returns to them. (A decided case has no
    // assignee to change: an override's proposal leaves it as it is.)
    if (current.status === CaseStatus.PENDING && current.assigneeId !== proposerId && (await repo.setAssignee(trx, current.id, current.assigneeId, proposerId)) !== 1) throw wrongState('case changed concurrently');
    await recordAudit(trx, actor, {
      action: 'review.case.propose',
      entityType: CASE_ENTITY,
      entityId: current.id,
      before: { assigneeId: current.assigneeId },
      after: { proposalId: row.id, assigneeId: proposerId, outcome: input.outcome, mode: input.mode, reasonCode: input.reasonCode, ...severalReasons(row.reason_codes ? (JSON.parse(row.reason_codes) as string[]) : []), supersedes: supersedesId },
    });
    return { kind: 'proposed', case: current.status === CaseStatus.PENDING ? { ...current, assigneeId: proposerId } : current, proposal: toProposal(row) };
  }

  /**
   * What an override of the case's current decision needs, checked in `trx` with the case locked:
   * the case is decided, by a provider (a reviewer's decision is not overridden: ask the second
   * look), the new decision changes the outcome or the mode, and the subject can still take it.
   * `expected`: the decision a proposal was made against (it must still be the current one).
   */
  async function checkOverride(trx: Db, current: ReviewCase, input: DecisionInput, expected?: string) {
    if (current.status === CaseStatus.PENDING) throw wrongState('case not decided yet');
    const row = await repo.findCurrentDecision(trx, current.id);
    if (!row) throw wrongState('case has no decision');
    const previous = toDecision(row);
    if (expected !== undefined && previous.id !== expected) throw wrongState('decision replaced meanwhile');
    // Decision 052: what a provider or the system decided (a scored questionnaire) is overridable alike.
    if (previous.decider.type !== 'provider' && previous.decider.type !== 'system') throw new BusinessError(RetCode.REVIEW_OVERRIDE_NOT_PROVIDER, 'only a provider or system decision can be overridden', { decider: previous.decider.type });
    if (previous.outcome === input.outcome && previous.mode === input.mode) throw new BusinessError(RetCode.REVIEW_OVERRIDE_SAME_DECISION, 'an override must change the outcome or the mode');
    const handler = checkInput(current, input);
    if (!handler.checkOverride || !handler.applyOverride) throw wrongState(`${current.subjectKind} cases cannot be overridden`);
    await handler.checkOverride(trx, current, previous, input);
    return { handler, previous };
  }

  /**
   * Replaces the case's current decision `previous` by a reviewer's (in `trx`, checked): the old one
   * is retired (compare-and-set), the case takes the new outcome, the new decision names the old one,
   * the subject's handler moves the subject on, and the whole is audited with the reason.
   */
  async function replace(trx: Db, current: ReviewCase, handler: ReviewSubjectHandler, previous: ReviewDecision, deciderId: string, confirmedBy: string | null, actor: Actor, input: DecisionInput): Promise<Decided> {
    const at = nowIso();
    const status = input.outcome === DecisionOutcome.APPROVE ? CaseStatus.APPROVED : CaseStatus.REJECTED;
    if ((await repo.retireDecision(trx, previous.id)) !== 1) throw wrongState('decision replaced concurrently');
    if ((await repo.redecideCase(trx, current.id, current.status, status, at, deciderId)) !== 1) throw wrongState('case changed concurrently');
    const decision = await insertDecision(trx, current.id, { type: 'reviewer', id: deciderId }, confirmedBy, at, input, previous.id);
    const { subjectStatus } = await handler.applyOverride!(trx, current, previous, decision, actor);
    await recordAudit(trx, actor, {
      action: 'review.case.override',
      entityType: CASE_ENTITY,
      entityId: current.id,
      before: { status: current.status, decisionId: previous.id, decider: previous.decider, outcome: previous.outcome, mode: previous.mode, reasonCodes: previous.reasonCodes },
      after: { status, decisionId: decision.id, supersedes: previous.id, outcome: input.outcome, mode: input.mode, reasonCode: input.reasonCode, ...severalReasons(decision.reasonCodes), internalNote: input.internalNote, subjectStatus, deciderId, confirmedBy },
    });
    return { kind: 'decided', case: { ...current, status, decidedAt: at, assigneeId: deciderId }, decision, subjectStatus };
  }

  /** The second look: confirm (the decision is made as proposed) or send back (with why). */
  async function secondLook(caseId: string, actor: Actor, verdict: 'confirm' | 'send_back', note: string): Promise<Decided | SentBack> {
    if (actor.type !== 'reviewer' || !actor.id) throw new BusinessError(RetCode.NO_PERMISSION, 'user no permission');
    const me = actor.id;
    return transaction(async (trx) => {
      const caseRow = await repo.findCase(trx, caseId, { lock: true });
      if (!caseRow) throw notFound();
      const current = toCase(caseRow);
      const row = await repo.findOpenProposal(trx, caseId);
      if (!row) throw wrongState(current.status === CaseStatus.PENDING ? 'no proposal awaits a second look' : 'case already decided');
      const proposal = toProposal(row);
      // A first decision waits on a pending case; an override's proposal on a decided one.
      if (proposal.supersedesId === null && current.status !== CaseStatus.PENDING) throw wrongState('case already decided');
      // Four eyes are two people: nobody confirms (or sends back) their own proposal.
      if (proposal.proposerId === me) throw new BusinessError(RetCode.REVIEW_SELF_CONFIRMATION, 'own proposal', { proposerId: me });
      const at = nowIso();
      if (verdict === 'send_back') {
        if ((await repo.resolveProposal(trx, proposal.id, ProposalStatus.SENT_BACK, me, at, note)) !== 1) throw wrongState('proposal changed concurrently');
        await recordAudit(trx, actor, { action: 'review.case.send_back', entityType: CASE_ENTITY, entityId: caseId, after: { proposalId: proposal.id, proposerId: proposal.proposerId, note } });
        return { kind: 'sent_back', case: current, proposal: { ...proposal, status: ProposalStatus.SENT_BACK, resolvedBy: me, resolvedAt: at, resolutionNote: note } };
      }
      const input: DecisionInput = { outcome: proposal.outcome, mode: proposal.mode, reasonCode: proposal.reasonCode, ...(proposal.reasonCodes ? { reasonCodes: proposal.reasonCodes } : {}), userMessage: proposal.userMessage, internalNote: proposal.internalNote };
      // An override is checked again: the subject may have moved on while the proposal waited.
      const overriding = proposal.supersedesId === null ? null : await checkOverride(trx, current, input, proposal.supersedesId);
      const handler = overriding?.handler ?? checkInput(current, proposal);
      if ((await repo.resolveProposal(trx, proposal.id, ProposalStatus.CONFIRMED, me, at, note)) !== 1) throw wrongState('proposal changed concurrently');
      await recordAudit(trx, actor, { action: 'review.case.confirm', entityType: CASE_ENTITY, entityId: caseId, after: { proposalId: proposal.id, proposerId: proposal.proposerId, note } });
      // The proposer decided what; the confirmer made it take effect (the subject's step changes now).
      if (overriding) return replace(trx, current, handler, overriding.previous, proposal.proposerId, me, actor, input);
      const decided = await close(trx, { ...current, assigneeId: proposal.proposerId }, handler, { type: 'reviewer', id: proposal.proposerId }, me, actor, input);
      return decided;
    });
  }

  /**
   * A senior reviewer (the route checks the role) overrides a provider's decision (decision 022):
   * a new decision that supersedes it, with a required reason (the internal note). Where four-eyes
   * applies to the new decision, it is a proposal against the provider's decision and takes effect
   * when another senior reviewer confirms it.
   */
  async function override(caseId: string, actor: Actor, input: DecisionInput): Promise<Decided | Proposed> {
    if (actor.type !== 'reviewer' || !actor.id) throw new BusinessError(RetCode.NO_PERMISSION, 'user no permission');
    const me = actor.id;
    return transaction(async (trx) => {
      const row = await repo.findCase(trx, caseId, { lock: true });
      if (!row) throw notFound();
      const current = toCase(row);
      if (await repo.findOpenProposal(trx, caseId)) throw wrongState('a proposal awaits a second look');
      const { handler, previous } = await checkOverride(trx, current, input);
      if (needsSecondLook(fourEyes, current, input)) return propose(trx, current, me, actor, input, previous.id);
      return replace(trx, current, handler, previous, me, null, actor, input);
    });
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
      if (change === 'assign') await handlers.get(row.subject_kind as SubjectKind)?.assigned?.(trx, toCase({ ...row, assignee_id: to }), actor);
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

    /** The reviewers' dashboard (decision 030): each reviewed kind's pending work, as of `now`. */
    async workload(now: Date) {
      const day = 24 * 60 * 60 * 1000;
      const oneDayAgo = new Date(now.getTime() - day).toISOString();
      const threeDaysAgo = new Date(now.getTime() - 3 * day).toISOString();
      const kinds = [...handlers.keys()];
      const rows = await Promise.all(kinds.map((kind) => repo.findWorkload(db, kind, oneDayAgo, threeDaysAgo)));
      return kinds.map((kind, i) => ({ kind, ...rows[i]! }));
    },

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
     * to another reviewer answers REVIEW_CASE_ASSIGNED. Where four-eyes applies, a reviewer's
     * decision is a proposal (`kind: 'proposed'`) and nothing else changes yet.
     */
    async decide(caseId: string, actor: Actor, input: DecisionInput): Promise<Decided | Proposed> {
      return afterCommit(await transaction((trx) => decideIn(trx, caseId, actor, input)));
    },

    /** Decides the case of a subject in one step (a provider's webhook knows the subject, not the case). */
    async decideSubject(kind: SubjectKind, subjectId: string, actor: Actor, input: DecisionInput): Promise<Decided> {
      const found = await repo.findCaseBySubject(db, kind, subjectId);
      if (!found) throw notFound();
      if (actor.type === 'reviewer') throw new Error('reviewers decide cases through decide()');
      return afterCommit((await transaction((trx) => decideIn(trx, found.id, actor, input))) as Decided);
    },

    /**
     * A senior reviewer (the route checks the role) confirms another reviewer's proposal: the
     * decision is made as proposed, the proposer its decider and the confirmer `confirmedBy`. The
     * proposer themself gets REVIEW_SELF_CONFIRMATION; no open proposal: WRONG_STATE.
     */
    confirm: async (caseId: string, actor: Actor, note: string) => afterCommit((await secondLook(caseId, actor, 'confirm', note)) as Decided),

    override,

    /**
     * In `trx`: whether a reviewer took the subject's case out of the provider's hands — its
     * current decision overrides a provider's, or an override awaits a second look. A vendor's later
     * result for the same verification must then not decide anything (decision 022).
     */
    async overriddenByReviewer(trx: Db, kind: SubjectKind, subjectId: string): Promise<boolean> {
      const found = await repo.findCaseBySubject(trx, kind, subjectId);
      if (!found) return false;
      const decision = await repo.findCurrentDecision(trx, found.id);
      if (decision && decision.supersedes_id !== null) return true;
      return (await repo.findOpenProposal(trx, found.id))?.supersedes_id != null;
    },

    /** Every decision of the given cases (overridden ones too), oldest first, keyed by case id. */
    async decisionHistoryOf(caseIds: readonly string[]): Promise<Map<string, ReviewDecision[]>> {
      const out = new Map<string, ReviewDecision[]>();
      for (const row of await repo.findDecisionHistory(db, caseIds)) out.set(row.case_id, [...(out.get(row.case_id) ?? []), toDecision(row)]);
      return out;
    },

    /** Sends a proposal back to its proposer with why; the case stays pending, theirs. Same rules as confirm. */
    sendBack: (caseId: string, actor: Actor, note: string) => secondLook(caseId, actor, 'send_back', note) as Promise<SentBack>,

    /** The proposals of the given cases (newest first), keyed by case id. */
    async proposalsOf(caseIds: readonly string[]): Promise<Map<string, ReviewProposal[]>> {
      const out = new Map<string, ReviewProposal[]>();
      for (const row of await repo.findProposals(db, caseIds)) out.set(row.case_id, [...(out.get(row.case_id) ?? []), toProposal(row)]);
      return out;
    },

    /** A user's cases, oldest first (data export, retention). */
    async casesOfUser(userId: string, trx: Db = db): Promise<ReviewCase[]> {
      return (await repo.findCasesOfUser(trx, userId)).map(toCase);
    },

    /** The newest cases of each given user (the console's search results), at most `perUser` each. */
    async recentCasesOfUsers(userIds: readonly string[], perUser: number): Promise<Map<string, ReviewCase[]>> {
      const rows = await repo.findCasesOfUsers(db, userIds);
      const byUser = new Map<string, ReviewCase[]>();
      for (const row of rows) {
        const list = byUser.get(row.user_id) ?? [];
        if (list.length < perUser) list.push(toCase(row));
        byUser.set(row.user_id, list);
      }
      return byUser;
    },

    /** Retention: users only ever rejected, the last decision before `cutoff` (ISO time). */
    rejectedOnlyUsers: (cutoff: string): Promise<string[]> => repo.findRejectedOnlyUsers(db, cutoff),

    /** Retention: blanks the free text (messages, notes) of a user's decisions and proposals, in `trx`. */
    async eraseFreeTextOf(trx: Db, userId: string): Promise<void> {
      await repo.eraseFreeText(trx, (await repo.findCasesOfUser(trx, userId)).map((c) => c.id));
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

    /** Cases of the given subjects of one kind (e.g. a user's applications), keyed by subject id; in `q` when given (a caller's transaction). */
    async casesOfSubjects(kind: SubjectKind, subjectIds: readonly string[], q: Db = db): Promise<Map<string, ReviewCase>> {
      return new Map((await repo.findCasesBySubjects(q, kind, subjectIds)).map((r) => [r.subject_id, toCase(r)]));
    },


    /** The current decision of each given case, keyed by case id. */
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

    async queue(input: QueueInput): Promise<{ items: ReviewCase[]; total: number; totalIsLowerBound: boolean; next: QueueCursor | null; prev: QueueCursor | null }> {
      // The queue's page and count are its heavy reads: off the event loop on the embedded database.
      const { items, total, totalIsLowerBound, next, prev } = await repo.findQueue(readerOf(db), {
        status: input.status,
        kind: input.kind,
        level: input.level,
        country: input.country,
        provider: input.provider,
        assigneeId: input.assigneeId,
        awaitingSecondLook: input.awaitingSecondLook,
        limit: input.pageSize,
        start: input.cursor ?? { kind: 'offset', offset: (input.page - 1) * input.pageSize },
        page: input.page,
        ...(input.sort ? { sort: input.sort } : {}),
      });
      return { items: items.map(toCase), total, totalIsLowerBound, next, prev };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
