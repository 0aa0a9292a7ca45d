import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every reply. The CSP allows our own origin and the configured verification
 * vendors' origins only: the web app bundles its fonts and scripts, the Telegram SDK comes from npm,
 * and a vendor's web SDK is loaded only from that vendor (docs/decisions/016).
 */
async function securityPlugin(app: FastifyInstance) {
  // Exactly the origins of the vendors configured here (their SDK script, frame and API), nothing more.
  const vendor = app.services.providers.origins();
  await app.register(helmet, {
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
    strictTransportSecurity: { maxAge: 15552000, includeSubDomains: false },
  });

  // A coarse per-IP ceiling for everything; login has its own, stricter, per-account throttle.
  await app.register(rateLimit, {
    max: app.config.rateLimitPerMinute,
    timeWindow: 60_000,
    allowList: (req) => !req.url.startsWith('/x-api'),
  });
}

export default fp(securityPlugin, { name: 'security' });
