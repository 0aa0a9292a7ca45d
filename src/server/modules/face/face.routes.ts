import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleFaceMatch, consoleFaceMatchQuery } from '../../../shared/api/capture.ts';
import { LivenessPath } from '../../../shared/api/liveness-paths.ts';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import type { VerifiableLevel } from '../../../shared/kyc.ts';
import { ok } from '../../plugins/envelope.ts';

/** The reviewer's read of the face match the server stored for a selfie and a document front (decision 045). */
export const faceMatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(LivenessPath.consoleFaceMatch, { config: { auth: 'reviewer' }, schema: { querystring: consoleFaceMatchQuery, response: { 200: okEnvelope(consoleFaceMatch) } } }, async (request) => {
    const { userId, level, selfieId, frontId } = request.query;
    return ok(await app.services.faceMatches.forPair(userId, level as VerifiableLevel, selfieId, frontId));
  });
};
