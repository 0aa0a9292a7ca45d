import { randomBytes, randomUUID } from 'node:crypto';
import { safeEqual } from '../signatures.ts';
import { deliver, startFakeServer, type FakeReply, type FakeRequest, type RunningFake } from '../fake-kit/fake-server.ts';
import { readStandInSubmission, standInPage } from '../fake-kit/stand-in-page.ts';
import type { DECISION_TYPES, WORKFLOW_STATUSES } from './jumio.provider.ts';

/**
 * A local Jumio (KYX platform; FACTS.md §3) for tests and the offline demo, on one origin for what
 * Jumio spreads over three hosts (auth, account, retrieval; the paths are Jumio's). It issues OAuth2
 * client-credentials tokens (HTTP Basic, grant_type=client_credentials, expires_in) and accepts
 * only those, unexpired, as bearer tokens; it wants a User-Agent naming the caller; it creates
 * accounts with a workflow execution and a hosted page (web.href) that ends by redirecting to the
 * successUrl with Jumio's query parameters; it answers the retrieval API; and it sends Jumio's
 * unsigned callback to the callbackUrl it was given (with whatever token that URL carries).
 */

type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];
type DecisionType = (typeof DECISION_TYPES)[number];
interface Decision {
  type: DecisionType;
  details: { label: string };
}

interface Execution {
  id: string;
  accountId: string;
  definitionKey: string;
  status: WorkflowStatus;
  webToken: string;
  tokenExpires: number;
  createdAt: string;
  completedAt: string | null;
  decision: (Decision & { risk: { score: number } }) | null;
  capabilities: Record<string, { id: string; decision: Decision }[]>;
}

interface Account {
  id: string;
  customerInternalReference: string;
  userReference: string | null;
  callbackUrl: string | null;
  successUrl: string | null;
  errorUrl: string | null;
}

export interface JumioFakeOptions {
  clientId: string;
  clientSecret: string;
  workflowKeys: { 1: string; 2: string };
  /** Access token lifetime (Jumio: 3600 s). */
  tokenTtlSeconds?: number;
  /** Process executions by themselves this long after acquisition (the demo); off in tests, which call process(). */
  autoReviewMs?: number | null;
}

/** A capability's outcome to report: e.g. { usability: ['REJECTED', 'BLURRED'] }. */
export type CapabilityResults = Record<string, [DecisionType, string]>;

/** What Jumio runs for an ID + Identity workflow; all passed unless a test says otherwise. */
const CAPABILITIES = ['usability', 'imageChecks', 'extraction', 'dataChecks', 'liveness', 'similarity'];
const RISK = { PASSED: 10, WARNING: 50, REJECTED: 90, NOT_EXECUTED: -1 } as const;

export interface JumioFake extends RunningFake {
  readonly callbacks: { status: number; body: string; url: string }[];
  /** Tokens issued so far (tests check the adapter reuses its token). */
  readonly tokensIssued: () => number;
  /** Revokes every issued token (as if they expired early). */
  revokeTokens(): void;
  executionOf(customerInternalReference: string): (Execution & { account: Account }) | undefined;
  /** The user finished the hosted page: ACQUIRED (Jumio sends no callback for that). */
  acquire(workflowExecutionId: string): void;
  /** Jumio finished: PROCESSED with a decision (and capability results), then the callback. */
  process(workflowExecutionId: string, decision: DecisionType, capabilities?: CapabilityResults): Promise<number>;
  /** The user's time ran out: SESSION_EXPIRED or TOKEN_EXPIRED, then the callback. */
  expire(workflowExecutionId: string, status: 'SESSION_EXPIRED' | 'TOKEN_EXPIRED'): Promise<number>;
  /** The callback body Jumio sends for an execution now (tests replay and reorder these). */
  callbackBody(workflowExecutionId: string, sentAt?: Date): Record<string, unknown>;
  /** Posts a body to a URL as a callback would (an attacker needs no signature either). */
  send(url: string, body: Record<string, unknown>): Promise<number>;
}

export async function startJumioFake(options: JumioFakeOptions): Promise<JumioFake> {
  const accounts = new Map<string, Account>();
  const executions = new Map<string, Execution>();
  const tokens = new Map<string, number>();
  const callbacks: JumioFake['callbacks'] = [];
  let issued = 0;

  const fail = (status: number, message: string): FakeReply => ({ status, body: { timestamp: new Date().toISOString(), httpStatus: status, message } });

  /** Bearer tokens from /oauth2/token only, unexpired; and the User-Agent Jumio asks for. */
  function authenticate(request: FakeRequest): FakeReply | null {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const until = bearer ? tokens.get(bearer) : undefined;
    if (!until || until < Date.now()) return fail(401, 'Unauthorized');
    const agent = request.headers['user-agent'] ?? '';
    // Node's default agent names nobody: Jumio wants the company and application.
    if (!agent || /^(node|undici)\b/i.test(agent)) return fail(400, 'User-Agent must name your company and application');
    return null;
  }
  const api = (handler: (request: FakeRequest, params: Record<string, string>) => FakeReply | Promise<FakeReply>) => (request: FakeRequest, params: Record<string, string>) =>
    authenticate(request) ?? handler(request, params);

  const executionHref = (e: Execution) => `${fake.origin}/api/v1/accounts/${e.accountId}/workflow-executions/${e.id}`;

  function callbackBody(workflowExecutionId: string, sentAt = new Date()): Record<string, unknown> {
    const e = executions.get(workflowExecutionId);
    const a = e ? accounts.get(e.accountId) : undefined;
    return {
      callbackSentAt: sentAt.toISOString(),
      userReference: a?.userReference ?? undefined,
      workflowExecution: { id: workflowExecutionId, href: e ? executionHref(e) : '', definitionKey: e?.definitionKey ?? '', status: e?.status ?? 'PROCESSED' },
      account: { id: e?.accountId ?? randomUUID(), href: `${fake.origin}/api/v1/accounts/${e?.accountId ?? ''}` },
    };
  }

  async function send(url: string, body: Record<string, unknown>): Promise<number> {
    const raw = JSON.stringify(body);
    // Unsigned, as Jumio's are.
    const status = await deliver(url, raw, { 'content-type': 'application/json', 'user-agent': 'Jumio Callback' });
    callbacks.push({ status, body: raw, url });
    return status;
  }

  function callback(e: Execution): Promise<number> {
    const url = accounts.get(e.accountId)?.callbackUrl;
    return url ? send(url, callbackBody(e.id)) : Promise.resolve(0);
  }

  function process(workflowExecutionId: string, decision: DecisionType, results: CapabilityResults = {}): Promise<number> {
    const e = executions.get(workflowExecutionId);
    if (!e) return Promise.resolve(0);
    e.status = 'PROCESSED';
    e.completedAt = new Date().toISOString();
    e.decision = { type: decision, details: { label: decision === 'PASSED' ? 'OK' : decision }, risk: { score: RISK[decision] } };
    e.capabilities = Object.fromEntries(
      [...new Set([...CAPABILITIES, ...Object.keys(results)])].map((name) => {
        const [type, label] = results[name] ?? ['PASSED', 'OK'];
        return [name, [{ id: randomUUID(), decision: { type, details: { label } } }]];
      }),
    );
    return callback(e);
  }

  function expire(workflowExecutionId: string, status: 'SESSION_EXPIRED' | 'TOKEN_EXPIRED'): Promise<number> {
    const e = executions.get(workflowExecutionId);
    if (!e) return Promise.resolve(0);
    e.status = status;
    e.decision = { type: 'NOT_EXECUTED', details: { label: status }, risk: { score: RISK.NOT_EXECUTED } };
    return callback(e);
  }

  const sandboxResults: Record<string, [DecisionType, CapabilityResults]> = {
    GREEN: ['PASSED', {}],
    RED_RETRY: ['REJECTED', { usability: ['REJECTED', 'BLURRED'] }],
    RED_FINAL: ['REJECTED', { imageChecks: ['REJECTED', 'MANIPULATED_DOCUMENT'] }],
  };

  const executionByToken = (token: string | null) => {
    const e = token ? [...executions.values()].find((x) => safeEqual(x.webToken, token)) : undefined;
    return e && e.status === 'INITIATED' && e.tokenExpires > Date.now() ? e : undefined;
  };

  const fake = await startFakeServer(
    [
      {
        method: 'POST',
        pattern: '/oauth2/token',
        handler: (request) => {
          const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
          const expected = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
          if (!basic || !safeEqual(basic, expected)) return { status: 401, body: { error: 'invalid_client' } };
          if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return { status: 400, body: { error: 'invalid_request' } };
          if (new URLSearchParams(request.body.toString('utf8')).get('grant_type') !== 'client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' } };
          const token = randomBytes(32).toString('base64url');
          const ttl = options.tokenTtlSeconds ?? 3600;
          tokens.set(token, Date.now() + ttl * 1000);
          issued++;
          return { status: 200, body: { access_token: token, expires_in: ttl, token_type: 'Bearer' } };
        },
      },
      {
        method: 'POST',
        pattern: '/api/v1/accounts',
        handler: api((request) => {
          let body: { customerInternalReference?: unknown; userReference?: unknown; callbackUrl?: unknown; workflowDefinition?: { key?: unknown }; web?: { successUrl?: unknown; errorUrl?: unknown; locale?: unknown } };
          try {
            body = JSON.parse(request.body.toString('utf8')) as typeof body;
          } catch {
            return fail(400, 'Invalid JSON');
          }
          const reference = body.customerInternalReference;
          if (typeof reference !== 'string' || reference.length < 1 || reference.length > 100) return fail(400, 'customerInternalReference is required (at most 100 characters)');
          const key = String(body.workflowDefinition?.key ?? '');
          if (key !== options.workflowKeys[1] && key !== options.workflowKeys[2]) return fail(400, 'workflowDefinition.key is not enabled for this account');
          const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
          const account: Account = {
            id: randomUUID(),
            customerInternalReference: reference,
            userReference: str(body.userReference),
            callbackUrl: str(body.callbackUrl),
            successUrl: str(body.web?.successUrl),
            errorUrl: str(body.web?.errorUrl),
          };
          const e: Execution = {
            id: randomUUID(),
            accountId: account.id,
            definitionKey: key,
            status: 'INITIATED',
            webToken: randomBytes(24).toString('base64url'),
            tokenExpires: Date.now() + 30 * 60_000,
            createdAt: new Date().toISOString(),
            completedAt: null,
            decision: null,
            capabilities: {},
          };
          accounts.set(account.id, account);
          executions.set(e.id, e);
          const locale = str(body.web?.locale) ?? 'en';
          return {
            status: 200,
            body: {
              timestamp: new Date().toISOString(),
              account: { id: account.id },
              web: { href: `${fake.origin}/web/v4/app?authorizationToken=${e.webToken}&locale=${encodeURIComponent(locale)}`, successUrl: account.successUrl, errorUrl: account.errorUrl },
              sdk: { token: randomBytes(24).toString('base64url') },
              workflowExecution: { id: e.id, credentials: [{ id: randomUUID(), category: 'ID', allowedChannels: ['WEB', 'API', 'SDK'] }] },
            },
          };
        }),
      },
      {
        method: 'GET',
        pattern: '/api/v1/accounts/:accountId/workflow-executions/:id',
        handler: api((_request, { accountId = '', id = '' }) => {
          const e = executions.get(id);
          if (!e || e.accountId !== accountId) return fail(404, 'Not Found');
          const a = accounts.get(e.accountId)!;
          return {
            status: 200,
            body: {
              workflow: { id: e.id, status: e.status, definitionKey: e.definitionKey, customerInternalReference: a.customerInternalReference, userReference: a.userReference },
              account: { id: a.id },
              createdAt: e.createdAt,
              ...(e.completedAt ? { completedAt: e.completedAt } : {}),
              ...(e.decision ? { decision: e.decision } : {}),
              credentials: [],
              capabilities: e.capabilities,
            },
          };
        }),
      },
      {
        method: 'GET',
        pattern: '/web/v4/app',
        handler: (request) => {
          const e = executionByToken(request.query.get('authorizationToken'));
          if (!e) return { status: 401, contentType: 'text/html; charset=utf-8', body: '<!doctype html><p role="alert">This verification link has expired. Go back and start again.</p>' };
          const a = accounts.get(e.accountId)!;
          const back = new URL(a.successUrl ?? `${fake.origin}/web/v4/done`);
          // Jumio's parameters on the way back (implementation guide: "After the user journey").
          back.searchParams.set('accountId', a.id);
          back.searchParams.set('workflowExecutionId', e.id);
          back.searchParams.set('acquisitionStatus', 'SUCCESS');
          back.searchParams.set('customerInternalReference', a.customerInternalReference);
          return {
            status: 200,
            contentType: 'text/html; charset=utf-8',
            body: standInPage({
              vendor: 'Jumio (local stand-in)',
              brand: '#29a36a',
              submitUrl: `/web/v4/app/submit?authorizationToken=${encodeURIComponent(e.webToken)}`,
              finish: { kind: 'redirect', url: back.toString() },
              sandbox: options.autoReviewMs != null,
              level: e.definitionKey === options.workflowKeys[2] ? 2 : 1,
            }),
          };
        },
      },
      {
        method: 'POST',
        pattern: '/web/v4/app/submit',
        handler: async (request) => {
          const e = executionByToken(request.query.get('authorizationToken'));
          if (!e) return fail(401, 'Authorization token missing, invalid, or expired');
          const { files, sandboxResult } = await readStandInSubmission(request.body, request.headers['content-type']);
          if (!files.document) return fail(400, 'document missing');
          e.status = 'ACQUIRED';
          if (options.autoReviewMs != null) {
            const [decision, results] = sandboxResults[sandboxResult ?? 'GREEN'] ?? sandboxResults.GREEN!;
            setTimeout(() => void process(e.id, decision, results), options.autoReviewMs).unref();
          }
          return { status: 200, body: { ok: true } };
        },
      },
    ],
    { isApi: (path) => path.startsWith('/api/') || path.startsWith('/oauth2/') },
  );

  return Object.assign(fake, {
    callbacks,
    tokensIssued: () => issued,
    revokeTokens: () => tokens.clear(),
    executionOf: (reference: string) => {
      const a = [...accounts.values()].filter((x) => x.customerInternalReference === reference).at(-1);
      const e = a ? [...executions.values()].find((x) => x.accountId === a.id) : undefined;
      return e && a ? { ...e, account: a } : undefined;
    },
    acquire: (id: string) => {
      const e = executions.get(id);
      if (e) e.status = 'ACQUIRED';
    },
    process,
    expire,
    callbackBody,
    send,
  });
}
