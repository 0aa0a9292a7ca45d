import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { sharedRateLimitStore } from './shared-rate-limit-store.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { httpsSite, SESSION_COOKIE } from './auth.ts';

/** Browsers keep to https for 180 days (helmet's former default here); this host only. */
const HSTS = 'max-age=15552000';
import { SDK_BUSINESS_PARAM, SDK_FLOW_PREFIX, SDK_PAGE_PATH, SdkPageParam } from '../../shared/integration-paths.ts';

/**
 * Security headers on every reply. The CSP allows our own origin and the configured verification
 * vendors' origins only: the web app bundles its fonts and scripts, the Telegram SDK comes from npm,
 * and a vendor's web SDK is loaded only from that vendor (docs/decisions/016).
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
    applySecurityHeaders(request.raw, reply.raw, (err?: unknown) => {
      if (err) throw err;
    });
    if (httpsSite(request)) reply.raw.setHeader('strict-transport-security', HSTS);
    done();
  });

  // The SDK page opened with a partner's access token may be framed by exactly that business's
  // origins (decision 021). A later page of the flow (or the SDK page reloaded) carries no token but
  // the business marker SDK mode keeps in every address: it gets that business's registered origins
  // too, never an origin the address names. Any other page, an unknown or disabled business, or a
  // web user's token keeps FRAME_ANCESTORS.
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' || !request.url.startsWith(SDK_FLOW_PREFIX)) return;
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
  });

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
