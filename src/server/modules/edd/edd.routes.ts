import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eddInfoResult, requireEddRequest, requireEddResult } from '../../../shared/api/edd.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { ConsolePath } from '../../../shared/api/console-paths.ts';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import { ok } from '../../plugins/envelope.ts';
import { actorOf } from '../../request-context.ts';

/** The console's call is for reviewers only: users get 10009, anonymous callers 10007. */
const reviewer = { auth: 'reviewer' } as const;

/**
 * Enhanced due diligence (decision 028): §7 get-edd-info for the signed-in user (their own status:
 * the session says whose), and the console's call that puts a user into EDD. The answers themselves
 * go through the questionnaire calls; the decision through the console's case calls.
 */
export const eddRoutes: FastifyPluginAsyncZod = async (app) => {
  const edd = app.services.edd;

  app.get(ApiPath.getEddInfo, { schema: { response: { 200: okEnvelope(eddInfoResult) } } }, async (request) => ok(await edd.info(request.auth!.id)));

  app.post(ConsolePath.consoleEddRequests, { config: reviewer, schema: { body: requireEddRequest, response: { 200: okEnvelope(requireEddResult) } } }, async (request) =>
    ok(await edd.requireByReviewer(request.body, actorOf(request))),
  );
};
