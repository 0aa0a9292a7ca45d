/**
 * The audit trail's public surface: other modules record and read audit entries only through this
 * file (lint enforces it), never through audit.repo.ts.
 */
export { listAudit, listAuditOf, recordAudit, type Actor, type AuditEntry } from './audit.repo.ts';
export { entryHash, GENESIS_HASH, payloadDigest, streamOf } from '../../crypto/audit-chain.ts';
export { eraseAuditPayloads, verifyAuditChain, type BrokenLink, type ChainProblem, type ChainReport } from './audit-verify.ts';
