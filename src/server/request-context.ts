import type { FastifyRequest } from 'fastify';
import type { Actor } from './modules/audit/audit.repo.ts';

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
