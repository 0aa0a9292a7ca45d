import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { flowForLevel, Provider } from '../../../../shared/kyc.ts';
import type { IdnowConfig } from '../../../vendor-config.ts';
import { VendorProtocolError, WebhookRejected } from '../errors.ts';
import type { IncomingWebhook, ProviderOutcome, VerificationProvider } from '../port.ts';
import { header, safeEqual } from '../signatures.ts';
import { createVendorHttp, type VendorRequest } from '../vendor-http.ts';
import { reasonOfIdnowCode } from './reasons.ts';
import { IDNOW_SIGNATURE_HEADER, verifyIdnowJwt } from './webhook-jwt.ts';

/**
 * PROVIDER_IDNOW (FACTS.md §4), the Ident API: a login with the company's API key gives a JWT that
 * later calls carry as X-API-LOGIN-TOKEN (reused until it expires); each session is an
 * identification under a transaction number we generate, started without personal data (IDnow asks
 * the user for what it needs), and the user is sent to IDnow's hosted page for it. Results are read
 * by transaction number.
 *
 * Webhooks: IDnow lets the customer configure static headers that it sends with every webhook, a
 * shared secret among them (IDnow docs, "Secure webhooks" → security headers); we expect
 * IDNOW_WEBHOOK_SECRET in IDNOW_WEBHOOK_HEADER and compare it in constant time. The delivery's body
 * is not trusted beyond the transaction number it names: the result is always read back from IDnow
 * before anything changes, so even a leaked header secret can only make us ask IDnow again. The
 * newer IDnow platform signs every webhook as an RS256 JWT (webhook-jwt.ts): with IDNOW_WEBHOOK_JWKS
 * configured, such deliveries are accepted too, verified first, and read back the same way.
 */

/** The custom header configured at IDnow for our webhook, carrying IDNOW_WEBHOOK_SECRET. */
export const IDNOW_WEBHOOK_HEADER = 'x-auth-token';

/** A token without a readable expiry is reused for this long (IDnow's tokens are JWTs with `exp`). */
const FALLBACK_TOKEN_TTL_MS = 10 * 60_000;
/** A token this close to its expiry is renewed first: a call must not start with a dying token. */
const TOKEN_MARGIN_MS = 60_000;

export const IDNOW_RESULTS = [
  'SUCCESS',
  'SUCCESS_DATA_CHANGED',
  'REVIEW_PENDING',
  'CHECK_PENDING',
  'FRAUD_SUSPICION_PENDING',
  'FRAUD_SUSPICION_CONFIRMED',
  'ABORTED',
  'CANCELED',
] as const;
export type IdnowResult = (typeof IDNOW_RESULTS)[number];

const loginSchema = z.object({ authToken: z.string().min(1) });
const startSchema = z.object({ id: z.string().min(1) });
const errorsSchema = z.object({ errors: z.array(z.object({ cause: z.string() }).loose()) });
const processSchema = z
  .object({
    result: z.enum(IDNOW_RESULTS),
    reason: z.string().nullish(),
    transactionnumber: z.string().min(1),
    id: z.string().nullish(),
    identificationtime: z.string().nullish(),
  })
  .loose();
const identificationSchema = z.object({ identificationprocess: processSchema }).loose();
/** A webhook is read only for the identification it names; everything else comes from IDnow. */
const webhookSchema = z.object({ identificationprocess: z.object({ transactionnumber: z.string().min(1).max(100) }).loose() }).loose();

/**
 * An identification result in our vocabulary; null when it decides nothing here. ABORTED means the
 * user left the identification before the end: nothing was judged and IDnow lets the same link be
 * resumed, so it is no outcome (the level stays open; a new session also works).
 */
export function outcomeOfIdnow(process: { result: IdnowResult; reason?: string | null }): ProviderOutcome | null {
  const reason = process.reason ?? '';
  const note = `IDnow result: ${process.result}${reason ? `, reason: ${reason}` : ''}`;
  switch (process.result) {
    // SUCCESS_DATA_CHANGED: the ident specialist corrected data the user had entered; we sent none.
    case 'SUCCESS':
    case 'SUCCESS_DATA_CHANGED':
      return { status: 'APPROVED' };
    case 'REVIEW_PENDING':
    case 'CHECK_PENDING':
    case 'FRAUD_SUSPICION_PENDING':
      return { status: 'PENDING' };
    case 'FRAUD_SUSPICION_CONFIRMED':
      // Never a retry: the user reads only the generic fraud reason, the code stays internal.
      return { status: 'REJECTED', mode: 'FINAL', reasonCode: 'SUSPECTED_FRAUD', reasonCodes: ['SUSPECTED_FRAUD'], userMessage: '', internalNote: note };
    case 'CANCELED': {
      // Canceled by IDnow for something the user can fix (a blurry photo, an expired document…).
      const code = reasonOfIdnowCode(reason);
      return { status: 'REJECTED', mode: 'RETRY', reasonCode: code, reasonCodes: [code], userMessage: '', internalNote: note };
    }
    case 'ABORTED':
      return null;
  }
}

/** When a JWT expires (ms), from its `exp` claim; null when it cannot be read. */
function jwtExpiry(token: string): number | null {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

export function createIdnowProvider(config: IdnowConfig, http: { timeoutMs: number; retries: number; backoffMs?: number }): VerificationProvider {
  const client = createVendorHttp({ provider: Provider.PROVIDER_IDNOW, baseUrl: config.baseUrl, ...http });
  const company = encodeURIComponent(config.companyId);
  let cached: { token: string; expiresAt: number } | null = null;
  let loggingIn: Promise<string> | null = null;

  async function login(): Promise<string> {
    const { data } = await client.json(
      { method: 'POST', path: `/api/v1/${company}/login`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ apiKey: config.apiKey }) },
      loginSchema,
      [200],
    );
    cached = { token: data.authToken, expiresAt: jwtExpiry(data.authToken) ?? Date.now() + FALLBACK_TOKEN_TTL_MS };
    return data.authToken;
  }

  /** The current login token; parallel callers share one login. */
  function authToken(): Promise<string> {
    if (cached && cached.expiresAt - TOKEN_MARGIN_MS > Date.now()) return Promise.resolve(cached.token);
    loggingIn ??= login().finally(() => {
      loggingIn = null;
    });
    return loggingIn;
  }

  /** A call with the login token; a 401 (token revoked or expired early) logs in again once. */
  async function api<S extends z.ZodType>(request: VendorRequest, schema: S, expect: readonly number[] = [200]) {
    for (let attempt = 0; ; attempt++) {
      const token = await authToken();
      try {
        return await client.json({ ...request, headers: { 'content-type': 'application/json', 'x-api-login-token': token } }, schema, expect);
      } catch (err) {
        if (attempt > 0 || !(err instanceof VendorProtocolError) || err.status !== 401) throw err;
        if (cached?.token === token) cached = null;
      }
    }
  }

  /** The identification's result, or null when IDnow has none for it (404). */
  async function identification(transactionNumber: string) {
    const { status, data } = await api({ method: 'GET', path: `/api/v1/${company}/identifications/${encodeURIComponent(transactionNumber)}` }, identificationSchema.or(errorsSchema), [200, 404]);
    if (status === 404 || !('identificationprocess' in data)) return null;
    if (data.identificationprocess.transactionnumber !== transactionNumber) throw new VendorProtocolError(Provider.PROVIDER_IDNOW, 'result for another transaction number', status);
    return data.identificationprocess;
  }

  /**
   * Which identification a delivery is about, once it is authentic: a JWT signed by IDnow (its
   * newer platform's scheme, when IDNOW_WEBHOOK_JWKS is configured; the session id names the
   * identification), or the static secret header with the Ident API's result document. Either way
   * only the identification's name is taken from the delivery.
   */
  function webhookTransaction(headers: IncomingWebhook['headers'], rawBody: Buffer): string {
    const contentType = header(headers, 'content-type') ?? '';
    const jwt = contentType.toLowerCase().startsWith('application/jwt') ? rawBody.toString('utf8') : header(headers, IDNOW_SIGNATURE_HEADER);
    if (jwt) {
      if (!config.webhookJwt) throw new WebhookRejected(401, 'IDnow JWT webhooks are not configured here (IDNOW_WEBHOOK_JWKS)');
      return verifyIdnowJwt(jwt, config.webhookJwt).data.payload.sessionId;
    }
    const secret = header(headers, IDNOW_WEBHOOK_HEADER);
    if (!secret) throw new WebhookRejected(401, `missing ${IDNOW_WEBHOOK_HEADER}`);
    if (!safeEqual(secret, config.webhookSecret)) throw new WebhookRejected(401, `${IDNOW_WEBHOOK_HEADER} does not match`);
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new WebhookRejected(400, 'body is not JSON');
    }
    const parsed = webhookSchema.safeParse(json);
    if (!parsed.success) throw new WebhookRejected(400, 'no identificationprocess.transactionnumber');
    return parsed.data.identificationprocess.transactionnumber;
  }

  return {
    id: Provider.PROVIDER_IDNOW,

    async createSession({ level }) {
      // Ours, random and free of personal data: it names the identification at IDnow and in its webhooks.
      const transactionNumber = randomBytes(16).toString('hex');
      await api({ method: 'POST', path: `/api/v1/${company}/identifications/${transactionNumber}/start`, body: JSON.stringify({}) }, startSchema);
      return {
        provider: Provider.PROVIDER_IDNOW,
        level,
        flowName: flowForLevel(level),
        apiUrl: config.baseUrl,
        externalId: transactionNumber,
        // IDnow returns the user to the redirect URL configured for the company (README).
        launch: { mode: 'REDIRECT', url: `${config.webUrl}/${company}/identifications/${transactionNumber}` },
        expiresAt: null,
      };
    },

    async parseWebhook({ headers, rawBody }) {
      const transactionNumber = webhookTransaction(headers, rawBody);
      // The result as IDnow has it now, not as the delivery claims it (vendor down: an error, IDnow retries).
      const process = await identification(transactionNumber);
      // Our clock for ordering is when IDnow told us this state: a later read never shows an older
      // state, whereas identificationtime stays the same from review to decision (and may be absent).
      const readAt = Date.now();
      if (!process) throw new WebhookRejected(400, 'IDnow has no result for this transaction number');
      return {
        provider: Provider.PROVIDER_IDNOW,
        // The state read, not the delivery: two deliveries that find the same result decide once.
        eventId: createHash('sha256').update(`${transactionNumber}\n${process.result}\n${process.reason ?? ''}\n${process.identificationtime ?? ''}`).digest('hex'),
        type: process.result,
        externalId: transactionNumber,
        level: null,
        occurredAt: readAt,
        outcome: outcomeOfIdnow(process),
      };
    },

    async fetchResult({ externalId }) {
      if (!externalId) throw new VendorProtocolError(Provider.PROVIDER_IDNOW, 'no transaction number to ask about');
      const process = await identification(externalId);
      // No result yet, or the user left midway (ABORTED): nothing decided.
      return (process && outcomeOfIdnow(process)) ?? { status: 'PENDING' };
    },

    origins() {
      // A full-page redirect to IDnow's page: nothing of IDnow's runs inside ours.
      return { script: [], frame: [], connect: [], img: [] };
    },
  };
}
