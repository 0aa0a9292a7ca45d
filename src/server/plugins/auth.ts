import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UserRole } from '../../shared/api/accounts.ts';
import { API_PREFIX } from '../../shared/api/paths.ts';
import { RequestHeader } from '../../shared/api/headers.ts';
import { PartnerHeader } from '../../shared/integration-paths.ts';
import { ValidationMessage } from '../../shared/validation-rules.ts';
import { noPermission, notLoggedIn, ValidationFailed } from '../errors.ts';
import type { NewSession } from '../modules/accounts/accounts.service.ts';
import type { AuthMode } from '../types.ts';

export const SESSION_COOKIE = 'ua_sid';

const CONSOLE_PATH = `${API_PREFIX}/v1/console/`;
const INTEGRATION_PATH = `${API_PREFIX}/v1/s1/kyc/integration/`;
/** The exchange-wide integration calls (decision 056): a key an administrator issued, never a cookie. */
const EXCHANGE_INTEGRATION_PATH = `${API_PREFIX}/v1/exchange/kyc/integration/`;

/**
 * The default guard for a route: anything under a /private/ path needs a signed-in user, anything
 * under the console path a reviewer, anything under the integration path an SDK access token; the
 * rest is public unless the route says otherwise.
 */
export function defaultAuthMode(url: string): AuthMode {
  if (url.startsWith(CONSOLE_PATH)) return 'reviewer';
  if (url.startsWith(INTEGRATION_PATH)) return 'sdk';
  if (url.startsWith(EXCHANGE_INTEGRATION_PATH)) return 'feedKey';
  return url.includes('/private/') ? 'user' : 'public';
}

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

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
    if (url.startsWith(INTEGRATION_PATH) && mode !== 'sdk' && mode !== 'partner') {
      throw new Error(`Route ${url} is an integration route but neither for SDK callers nor for partners`);
    }
    if (url.startsWith(EXCHANGE_INTEGRATION_PATH) !== (mode === 'feedKey')) {
      throw new Error(`Route ${url}: exchange integration routes, and only they, are for events feed keys`);
    }
    if (mode === 'public') return;
    if (mode === 'feedKey') {
      const guard = async (request: FastifyRequest) => {
        request.feedKey = await app.services.events.feedKeys.authenticate(headerOf(request, 'authorization'));
      };
      const existing = route.preValidation;
      route.preValidation = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
      return;
    }
    if (mode === 'sdk' || mode === 'partner') {
      const guard = mode === 'sdk' ? sdkGuard(app, route.config?.sdkOriginOptional === true) : partnerGuard(app);
      const existing = route.preValidation;
      route.preValidation = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
      return;
    }
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

  app.decorateRequest('sdk', null);
  app.decorateRequest('partner', null);
  app.decorateRequest('feedKey', null);

  app.addHook('onRequest', async (request) => {
    if (!routePath(request).startsWith(API_PREFIX)) return;
    // Integration routes never act on a session cookie (§6): their guards set who the caller is.
    if (routePath(request).startsWith(INTEGRATION_PATH) || routePath(request).startsWith(EXCHANGE_INTEGRATION_PATH)) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    request.auth = await app.services.accounts.resolveSession(token);
  });
}

/**
 * §6, §7 SDK callers: the kyc-access-token, kyc-access-origin and kyc-access-business headers must
 * name a live token bound to that origin and business scene; the request then acts as the token's
 * applicant (a user), whatever cookie it carries.
 */
function sdkGuard(app: FastifyInstance, originOptional: boolean) {
  return async (request: FastifyRequest) => {
    const caller = await app.services.partners.resolveAccessToken(
      { token: headerOf(request, RequestHeader.KYC_ACCESS_TOKEN), origin: headerOf(request, RequestHeader.KYC_ACCESS_ORIGIN), scene: headerOf(request, RequestHeader.KYC_ACCESS_BUSINESS) },
      { checkOrigin: !originOptional },
    );
    request.sdk = caller;
    request.auth = { id: caller.userId, email: caller.email, role: UserRole.USER, sessionIdHash: '' };
  };
}

/**
 * A partner's server: the request is signed over its raw bytes (the route's plugin keeps the body
 * as a Buffer); once the signature holds, the body is parsed as JSON for the route's schema.
 */
function partnerGuard(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const raw = request.body === undefined || request.body === null ? Buffer.alloc(0) : request.body;
    if (!Buffer.isBuffer(raw)) throw new Error(`partner route ${routePath(request)} did not keep the raw body`);
    request.partner = await app.services.partners.verifySignedRequest({
      key: headerOf(request, PartnerHeader.KEY),
      ts: headerOf(request, PartnerHeader.TS),
      sig: headerOf(request, PartnerHeader.SIG),
      method: request.method,
      path: request.url,
      rawBody: raw,
    });
    if (raw.length === 0) {
      request.body = {};
      return;
    }
    try {
      request.body = JSON.parse(raw.toString('utf8')) as unknown;
    } catch {
      throw new ValidationFailed([{ path: '', code: ValidationMessage.TYPE }]);
    }
  };
}

/**
 * Whether cookies must be Secure: the request came over https, or the site is served over https
 * (PUBLIC_URL) — behind a TLS proxy that is not trusted (TRUST_PROXY unset) the request itself looks
 * like plain http, and a cookie without Secure would also travel over http (decision 035).
 */
export function httpsSite(request: FastifyRequest): boolean {
  return request.protocol === 'https' || (request.server.config.vendors.publicUrl?.startsWith('https://') ?? false);
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure whenever the site is https (httpsSite). */
export function sessionCookieOptions(request: FastifyRequest, expiresAt?: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: httpsSite(request),
    ...(expiresAt ? { expires: expiresAt } : {}),
  };
}

export function setSessionCookie(reply: { setCookie: (name: string, value: string, opts: object) => unknown }, request: FastifyRequest, session: NewSession) {
  reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(request, session.expiresAt));
}

export default fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie'] });
