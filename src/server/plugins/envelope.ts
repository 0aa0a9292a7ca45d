import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Envelope, OkEnvelope } from '../../shared/envelope.ts';
import { API_PREFIX } from '../../shared/api/paths.ts';
import { RetCode } from '../../shared/ret-codes.ts';
import { toFieldIssues } from '../../shared/validation.ts';
import { BusinessError, ValidationFailed } from '../errors.ts';
import { isImmutableResult } from '../immutable-result.ts';
import { routePath } from './auth.ts';

/** A successful envelope (§7: ret_code 0 resolves with result). */
export function ok<T>(result: T): OkEnvelope<T> {
  return { ret_code: RetCode.OK, ret_msg: 'OK', result };
}

/** ok(result) of an immutable result: nothing else in it, so its JSON is the result's alone. */
function immutableOk(data: unknown): object | null {
  if (typeof data !== 'object' || data === null) return null;
  const { ret_code, ret_msg, result, ...rest } = data as OkEnvelope<unknown>;
  const isOk = ret_code === RetCode.OK && ret_msg === 'OK' && Object.keys(rest).length === 0;
  return isOk && typeof result === 'object' && result !== null && isImmutableResult(result) ? result : null;
}

function envelope(retCode: number, retMsg: string, result: Record<string, unknown> = {}): Envelope {
  return { ret_code: retCode, ret_msg: retMsg, result };
}

/**
 * A failure envelope (ret_code other than 0) is built by this server itself — the error handler
 * below, the auth and origin checks, injected test faults — never by a route's handler, which only
 * returns ok(...). Its `result` (`{ fields }` for 10001, `{ retryAfterSeconds }`, …) is not the
 * route's result, so the route's success contract must not reshape or refuse it.
 */
function isFailureEnvelope(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'ret_code' in data && (data as { ret_code: unknown }).ret_code !== RetCode.OK;
}

/** Transport-level failures keep their HTTP status (413, 429, …); everything else is a 200 + ret_code. */
const TRANSPORT_STATUSES = new Set([413, 415, 429]);

/**
 * The envelope contract: route schemas are zod (shared with the browser); a validation failure is
 * ret_code 10001 with per-field keys; a successful reply is serialized through the route's
 * `response[200]` schema (`okEnvelope(result)`), so it carries exactly what the contract names and a
 * reply that breaks it is a logged server error; business errors are HTTP 200; internals never leak.
 */
async function envelopePlugin(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema }) => (data) => {
    const parsed = (schema as z.ZodType).safeParse(data);
    return parsed.success ? { value: parsed.data } : { error: new ValidationFailed(toFieldIssues(parsed.error)) };
  });

  // fastify-type-provider-zod's serializer: the schema's output (unknown keys stripped) as JSON, or a
  // ResponseSerializationError (HTTP 500, handled below) when the reply does not match. A failure
  // envelope is not what a route's success contract describes: it goes as built.
  app.setSerializerCompiler((route) => {
    const serialize = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    // Per route: the same result may meet another route's schema (kyc-info and the SDK's info).
    const made = new WeakMap<object, string>();
    return (data) => {
      if (isFailureEnvelope(data)) return JSON.stringify(data);
      const kept = immutableOk(data);
      if (!kept) return serialize(data);
      let json = made.get(kept);
      if (json === undefined) {
        json = serialize(data);
        made.set(kept, json);
      }
      return json;
    };
  });

  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof BusinessError) {
      return reply.status(200).send(envelope(error.retCode, error.message, error.result));
    }
    if (isResponseSerializationError(error as Error)) {
      // Our bug, not the caller's: say which fields broke the contract (paths and codes, never the
      // values: replies carry personal data) and send nothing of the reply.
      const issues = ((error as { cause?: z.ZodError }).cause?.issues ?? []).map((i) => ({ path: i.path.join('.'), code: i.code, message: i.message }));
      request.log.error({ route: `${request.method} ${routePath(request)}`, issues }, 'reply does not match its contract');
      return reply.status(500).send(envelope(RetCode.INTERNAL_ERROR, 'internal error'));
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
  // A callback: nothing here waits.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (routePath(request).startsWith(API_PREFIX) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${API_PREFIX}/`) || request.url === API_PREFIX) {
      return reply.status(404).send(envelope(RetCode.NOT_FOUND, 'not found'));
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}

export default fp(envelopePlugin, { name: 'envelope' });
