import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveRequest,
  caseIdParams,
  consoleAssignResult,
  consoleCase,
  consoleDecisionResult,
  consoleQueuePage,
  consoleQueueQuery,
  consoleReviewer,
  consoleWorkload,
  confirmRequest,
  emptyRequest,
  overrideRequest,
  sendBackRequest,
  rejectRequest,
  type ConsoleReviewer,
} from '../../../shared/api/console.ts';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import { consoleSearchQuery, consoleSearchResult } from '../../../shared/api/console-search.ts';
import { consoleUserView, userIdParams } from '../../../shared/api/console-user.ts';
import { requestReverificationRequest, requestReverificationResult } from '../../../shared/api/reverification.ts';
import { ConsolePath } from '../../../shared/api/console-paths.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf, siteOf } from '../../request-context.ts';
import { ConsoleRole } from '../../../shared/staff.ts';

/** Every console route is for reviewers only: users get 10009, anonymous callers 10007. */
const reviewer = { auth: 'reviewer' } as const;

/**
 * Compliance console API (beyond the spec) under /x-api/v1/console/: the queue of review cases, a
 * case, take / give back a case, approve, reject. The UI (mounted at /user/accounts/console/) is
 * built on these.
 */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const consoleService = app.services.console;
  await app.register(secondLookRoutes);

  app.get(ConsolePath.consoleMe, { config: reviewer, schema: { response: { 200: okEnvelope(consoleReviewer) } } }, async (request) => {
    const role = await app.services.staff.roleOf(request.auth!.id);
    const me: ConsoleReviewer = { id: request.auth!.id, email: request.auth!.email, role, subjectKinds: consoleService.subjectKinds() };
    return ok(me);
  });

  app.get(ConsolePath.consoleCases, { config: reviewer, schema: { querystring: consoleQueueQuery, response: { 200: okEnvelope(consoleQueuePage) } } }, async (request) => ok(await consoleService.queue(request.query, actorOf(request))));

  // Decision 030: what waits, per kind, and for how long.
  app.get(ConsolePath.consoleWorkload, { config: reviewer, schema: { response: { 200: okEnvelope(consoleWorkload) } } }, async () => ok(await consoleService.workload()));

  // Decision 051: one box finds a user by e-mail, name, user id, case id or document number.
  app.get(ConsolePath.consoleSearch, { config: reviewer, schema: { querystring: consoleSearchQuery, response: { 200: okEnvelope(consoleSearchResult) } } }, async (request) =>
    ok(await consoleService.search(request.query.q, actorOf(request))),
  );

  // Decision 051: one page per user: every case, tasks, screening and EDD states, limitation, timeline.
  app.get(ConsolePath.consoleUser, { config: reviewer, schema: { params: userIdParams, response: { 200: okEnvelope(consoleUserView) } } }, async (request) =>
    ok(await consoleService.userView(request.params.id, actorOf(request))),
  );

  app.get(ConsolePath.consoleCase, { config: reviewer, schema: { params: caseIdParams, response: { 200: okEnvelope(consoleCase) } } }, async (request) => ok(await consoleService.getCase(request.params.id, actorOf(request))));

  app.post(ConsolePath.consoleAssign, { config: reviewer, schema: { params: caseIdParams, body: emptyRequest, response: { 200: okEnvelope(consoleAssignResult) } } }, async (request) =>
    ok(await consoleService.assign(request.params.id, actorOf(request))),
  );

  app.post(ConsolePath.consoleRelease, { config: reviewer, schema: { params: caseIdParams, body: emptyRequest, response: { 200: okEnvelope(consoleAssignResult) } } }, async (request) =>
    ok(await consoleService.release(request.params.id, actorOf(request))),
  );

  app.post(ConsolePath.consoleApprove, { config: reviewer, schema: { params: caseIdParams, body: approveRequest, response: { 200: okEnvelope(consoleDecisionResult) } } }, async (request) =>
    ok(await consoleService.approve(request.params.id, actorOf(request), request.body)),
  );

  // Decision 017: ask a user to verify a document again (reason, deadline); they are told on the page and by e-mail.
  app.post(ConsolePath.consoleReverificationRequests, { config: reviewer, schema: { body: requestReverificationRequest, response: { 200: okEnvelope(requestReverificationResult) } } }, async (request) =>
    ok(await consoleService.requestReverification(request.body, actorOf(request), { ...siteOf(request), origin: `${request.protocol}://${request.host}` })),
  );

  app.post(ConsolePath.consoleReject, { config: reviewer, schema: { params: caseIdParams, body: rejectRequest, response: { 200: okEnvelope(consoleDecisionResult) } } }, async (request) =>
    ok(await consoleService.reject(request.params.id, actorOf(request), request.body)),
  );
};

/** Four-eyes' second look: senior reviewers only (decision 018). */
const senior = { auth: 'reviewer', consoleRole: ConsoleRole.SENIOR_REVIEWER } as const;

/** Four-eyes (decision 018): confirm or send back another reviewer's proposal; overrides of providers (decision 022). */
export const secondLookRoutes: FastifyPluginAsyncZod = async (app) => {
  const consoleService = app.services.console;

  app.post(ConsolePath.consoleConfirm, { config: senior, schema: { params: caseIdParams, body: confirmRequest, response: { 200: okEnvelope(consoleDecisionResult) } } }, async (request) =>
    ok(await consoleService.confirm(request.params.id, actorOf(request), request.body)),
  );

  // Decision 022: overriding a provider's decision is a senior reviewer's call, like a second look.
  app.post(ConsolePath.consoleOverride, { config: senior, schema: { params: caseIdParams, body: overrideRequest, response: { 200: okEnvelope(consoleDecisionResult) } } }, async (request) =>
    ok(await consoleService.override(request.params.id, actorOf(request), request.body)),
  );

  app.post(ConsolePath.consoleSendBack, { config: senior, schema: { params: caseIdParams, body: sendBackRequest, response: { 200: okEnvelope(consoleDecisionResult) } } }, async (request) =>
    ok(await consoleService.sendBack(request.params.id, actorOf(request), request.body)),
  );
};
