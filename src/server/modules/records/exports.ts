import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { API_PREFIX, ApiPath } from '../../../shared/api/paths.ts';
import type { UserDataExport } from '../../../shared/api/records.ts';
import { nowIso, type Db } from '../../db/index.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { listAuditOf, recordAudit, type Actor } from '../audit/audit.service.ts';
import type { ConsoleService } from '../console/console.service.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { KycService } from '../kyc/kyc.service.ts';
import type { ReviewService } from '../review/review.service.ts';
import { SubjectKind } from '../../../shared/review.ts';
import { EMPTY_SECTIONS, type PersonalDataPort } from './port.ts';
import * as repo from './records.repo.ts';

export interface ExportDeps {
  db: Db;
  review: Pick<ReviewService, 'casesOfUser' | 'decisionsOf'>;
  kyc: Pick<KycService, 'recordsOf'>;
  accounts: Pick<AccountsService, 'usersByIds'>;
  documents: Pick<DocumentsService, 'listForApplication' | 'listOfUser' | 'readForReviewer'>;
  console: Pick<ConsoleService, 'getCase'>;
  /** Other modules' records about the user (decision 031). */
  personalData?: readonly PersonalDataPort[];
}

const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

/** Exports (decision 018): the user's own data, and a case archive for a regulator. */
export function createExports({ db, review, kyc, accounts, documents, console, personalData = [] }: ExportDeps) {
  return {
    /**
     * Everything the account area holds about the user, as one JSON document: account, personal
     * information, applications with what was submitted and their documents (the images download
     * from their addresses), the decisions about them — outcome, reason, the message to them,
     * never a reviewer's internal note or name — and their erasure requests. Audited.
     */
    async userData(userId: string, actor: Actor): Promise<UserDataExport> {
      const user = (await accounts.usersByIds([userId])).get(userId);
      const records = await kyc.recordsOf(userId);
      const cases = await review.casesOfUser(userId);
      const decisions = await review.decisionsOf(cases.map((c) => c.id));
      const applications = await Promise.all(
        records.applications.map(async (a) => ({
          ...a,
          documents: (await documents.listForApplication(db, a.id)).map((d) => ({
            id: d.id,
            kind: d.kind,
            mime: d.mime,
            byteSize: d.byteSize,
            createdAt: d.createdAt,
            downloadPath: `${API_PREFIX}${ApiPath.document}/${d.id}`,
          })),
        })),
      );
      const result: UserDataExport = {
        format: 'user-accounts/data-export/v1',
        exportedAt: nowIso(),
        account: { id: userId, email: user?.email ?? '', createdAt: user?.createdAt ?? '' },
        personalInfo: records.personalInfo,
        applications,
        decisions: cases.flatMap((c) => {
          const d = decisions.get(c.id);
          return d
            ? [{ caseId: c.id, kind: c.subjectKind, level: c.level, outcome: d.outcome, mode: d.mode, reasonCode: d.reasonCode, userMessage: d.userMessage, decidedBy: d.decider.type, decidedAt: d.decidedAt }]
            : [];
        }),
        erasureRequests: (await repo.findErasureRequestsOfUser(db, userId)).map((r) => ({ requestedAt: r.requested_at, outcome: r.outcome, reason: r.reason, keepUntil: r.keep_until, erasedAt: r.erased_at })),
        ...EMPTY_SECTIONS,
        // Every picture, also those given outside an application (questionnaire evidence, RFI answers).
        documents: (await documents.listOfUser(db, userId)).map((d) => ({
          id: d.id,
          kind: d.kind,
          level: Number(d.level),
          attachedTo: d.applicationId,
          mime: d.mime,
          byteSize: d.byteSize,
          createdAt: d.createdAt,
          downloadPath: `${API_PREFIX}${ApiPath.document}/${d.id}`,
        })),
      };
      for (const port of personalData) Object.assign(result, await port.exportOf(db, userId));
      await recordAudit(db, actor, { action: 'records.user_export', entityType: 'user', entityId: userId, after: { applications: applications.length, decisions: result.decisions.length } });
      return result;
    },

    /**
     * A case as a ZIP archive for a regulator: `case.json` (the case as the console shows it:
     * subject, decision, four-eyes proposals, history), `audit.json` (the case's audit entries with
     * their chain fields, to check against the trail), the document images, and a README. The
     * export is audited with the archive's SHA-256, so the file handed over can be matched later.
     */
    async caseArchive(caseId: string, actor: Actor): Promise<{ fileName: string; bytes: Uint8Array; sha256: string }> {
      const data = await console.getCase(caseId, actor);
      const subject = data.subject;
      // The case's own entities: a KYC application and its level's step, an update with its request and
      // step (decision 017), or a questionnaire attempt with its step (decision 020).
      const entities =
        subject.kind === SubjectKind.REVERIFICATION
          ? [
              { entityType: 'reverification_request', entityId: subject.request.id },
              { entityType: 'reverification_submission', entityId: subject.submission.id },
              { entityType: 'reverification_step', entityId: `${data.user.id}:${subject.submission.target}` },
            ]
          : subject.kind === SubjectKind.QUESTIONNAIRE
            ? [
                { entityType: 'questionnaire_answer', entityId: subject.questionnaire.id },
                { entityType: 'questionnaire_step', entityId: `${data.user.id}:${subject.questionnaire.templateCode}` },
              ]
            : subject.kind === SubjectKind.EDD
              ? [
                  // An EDD round (decision 028): the round, the EDD status and each questionnaire sent for it.
                  { entityType: 'edd_round', entityId: subject.round.id },
                  { entityType: 'edd_step', entityId: data.user.id },
                  ...subject.questionnaires.flatMap((q) => [
                    { entityType: 'questionnaire_answer', entityId: q.questionnaire.id },
                    { entityType: 'questionnaire_step', entityId: `${data.user.id}:${q.questionnaire.templateCode}` },
                  ]),
                ]
              : subject.kind === SubjectKind.SCREENING
                ? [{ entityType: 'screening_match', entityId: subject.match.id }]
                : subject.kind === SubjectKind.IDENTITY_TRANSFER
                  ? [
                      // An identity transfer (decision 029): the transfer and its phases.
                      { entityType: 'identity_transfer', entityId: subject.transferId },
                      { entityType: 'identity_transfer_step', entityId: subject.transferId },
                    ]
                  : subject.kind === SubjectKind.RFI
                    ? [
                        { entityType: 'rfi_request', entityId: subject.rfi.rfiId },
                        { entityType: 'compliance_task', entityId: subject.rfi.taskId },
                      ]
                    : subject.kind === SubjectKind.MEMBER_TAG
                      ? // A member tag change that lowers a duty (decision 036).
                        [{ entityType: 'member_tag_change', entityId: subject.change.id }]
                      : [
                        { entityType: 'kyc_application', entityId: subject.application.id },
                        { entityType: 'kyc_step', entityId: `${data.user.id}:${subject.application.level}` },
                      ];
      const audit = await listAuditOf(db, [{ entityType: 'review_case', entityId: caseId }, ...entities]);
      // A questionnaire case (decision 020) carries its evidence pictures, an EDD round its questionnaires',
      // an RFI case (decision 027) its answer's; screening and transfer cases have none.
      const pictures =
        subject.kind === SubjectKind.QUESTIONNAIRE
          ? subject.evidence.map((e) => ({ id: e.id, kind: 'evidence' }))
          : subject.kind === SubjectKind.EDD
            ? subject.questionnaires.flatMap((q) => q.evidence.map((e) => ({ id: e.id, kind: 'evidence' })))
            : subject.kind === SubjectKind.SCREENING || subject.kind === SubjectKind.IDENTITY_TRANSFER || subject.kind === SubjectKind.MEMBER_TAG
              ? []
              : subject.kind === SubjectKind.RFI
                ? subject.rfi.documents.map((d) => ({ id: d.id, kind: 'rfi' }))
              : subject.documents;
      const files: Record<string, Uint8Array> = {
        'case.json': strToU8(JSON.stringify({ exportedAt: nowIso(), exportedBy: actor.id, ...data }, null, 2)),
        'audit.json': strToU8(JSON.stringify(audit, null, 2)),
        'README.txt': strToU8(
          [
            `Review case ${caseId}, exported ${nowIso()} by reviewer ${actor.id ?? ''}.`,
            'case.json   the case, the submitted data, the decision, four-eyes proposals and the history',
            'audit.json  the audit entries of the case, its application and step, with their hash-chain fields',
            'documents/  the document images as submitted',
            'The export itself is an audit entry (records.case_export) that carries this archive\'s SHA-256.',
            '',
          ].join('\n'),
        ),
      };
      for (const d of pictures) {
        const content = await documents.readForReviewer(d.id, actor);
        files[`documents/${d.kind.toLowerCase()}-${d.id}.${EXTENSION[content.mime] ?? 'bin'}`] = new Uint8Array(content.bytes);
      }
      // A fixed time in the entries: the same case exported twice differs only in its JSON's times.
      const bytes = zipSync(files, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') });
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await recordAudit(db, actor, { action: 'records.case_export', entityType: 'review_case', entityId: caseId, after: { files: Object.keys(files), sha256, bytes: bytes.length } });
      return { fileName: `case-${caseId}.zip`, bytes, sha256 };
    },
  };
}
