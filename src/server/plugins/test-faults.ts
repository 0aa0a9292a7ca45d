import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { API_PREFIX } from '../../shared/api/paths.ts';
import { RetCode } from '../../shared/ret-codes.ts';
import { SESSION_COOKIE } from './auth.ts';
import { ok } from './envelope.ts';

/**
 * Where tests arm faults, under the API prefix. Not in the shared ApiPath: no client of the product
 * calls it, and a server built without this plugin (`npm start`) does not have it.
 */
export const TEST_FAULTS_PATH = `${API_PREFIX}/v1/test/faults`;

/**
 * POST /x-api/v1/test/faults: "the next `count` requests to `path` answer ret_code X (HTTP 200) or
 * HTTP status Y". `path` is under the API prefix, without query (e.g. /v2/private/user/profile).
 * Armed with a session cookie, the fault hits only requests of that session, so browser tests
 * running in parallel against one server never trip over each other's faults.
 */
export const armFaultRequest = z
  .object({
    path: z.string().max(300).regex(/^\/[^\s?#]*$/),
    count: z.number().int().min(1).max(100).default(1),
    retCode: z.number().int().optional(),
    retMsg: z.string().max(200).optional(),
    status: z.number().int().min(400).max(599).optional(),
  })
  .strict()
  .refine((v) => (v.retCode === undefined) !== (v.status === undefined), { error: 'type', path: ['retCode'] });
export type ArmFaultRequest = z.input<typeof armFaultRequest>;

interface Fault {
  /** Hash of the arming session's token; null: any request. */
  scope: string | null;
  remaining: number;
  retCode?: number;
  retMsg?: string;
  status?: number;
}

/**
 * Browser tests must not mock our server, yet need real failure replies (a 1007, an HTTP 500) from
 * it. This plugin lets a test arm such replies. Only the tests' own entry points register it
 * (`buildApp(config, { plugins: [testFaultsPlugin] })`: e2e/support/server.ts, server tests); the
 * production entry (main.ts) passes no plugins, so there neither the route nor the hook exists and no
 * environment variable can switch them on (decision 011). A warning is logged when it is registered.
 */
async function testFaultsPlugin(app: FastifyInstance) {
  app.log.warn(`test-faults plugin registered: POST ${TEST_FAULTS_PATH} can make this server answer with injected failures. Test servers only.`);
  const faults = new Map<string, Fault>();
  const scopeOf = (request: FastifyRequest): string | null => {
    const token = request.cookies[SESSION_COOKIE];
    return token ? createHash('sha256').update(token).digest('hex') : null;
  };
  const keyOf = (scope: string | null, path: string) => `${scope ?? '*'} ${path}`;

  app.post(TEST_FAULTS_PATH, { schema: { body: armFaultRequest } }, async (request) => {
    const { path, count, retCode, retMsg, status } = request.body as z.output<typeof armFaultRequest>;
    const scope = scopeOf(request);
    faults.set(keyOf(scope, path), { scope, remaining: count, retCode, retMsg, status });
    request.log.warn({ path, count, retCode, status, scoped: scope !== null }, 'test fault armed');
    return ok({ path, count });
  });

  app.delete(TEST_FAULTS_PATH, async (request) => {
    faults.clear();
    request.log.warn('test faults cleared');
    return ok({});
  });

  app.addHook('onRequest', async (request, reply) => {
    const url = request.url.split('?')[0];
    if (!url.startsWith(`${API_PREFIX}/`) || url === TEST_FAULTS_PATH) return;
    const path = url.slice(API_PREFIX.length);
    const scope = scopeOf(request);
    const key = [keyOf(scope, path), keyOf(null, path)].find((k) => faults.has(k));
    if (key === undefined) return;
    const fault = faults.get(key)!;
    fault.remaining -= 1;
    if (fault.remaining <= 0) faults.delete(key);
    request.log.warn({ path, retCode: fault.retCode, status: fault.status }, 'test fault injected');
    if (fault.status !== undefined) {
      return reply.status(fault.status).send({ ret_code: RetCode.INTERNAL_ERROR, ret_msg: 'injected fault', result: {} });
    }
    return reply.status(200).send({ ret_code: fault.retCode, ret_msg: fault.retMsg ?? 'injected fault', result: {} });
  });
}

export default fp(testFaultsPlugin, { name: 'test-faults' });
