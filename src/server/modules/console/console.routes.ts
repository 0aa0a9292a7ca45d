import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicationIdParams, approveRequest, consoleQueueQuery, rejectRequest, type ConsoleReviewer } from '../../../shared/api/console.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf } from '../../request-context.ts';

/** Every console route is for reviewers only: users get 10009, anonymous callers 10007. */
const reviewer = { auth: 'reviewer' } as const;

/**
 * Compliance console API (beyond the spec) under /x-api/v1/console/: the queue of applications, a
 * case, approve, reject. The UI (mounted at /user/accounts/console/) is built on these.
 */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const consoleService = app.services.console;

  app.get(ApiPath.consoleMe, { config: reviewer }, async (request) => {
    const me: ConsoleReviewer = { id: request.auth!.id, email: request.auth!.email, role: 'reviewer' };
    return ok(me);
  });

  app.get(ApiPath.consoleApplications, { config: reviewer, schema: { querystring: consoleQueueQuery } }, async (request) => ok(await consoleService.queue(request.query)));

  app.get(ApiPath.consoleApplication, { config: reviewer, schema: { params: applicationIdParams } }, async (request) => ok(await consoleService.getCase(request.params.id, actorOf(request))));

  app.post(ApiPath.consoleApprove, { config: reviewer, schema: { params: applicationIdParams, body: approveRequest } }, async (request) =>
    ok(await consoleService.approve(request.params.id, actorOf(request), request.body)),
  );

  app.post(ApiPath.consoleReject, { config: reviewer, schema: { params: applicationIdParams, body: rejectRequest } }, async (request) =>
    ok(await consoleService.reject(request.params.id, actorOf(request), request.body)),
  );
};
