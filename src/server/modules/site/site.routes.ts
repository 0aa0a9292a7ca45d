import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiPath } from '../../../shared/api/paths.ts';
import { siteConfigQuery, siteConfigResult } from '../../../shared/api/site.ts';
import { okEnvelope } from '../../../shared/envelope-schema.ts';
import { ok } from '../../plugins/envelope.ts';

/** GET /v1/public/site-config: public, read-only, the same for every user on a host. */
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const site = app.services.site;

  app.get(ApiPath.siteConfig, { schema: { querystring: siteConfigQuery, response: { 200: okEnvelope(siteConfigResult) } }, config: { auth: 'public' } }, async (request, reply) => {
    const result = site.siteConfig({
      hostname: request.hostname,
      host: request.host,
      protocol: request.protocol,
      lang: request.query.lang,
    });
    // Built from the request's host (forwarded by proxies): a browser may keep it briefly, but no
    // shared cache may hand one host's answer to another (cache poisoning via X-Forwarded-Host).
    reply.header('cache-control', 'private, max-age=300').header('vary', 'Host');
    return ok(result);
  });
};
