import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_BASE, LOGIN_PAGE } from '../../shared/api/paths.ts';

/** `auth/<screen>` or `console`, as route-pages.ts names them; a name is letters, digits and dashes only. */
const ROUTE_PAGE = /^(auth\/[A-Za-z0-9-]+|console)(?:[/?#]|$)/;

/** The route page's file for a path under the app (`auth/kyc?level=2` → routes/auth/kyc.html), or null. */
export function routePageOf(rest: string): string | null {
  const m = ROUTE_PAGE.exec(rest);
  return m ? `routes/${m[1]}.html` : null;
}

const NOT_BUILT = 'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).';

/**
 * Serves the built single-page app under /user/accounts/ (every deep link returns the app), the
 * /login page, and sends / to the account area. Files are looked up per request, not listed at
 * startup: a rebuild (`npm run dev`) is served without a restart, and a server started before the
 * build answers "not built" only until the build is there.
 */
async function webPlugin(app: FastifyInstance) {
  const root = app.config.webDist;
  const assets = path.join(root, 'assets');
  app.get('/', (_req, reply) => reply.redirect(`${APP_BASE}/auth/personal`));
  app.get(APP_BASE, (_req, reply) => reply.redirect(`${APP_BASE}/`));

  // Only for reply.sendFile (which refuses paths outside its root); the routes below decide what is served.
  // preCompressed: the build writes <file>.br and <file>.gz (scripts/precompress.ts); the one the
  // browser's Accept-Encoding prefers is sent with Content-Encoding and `Vary: accept-encoding`.
  await app.register(fastifyStatic, { root, serve: false, index: false, wildcard: false, suppressWarning: true, preCompressed: true });

  const page = (file: string) => async (_req: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(path.join(root, file))) return reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    return reply.header('cache-control', 'no-cache').sendFile(file, root, { cacheControl: false });
  };

  // Hashed file names never change content: cached for a year. A missing one is a real 404 (never the
  // app's HTML), so a stale tab's lazy import fails cleanly and the app's preload recovery takes over.
  app.get<{ Params: { '*': string } }>(`${APP_BASE}/assets/*`, (request, reply) =>
    reply.sendFile(request.params['*'], assets, { maxAge: 31_536_000_000, immutable: true }),
  );
  // The route's own copy of the app page when the build wrote one (scripts/route-pages.ts: the same
  // app with the route's chunks named in its head, issue 32); any other address gets index.html.
  app.get<{ Params: { '*': string } }>(`${APP_BASE}/*`, (request, reply) => {
    const route = routePageOf(request.params['*']);
    return page(route && existsSync(path.join(root, route)) ? route : 'index.html')(request, reply);
  });
  app.get(LOGIN_PAGE, page('login.html'));
}

export default fp(webPlugin, { name: 'web' });
