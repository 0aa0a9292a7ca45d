import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseIdParams, emptyRequest } from '../../../shared/api/console.ts';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import { AccountPagePath } from '../../../shared/api/account-page-paths.ts';
import { ConsolePath } from '../../../shared/api/console-paths.ts';
import { auditChainReport, ErasureOutcome, erasureRequest, erasureResult, retentionOverview, userDataExport } from '../../../shared/api/records.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import { SESSION_COOKIE, sessionCookieOptions } from '../../plugins/auth.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf } from '../../request-context.ts';

const reviewer = { auth: 'reviewer' } as const;
const administrator = { auth: 'reviewer', consoleRole: ConsoleRole.ADMINISTRATOR } as const;

/**
 * Records (issue 18, decision 018): the user's data export and erasure request (account area), the
 * regulator's case archive (reviewers), the audit trail check and the retention overview
 * (administrators).
 */
export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const records = app.services.records;

  app.get(AccountPagePath.dataExport, { schema: { response: { 200: okEnvelope(userDataExport) } } }, async (request) => ok(await records.userData(request.auth!.id, actorOf(request))));

  app.post(AccountPagePath.erasureRequest, { schema: { body: erasureRequest, response: { 200: okEnvelope(erasureResult) } } }, async (request, reply) => {
    const result = await records.requestErasure(request.auth!.id, actorOf(request));
    // The account is closed (its sessions are gone): the browser forgets its cookie too.
    if (result.outcome !== ErasureOutcome.REFUSED) reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request));
    return ok(result);
  });

  // The archive itself, not a JSON envelope (the contracts test lists it with the document images).
  app.get(ConsolePath.consoleCaseExport, { config: reviewer, schema: { params: caseIdParams } }, async (request, reply) => {
    const archive = await records.caseArchive(request.params.id, actorOf(request));
    return reply
      .header('content-type', 'application/zip')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${archive.fileName}"`)
      .header('x-content-sha256', archive.sha256)
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(archive.bytes));
  });

  app.post(ConsolePath.consoleAuditVerify, { config: administrator, schema: { body: emptyRequest, response: { 200: okEnvelope(auditChainReport) } } }, async (request) => ok(await records.verifyAudit(actorOf(request))));

  app.get(ConsolePath.consoleRetention, { config: administrator, schema: { response: { 200: okEnvelope(retentionOverview) } } }, async () => ok(await records.retentionOverview()));
};
