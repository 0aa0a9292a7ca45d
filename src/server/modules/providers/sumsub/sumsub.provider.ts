import { z } from 'zod';
import { flowForLevel, Provider, type VerifiableLevel } from '../../../../shared/kyc.ts';
import { USER_MESSAGE_MAX_LENGTH } from '../../../../shared/review-reasons.ts';
import type { SumsubConfig } from '../../../vendor-config.ts';
import { VendorProtocolError, WebhookRejected } from '../errors.ts';
import type { ProviderOutcome, VerificationProvider } from '../port.ts';
import { bodyDigest, header, hmacHex, safeEqual } from '../signatures.ts';
import { createVendorHttp } from '../vendor-http.ts';
import { createSumsubNonDoc } from './non-doc.ts';
import { reasonsOfLabels } from './reject-labels.ts';

/**
 * PROVIDER_SUMSUB (FACTS.md §1): App Token authentication with an HMAC-SHA256 signature of every
 * request, one applicant per user (externalUserId = our user id) moved between our two levels by
 * level name, WebSDK access tokens, and webhooks signed with the webhook's own secret
 * (x-payload-digest over the raw body, algorithm in x-payload-digest-alg).
 */

const SDK_TOKEN_TTL_SECONDS = 1800;
/** The Sumsub level with a Non-Doc step used for quick KYC when SUMSUB_NON_DOC_LEVEL_NAME is not set. */
export const DEFAULT_NON_DOC_LEVEL_NAME = 'non-doc-identity';

const applicantSchema = z.object({ id: z.string().min(1), externalUserId: z.string().optional() });
const tokenSchema = z.object({ token: z.string().min(1), userId: z.string() });
const reviewResultSchema = z.object({
  reviewAnswer: z.enum(['GREEN', 'RED']),
  rejectLabels: z.array(z.string()).optional(),
  reviewRejectType: z.enum(['RETRY', 'FINAL', 'EXTERNAL']).optional(),
  moderationComment: z.string().optional(),
  clientComment: z.string().optional(),
});
const statusSchema = z.object({ reviewStatus: z.string(), levelName: z.string().optional(), reviewResult: reviewResultSchema.optional() });
const webhookSchema = z.object({
  applicantId: z.string().min(1),
  type: z.string().min(1),
  levelName: z.string().optional(),
  externalUserId: z.string().optional(),
  reviewStatus: z.string().optional(),
  reviewResult: reviewResultSchema.optional(),
  // "2024-05-01 10:20:30.123", UTC.
  createdAtMs: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/),
  sandboxMode: z.boolean().optional(),
});

const DIGEST_ALGORITHMS = { HMAC_SHA1_HEX: 'sha1', HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' } as const;

/** A review result in our vocabulary (GREEN approves; RED with RETRY or FINAL rejects). */
export function outcomeOfReview(reviewStatus: string, result: z.output<typeof reviewResultSchema> | undefined): ProviderOutcome | null {
  if (reviewStatus === 'pending' || reviewStatus === 'queued' || reviewStatus === 'prechecked' || reviewStatus === 'onHold') return { status: 'PENDING' };
  if (reviewStatus !== 'completed' || !result) return null;
  if (result.reviewAnswer === 'GREEN') return { status: 'APPROVED' };
  const labels = result.rejectLabels ?? [];
  const reasonCodes = reasonsOfLabels(labels);
  return {
    status: 'REJECTED',
    // Only RETRY lets the user resubmit; FINAL (and anything else) closes the level.
    mode: result.reviewRejectType === 'RETRY' ? 'RETRY' : 'FINAL',
    reasonCode: reasonCodes[0]!,
    reasonCodes,
    // Sumsub: the moderation comment may be shown to the user, the client comment must not.
    userMessage: (result.moderationComment ?? '').slice(0, USER_MESSAGE_MAX_LENGTH),
    internalNote: [`Sumsub labels: ${labels.join(', ') || 'none'}`, result.clientComment ?? ''].filter(Boolean).join('\n'),
  };
}

export function createSumsubProvider(config: SumsubConfig, http: { timeoutMs: number; retries: number; backoffMs?: number }): VerificationProvider {
  const client = createVendorHttp({ provider: Provider.PROVIDER_SUMSUB, baseUrl: config.baseUrl, ...http });
  const levelOfName = (name: string | undefined): VerifiableLevel | null => (name === config.levelNames[1] ? 1 : name === config.levelNames[2] ? 2 : null);

  /** Sumsub's request signature: hex HMAC-SHA256 of ts + METHOD + path with query + body. */
  const sign = ({ method, path, body }: { method: string; path: string; body: Buffer }) => {
    const ts = Math.floor(Date.now() / 1000).toString();
    return {
      'x-app-token': config.appToken,
      'x-app-access-ts': ts,
      'x-app-access-sig': hmacHex('sha256', config.secretKey, Buffer.concat([Buffer.from(ts + method.toUpperCase() + path), body])),
      // Sumsub wants the JSON content type even on empty bodies.
      'content-type': 'application/json',
    };
  };

  async function applicantIdOf(userId: string, levelName: string): Promise<string> {
    const found = await client.json({ method: 'GET', path: `/resources/applicants/-;externalUserId=${encodeURIComponent(userId)}/one`, sign }, applicantSchema.or(z.object({ code: z.number() })), [200, 404]);
    if (found.status === 200 && 'id' in found.data) return found.data.id;
    const created = await client.json(
      { method: 'POST', path: `/resources/applicants?levelName=${encodeURIComponent(levelName)}`, body: JSON.stringify({ externalUserId: userId }), sign },
      applicantSchema.or(z.object({ description: z.string() })),
      [200, 201, 409],
    );
    if ('id' in created.data) return created.data.id;
    // Created meanwhile by a parallel request: Sumsub names the existing applicant.
    const existing = /already exists: ([0-9a-f]+)/.exec(created.data.description)?.[1];
    if (!existing) throw new VendorProtocolError(Provider.PROVIDER_SUMSUB, 'applicant conflict without an id', 409);
    return existing;
  }

  /**
   * Re-verification (FACTS.md §1): the user's one applicant was reviewed already, and Sumsub takes a
   * new submission only after a reset (back to `init`, its documents deactivated but kept in its
   * history). Not while a review is under way (Sumsub refuses then; the update is already sent),
   * and not when nothing was reviewed yet (a session resumed before submitting).
   */
  async function openForUpdate(applicantId: string): Promise<void> {
    const { data } = await client.json({ method: 'GET', path: `/resources/applicants/${encodeURIComponent(applicantId)}/status`, sign }, statusSchema);
    if (data.reviewStatus !== 'completed') return;
    await client.json({ method: 'POST', path: `/resources/applicants/${encodeURIComponent(applicantId)}/reset`, sign }, z.object({ ok: z.number() }));
  }

  return {
    id: Provider.PROVIDER_SUMSUB,
    // Registry checks without a document (non-doc.ts; decision 019).
    ...createSumsubNonDoc({ client, sign, levelName: config.nonDocLevelName ?? DEFAULT_NON_DOC_LEVEL_NAME, ...(http.backoffMs !== undefined ? { pollMs: http.backoffMs } : {}) }),

    async createSession({ userId, level, purpose }) {
      const levelName = config.levelNames[level];
      const applicantId = await applicantIdOf(userId, levelName);
      if (purpose === 'REVERIFICATION') await openForUpdate(applicantId);
      // A token for the level's name also moves the applicant to that level (Sumsub: change level).
      const { data } = await client.json(
        { method: 'POST', path: '/resources/accessTokens/sdk', body: JSON.stringify({ userId, levelName, ttlInSecs: SDK_TOKEN_TTL_SECONDS }), sign },
        tokenSchema,
      );
      return {
        provider: Provider.PROVIDER_SUMSUB,
        level,
        flowName: flowForLevel(level),
        apiUrl: config.baseUrl,
        externalId: applicantId,
        launch: { mode: 'SCRIPT', sdkUrl: config.websdkUrl, token: data.token },
        expiresAt: new Date(Date.now() + SDK_TOKEN_TTL_SECONDS * 1000).toISOString(),
      };
    },

    async parseWebhook({ headers, rawBody }) {
      const digest = header(headers, 'x-payload-digest');
      const alg = DIGEST_ALGORITHMS[(header(headers, 'x-payload-digest-alg') ?? 'HMAC_SHA256_HEX') as keyof typeof DIGEST_ALGORITHMS];
      if (!digest || !alg) throw new WebhookRejected(401, 'missing or unknown payload digest');
      if (!safeEqual(digest.toLowerCase(), hmacHex(alg, config.webhookSecret, rawBody))) throw new WebhookRejected(401, 'payload digest does not match');
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRejected(400, 'body is not JSON');
      }
      const parsed = webhookSchema.safeParse(json);
      if (!parsed.success) throw new WebhookRejected(400, `unexpected payload: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
      const body = parsed.data;
      const occurredAt = Date.parse(`${body.createdAtMs.replace(' ', 'T')}Z`);
      if (Number.isNaN(occurredAt)) throw new WebhookRejected(400, 'unreadable createdAtMs');
      // Only these two events decide anything here; the rest (created, reset, level changed…) are noted.
      const outcome = body.type === 'applicantPending' ? ({ status: 'PENDING' } as const) : body.type === 'applicantReviewed' ? outcomeOfReview('completed', body.reviewResult) : null;
      if (body.type === 'applicantReviewed' && !outcome) throw new WebhookRejected(400, 'applicantReviewed without a review result');
      return { provider: Provider.PROVIDER_SUMSUB, eventId: bodyDigest(rawBody), type: body.type, externalId: body.applicantId, level: levelOfName(body.levelName), occurredAt, outcome };
    },

    async fetchResult({ externalId }) {
      if (!externalId) throw new VendorProtocolError(Provider.PROVIDER_SUMSUB, 'no applicant id to ask about');
      const { data } = await client.json({ method: 'GET', path: `/resources/applicants/${encodeURIComponent(externalId)}/status`, sign }, statusSchema);
      return outcomeOfReview(data.reviewStatus, data.reviewResult) ?? { status: 'PENDING' };
    },

    origins() {
      const api = new URL(config.baseUrl).origin;
      const sdk = new URL(config.websdkUrl).origin;
      // The builder script comes from the static host and renders its UI in a frame from the API host.
      return { script: [sdk], frame: [api], connect: [api], img: [] };
    },
  };
}
