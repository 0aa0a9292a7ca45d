import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UserRole } from '../../shared/api/accounts.ts';
import { API_PREFIX } from '../../shared/api/paths.ts';
import { noPermission, notLoggedIn } from '../errors.ts';
import type { NewSession } from '../modules/accounts/accounts.service.ts';
import type { AuthMode } from '../types.ts';

export const SESSION_COOKIE = 'ua_sid';

const CONSOLE_PATH = `${API_PREFIX}/v1/console/`;

/**
 * The default guard for a route: anything under a /private/ path needs a signed-in user, anything
 * under the console path a reviewer; the rest is public unless the route says otherwise.
 */
export function defaultAuthMode(url: string): AuthMode {
  if (url.startsWith(CONSOLE_PATH)) return 'reviewer';
  return url.includes('/private/') ? 'user' : 'public';
}

/** The path pattern of the route a request matched (absolute-form request URLs included), else its URL. */
export function routePath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url;
}

/**
 * Session authentication. Every /x-api request gets `request.auth` (null when no live session); each
 * route's `config.auth` decides who may call it, and a route under /private/ can never be public.
 */
async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    const mode = route.config?.auth ?? defaultAuthMode(url);
    // Fail at startup, never open: a protected path cannot be declared more open than its default.
    if (url.includes('/private/') && mode === 'public') {
      throw new Error(`Route ${url} is under /private/ but declared public`);
    }
    if (url.startsWith(CONSOLE_PATH) && mode !== 'reviewer') {
      throw new Error(`Route ${url} is a console route but not declared for reviewers`);
    }
    // §6 SDK access tokens have no guard yet: a route declaring them must not silently be public.
    if (mode === 'sdk') throw new Error(`Route ${url} declares SDK access-token auth, which is not available yet`);
    if (mode === 'public') return;
    const consoleRole = route.config?.consoleRole;
    if (consoleRole && mode !== 'reviewer') throw new Error(`Route ${url} needs a console role but is not for reviewers`);
    const guard = async (request: FastifyRequest) => {
      if (!request.auth) throw notLoggedIn();
      if (mode === 'reviewer' && request.auth.role !== UserRole.REVIEWER) throw noPermission();
      // Senior reviewer, administrator (decision 018): asked of the database on each call, so a role taken away applies at once.
      if (consoleRole) await app.services.staff.assertRole(request.auth.id, consoleRole);
      // Reviewers act only through the console, never as exchange users.
      if (mode === 'user' && request.auth.role !== UserRole.USER) throw noPermission();
    };
    // Before validation: a caller who may not use a route learns nothing about its input shape.
    const existing = route.preValidation;
    route.preValidation = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
  });

  app.addHook('onRequest', async (request) => {
    if (!routePath(request).startsWith(API_PREFIX)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    request.auth = await app.services.accounts.resolveSession(token);
  });
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure whenever the request came over https. */
export function sessionCookieOptions(request: FastifyRequest, expiresAt?: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    ...(expiresAt ? { expires: expiresAt } : {}),
  };
}

export function setSessionCookie(reply: { setCookie: (name: string, value: string, opts: object) => unknown }, request: FastifyRequest, session: NewSession) {
  reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(request, session.expiresAt));
}

export default fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie'] });
