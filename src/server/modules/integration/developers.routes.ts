import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import { DEVELOPERS_PATH, OPENAPI_PATH } from '../../../shared/integration-paths.ts';
import { defaultAuthMode } from '../../plugins/auth.ts';
import { buildOpenApi, renderOpenApiHtml, type DocumentedRoute } from './openapi.ts';

const INTEGRATION = `${API_PREFIX}/v1/s1/kyc/integration/`;
/** The exchange's own systems' calls (decision 056: the exchange-wide events feed), documented beside the partners'. */
const EXCHANGE_INTEGRATION = `${API_PREFIX}/v1/exchange/kyc/integration/`;

/**
 * The integration reference (decision 021): every route under the integration path is recorded as
 * it is registered, with the zod schemas it validates and serializes with, and the OpenAPI document
 * is built from exactly those: GET /developers/openapi.json, and /developers/ to read in a browser.
 * Registered before the API routes (its onRoute hook must see them).
 */
async function developersRoutes(app: FastifyInstance) {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(INTEGRATION) && !route.url.startsWith(EXCHANGE_INTEGRATION)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, auth: route.config?.auth ?? defaultAuthMode(route.url), schema: route.schema as DocumentedRoute['schema'] });
    }
  });
  let doc: Record<string, unknown> | null = null;
  const document = () => (doc ??= buildOpenApi(routes, '1'));

  app.get(OPENAPI_PATH, (_request, reply) => reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(JSON.stringify(document(), null, 2)));
  app.get(DEVELOPERS_PATH, (_request, reply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(renderOpenApiHtml(document(), OPENAPI_PATH)));
}

export default fp(developersRoutes, { name: 'developers' });

