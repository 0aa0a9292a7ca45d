import type { FastifyRequest } from 'fastify';
import { RequestHeader } from '../shared/api/headers.ts';
import { sdkSiteOf } from '../shared/sdk-page.ts';
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
  // An SDK call (access token) follows the SDK page's `site` when it names one (decision 040): the
  // partner's page is on our main host whichever site's rules its users are under.
  if (request.headers[RequestHeader.KYC_ACCESS_TOKEN] !== undefined) {
    const chosen = sdkSiteOf(String(request.headers[RequestHeader.KYC_ACCESS_SITE] ?? ''));
    if (chosen) return { site: chosen };
  }
  return { site: regionFromHostname(request.hostname.replace(/:\d+$/, '')) };
}
