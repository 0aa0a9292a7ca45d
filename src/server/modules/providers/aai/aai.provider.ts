import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { flowForLevel, Provider } from '../../../../shared/kyc.ts';
import type { AaiConfig } from '../../../vendor-config.ts';
import { VendorProtocolError, WebhookRejected } from '../errors.ts';
import type { ProviderOutcome, VerificationProvider } from '../port.ts';
import { hmacHex, safeEqual } from '../signatures.ts';
import { createVendorHttp } from '../vendor-http.ts';
import { reasonOfAaiCode } from './error-codes.ts';

/**
 * PROVIDER_AAI, ADVANCE.AI (FACTS.md §5): an access token from the token API (signed with the plain
 * SHA-256 of accessKey + secretKey + timestamp) that later calls carry as X-ACCESS-TOKEN, reused
 * until it expires; one H5 verification link per session (signatureId, url) that the user is sent
 * to; results read with get-result. Every reply is AAI's envelope {code, message, data, extra,
 * transactionId, pricingStrategy}: anything but code SUCCESS is a VendorProtocolError.
 *
 * AAI does not sign its callbacks ({signatureId, type}) and advises an authorization query parameter
 * in the callback URL, which is what we do: a random nonce and the HMAC of it under
 * AAI_WEBHOOK_SECRET, so the secret itself never travels or lands in access logs. A callback is
 * then only a hint: the result is always read from AAI before anything changes (AAI also says
 * callbacks are not fully reliable and advises polling; fetchResult serves that).
 */

/** An AAI envelope with a code other than SUCCESS (a protocol error that keeps AAI's code). */
export class AaiError extends VendorProtocolError {
  readonly code: string;
  constructor(code: string, message: string, status: number) {
    super(Provider.PROVIDER_AAI, message, status);
    this.name = 'AaiError';
    this.code = code;
  }
}

const TOKEN_PERIOD_SECONDS = 3600;
/** A token this close to its expiry is renewed first. */
const TOKEN_MARGIN_MS = 60_000;
const H5 = '/intl/openapi/identity-risk/idvs-h5/ekyc/v1';

/** AAI's regional API hosts and the region (ISO alpha-3) their H5 service covers. */
const REGION_OF_HOST: Record<string, string> = { 'sg-api': 'SGP', 'ph-api': 'PHL', 'th-api': 'THA', 'my-api': 'MYS', 'vn-api': 'VNM', 'id-api': 'IDN', 'mex-api': 'MEX', 'col-api': 'COL', 'nga-api': 'NGA' };
/**
 * The region the H5 flow is run for: the regional host's, else Singapore (the global host and the
 * local fake). The session request does not carry the user's residence (see the report of issue 9).
 */
export function aaiRegion(baseUrl: string): string {
  return REGION_OF_HOST[new URL(baseUrl).hostname.split('.')[0] ?? ''] ?? 'SGP';
}

const envelopeSchema = z
  .object({ code: z.string().min(1), message: z.string().nullish(), data: z.unknown(), extra: z.unknown().optional(), transactionId: z.string().nullish(), pricingStrategy: z.string().nullish() })
  .loose();
const tokenSchema = z.object({ token: z.string().min(1), expiredTime: z.number().optional() }).loose();
const linkSchema = z.object({ signatureId: z.string().min(1), url: z.url({ protocol: /^https?$/ }) }).loose();
export const AAI_RESULTS = ['PASS', 'FAIL', 'INCOMPLETE'] as const;
const resultSchema = z
  .object({
    signatureId: z.string().min(1),
    overallResult: z.enum(AAI_RESULTS),
    submissionCompleted: z.boolean().optional(),
    errorCode: z.string().nullish(),
  })
  .loose();
export type AaiResult = z.output<typeof resultSchema>;
const callbackSchema = z.object({ signatureId: z.string().min(1).max(200), type: z.string().min(1).max(100) }).loose();

/**
 * A get-result answer in our vocabulary; null when it decides nothing. `callbackType` is the
 * callback that made us ask (null when polling).
 * - PASS approves; FAIL rejects, for good only when the reason says fraud (error-codes.ts).
 * - INCOMPLETE: the flow did not finish. Nothing submitted: no outcome (the user starts a new
 *   link). Submitted: still being checked, unless AAI's COMPLETED callback says the verification is
 *   over, in which case what was sent could not be verified and the user must try again.
 */
export function outcomeOfAai(result: AaiResult, callbackType: string | null): ProviderOutcome | null {
  const code = result.errorCode && result.errorCode !== 'SUCCESS' ? result.errorCode : '';
  const note = `AAI overallResult: ${result.overallResult}${code ? `, errorCode: ${code}` : ''}`;
  if (result.overallResult === 'PASS') return { status: 'APPROVED' };
  const { reason, mode } = reasonOfAaiCode(code);
  if (result.overallResult === 'FAIL') return { status: 'REJECTED', mode, reasonCode: reason, reasonCodes: [reason], userMessage: '', internalNote: note };
  if (!result.submissionCompleted) return null;
  if (callbackType !== 'COMPLETED') return { status: 'PENDING' };
  // Fraud stays final even here; anything else is a new attempt.
  return { status: 'REJECTED', mode, reasonCode: reason, reasonCodes: [reason], userMessage: '', internalNote: note };
}

export function createAaiProvider(config: AaiConfig, http: { timeoutMs: number; retries: number; backoffMs?: number }): VerificationProvider {
  const client = createVendorHttp({ provider: Provider.PROVIDER_AAI, baseUrl: config.baseUrl, ...http });
  const region = aaiRegion(config.baseUrl);
  let cached: { token: string; expiresAt: number } | null = null;
  let fetchingToken: Promise<string> | null = null;

  /** One AAI call: the envelope checked, `data` parsed with `schema`. */
  async function call<S extends z.ZodType>(path: string, body: unknown, schema: S, token: string | null): Promise<z.output<S>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers['x-access-token'] = token;
    // AAI answers errors in the envelope; some with a 4xx status as well.
    const { status, data } = await client.json({ method: 'POST', path, headers, body: JSON.stringify(body) }, envelopeSchema, [200, 400, 401, 403]);
    if (data.code !== 'SUCCESS') throw new AaiError(data.code, `${path} answered ${data.code}${data.message ? ` (${data.message})` : ''}`, status);
    const parsed = schema.safeParse(data.data);
    if (!parsed.success) throw new VendorProtocolError(Provider.PROVIDER_AAI, `${path} answered unexpected data: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`, status);
    return parsed.data;
  }

  async function newToken(): Promise<string> {
    const timestamp = Date.now().toString();
    // Plain SHA-256, not an HMAC (AAI: common token authentication).
    const signature = createHash('sha256').update(config.accessKey + config.secretKey + timestamp).digest('hex');
    const data = await call('/openapi/auth/ticket/v1/generate-token', { accessKey: config.accessKey, timestamp, signature, periodSecond: TOKEN_PERIOD_SECONDS }, tokenSchema, null);
    cached = { token: data.token, expiresAt: data.expiredTime ?? Date.now() + TOKEN_PERIOD_SECONDS * 1000 };
    return data.token;
  }

  /** The current access token; parallel callers share one request for a new one. */
  function accessToken(): Promise<string> {
    if (cached && cached.expiresAt - TOKEN_MARGIN_MS > Date.now()) return Promise.resolve(cached.token);
    fetchingToken ??= newToken().finally(() => {
      fetchingToken = null;
    });
    return fetchingToken;
  }

  /** A call with the access token; ACCESS_DENIED (token revoked or expired early) gets a new token once. */
  async function api<S extends z.ZodType>(path: string, body: unknown, schema: S): Promise<z.output<S>> {
    for (let attempt = 0; ; attempt++) {
      const token = await accessToken();
      try {
        return await call(path, body, schema, token);
      } catch (err) {
        if (attempt > 0 || !(err instanceof AaiError) || err.code !== 'ACCESS_DENIED') throw err;
        if (cached?.token === token) cached = null;
      }
    }
  }

  const getResult = (signatureId: string) => api(`${H5}/get-result`, { signatureId }, resultSchema);

  return {
    id: Provider.PROVIDER_AAI,

    async createSession({ userId, level, returnUrl, callbackUrl, language }) {
      const nonce = randomBytes(16).toString('hex');
      const callback = new URL(callbackUrl);
      callback.searchParams.set('nonce', nonce);
      callback.searchParams.set('token', hmacHex('sha256', config.webhookSecret, nonce));
      const data = await api(
        `${H5}/generate-liveness-detection-url`,
        // bizId: ours per session; userId: our opaque user id. Nothing personal.
        { returnUrl, failReturnUrl: returnUrl, callbackUrl: callback.toString(), bizId: randomBytes(16).toString('hex'), userId, region, language },
        linkSchema,
      );
      return {
        provider: Provider.PROVIDER_AAI,
        level,
        flowName: flowForLevel(level),
        apiUrl: config.baseUrl,
        externalId: data.signatureId,
        launch: { mode: 'REDIRECT', url: data.url },
        expiresAt: null,
      };
    },

    async parseWebhook({ query, rawBody }) {
      const { nonce, token } = query;
      if (!nonce || !token) throw new WebhookRejected(401, 'missing callback token');
      if (!safeEqual(token, hmacHex('sha256', config.webhookSecret, nonce))) throw new WebhookRejected(401, 'callback token does not match');
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRejected(400, 'body is not JSON');
      }
      const parsed = callbackSchema.safeParse(json);
      if (!parsed.success) throw new WebhookRejected(400, 'no signatureId or type');
      const { signatureId, type } = parsed.data;
      let result: AaiResult;
      try {
        result = await getResult(signatureId);
      } catch (err) {
        if (err instanceof AaiError && err.code === 'SIGNATURE_NOT_EXIST') throw new WebhookRejected(400, 'AAI does not know this signatureId');
        throw err;
      }
      // When AAI told us this state: a later read never shows an older one (the callback has no time).
      const readAt = Date.now();
      if (result.signatureId !== signatureId) throw new VendorProtocolError(Provider.PROVIDER_AAI, 'result for another signatureId');
      const outcome = outcomeOfAai(result, type);
      return {
        provider: Provider.PROVIDER_AAI,
        // The state read, not the delivery: SUBMIT_COMPLETED arriving after COMPLETED finds the same result and decides nothing twice.
        eventId: createHash('sha256').update(`${signatureId}\n${result.overallResult}\n${result.errorCode ?? ''}\n${String(result.submissionCompleted)}\n${outcome?.status ?? ''}`).digest('hex'),
        type,
        externalId: signatureId,
        level: null,
        occurredAt: readAt,
        outcome,
      };
    },

    async fetchResult({ externalId }) {
      if (!externalId) throw new VendorProtocolError(Provider.PROVIDER_AAI, 'no signatureId to ask about');
      return outcomeOfAai(await getResult(externalId), null) ?? { status: 'PENDING' };
    },

    origins() {
      // A full-page redirect to AAI's H5 page: nothing of AAI's runs inside ours.
      return { script: [], frame: [], connect: [], img: [] };
    },
  };
}
