import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../shared/api/paths.ts';

/** One route under the API prefix as registered, with the schemas it declared. */
export interface ApiRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

/**
 * A test-only plugin (BuildOptions.plugins) that records every /x-api route with its schemas as the
 * app registers them: what the contracts test checks. Never registered by the production server.
 */
export function routeTable() {
  const routes: ApiRoute[] = [];
  const plugin = fp(
    async (app: FastifyInstance) => {
      app.addHook('onRoute', (route) => {
        if (!route.url.startsWith(`${API_PREFIX}/`)) return;
        for (const method of [route.method].flat()) {
          // Fastify adds a HEAD route to every GET route by itself: the GET carries the contract.
          if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
        }
      });
    },
    { name: 'route-table' },
  );
  return { routes, plugin };
}
