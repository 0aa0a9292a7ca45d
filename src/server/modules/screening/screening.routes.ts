import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiPath } from '../../../shared/api/paths.ts';
import { amlResultQuery, amlResultReply } from '../../../shared/api/screening.ts';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import { ok } from '../../plugins/envelope.ts';

/**
 * §7 get-aml-result for the signed-in user (decision 026): their stored screening state answered
 * for one scene. Reviewers are refused by the auth plugin (a /private/ user route); the session says
 * whose result it is, so a user never reads another's.
 */
export const screeningRoutes: FastifyPluginAsyncZod = async (app) => {
  const screening = app.services.screening;
  app.get(ApiPath.getAmlResult, { schema: { querystring: amlResultQuery, response: { 200: okEnvelope(amlResultReply) } } }, async (request) =>
    ok(await screening.amlResult(request.auth!.id, request.query.sceneCode)),
  );
};
