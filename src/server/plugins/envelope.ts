import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { Envelope } from '../../shared/envelope.ts';
import { API_PREFIX } from '../../shared/api/paths.ts';
import { RetCode } from '../../shared/ret-codes.ts';
import { toFieldIssues } from '../../shared/validation.ts';
import { BusinessError, ValidationFailed } from '../errors.ts';
import { routePath } from './auth.ts';

/** A successful envelope (§7: ret_code 0 resolves with result). */
export function ok<T>(result: T): Envelope<T> {
  return { ret_code: RetCode.OK, ret_msg: 'OK', result };
}

function envelope(retCode: number, retMsg: string, result: Record<string, unknown> = {}): Envelope {
  return { ret_code: retCode, ret_msg: retMsg, result };
}

/** Transport-level failures keep their HTTP status (413, 429, …); everything else is a 200 + ret_code. */
const TRANSPORT_STATUSES = new Set([413, 415, 429]);

/**
 * The envelope contract: route schemas are zod (shared with the browser) and a validation failure is
 * ret_code 10001 with per-field keys; business errors are HTTP 200; internals never leak.
 */
async function envelopePlugin(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema }) => (data) => {
    const parsed = (schema as z.ZodType).safeParse(data);
    return parsed.success ? { value: parsed.data } : { error: new ValidationFailed(toFieldIssues(parsed.error)) };
  });

  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof BusinessError) {
      return reply.status(200).send(envelope(error.retCode, error.message, error.result));
    }
    const err = error as { statusCode?: number; code?: string; message?: string };
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(envelope(RetCode.TOO_MANY_ATTEMPTS, 'too many requests'));
    }
    if (TRANSPORT_STATUSES.has(status)) {
      return reply.status(status).send(envelope(RetCode.PARAMS_ERROR, status === 413 ? 'payload too large' : 'unsupported media type'));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON and similar: the client sent something we cannot read at all.
      request.log.info({ code: err.code }, 'rejected malformed request');
      return reply.status(400).send(envelope(RetCode.PARAMS_ERROR, 'params error'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelope(RetCode.INTERNAL_ERROR, 'internal error'));
  });

  // API replies carry personal data (profile, personal information, cases): no cache keeps them
  // unless a route says otherwise (country list, site configuration).
  app.addHook('onSend', async (request, reply) => {
    if (routePath(request).startsWith(API_PREFIX) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${API_PREFIX}/`) || request.url === API_PREFIX) {
      return reply.status(404).send(envelope(RetCode.NOT_FOUND, 'not found'));
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}

export default fp(envelopePlugin, { name: 'envelope' });
