import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from './shared-rate-limit-store.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { httpsSite, routePath, SESSION_COOKIE } from './auth.ts';
import { API_PREFIX } from '../../shared/api/paths.ts';

/** Browsers keep to https for 180 days (helmet's former default here); this host only. */
const HSTS = 'max-age=15552000';
import { SDK_BUSINESS_PARAM, SDK_FLOW_PREFIX, SDK_PAGE_PATH, SdkPageParam } from '../../shared/integration-paths.ts';

/**
 * The headers of an API reply (JSON, and the documents and frames some calls send). OWASP's REST
 * security sheet: a CSP that lets nothing load or frame it, nosniff, and here also no cross-origin
 * embedding (`cross-origin-resource-policy`) and no referrer. The page headers helmet adds besides
 * (COOP, Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options,
 * X-Permitted-Cross-Domain-Policies, X-XSS-Protection) act on documents only (decision 071).
 * Routes that send a file set their own, stricter CSP (`sandbox`).
 */
const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'no-referrer'],
];

const isApiPath = (path: string) => path.startsWith(`${API_PREFIX}/`);

/**
 * Security headers on every reply: the API's own (above) on /x-api, helmet's page set elsewhere.
 * The page CSP allows our own origin and the configured verification vendors' origins only: the
 * web app bundles its fonts and scripts, the Telegram SDK comes from npm, and a vendor's web SDK is
 * loaded only from that vendor (docs/decisions/016).
 */
async function securityPlugin(app: FastifyInstance) {
  // Exactly the origins of the vendors configured here (their SDK script, frame and API), nothing more.
  const vendor = app.services.providers.origins();
  // Helmet's middleware computes every header value once, here; @fastify/helmet built a new one (and
  // parsed the CSP again) on every request, a measurable share of a small API reply (decision 024).
  // The headers go on the raw response, as @fastify/helmet set them: reply.getHeader still reads
  // them (the SDK page's frame-ancestors below) and reply.header still overrides them.
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...vendor.script],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...vendor.img],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...vendor.connect],
        frameSrc: ["'self'", ...vendor.frame],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: app.config.frameAncestors,
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // The app is framed by the Telegram web client and the exchange's pages (frame-ancestors above).
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    // Below: only where the site is https, as the session cookie's Secure flag (decision 035).
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(routePath(request))) for (const [name, value] of API_SECURITY_HEADERS) reply.raw.setHeader(name, value);
    else
      applySecurityHeaders(request.raw, reply.raw, (err?: unknown) => {
        if (err) throw err;
      });
    if (httpsSite(request)) reply.raw.setHeader('strict-transport-security', HSTS);
    done();
  });

  // Every reply passes here; only SDK pages need a lookup (the others go on at once).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'GET' || !request.url.startsWith(SDK_FLOW_PREFIX)) return done(null, payload);
    frameAncestorsFor(request, reply).then(() => done(null, payload), (err: Error) => done(err));
  });
  // The SDK page opened with a partner's access token may be framed by exactly that business's
  // origins (decision 021). A later page of the flow (or the SDK page reloaded) carries no token but
  // the business marker SDK mode keeps in every address: it gets that business's registered origins
  // too, never an origin the address names. Any other page, an unknown or disabled business, or a
  // web user's token keeps FRAME_ANCESTORS.
  async function frameAncestorsFor(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp !== 'string') return;
    const url = new URL(request.url, 'http://localhost');
    const token = url.pathname === SDK_PAGE_PATH ? url.searchParams.get(SdkPageParam.TOKEN) : null;
    // A request with our session cookie is a web user's page: never framed by a partner (only a
    // same-site partner frame could carry it; a cross-site one, the SDK case, never does).
    const business = request.cookies[SESSION_COOKIE] ? null : url.searchParams.get(SDK_BUSINESS_PARAM);
    const partners = app.services.partners;
    const origins = (token ? await partners.frameAncestorsFor(token) : null) ?? (business ? await partners.frameAncestorsOfBusiness(business) : null);
    if (!origins) return;
    reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${origins.join(' ')}`));
  }

  // A coarse per-IP ceiling for everything; login has its own, stricter, per-account throttle.
  // Servers on one PostgreSQL share the counters (one ceiling, not one per process; decision 024).
  await app.register(rateLimit, {
    max: app.config.rateLimitPerMinute,
    timeWindow: 60_000,
    allowList: (req) => !req.url.startsWith('/x-api'),
    ...(app.config.database.kind === 'postgres' ? { store: sharedRateLimitStore(app.db) } : {}),
  });
}

export default fp(securityPlugin, { name: 'security' });
