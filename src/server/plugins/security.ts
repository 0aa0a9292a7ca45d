import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every reply. The CSP allows only our own origin: the web app bundles its
 * fonts and scripts, and the Telegram SDK comes from npm, so nothing is loaded from elsewhere.
 */
async function securityPlugin(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
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
