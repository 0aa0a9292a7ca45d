import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryListQuery, countryListResult } from '../../../shared/api/country-list.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import { ok } from '../../plugins/envelope.ts';

/** §7 GET /v2/public/country-list?is_disable=1 (public: the list is the same for everyone). */
export const countriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(ApiPath.countryList, { schema: { querystring: countryListQuery, response: { 200: okEnvelope(countryListResult) } } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return ok(app.services.countries.list(request.query.is_disable === '1'));
  });
};
