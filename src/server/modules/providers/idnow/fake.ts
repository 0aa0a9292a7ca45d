import { createHmac, generateKeyPairSync, randomBytes, sign, type JsonWebKey } from 'node:crypto';
import { safeEqual } from '../signatures.ts';
import { deliver, startFakeServer, type FakeReply, type FakeRequest, type RunningFake } from '../fake-kit/fake-server.ts';
import { readStandInSubmission, standInPage } from '../fake-kit/stand-in-page.ts';
import { IDNOW_WEBHOOK_HEADER, type IdnowResult } from './idnow.provider.ts';
import { IDNOW_SIGNATURE_HEADER } from './webhook-jwt.ts';

/**
 * A local IDnow (Ident API; ../shared/vendors/FACTS.md §4) for tests and the offline demo, API and
 * hosted page on one origin. It checks the company and API key at login and issues a JWT that every
 * later call must carry as X-API-LOGIN-TOKEN (401 otherwise, as IDnow answers), keeps
 * identifications by transaction number, serves a stand-in for the hosted identification page at
 * /{companyId}/identifications/{transactionNumber} (which ends by redirecting to the company's
 * configured redirect URL), and posts the identification result to our webhook with the configured
 * secret header. Like IDnow's newer platform it can also sign webhooks as RS256 JWTs (`sendJwt`),
 * with a key of its own published at /oidc/.well-known/jwks.json (`jwks`, `issuer`).
 */

export interface IdnowFakeOptions {
  companyId: string;
  apiKey: string;
  webhookSecret: string;
  /** Where webhooks go (settable later: our port is known only after listening). */
  webhookUrl?: string;
  /** The company's redirect URL after an identification (an IDnow setting, not part of the API). */
  redirectUrl?: string;
  /** Login tokens live this long (IDnow's are JWTs with `exp`). */
  tokenTtlSeconds?: number;
  /** Decide by itself this long after a submission (the demo); off in tests, which call `decide`. */
  autoReviewMs?: number | null;
}

interface Identification {
  transactionNumber: string;
  /** IDnow's ident id (shown to the user, e.g. TST-ABCDE). */
  id: string;
  result: IdnowResult | null;
  reason: string | null;
  identificationTime: string | null;
}

export interface IdnowFake extends RunningFake {
  setWebhookUrl(url: string): void;
  setRedirectUrl(url: string): void;
  /** Every webhook sent: the transaction number, its result, what our server answered. */
  readonly webhooks: { transactionNumber: string; result: string; status: number }[];
  identification(transactionNumber: string): Identification | undefined;
  /** Gives an identification its result (what IDnow's ident specialists or checks do) and reports it. */
  decide(transactionNumber: string, result: IdnowResult, reason?: string | null): Promise<number>;
  /** Sends a webhook body with the given header secret (null: none), as a misbehaving network or attacker would. */
  send(body: unknown, options?: { secret?: string | null }): Promise<number>;
  /** The result document IDnow serves and posts for an identification. */
  resultJson(transactionNumber: string): Record<string, unknown>;
  /** Makes a login token that has already expired (tests of token renewal). */
  expireTokens(): void;
  /** The fake platform's webhook signing keys (public) and the `iss` it signs with. */
  readonly jwks: { keys: JsonWebKey[] };
  readonly issuer: string;
  /**
   * Posts a JWT-signed event about the identification, as IDnow's platform does: the JWT as the body
   * (`application/jwt`) or in X-Idnow-Signature; `claims` overrides claims (tests of expired,
   * foreign or future tokens), `header` the JWT header, `key` signs with another private key.
   */
  sendJwt(transactionNumber: string, options?: { via?: 'body' | 'header'; eventId?: string; claims?: Record<string, unknown>; header?: Record<string, unknown>; key?: 'own' | 'foreign' }): Promise<number>;
  /** The JWT sendJwt would post (for replays). */
  signedEvent(transactionNumber: string, options?: { eventId?: string; claims?: Record<string, unknown>; header?: Record<string, unknown>; key?: 'own' | 'foreign' }): string;
  /** Posts a raw webhook body with the given headers. */
  post(body: string, headers: Record<string, string>): Promise<number>;
}

const sandboxResults: Record<string, { result: IdnowResult; reason: string | null }> = {
  GREEN: { result: 'SUCCESS', reason: null },
  RED_RETRY: { result: 'CANCELED', reason: 'ID_BLURRY' },
  RED_FINAL: { result: 'FRAUD_SUSPICION_CONFIRMED', reason: null },
};

/** The audience the fake's JWTs name unless told otherwise (our app as registered at IDnow). */
export const IDNOW_FAKE_AUDIENCE = 'user-accounts';

export async function startIdnowFake(options: IdnowFakeOptions & { jwtAudience?: string }): Promise<IdnowFake> {
  // Webhook signing keys: IDnow's (published in its JWKS) and a stranger's (for forgery tests).
  const own = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = `fake-${randomBytes(4).toString('hex')}`;
  const jwks = { keys: [{ ...own.publicKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }] };
  const identifications = new Map<string, Identification>();
  const tokens = new Map<string, number>();
  const webhooks: IdnowFake['webhooks'] = [];
  const tokenKey = randomBytes(32);
  let webhookUrl = options.webhookUrl ?? '';
  let redirectUrl = options.redirectUrl ?? '';
  const ttl = options.tokenTtlSeconds ?? 3600;

  const error = (status: number, cause: string, message: string): FakeReply => ({ status, body: { errors: [{ cause, message }] } });

  /** An HS256 JWT like IDnow's login token (the client only reads its `exp`). */
  function issueToken(): string {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + ttl;
    const unsigned = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: options.companyId, exp })}`;
    const token = `${unsigned}.${createHmac('sha256', tokenKey).update(unsigned).digest('base64url')}`;
    tokens.set(token, exp * 1000);
    return token;
  }

  function authenticate(request: FakeRequest, companyId: string): FakeReply | null {
    const token = request.headers['x-api-login-token'];
    if (companyId !== options.companyId) return error(404, 'COMPANY_NOT_FOUND', 'Unknown company');
    if (typeof token !== 'string' || !tokens.has(token)) return error(401, 'INVALID_LOGIN_TOKEN', 'The login token is missing or invalid');
    if (tokens.get(token)! <= Date.now()) return error(401, 'INVALID_LOGIN_TOKEN', 'The login token has expired');
    return null;
  }

  const api = (handler: (request: FakeRequest, params: Record<string, string>) => FakeReply | Promise<FakeReply>) => (request: FakeRequest, params: Record<string, string>) =>
    authenticate(request, params.companyId ?? '') ?? handler(request, params);

  function resultJson(transactionNumber: string): Record<string, unknown> {
    const i = identifications.get(transactionNumber);
    return {
      identificationprocess: {
        result: i?.result ?? 'REVIEW_PENDING',
        ...(i?.reason ? { reason: i.reason } : {}),
        companyid: options.companyId,
        filename: `${i?.id ?? 'TST-XXXXX'}.zip`,
        agentname: 'LOCALFAKE',
        identificationtime: i?.identificationTime ?? new Date().toISOString(),
        id: i?.id ?? 'TST-XXXXX',
        href: `/api/v1/${options.companyId}/identifications/${transactionNumber}`,
        type: 'WEB',
        transactionnumber: transactionNumber,
      },
      // Nothing personal in the fake: the identification's data stays at IDnow and is not used here.
      contactdata: {},
      userdata: {},
      identificationdocument: {},
      attachments: {},
    };
  }

  async function send(body: unknown, { secret = options.webhookSecret }: { secret?: string | null } = {}): Promise<number> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (secret !== null) headers[IDNOW_WEBHOOK_HEADER] = secret;
    const status = webhookUrl ? await deliver(webhookUrl, JSON.stringify(body), headers) : 0;
    const process = (body as { identificationprocess?: { transactionnumber?: unknown; result?: unknown } }).identificationprocess;
    webhooks.push({ transactionNumber: String(process?.transactionnumber ?? ''), result: String(process?.result ?? ''), status });
    return status;
  }

  /** An RS256 JWT of the platform's webhook event about the identification (IDnow docs, "Webhook events"). */
  function signedEvent(transactionNumber: string, o: { eventId?: string; claims?: Record<string, unknown>; header?: Record<string, unknown>; key?: 'own' | 'foreign' } = {}): string {
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const i = identifications.get(transactionNumber);
    const data = {
      eventId: o.eventId ?? randomBytes(12).toString('hex'),
      eventVersion: '1',
      eventName: 'session.completed',
      eventDeliverId: randomBytes(8).toString('hex'),
      eventSequence: '1',
      createdAt: new Date().toISOString(),
      environment: 'sandbox',
      payload: { flowId: 'local-fake-flow', sessionId: transactionNumber, sessionStatus: i?.result ?? 'IN_PROGRESS' },
    };
    const claims = { iss: `${fake.origin}/oidc`, aud: options.jwtAudience ?? IDNOW_FAKE_AUDIENCE, iat: now, exp: now + 300, data, ...o.claims };
    const unsigned = `${b64({ alg: 'RS256', typ: 'JWT', kid, ...o.header })}.${b64(claims)}`;
    const signature = sign('sha256', Buffer.from(unsigned), (o.key === 'foreign' ? foreign : own).privateKey).toString('base64url');
    return `${unsigned}.${signature}`;
  }

  const post = (body: string, headers: Record<string, string>) => (webhookUrl ? deliver(webhookUrl, body, headers) : Promise.resolve(0));

  async function sendJwt(transactionNumber: string, o: Parameters<IdnowFake['sendJwt']>[1] = {}): Promise<number> {
    const jwt = signedEvent(transactionNumber, o);
    // Docs differ: the JWT as the body, or in a header next to the JSON event.
    const status =
      o.via === 'header'
        ? await post(JSON.stringify({ eventId: o.eventId ?? 'see-jwt', payload: { sessionId: transactionNumber } }), { 'content-type': 'application/json', [IDNOW_SIGNATURE_HEADER]: jwt })
        : await post(jwt, { 'content-type': 'application/jwt' });
    webhooks.push({ transactionNumber, result: `jwt:${identifications.get(transactionNumber)?.result ?? ''}`, status });
    return status;
  }

  function decide(transactionNumber: string, result: IdnowResult, reason: string | null = null): Promise<number> {
    const i = identifications.get(transactionNumber);
    if (!i) throw new Error(`no identification ${transactionNumber}`);
    i.result = result;
    i.reason = reason;
    i.identificationTime ??= new Date().toISOString();
    return send(resultJson(transactionNumber));
  }

  const fake = await startFakeServer(
    [
      {
        method: 'POST',
        pattern: '/api/v1/:companyId/login',
        handler: (request, { companyId = '' }) => {
          let body: { apiKey?: unknown };
          try {
            body = JSON.parse(request.body.toString('utf8')) as typeof body;
          } catch {
            return error(400, 'INVALID_JSON', 'The body is not JSON');
          }
          if (companyId !== options.companyId || typeof body.apiKey !== 'string' || !safeEqual(body.apiKey, options.apiKey)) {
            return error(401, 'INVALID_LOGIN', 'Company or API key is wrong');
          }
          return { status: 200, body: { authToken: issueToken() } };
        },
      },
      {
        method: 'POST',
        pattern: '/api/v1/:companyId/identifications/:transactionNumber/start',
        handler: api((request, { transactionNumber = '' }) => {
          try {
            JSON.parse(request.body.toString('utf8') || '{}');
          } catch {
            return error(400, 'INVALID_JSON', 'The body is not JSON');
          }
          if (!/^[A-Za-z0-9_-]{1,64}$/.test(transactionNumber)) return error(400, 'INVALID_TRANSACTION_NUMBER', 'Transaction number not allowed');
          if (identifications.has(transactionNumber)) return error(400, 'TRANSACTION_NUMBER_ALREADY_USED', 'An identification with this transaction number exists');
          const id = `TST-${randomBytes(4).toString('hex').toUpperCase().slice(0, 5)}`;
          identifications.set(transactionNumber, { transactionNumber, id, result: null, reason: null, identificationTime: null });
          return { status: 200, body: { id } };
        }),
      },
      {
        method: 'GET',
        pattern: '/api/v1/:companyId/identifications/:transactionNumber',
        handler: api((_request, { transactionNumber = '' }) => {
          const i = identifications.get(transactionNumber);
          // Results exist once the user has gone through the identification.
          if (!i || !i.result) return error(404, 'OBJECT_NOT_FOUND', 'No identification result for this transaction number');
          return { status: 200, body: resultJson(transactionNumber) };
        }),
      },
      {
        // The stand-in for IDnow's hosted identification page.
        method: 'GET',
        pattern: '/:companyId/identifications/:transactionNumber',
        handler: (_request, { companyId = '', transactionNumber = '' }) => {
          const i = identifications.get(transactionNumber);
          if (companyId !== options.companyId || !i) return { status: 404, contentType: 'text/html; charset=utf-8', body: '<!doctype html><p role="alert">This identification does not exist. Go back and start again.</p>' };
          return {
            status: 200,
            contentType: 'text/html; charset=utf-8',
            body: standInPage({
              vendor: 'IDnow (local stand-in)',
              brand: '#ff6a00',
              submitUrl: `/${encodeURIComponent(companyId)}/identifications/${encodeURIComponent(transactionNumber)}/submit`,
              finish: { kind: 'redirect', url: redirectUrl || '/' },
              sandbox: options.autoReviewMs != null,
              level: 1,
            }),
          };
        },
      },
      {
        method: 'POST',
        pattern: '/:companyId/identifications/:transactionNumber/submit',
        handler: async (request, { transactionNumber = '' }) => {
          const i = identifications.get(transactionNumber);
          if (!i) return error(404, 'OBJECT_NOT_FOUND', 'No such identification');
          const { files, sandboxResult } = await readStandInSubmission(request.body, request.headers['content-type']);
          if (!files.document || !files.selfie) return error(400, 'MISSING_CAPTURE', 'document and selfie are required');
          // AutoIdent: checked by an ident specialist after the capture.
          await decide(transactionNumber, 'REVIEW_PENDING');
          if (options.autoReviewMs != null) {
            const chosen = sandboxResults[sandboxResult ?? 'GREEN'] ?? sandboxResults.GREEN!;
            setTimeout(() => void decide(transactionNumber, chosen.result, chosen.reason), options.autoReviewMs).unref();
          }
          return { status: 200, body: { ok: true } };
        },
      },
      {
        // The platform's published webhook keys (IDnow: auth.<region>.platform.idnow.io/oidc/.well-known/jwks.json).
        method: 'GET',
        pattern: '/oidc/.well-known/jwks.json',
        handler: () => ({ status: 200, body: jwks }),
      },
    ],
    { isApi: (path) => path.startsWith('/api/') || path.startsWith('/oidc/') },
  );

  return Object.assign(fake, {
    setWebhookUrl: (url: string) => {
      webhookUrl = url;
    },
    setRedirectUrl: (url: string) => {
      redirectUrl = url;
    },
    webhooks,
    identification: (transactionNumber: string) => identifications.get(transactionNumber),
    decide,
    send,
    resultJson,
    expireTokens: () => {
      for (const token of tokens.keys()) tokens.set(token, Date.now() - 1);
    },
    jwks,
    issuer: `${fake.origin}/oidc`,
    sendJwt,
    signedEvent,
    post,
  });
}
