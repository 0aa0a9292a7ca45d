import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { APP_BASE, LOGIN_PAGE } from '../../shared/api/paths.ts';

const NOT_BUILT = 'The web app is not built yet. Run `npm run build` (or `npm start`, which builds it).';

/**
 * Serves the built single-page app under /user/accounts/ (every deep link returns the app), the
 * /login page, and sends / to the account area.
 */
async function webPlugin(app: FastifyInstance) {
  const root = app.config.webDist;
  app.get('/', (_req, reply) => reply.redirect(`${APP_BASE}/auth/personal`));
  app.get(APP_BASE, (_req, reply) => reply.redirect(`${APP_BASE}/`));

  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(NOT_BUILT);
    const notBuilt = (_req: unknown, reply: { status: (n: number) => { type: (t: string) => { send: (b: string) => unknown } } }) =>
      reply.status(503).type('text/plain; charset=utf-8').send(NOT_BUILT);
    app.get(`${APP_BASE}/*`, notBuilt);
    app.get(LOGIN_PAGE, notBuilt);
    return;
  }

  await app.register(fastifyStatic, {
    root,
    prefix: `${APP_BASE}/`,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      // Hashed file names never change content: cache them for a year. Everything else revalidates.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const page = (file: string) => async (_req: unknown, reply: { header: (k: string, v: string) => { sendFile: (f: string) => unknown } }) =>
    reply.header('cache-control', 'no-cache').sendFile(file);

  // A missing hashed asset is a real 404, so a stale tab's lazy import fails cleanly (preload error).
  app.get(`${APP_BASE}/assets/*`, (_req, reply) => reply.status(404).type('text/plain; charset=utf-8').send('Not found'));
  app.get(`${APP_BASE}/*`, page('index.html'));
  app.get(LOGIN_PAGE, page('login.html'));
}

export default fp(webPlugin, { name: 'web' });
