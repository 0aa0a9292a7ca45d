import { USER_CASES_SHOWN, type ConsoleAssignResult, type ConsoleCase, type ConsoleDecision, type ConsoleDecisionResult, type ConsoleHistoryEntry, type ConsoleProposal, type ConsoleQueueItem, type ConsoleQueuePage, type ConsoleWorkload, type OverrideRequest } from '../../../shared/api/console.ts';

/** A case page before the user's other cases are added. */
type CaseView = Omit<ConsoleCase, 'userCases'>;
import type { RejectMode, RejectReasonCode } from '../../../shared/review-reasons.ts';
import { encodeQueueCursor, type QueueCursor } from '../../../shared/api/queue-cursor.ts';
import type { Provider } from '../../../shared/kyc.ts';
import { AssigneeFilter, CaseStatus, DecisionOutcome, ProposalStatus, SubjectKind, type QueueSort } from '../../../shared/review.ts';
import { createConsoleSearch } from './console-search.ts';
import type { ConsoleUserView } from '../../../shared/api/console-user.ts';
import type { ComplianceTask } from '../../../shared/api/compliance-tasks.ts';
import type { KycLimitationInfo } from '../../../shared/api/kyc-info.ts';
import { notFound } from '../../errors.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { listAuditOf, recordAudit, type Actor } from '../audit/audit.service.ts';
import type { KycService } from '../kyc/kyc.service.ts';
import { secondsToDecision, type Decided, type Proposed, type ReviewCase, type ReviewDecision, type ReviewProposal, type ReviewService, type SentBack } from '../review/review.service.ts';
import type { RequestPlace, ReverificationService } from '../reverification/reverification.service.ts';
import type { RequestReverification, RequestReverificationResult } from '../../../shared/api/reverification.ts';
import type { Db } from '../../db/index.ts';
import type { ScreeningSubject } from '../../../shared/api/screening.ts';
import type { QuestionnaireSubject } from '../../../shared/api/questionnaire-review.ts';
import type { IdentityTransferSubject } from '../../../shared/api/identity-transfer.ts';
import type { RfiSubject } from '../../../shared/api/compliance-tasks.ts';
import type { EddSubject } from '../../../shared/api/edd.ts';
import type { MemberTagSubject } from '../../../shared/api/member-tag-change.ts';
import { toConsoleDocument, type DocumentsService } from '../documents/documents.service.ts';

export interface ConsoleDeps {
  db: Db;
  review: ReviewService;
  kyc: Pick<KycService, 'applicationForReview' | 'documentTypesOf' | 'usersByName' | 'namesOf' | 'usersByDocumentNumber'>;
  accounts: Pick<AccountsService, 'usersByIds' | 'userByEmail'>;
  reverification: Pick<ReverificationService, 'subjectForReview' | 'documentTypesOf' | 'request' | 'usersByDocumentNumber'>;
  /** The user's pictures that look alike (decision 048), flagged on a case's documents. */
  documents: Pick<DocumentsService, 'samePicturesOf' | 'listOfUser'>;
  /** QUESTIONNAIRE cases: the answers with the template's questions and scores (decision 020). */
  questionnaires?: { forReview(c: ReviewCase): Promise<QuestionnaireSubject> };
  /** SCREENING cases' subject (decision 026); absent: such cases are not shown. */
  screening?: { subjectForReview(matchId: string): Promise<ScreeningSubject> };
  /** IDENTITY_TRANSFER cases: the two accounts, the identity that moves, the rules that asked (decision 029). */
  transfers?: { forReview(c: ReviewCase): Promise<IdentityTransferSubject> };
  /** RFI cases: the round, the user's answer and pictures, earlier rounds (decision 027). */
  rfi?: { forReview(c: ReviewCase): Promise<RfiSubject> };
  /** EDD cases: the round, why it opened, each questionnaire's answers and evidence (decision 028). */
  edd?: { forReview(c: ReviewCase): Promise<EddSubject> };
  /** MEMBER_TAG cases: the tag change that lowers a duty, and the tag now (decision 036). */
  memberTags?: { forReview(c: ReviewCase): Promise<MemberTagSubject> };
  /** The user view's states from their modules (decision 051); absent parts are shown as off. */
  userStates?: UserStatePorts;
}

/** What the user view asks the other modules (each their own public service). */
export interface UserStatePorts {
  level(userId: string): Promise<number>;
  limitation(userId: string): Promise<KycLimitationInfo>;
  tasks(userId: string): Promise<ComplianceTask[]>;
  screening?(userId: string): Promise<ConsoleUserView['screening']>;
  edd?(userId: string): Promise<ConsoleUserView['edd']>;
}

/** The record each kind's subject writes its audit entries under (entity id: the subject's id). */
const SUBJECT_ENTITY: Record<SubjectKind, string> = {
  KYC_APPLICATION: 'kyc_application',
  REVERIFICATION: 'reverification_submission',
  QUESTIONNAIRE: 'questionnaire_answer',
  SCREENING: 'screening_match',
  RFI: 'rfi_request',
  EDD: 'edd_round',
  IDENTITY_TRANSFER: 'identity_transfer',
  MEMBER_TAG: 'member_tag_change',
  COMPLIANCE_TASK: 'compliance_task',
};

/** A reviewer opened a user's page (every case, tasks, states): audited like a case's view, not listed in histories. */
export const USER_VIEW_ACTION = 'console.user.view';

export interface QueueInput {
  status: CaseStatus;
  kind?: SubjectKind;
  /** `any`, `unassigned`, `me`, or a reviewer's id. */
  assignee: string;
  level?: 1 | 2;
  country?: string;
  provider?: Provider;
  /** 'true': only cases awaiting a second look. */
  secondLook?: 'true';
  page: number;
  pageSize: number;
  /** Where the page starts (keyset paging, decision 024). */
  cursor?: QueueCursor;
  /** The order (decision 051). */
  sort?: QueueSort;
}

export interface RejectInput {
  mode: RejectMode;
  reasonCode: RejectReasonCode;
  /** Further reasons (decision 052): the user is shown each. */
  reasonCodes?: readonly RejectReasonCode[] | undefined;
  userMessage: string;
  internalNote: string;
}

/**
 * A reviewer opened a case (its personal data and documents). Every read is kept in the audit table,
 * but not listed in the case's history, which tells what happened to the case (decision 010).
 */
export const CASE_VIEW_ACTION = 'console.case.view';

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The compliance console: composes the review module's cases and decisions with what the subject
 * modules (kyc), documents and accounts expose through their services. It owns no table.
 */
export function createConsoleService({ db, review, kyc, accounts, reverification, documents, questionnaires, screening, transfers, rfi, edd, memberTags, userStates }: ConsoleDeps) {
  async function toItems(cases: ReviewCase[]): Promise<ConsoleQueueItem[]> {
    // Pending cases' first decisions and decided cases' overrides (decision 022) both wait for a second look.
    const proposals = await review.proposalsOf(cases.map((c) => c.id));
    const open = new Map([...proposals].flatMap(([caseId, list]) => list.filter((p) => p.status === ProposalStatus.OPEN).map((p) => [caseId, p] as const)));
    const users = await accounts.usersByIds([...cases.flatMap((c) => (c.assigneeId ? [c.userId, c.assigneeId] : [c.userId])), ...[...open.values()].map((p) => p.proposerId)]);
    const kycIds = cases.filter((c) => c.subjectKind === SubjectKind.KYC_APPLICATION).map((c) => c.subjectId);
    const updateIds = cases.filter((c) => c.subjectKind === SubjectKind.REVERIFICATION).map((c) => c.subjectId);
    const documentTypes = new Map<string, string>([
      ...(kycIds.length > 0 ? await kyc.documentTypesOf(kycIds) : []),
      ...(updateIds.length > 0 ? await reverification.documentTypesOf(updateIds) : []),
    ]);
    return cases.map((c) => ({
      id: c.id,
      kind: c.subjectKind,
      subjectId: c.subjectId,
      userId: c.userId,
      email: users.get(c.userId)?.email ?? '',
      level: c.level === 1 || c.level === 2 ? c.level : null,
      country: c.country,
      documentType: documentTypes.get(c.subjectId) ?? null,
      provider: c.provider,
      status: c.status,
      assignee: c.assigneeId ? { id: c.assigneeId, email: users.get(c.assigneeId)?.email ?? '' } : null,
      openedAt: c.openedAt,
      decidedAt: c.decidedAt,
      secondsToDecision: secondsToDecision(c),
      awaitingSecondLook: open.has(c.id)
        ? { proposer: { id: open.get(c.id)!.proposerId, email: users.get(open.get(c.id)!.proposerId)?.email ?? '' }, outcome: open.get(c.id)!.outcome, proposedAt: open.get(c.id)!.proposedAt }
        : null,
    }));
  }

  async function toProposals(list: ReviewProposal[]): Promise<ConsoleProposal[]> {
    const users = await accounts.usersByIds(list.flatMap((p) => (p.resolvedBy ? [p.proposerId, p.resolvedBy] : [p.proposerId])));
    const ref = (id: string) => ({ id, email: users.get(id)?.email ?? '' });
    return list.map((p) => ({
      id: p.id,
      outcome: p.outcome,
      mode: p.mode,
      reasonCode: p.reasonCode,
      reasonCodes: p.reasonCode === null ? [] : [...new Set([p.reasonCode, ...(p.reasonCodes ?? [])])],
      userMessage: p.userMessage,
      internalNote: p.internalNote,
      proposer: ref(p.proposerId),
      proposedAt: p.proposedAt,
      status: p.status,
      resolvedBy: p.resolvedBy ? ref(p.resolvedBy) : null,
      resolvedAt: p.resolvedAt,
      resolutionNote: p.resolutionNote,
      supersedesId: p.supersedesId,
    }));
  }

  /** Decisions as the console shows them, in the given order. */
  async function toDecisionList(decisions: ReviewDecision[]): Promise<ConsoleDecision[]> {
    const reviewers = await accounts.usersByIds(decisions.flatMap((d) => [...(d.decider.type === 'reviewer' && d.decider.id ? [d.decider.id] : []), ...(d.confirmedBy ? [d.confirmedBy] : [])]));
    return decisions.map(
      (d): ConsoleDecision => ({
          id: d.id,
          outcome: d.outcome,
          mode: d.mode,
          reasonCode: d.reasonCode,
          userMessage: d.userMessage,
          internalNote: d.internalNote,
          decider: { type: d.decider.type, id: d.decider.id, email: d.decider.type === 'reviewer' && d.decider.id ? (reviewers.get(d.decider.id)?.email ?? null) : null },
          confirmedBy: d.confirmedBy ? { id: d.confirmedBy, email: reviewers.get(d.confirmedBy)?.email ?? '' } : null,
          decidedAt: d.decidedAt,
          reasonCodes: [...(d.reasonCodes ?? [])],
          supersedesId: d.supersedesId,
          current: d.current,
      }),
    );
  }

  /** Current decisions keyed by case id. */
  async function toDecisions(decisions: ReviewDecision[]): Promise<Map<string, ConsoleDecision>> {
    const list = await toDecisionList(decisions);
    return new Map(decisions.map((d, i) => [d.caseId, list[i]!]));
  }

  async function decisionResult(result: Decided | Proposed | SentBack): Promise<ConsoleDecisionResult> {
    if (result.kind !== 'decided') {
      const [proposal] = await toProposals([result.proposal]);
      return { caseId: result.case.id, status: result.case.status, subjectStatus: null, decision: null, proposal: proposal! };
    }
    const decision = (await toDecisions([result.decision])).get(result.case.id)!;
    return { caseId: result.case.id, status: result.case.status, subjectStatus: result.subjectStatus, decision, proposal: null };
  }

  /** The audit entries of a case's entities, oldest first (same-time entries in `rank` order); views and `exclude` left out. */
  async function historyOf(entities: { entityType: string; entityId: string }[], rank: Record<string, number>, exclude: readonly string[] = []): Promise<ConsoleHistoryEntry[]> {
    const audit = (await listAuditOf(db, entities, { excludeActions: [CASE_VIEW_ACTION, ...exclude] })).sort(
      (a, b) => a.at.localeCompare(b.at) || (rank[a.entity_type] ?? 9) - (rank[b.entity_type] ?? 9) || a.id.localeCompare(b.id),
    );
    const emails = await accounts.usersByIds(audit.flatMap((a) => (a.actor_id ? [a.actor_id] : [])));
    return audit.map((a) => ({
      at: a.at,
      actorType: a.actor_type,
      actorId: a.actor_id,
      actorEmail: a.actor_id ? (emails.get(a.actor_id)?.email ?? null) : null,
      action: a.action,
      before: parseJson(a.before),
      after: parseJson(a.after),
    }));
  }

  /**
   * A case whose subject its own module describes: the subject, the case's decisions and four-eyes
   * proposals, and the history of the case and the subject's records (`entities`; same-time entries in
   * `rank` order, `exclude`d actions left out). The read is audited after the history is taken, so a
   * view never lists itself.
   */
  async function subjectCase(
    c: ReviewCase,
    item: ConsoleQueueItem,
    actor: Actor,
    subject: ConsoleCase['subject'],
    entities: { entityType: string; entityId: string }[],
    rank: Record<string, number> = {},
    exclude: readonly string[] = [],
  ): Promise<CaseView> {
    const decisions = await toDecisions([...(await review.decisionsOf([c.id])).values()]);
    const user = (await accounts.usersByIds([c.userId])).get(c.userId);
    const history = await historyOf([{ entityType: 'review_case', entityId: c.id }, ...entities], rank, exclude);
    await recordAudit(db, actor, { action: CASE_VIEW_ACTION, entityType: 'review_case', entityId: c.id, after: { userId: c.userId, kind: c.subjectKind, subjectId: c.subjectId, status: c.status } });
    return {
      case: item,
      user: { id: c.userId, email: user?.email ?? '', createdAt: user?.createdAt ?? '' },
      subject,
      decision: decisions.get(c.id) ?? null,
      decisions: await toDecisionList((await review.decisionHistoryOf([c.id])).get(c.id) ?? []),
      proposals: await toProposals((await review.proposalsOf([c.id])).get(c.id) ?? []),
      history,
    };
  }

  /** A REVERIFICATION case: the update, the request behind it, what is verified now, its history. */
  async function reverificationCase(c: ReviewCase, item: ConsoleQueueItem, actor: Actor): Promise<CaseView> {
    const subject = await reverification.subjectForReview(c.subjectId);
    return subjectCase(
      c,
      item,
      actor,
      subject,
      [
        { entityType: 'reverification_request', entityId: subject.request.id },
        { entityType: 'reverification_submission', entityId: subject.submission.id },
        { entityType: 'reverification_step', entityId: `${c.userId}:${subject.submission.target}` },
      ],
      { reverification_request: 0, reverification_step: 1, reverification_submission: 2, review_case: 3 },
    );
  }

  /** A SCREENING case: our data next to the list entries it matched, scores, list version, history. */
  async function screeningCase(c: ReviewCase, item: ConsoleQueueItem, actor: Actor): Promise<CaseView> {
    const subject = await screening!.subjectForReview(c.subjectId);
    return subjectCase(c, item, actor, subject, [{ entityType: 'screening_match', entityId: c.subjectId }], { screening_match: 0, review_case: 1 });
  }

  /** An RFI case: the question, the user's answer and pictures, earlier rounds, its history. */
  async function rfiCase(c: ReviewCase, item: ConsoleQueueItem, actor: Actor): Promise<CaseView> {
    const subject = await rfi!.forReview(c);
    return subjectCase(
      c,
      item,
      actor,
      subject,
      [
        { entityType: 'rfi_request', entityId: c.subjectId },
        { entityType: 'compliance_task', entityId: subject.rfi.taskId },
      ],
      { compliance_task: 0, rfi_request: 1, review_case: 2 },
    );
  }

  /** A QUESTIONNAIRE case: the answers against the template version they answered, scores, evidence, history. */
  async function questionnaireCase(c: ReviewCase, item: ConsoleQueueItem, actor: Actor): Promise<CaseView> {
    const subject = await questionnaires!.forReview(c);
    return subjectCase(
      c,
      item,
      actor,
      subject,
      [
        { entityType: 'questionnaire_answer', entityId: c.subjectId },
        { entityType: 'questionnaire_step', entityId: `${c.userId}:${subject.questionnaire.templateCode}` },
      ],
      {},
      ['questionnaire.draft.save'],
    );
  }

  /** An IDENTITY_TRANSFER case: both accounts, the identity that moves, the rules, its history. */
  async function transferCase(c: ReviewCase, item: ConsoleQueueItem, actor: Actor): Promise<CaseView> {
    const subject = await transfers!.forReview(c);
    return subjectCase(
      c,
      item,
      actor,
      subject,
      [
        { entityType: 'identity_transfer', entityId: c.subjectId },
        { entityType: 'identity_transfer_step', entityId: c.subjectId },
      ],
      { identity_transfer: 0, identity_transfer_step: 1, review_case: 2 },
    );
  }

  /** An EDD case: the round and its questionnaires; the history of the case, the round, the EDD status and each questionnaire. */
  async function eddCase(c: ReviewCase, item: ConsoleQueueItem, actor: Actor): Promise<CaseView> {
    const subject = await edd!.forReview(c);
    return subjectCase(
      c,
      item,
      actor,
      subject,
      [
        { entityType: 'edd_round', entityId: c.subjectId },
        { entityType: 'edd_step', entityId: c.userId },
        ...subject.questionnaires.flatMap((q) => [
          { entityType: 'questionnaire_answer', entityId: q.questionnaire.id },
          { entityType: 'questionnaire_step', entityId: `${c.userId}:${q.questionnaire.templateCode}` },
        ]),
      ],
      { edd_step: 0, edd_round: 1, questionnaire_step: 2, questionnaire_answer: 3, review_case: 4 },
      ['questionnaire.draft.save'],
    );
  }

  /** The case as the console shows it, without the user's other cases (getCase adds them). */
  async function caseView(id: string, actor: Actor): Promise<CaseView> {
    const c = await review.getCase(id);
    if (!c) throw notFound();
    const [item] = await toItems([c]);
    if (c.subjectKind === SubjectKind.REVERIFICATION) return reverificationCase(c, item!, actor);
    if (c.subjectKind === SubjectKind.QUESTIONNAIRE && questionnaires) return questionnaireCase(c, item!, actor);
    if (c.subjectKind === SubjectKind.SCREENING && screening) return screeningCase(c, item!, actor);
    if (c.subjectKind === SubjectKind.IDENTITY_TRANSFER && transfers) return transferCase(c, item!, actor);
    if (c.subjectKind === SubjectKind.RFI && rfi) return rfiCase(c, item!, actor);
    if (c.subjectKind === SubjectKind.EDD && edd) return eddCase(c, item!, actor);
    if (c.subjectKind === SubjectKind.MEMBER_TAG && memberTags) {
      // Decision 036: the change's own record, then the case's; the tag's audit is on the member.
      return subjectCase(c, item!, actor, await memberTags.forReview(c), [{ entityType: 'member_tag_change', entityId: c.subjectId }], { member_tag_change: 0, review_case: 1 });
    }
    const app = await kyc.applicationForReview(c.subjectId);
    const otherCases = await review.casesOfSubjects(SubjectKind.KYC_APPLICATION, app.others.map((o) => o.id));
    const decisions = await toDecisions([...(await review.decisionsOf([c.id, ...[...otherCases.values()].map((o) => o.id)])).values()]);
    const user = (await accounts.usersByIds([c.userId])).get(c.userId);
    const samePictures = await documents.samePicturesOf(db, c.userId, app.documents);

    // Records of one transaction share a timestamp: the step change is listed before the
    // application record that explains it, and the case's record after both.
    const history = await historyOf(
      [
        { entityType: 'review_case', entityId: c.id },
        { entityType: 'kyc_application', entityId: app.id },
        { entityType: 'kyc_step', entityId: `${c.userId}:${app.level}` },
      ],
      { kyc_step: 0, kyc_application: 1, review_case: 2 },
    );

    await recordAudit(db, actor, { action: CASE_VIEW_ACTION, entityType: 'review_case', entityId: c.id, after: { userId: c.userId, kind: c.subjectKind, subjectId: c.subjectId, status: c.status } });

    return {
      case: item!,
      user: { id: c.userId, email: user?.email ?? '', createdAt: user?.createdAt ?? '' },
      subject: {
        kind: SubjectKind.KYC_APPLICATION,
        application: {
          id: app.id,
          level: app.level,
          country: app.country,
          documentType: app.documentType,
          provider: app.provider,
          status: app.status,
          submittedAt: app.submittedAt,
          decidedAt: app.decidedAt,
        },
        steps: app.steps,
        submitted: app.submitted,
        documents: app.documents.map((d) => toConsoleDocument(d, samePictures.get(d.id))),
        previous: app.others.map((o) => {
          const oc = otherCases.get(o.id);
          return { id: o.id, caseId: oc?.id ?? null, level: o.level, status: o.status, submittedAt: o.submittedAt, decision: (oc && decisions.get(oc.id)) ?? null };
        }),
      },
      decision: decisions.get(c.id) ?? null,
      decisions: await toDecisionList((await review.decisionHistoryOf([c.id])).get(c.id) ?? []),
      proposals: await toProposals((await review.proposalsOf([c.id])).get(c.id) ?? []),
      history,
    };
  }

  const finder = createConsoleSearch({ db, review, accounts, kyc, reverification });

  return {
    subjectKinds: () => review.subjectKinds(),

    /** Users by e-mail, name, user id, case id or document number (decision 051). */
    search: finder.search,

    /**
     * The user view (decision 051): every case of every kind, the submitted documents, the tasks, the screening and EDD
     * states, the limitation and the timeline of all of the user's cases. The read is audited.
     */
    async userView(userId: string, actor: Actor): Promise<ConsoleUserView> {
      const user = (await accounts.usersByIds([userId])).get(userId);
      if (!user) throw notFound();
      const cases = [...(await review.casesOfUser(userId))].reverse();
      const byEntity = new Map(cases.flatMap((c) => [[`review_case:${c.id}`, c] as const, [`${SUBJECT_ENTITY[c.subjectKind]}:${c.subjectId}`, c] as const]));
      const audit = (await listAuditOf(db, [...byEntity.keys()].map((key) => ({ entityType: key.slice(0, key.indexOf(':')), entityId: key.slice(key.indexOf(':') + 1) })), { excludeActions: [CASE_VIEW_ACTION, 'questionnaire.draft.save'] })).sort(
        (a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id),
      );
      const emails = await accounts.usersByIds(audit.flatMap((a) => (a.actor_id ? [a.actor_id] : [])));
      const [names, level, limitation, tasks, screeningState, eddState] = await Promise.all([
        kyc.namesOf([userId]),
        userStates ? userStates.level(userId) : Promise.resolve(0),
        userStates ? userStates.limitation(userId) : Promise.resolve({ limitation: 'LIMITATION_DEFAULT', reasons: [], actions: [] }),
        userStates ? userStates.tasks(userId) : Promise.resolve([]),
        userStates?.screening ? userStates.screening(userId) : Promise.resolve(null),
        userStates?.edd ? userStates.edd(userId) : Promise.resolve(null),
      ]);
      // Submitted pictures only: a draft is the user's until they send it (decision 048).
      const pictures = (await documents.listOfUser(db, userId)).filter((d) => d.applicationId !== null).reverse();
      const samePictures = await documents.samePicturesOf(db, userId, pictures);
      await recordAudit(db, actor, { action: USER_VIEW_ACTION, entityType: 'user', entityId: userId, after: { cases: cases.length } });
      return {
        user: { id: userId, email: user.email, name: names.get(userId) ?? '', createdAt: user.createdAt },
        level,
        limitation,
        screening: screeningState,
        edd: eddState,
        cases: cases.map((c) => ({ id: c.id, kind: c.subjectKind, status: c.status, level: c.level, openedAt: c.openedAt, decidedAt: c.decidedAt })),
        documents: pictures.map((d) => toConsoleDocument(d, samePictures.get(d.id))),
        tasks: [...tasks].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
        timeline: audit.map((a) => {
          const c = byEntity.get(`${a.entity_type}:${a.entity_id}`)!;
          return {
            at: a.at,
            actorType: a.actor_type,
            actorId: a.actor_id,
            actorEmail: a.actor_id ? (emails.get(a.actor_id)?.email ?? null) : null,
            action: a.action,
            before: parseJson(a.before),
            after: parseJson(a.after),
            caseId: c.id,
            kind: c.subjectKind,
          };
        }),
      };
    },

    /** The reviewers' dashboard (decision 030): pending counts and ages per kind. */
    async workload(): Promise<ConsoleWorkload> {
      const now = new Date();
      const kinds = await review.workload(now);
      return {
        asOf: now.toISOString(),
        kinds: kinds.map((k) => ({
          kind: k.kind,
          pending: k.pending,
          waitingOverOneDay: k.overOneDay,
          waitingOverThreeDays: k.overThreeDays,
          oldestOpenedAt: k.oldestOpenedAt,
          awaitingSecondLook: k.awaitingSecondLook,
        })),
      };
    },

    /** A reviewer asks a user to verify a document again (decision 017). */
    requestReverification: (input: RequestReverification, actor: Actor, place: RequestPlace): Promise<RequestReverificationResult> => reverification.request(input, actor, place),

    async queue(input: QueueInput, actor: Actor): Promise<ConsoleQueuePage> {
      const assigneeId = input.assignee === AssigneeFilter.ANY ? undefined : input.assignee === AssigneeFilter.UNASSIGNED ? null : input.assignee === AssigneeFilter.ME ? actor.id : input.assignee;
      const { items, total, totalIsLowerBound, next, prev } = await review.queue({
        status: input.status,
        kind: input.kind,
        level: input.level,
        country: input.country,
        provider: input.provider,
        assigneeId,
        awaitingSecondLook: input.secondLook === 'true',
        page: input.page,
        pageSize: input.pageSize,
        cursor: input.cursor,
        ...(input.sort ? { sort: input.sort } : {}),
      });
      return {
        items: await toItems(items),
        total,
        totalIsLowerBound,
        page: input.page,
        pageSize: input.pageSize,
        nextCursor: next && encodeQueueCursor(next),
        prevCursor: prev && encodeQueueCursor(prev),
      };
    },

    /**
     * One case with what a reviewer needs to decide: the subject (submitted data, documents, the
     * user's steps and other applications), the decision and the history. The read itself is audited
     * (CASE_VIEW_ACTION, the reviewer and the case) once the case is found.
     */
    async getCase(id: string, actor: Actor): Promise<ConsoleCase> {
      const view = await caseView(id, actor);
      const others = (await review.casesOfUser(view.user.id)).filter((o) => o.id !== id).reverse().slice(0, USER_CASES_SHOWN);
      return { ...view, userCases: others.map((o) => ({ id: o.id, kind: o.subjectKind, level: o.level as ConsoleCase['userCases'][number]['level'], status: o.status, openedAt: o.openedAt, decidedAt: o.decidedAt })) };
    },

    async assign(id: string, actor: Actor): Promise<ConsoleAssignResult> {
      const [item] = await toItems([await review.assign(id, actor)]);
      return { case: item! };
    },

    async release(id: string, actor: Actor): Promise<ConsoleAssignResult> {
      const [item] = await toItems([await review.release(id, actor)]);
      return { case: item! };
    },

    async approve(id: string, actor: Actor, input: { internalNote: string }): Promise<ConsoleDecisionResult> {
      return decisionResult(await review.decide(id, actor, { outcome: DecisionOutcome.APPROVE, mode: null, reasonCode: null, userMessage: '', internalNote: input.internalNote }));
    },

    async reject(id: string, actor: Actor, input: RejectInput): Promise<ConsoleDecisionResult> {
      return decisionResult(await review.decide(id, actor, { outcome: DecisionOutcome.REJECT, ...input }));
    },

    /**
     * Decision 022: a senior reviewer (the route checks the role) overrides the provider's decision
     * of a case, saying why; where four-eyes applies the override is a proposal first.
     */
    async override(id: string, actor: Actor, input: OverrideRequest): Promise<ConsoleDecisionResult> {
      const decision =
        input.outcome === DecisionOutcome.APPROVE
          ? { outcome: DecisionOutcome.APPROVE, mode: null, reasonCode: null, userMessage: '', internalNote: input.internalNote }
          : { outcome: DecisionOutcome.REJECT, mode: input.mode, reasonCode: input.reasonCode, ...(input.reasonCodes ? { reasonCodes: input.reasonCodes } : {}), userMessage: input.userMessage, internalNote: input.internalNote };
      return decisionResult(await review.override(id, actor, decision));
    },

    /** Four-eyes: a senior reviewer confirms another reviewer's proposal (the route checks the role). */
    async confirm(id: string, actor: Actor, input: { note: string }): Promise<ConsoleDecisionResult> {
      return decisionResult(await review.confirm(id, actor, input.note));
    },

    /** Four-eyes: a senior reviewer sends a proposal back to its proposer, saying why. */
    async sendBack(id: string, actor: Actor, input: { note: string }): Promise<ConsoleDecisionResult> {
      return decisionResult(await review.sendBack(id, actor, input.note));
    },
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
