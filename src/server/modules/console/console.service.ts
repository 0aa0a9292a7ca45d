import type { ConsoleCase, ConsoleDecisionResult, ConsoleHistoryEntry, ConsoleQueueItem, ConsoleQueuePage } from '../../../shared/api/console.ts';
import type { ApplicationStatus } from '../../../shared/api/applications.ts';
import type { ProofOfAddressType, SelectableDocumentType } from '../../../shared/api/document-types.ts';
import { API_PREFIX, ApiPath } from '../../../shared/api/paths.ts';
import type { Provider, VerifiableLevel } from '../../../shared/kyc.ts';
import type { Db } from '../../db/index.ts';
import { notFound } from '../../errors.ts';
import { listAudit, recordAudit, type Actor } from '../audit/audit.repo.ts';
import * as kycRepo from '../kyc/kyc.repo.ts';
import { parseSnapshot, stepEntityId, toDecision, type KycDocumentsPort, type KycService, type RejectInput } from '../kyc/kyc.service.ts';
import * as repo from './console.repo.ts';

export interface ConsoleDeps {
  db: Db;
  kyc: KycService;
  documents: Pick<KycDocumentsPort, 'listForApplication'>;
}

export interface QueueInput {
  status: ApplicationStatus;
  level?: VerifiableLevel;
  country?: string;
  provider?: Provider;
  page: number;
  pageSize: number;
}

function toItem(row: kycRepo.ApplicationRow & { email: string }): ConsoleQueueItem {
  return {
    id: row.id,
    userId: row.user_id,
    email: row.email,
    level: row.level as VerifiableLevel,
    country: row.country,
    documentType: row.document_type as SelectableDocumentType | ProofOfAddressType,
    provider: row.provider as Provider,
    status: row.status as ApplicationStatus,
    submittedAt: row.submitted_at,
  };
}

/**
 * A reviewer opened a case (its personal data and documents). Every read is kept in the audit table,
 * but not listed in the case's history, which tells what happened to the application (decision 010).
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
 * The compliance console's reads (queue, case) and its decisions, which the kyc service carries out
 * (it owns the step state machine). Callers are reviewers; the routes enforce that.
 */
export function createConsoleService({ db, kyc, documents }: ConsoleDeps) {
  return {
    async queue(input: QueueInput): Promise<ConsoleQueuePage> {
      const { items, total } = await repo.findQueue(db, {
        status: input.status,
        level: input.level,
        country: input.country,
        provider: input.provider,
        limit: input.pageSize,
        offset: (input.page - 1) * input.pageSize,
      });
      return { items: items.map(toItem), total, page: input.page, pageSize: input.pageSize };
    },

    /**
     * One application with what a reviewer needs to decide: submitted data, documents, history. The
     * read itself is audited (CASE_VIEW_ACTION, the reviewer and the application) once the case is found.
     */
    async getCase(id: string, actor: Actor): Promise<ConsoleCase> {
      const app = await repo.findApplicationWithUser(db, id);
      if (!app) throw notFound();
      const level = app.level as VerifiableLevel;
      const all = await kycRepo.findApplicationsOfUser(db, app.user_id);
      const decisions = new Map((await kycRepo.findDecisions(db, all.map((a) => a.id))).map((d) => [d.application_id, toDecision(d)]));
      const steps = await kyc.stepsOf(app.user_id);
      const docs = await documents.listForApplication(db, id);

      // Records of one transaction share a timestamp: the step change is listed before the
      // application record that explains it.
      const rank = (entityType: string) => (entityType === 'kyc_step' ? 0 : 1);
      const audit = [...(await listAudit(db, 'kyc_application', id, { excludeActions: [CASE_VIEW_ACTION] })), ...(await listAudit(db, 'kyc_step', stepEntityId(app.user_id, level)))].sort(
        (a, b) => a.at.localeCompare(b.at) || rank(a.entity_type) - rank(b.entity_type) || a.id.localeCompare(b.id),
      );
      const emails = new Map((await repo.findEmails(db, [...new Set(audit.map((a) => a.actor_id).filter((x): x is string => x !== null))])).map((u) => [u.id, u.email]));
      const history: ConsoleHistoryEntry[] = audit.map((a) => ({
        at: a.at,
        actorType: a.actor_type,
        actorId: a.actor_id,
        actorEmail: a.actor_id ? (emails.get(a.actor_id) ?? null) : null,
        action: a.action,
        before: parseJson(a.before),
        after: parseJson(a.after),
      }));

      await recordAudit(db, actor, { action: CASE_VIEW_ACTION, entityType: 'kyc_application', entityId: id, after: { userId: app.user_id, level, status: app.status } });

      return {
        application: { ...toItem(app), decidedAt: app.decided_at },
        user: { id: app.user_id, email: app.email, createdAt: app.user_created_at },
        steps: [
          { level: 1, status: steps[1] },
          { level: 2, status: steps[2] },
        ],
        submitted: parseSnapshot(app.submitted),
        documents: docs.map((d) => ({
          id: d.id,
          kind: d.kind,
          mime: d.mime,
          byteSize: d.byteSize,
          width: d.width,
          height: d.height,
          createdAt: d.createdAt,
          downloadPath: `${API_PREFIX}${ApiPath.consoleDocument}/${d.id}`,
        })),
        decision: decisions.get(id) ?? null,
        previous: all
          .filter((a) => a.id !== id)
          .map((a) => ({ id: a.id, level: a.level as VerifiableLevel, status: a.status as ApplicationStatus, submittedAt: a.submitted_at, decision: decisions.get(a.id) ?? null })),
        history,
      };
    },

    approve: (id: string, actor: Actor, input: { internalNote: string }): Promise<ConsoleDecisionResult> => kyc.approve(id, actor, input),
    reject: (id: string, actor: Actor, input: RejectInput): Promise<ConsoleDecisionResult> => kyc.reject(id, actor, input),
  };
}

export type ConsoleService = ReturnType<typeof createConsoleService>;
