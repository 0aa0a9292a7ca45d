/**
 * The audit trail's public surface: other modules record and read audit entries only through this
 * file (lint enforces it), never through audit.repo.ts.
 */
export { listAudit, listAuditOf, recordAudit, type Actor, type AuditEntry } from './audit.repo.ts';
