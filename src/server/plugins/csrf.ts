import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../shared/api/paths.ts';
import { RetCode } from '../../shared/ret-codes.ts';
import { BusinessError } from '../errors.ts';
import { routePath } from './auth.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request defence for cookie-authenticated writes, without any extra header from the
 * client (§7 fixes the request headers). Browsers send Origin on every cross-origin write and on
 * same-origin POSTs; Sec-Fetch-Site covers the rest. Requests with neither come from non-browser
 * clients, which cannot carry a victim's cookies. SameSite=Lax cookies are the second layer.
 */
export function isAllowedWrite(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (origin === 'null') return false;
    const own = `${request.protocol}://${request.host}`;
    return origin === own || allowedOrigins.includes(origin);
  }
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}

async function csrfPlugin(app: FastifyInstance) {
  // A callback: nothing here waits.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || !routePath(request).startsWith(API_PREFIX) || isAllowedWrite(request, app.config.allowedOrigins)) return done();
    request.log.warn({ origin: request.headers.origin }, 'cross-site write rejected');
    done(new BusinessError(RetCode.ORIGIN_REJECTED, 'origin not allowed'));
  });
}

export default fp(csrfPlugin, { name: 'csrf' });
