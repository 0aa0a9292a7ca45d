import type { FastifyRequest } from 'fastify';
import { regionFromHostname } from '../shared/sites.ts';
import type { Actor } from './modules/audit/audit.service.ts';

/** The audit actor for a request: the signed-in user or reviewer, else anonymous. */
export function actorOf(request: FastifyRequest): Actor {
  const auth = request.auth;
  return {
    type: auth?.role === 'reviewer' ? 'reviewer' : 'user',
    id: auth?.id ?? null,
    ip: request.ip,
    requestId: request.id,
  };
}

export function clientMeta(request: FastifyRequest) {
  const ua = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof ua === 'string' ? ua : null, previousIdHash: request.auth?.sessionIdHash };
}

/**
 * The site a request is on, for provider routing: the region of its host (§1: .hk HKG, .ae ARE, else
 * the main region). `request.hostname` honours X-Forwarded-Host only from trusted proxies.
 */
export function siteOf(request: FastifyRequest): { site: 'MAIN' | 'HKG' | 'ARE' } {
  return { site: regionFromHostname(request.hostname.replace(/:\d+$/, '')) };
}
