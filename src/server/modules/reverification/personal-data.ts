import type { Db } from '../../db/index.ts';
import type { PersonalDataPort } from '../records/port.ts';
import * as repo from './reverification.repo.ts';

/**
 * Documents asked for again and the updates sent, in the user's data export, and erasure (decision
 * 031): the document number and the holder's name as printed are blanked, and the reviewer's
 * message; target, document type, country, dates and status stay. The pictures go with the user's
 * documents.
 */
export const reverificationPersonalData: PersonalDataPort = {
  async exportOf(db: Db, userId: string) {
    const [requests, submissions] = [await repo.findRequestsOfUser(db, userId), await repo.findSubmissionsOfUser(db, userId)];
    return {
      reverification: {
        requests: requests.map((r) => ({ target: r.target, reason: r.reason, message: r.message, deadline: r.deadline, status: r.status, requestedAt: r.requested_at, closedAt: r.closed_at })),
        submissions: submissions.map((s) => ({
          target: s.target,
          provider: s.provider,
          country: s.country,
          documentType: s.document_type,
          documentNumber: s.document_number,
          expiryDate: s.expiry_date,
          issuedOn: s.issued_on,
          holder: s.holder === null ? null : (JSON.parse(s.holder) as Record<string, string>),
          status: s.status,
          submittedAt: s.submitted_at,
          decidedAt: s.decided_at,
        })),
      },
    };
  },
  async auditRefsOf(trx: Db, userId: string) {
    const [requests, submissions] = [await repo.findRequestsOfUser(trx, userId), await repo.findSubmissionsOfUser(trx, userId)];
    return [
      ...requests.map((r) => ({ entityType: 'reverification_request', entityId: r.id })),
      ...submissions.map((s) => ({ entityType: 'reverification_submission', entityId: s.id })),
    ];
  },
  eraseOf: (trx: Db, userId: string) => repo.erasePersonalDataOfUser(trx, userId),
};
