import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { safeEqual } from '../signatures.ts';
import { deliver, startFakeServer, type FakeReply, type FakeRequest, type RunningFake } from '../fake-kit/fake-server.ts';
import { readStandInSubmission, standInPage } from '../fake-kit/stand-in-page.ts';

/**
 * A local ADVANCE.AI (../shared/vendors/FACTS.md §5) for tests and the offline demo. It checks the
 * token request's plain SHA-256 signature (accessKey + secretKey + 13-digit timestamp, within five
 * minutes) and the X-ACCESS-TOKEN of every later call, answers in AAI's envelope, creates H5 links
 * whose stand-in page captures a document and a selfie and returns to the returnUrl, and reports to
 * the callbackUrl given with the link as AAI does: an unsigned {signatureId, type} POST.
 */

export interface AaiFakeOptions {
  accessKey: string;
  secretKey: string;
  /** Decide by itself this long after a submission (the demo); off in tests, which call `complete`. */
  autoReviewMs?: number | null;
}

type Overall = 'PASS' | 'FAIL' | 'INCOMPLETE';

interface Verification {
  signatureId: string;
  bizId: string;
  userId: string;
  region: string;
  returnUrl: string;
  callbackUrl: string;
  overallResult: Overall;
  submissionCompleted: boolean;
  errorCode: string | null;
}

export interface AaiFake extends RunningFake {
  /** Every callback sent: its signatureId, type and what our server answered. */
  readonly callbacks: { signatureId: string; type: string; status: number; url: string }[];
  verification(signatureId: string): Verification | undefined;
  /** The user's submission (what the H5 page does): SUBMIT_COMPLETED is sent. */
  submit(signatureId: string): Promise<number>;
  /** AAI's verdict: the result is stored and COMPLETED is sent. */
  complete(signatureId: string, overallResult: Overall, errorCode?: string | null): Promise<number>;
  /** Sends a callback body to a URL, as AAI (or anybody, it is unsigned) would. */
  send(url: string, body: unknown): Promise<number>;
  /** Makes every access token expire now (tests of token renewal). */
  expireTokens(): void;
}

const sandboxResults: Record<string, { overallResult: Overall; errorCode: string | null }> = {
  GREEN: { overallResult: 'PASS', errorCode: null },
  RED_RETRY: { overallResult: 'FAIL', errorCode: 'FACE_QUALITY_TOO_LOW' },
  RED_FINAL: { overallResult: 'FAIL', errorCode: 'LIVENESS_ATTACK' },
};

export async function startAaiFake(options: AaiFakeOptions): Promise<AaiFake> {
  const verifications = new Map<string, Verification>();
  const tokens = new Map<string, number>();
  const callbacks: AaiFake['callbacks'] = [];

  /** AAI's envelope; errors keep the same shape with another code. */
  const envelope = (status: number, code: string, message: string, data: unknown = null): FakeReply => ({
    status,
    body: { code, message, data, extra: null, transactionId: randomBytes(8).toString('hex'), pricingStrategy: 'FREE' },
  });

  function json(request: FakeRequest): Record<string, unknown> | null {
    try {
      const v: unknown = JSON.parse(request.body.toString('utf8'));
      return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  const api = (handler: (body: Record<string, unknown>, request: FakeRequest) => FakeReply | Promise<FakeReply>) => (request: FakeRequest) => {
    const token = request.headers['x-access-token'];
    const expires = typeof token === 'string' ? tokens.get(token) : undefined;
    if (expires === undefined || expires <= Date.now()) return envelope(401, 'ACCESS_DENIED', 'Access token is missing, invalid or expired');
    const body = json(request);
    return body ? handler(body, request) : envelope(400, 'PARAMETER_ERROR', 'Body is not a JSON object');
  };

  async function send(url: string, body: unknown): Promise<number> {
    const status = url ? await deliver(url, JSON.stringify(body), { 'content-type': 'application/json' }) : 0;
    const b = body as { signatureId?: unknown; type?: unknown };
    callbacks.push({ signatureId: String(b.signatureId ?? ''), type: String(b.type ?? ''), status, url });
    return status;
  }

  function submit(signatureId: string): Promise<number> {
    const v = verifications.get(signatureId);
    if (!v) throw new Error(`no verification ${signatureId}`);
    v.submissionCompleted = true;
    return send(v.callbackUrl, { signatureId, type: 'SUBMIT_COMPLETED' });
  }

  function complete(signatureId: string, overallResult: Overall, errorCode: string | null = null): Promise<number> {
    const v = verifications.get(signatureId);
    if (!v) throw new Error(`no verification ${signatureId}`);
    v.overallResult = overallResult;
    v.errorCode = errorCode;
    return send(v.callbackUrl, { signatureId, type: 'COMPLETED' });
  }

  const fake = await startFakeServer(
    [
      {
        method: 'POST',
        pattern: '/openapi/auth/ticket/v1/generate-token',
        handler: (request) => {
          const body = json(request);
          if (!body) return envelope(400, 'PARAMETER_ERROR', 'Body is not a JSON object');
          const { accessKey, timestamp, signature, periodSecond = 3600 } = body;
          if (typeof accessKey !== 'string' || typeof signature !== 'string' || typeof timestamp !== 'string' || !/^\d{13}$/.test(timestamp)) {
            return envelope(400, 'PARAMETER_ERROR', 'accessKey, timestamp (13 digits) and signature are required');
          }
          if (typeof periodSecond !== 'number' || !Number.isInteger(periodSecond) || periodSecond < 60 || periodSecond > 86_400) return envelope(400, 'PARAMETER_ERROR', 'periodSecond must be 60..86400');
          if (Math.abs(Date.now() - Number(timestamp)) > 5 * 60_000) return envelope(401, 'ACCESS_DENIED', 'Timestamp expired');
          const expected = createHash('sha256').update(options.accessKey + options.secretKey + timestamp).digest('hex');
          if (!safeEqual(accessKey, options.accessKey) || !safeEqual(signature, expected)) return envelope(401, 'ACCESS_DENIED', 'Invalid accessKey or signature');
          const token = randomUUID();
          const expiredTime = Date.now() + periodSecond * 1000;
          tokens.set(token, expiredTime);
          return envelope(200, 'SUCCESS', 'OK', { token, expiredTime });
        },
      },
      {
        method: 'POST',
        pattern: '/intl/openapi/identity-risk/idvs-h5/ekyc/v1/generate-liveness-detection-url',
        handler: api((body) => {
          const { returnUrl, callbackUrl = '', bizId, userId = '', region } = body;
          if (typeof returnUrl !== 'string' || !URL.canParse(returnUrl)) return envelope(400, 'PARAMETER_ERROR', 'returnUrl is required');
          if (typeof callbackUrl !== 'string' || (callbackUrl && !URL.canParse(callbackUrl))) return envelope(400, 'PARAMETER_ERROR', 'callbackUrl is not a URL');
          if (typeof bizId !== 'string' || !bizId) return envelope(400, 'PARAMETER_ERROR', 'bizId is required');
          if (typeof region !== 'string' || !/^[A-Z]{3}$/.test(region)) return envelope(400, 'PARAMETER_ERROR', 'region must be ISO alpha-3');
          const signatureId = randomBytes(8).toString('hex');
          verifications.set(signatureId, { signatureId, bizId, userId: String(userId), region, returnUrl, callbackUrl, overallResult: 'INCOMPLETE', submissionCompleted: false, errorCode: null });
          return envelope(200, 'SUCCESS', 'OK', { signatureId, url: `${fake.origin}/h5/liveness/${signatureId}` });
        }),
      },
      {
        method: 'POST',
        pattern: '/intl/openapi/identity-risk/idvs-h5/ekyc/v1/get-result',
        handler: api((body) => {
          const v = typeof body.signatureId === 'string' ? verifications.get(body.signatureId) : undefined;
          if (!v) return envelope(200, 'SIGNATURE_NOT_EXIST', 'This signatureId is not exist.');
          return envelope(200, 'SUCCESS', 'OK', {
            signatureId: v.signatureId,
            overallResult: v.overallResult,
            submissionCompleted: v.submissionCompleted,
            idvResult: v.overallResult,
            ...(v.overallResult === 'PASS' ? { errorCode: 'SUCCESS' } : v.errorCode ? { errorCode: v.errorCode } : {}),
            countryCodeIso3: v.region,
            inputParameters: { bizId: v.bizId, userId: v.userId },
          });
        }),
      },
      {
        // The stand-in for AAI's H5 page.
        method: 'GET',
        pattern: '/h5/liveness/:signatureId',
        handler: (_request, { signatureId = '' }) => {
          const v = verifications.get(signatureId);
          if (!v) return { status: 404, contentType: 'text/html; charset=utf-8', body: '<!doctype html><p role="alert">This verification link is not valid. Go back and start again.</p>' };
          return {
            status: 200,
            contentType: 'text/html; charset=utf-8',
            body: standInPage({
              vendor: 'ADVANCE.AI (local stand-in)',
              brand: '#0b5fff',
              submitUrl: `/h5/liveness/${encodeURIComponent(signatureId)}/submit`,
              finish: { kind: 'redirect', url: v.returnUrl },
              sandbox: options.autoReviewMs != null,
              level: 1,
            }),
          };
        },
      },
      {
        method: 'POST',
        pattern: '/h5/liveness/:signatureId/submit',
        handler: async (request, { signatureId = '' }) => {
          const v = verifications.get(signatureId);
          if (!v) return envelope(200, 'SIGNATURE_NOT_EXIST', 'This signatureId is not exist.');
          const { files, sandboxResult } = await readStandInSubmission(request.body, request.headers['content-type']);
          if (!files.document || !files.selfie) return envelope(400, 'PARAMETER_ERROR', 'document and selfie are required');
          await submit(signatureId);
          if (options.autoReviewMs != null) {
            const chosen = sandboxResults[sandboxResult ?? 'GREEN'] ?? sandboxResults.GREEN!;
            setTimeout(() => void complete(signatureId, chosen.overallResult, chosen.errorCode), options.autoReviewMs).unref();
          }
          return envelope(200, 'SUCCESS', 'OK', { signatureId });
        },
      },
    ],
    { isApi: (path) => path.startsWith('/openapi/') || path.startsWith('/intl/openapi/') },
  );

  return Object.assign(fake, {
    callbacks,
    verification: (signatureId: string) => verifications.get(signatureId),
    submit,
    complete,
    send,
    expireTokens: () => {
      for (const token of tokens.keys()) tokens.set(token, Date.now() - 1);
    },
  });
}
