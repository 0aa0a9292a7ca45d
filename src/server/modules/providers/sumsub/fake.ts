import { randomBytes, randomUUID } from 'node:crypto';
import { hmacHex, safeEqual } from '../signatures.ts';
import { deliver, startFakeServer, type FakeReply, type FakeRequest, type RunningFake } from '../fake-kit/fake-server.ts';
import { readStandInSubmission, standInPage } from '../fake-kit/stand-in-page.ts';
import { nonDocRoutes } from './non-doc-fake.ts';

/**
 * A local Sumsub (docs: docs.sumsub.com; ../shared/vendors/FACTS.md §1) for tests and the offline
 * demo. It checks every API call's App Token signature as Sumsub does (X-App-Token,
 * X-App-Access-Ts within a minute, X-App-Access-Sig = hex HMAC-SHA256 of ts + METHOD + path + body),
 * keeps applicants, issues WebSDK tokens, serves a stand-in for the WebSDK builder script, and sends
 * signed webhooks (x-payload-digest over the raw body) to our server.
 */

export interface SumsubFakeOptions {
  appToken: string;
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go (settable later: our port is known only after listening). */
  webhookUrl?: string;
  /** Review by itself this long after a submission (the demo); off in tests, which call testCompleted. */
  autoReviewMs?: number | null;
}

export interface ReviewResult {
  reviewAnswer: 'GREEN' | 'RED';
  rejectLabels?: string[];
  reviewRejectType?: 'RETRY' | 'FINAL';
  moderationComment?: string;
  clientComment?: string;
}

interface Applicant {
  id: string;
  inspectionId: string;
  externalUserId: string;
  levelName: string;
  createdAt: string;
  reviewStatus: 'init' | 'pending' | 'completed';
  reviewResult: ReviewResult | null;
  /** What the applicant was created with (Non-Doc checks compare the registry with it). */
  fixedInfo: Record<string, string>;
  /** How many times it was reset (re-verification). */
  resets: number;
}

/** Sumsub's time format in payloads: "2024-05-01 10:20:30.123" (UTC). */
const sumsubTime = (d = new Date()) => d.toISOString().replace('T', ' ').replace('Z', '');

export interface SumsubFake extends RunningFake {
  setWebhookUrl(url: string): void;
  /** Every webhook sent: its type, applicant, the status our server answered. */
  readonly webhooks: { type: string; applicantId: string; status: number; body: string }[];
  applicantOf(externalUserId: string): Applicant | undefined;
  /** Sends an arbitrary signed (or unsigned) payload, as a misbehaving network or attacker would. */
  send(payload: Record<string, unknown>, options?: { secret?: string | null }): Promise<number>;
  /** The payload Sumsub would send for an applicant event (tests replay and reorder these). */
  payload(applicantId: string, type: string, createdAt?: Date): Record<string, unknown>;
  /** The Non-Doc checks made for an applicant (non-doc-fake.ts). */
  nonDocChecksOf(applicantId: string): unknown[];
}

export async function startSumsubFake(options: SumsubFakeOptions): Promise<SumsubFake> {
  const applicants = new Map<string, Applicant>();
  const tokens = new Map<string, { externalUserId: string; levelName: string; expires: number }>();
  const webhooks: SumsubFake['webhooks'] = [];
  let webhookUrl = options.webhookUrl ?? '';
  const clientId = 'local-fake';

  const error = (status: number, description: string): FakeReply => ({ status, body: { description, code: status, correlationId: randomUUID() } });

  /** Sumsub's App Token authentication, checked on every /resources call. */
  function authenticate(request: FakeRequest): FakeReply | null {
    const token = request.headers['x-app-token'];
    const ts = request.headers['x-app-access-ts'];
    const sig = request.headers['x-app-access-sig'];
    if (typeof token !== 'string' || typeof ts !== 'string' || typeof sig !== 'string') return error(401, 'App token is missing');
    if (!safeEqual(token, options.appToken)) return error(401, 'App token is invalid');
    if (!/^\d+$/.test(ts) || Math.abs(Date.now() / 1000 - Number(ts)) > 60) return error(401, 'Request timestamp is out of the allowed range');
    const expected = hmacHex('sha256', options.secretKey, Buffer.concat([Buffer.from(ts + request.method.toUpperCase() + request.pathWithQuery), request.body]));
    if (!safeEqual(sig, expected)) return error(401, 'Invalid signature');
    return null;
  }

  const api = (handler: (request: FakeRequest, params: Record<string, string>) => FakeReply | Promise<FakeReply>) => (request: FakeRequest, params: Record<string, string>) =>
    authenticate(request) ?? handler(request, params);

  const applicantJson = (a: Applicant) => ({
    id: a.id,
    createdAt: a.createdAt.slice(0, 19),
    clientId,
    inspectionId: a.inspectionId,
    externalUserId: a.externalUserId,
    type: 'individual',
    review: { reviewId: a.inspectionId.slice(0, 5), levelName: a.levelName, reviewStatus: a.reviewStatus, ...(a.reviewResult ? { reviewResult: a.reviewResult } : {}) },
  });

  function payload(applicantId: string, type: string, createdAt = new Date()): Record<string, unknown> {
    const a = applicants.get(applicantId);
    return {
      applicantId,
      inspectionId: a?.inspectionId ?? randomBytes(12).toString('hex'),
      correlationId: randomUUID(),
      externalUserId: a?.externalUserId ?? '',
      levelName: a?.levelName ?? '',
      type,
      sandboxMode: true,
      reviewStatus: a?.reviewStatus ?? 'init',
      ...(type === 'applicantReviewed' && a?.reviewResult ? { reviewResult: a.reviewResult } : {}),
      createdAtMs: sumsubTime(createdAt),
      clientId,
    };
  }

  async function send(body: Record<string, unknown>, { secret = options.webhookSecret }: { secret?: string | null } = {}): Promise<number> {
    const raw = JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (secret !== null) {
      headers['x-payload-digest'] = hmacHex('sha256', secret, raw);
      headers['x-payload-digest-alg'] = 'HMAC_SHA256_HEX';
    }
    const status = webhookUrl ? await deliver(webhookUrl, raw, headers) : 0;
    webhooks.push({ type: String(body.type), applicantId: String(body.applicantId), status, body: raw });
    return status;
  }

  function review(a: Applicant, result: ReviewResult): Promise<number> {
    a.reviewStatus = 'completed';
    a.reviewResult = result;
    return send(payload(a.id, 'applicantReviewed'));
  }

  const sandboxResults: Record<string, ReviewResult> = {
    GREEN: { reviewAnswer: 'GREEN' },
    RED_RETRY: { reviewAnswer: 'RED', reviewRejectType: 'RETRY', rejectLabels: ['UNSATISFACTORY_PHOTOS', 'SCREENSHOTS'], moderationComment: 'The photo of your document is blurry. Please take a new one in good light.' },
    RED_FINAL: { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['FORGERY'], clientComment: 'Template match on a known forged document.' },
  };

  const nonDoc = nonDocRoutes({ api, error, fixedInfoOf: (id) => applicants.get(id)?.fixedInfo });
  const fake = await startFakeServer(
    [
      ...nonDoc.routes,
      {
        method: 'POST',
        pattern: '/resources/applicants',
        handler: api((request) => {
          const levelName = request.query.get('levelName');
          let body: { externalUserId?: unknown; fixedInfo?: unknown };
          try {
            body = JSON.parse(request.body.toString('utf8')) as { externalUserId?: unknown; fixedInfo?: unknown };
          } catch {
            return error(400, 'Invalid JSON');
          }
          if (!levelName) return error(400, 'levelName is required');
          if (typeof body.externalUserId !== 'string' || !body.externalUserId) return error(400, 'externalUserId is required');
          const existing = [...applicants.values()].find((a) => a.externalUserId === body.externalUserId);
          if (existing) return error(409, `Applicant with external user id '${body.externalUserId}' already exists: ${existing.id}`);
          const a: Applicant = {
            id: randomBytes(12).toString('hex'),
            inspectionId: randomBytes(12).toString('hex'),
            externalUserId: body.externalUserId,
            levelName,
            createdAt: sumsubTime(),
            reviewStatus: 'init',
            reviewResult: null,
            fixedInfo: typeof body.fixedInfo === 'object' && body.fixedInfo !== null ? (body.fixedInfo as Record<string, string>) : {},
            resets: 0,
          };
          applicants.set(a.id, a);
          void send(payload(a.id, 'applicantCreated'));
          return { status: 201, body: applicantJson(a) };
        }),
      },
      {
        method: 'GET',
        pattern: '/resources/applicants/:ref/one',
        handler: api((_request, { ref = '' }) => {
          const external = /^-;externalUserId=(.+)$/.exec(ref)?.[1];
          const a = external ? [...applicants.values()].find((x) => x.externalUserId === external) : applicants.get(ref);
          return a ? { status: 200, body: applicantJson(a) } : error(404, 'Applicant not found');
        }),
      },
      {
        method: 'GET',
        pattern: '/resources/applicants/:id/status',
        handler: api((_request, { id = '' }) => {
          const a = applicants.get(id);
          if (!a) return error(404, 'Applicant not found');
          return { status: 200, body: { createDate: a.createdAt, levelName: a.levelName, reviewStatus: a.reviewStatus, ...(a.reviewResult ? { reviewResult: a.reviewResult } : {}) } };
        }),
      },
      {
        method: 'POST',
        pattern: '/resources/accessTokens/sdk',
        handler: api((request) => {
          let body: { userId?: unknown; levelName?: unknown; ttlInSecs?: unknown };
          try {
            body = JSON.parse(request.body.toString('utf8')) as typeof body;
          } catch {
            return error(400, 'Invalid JSON');
          }
          if (typeof body.userId !== 'string' || typeof body.levelName !== 'string') return error(400, 'userId and levelName are required');
          const ttl = typeof body.ttlInSecs === 'number' ? body.ttlInSecs : 600;
          const token = `_act-sbx-jwt-${randomBytes(24).toString('base64url')}`;
          tokens.set(token, { externalUserId: body.userId, levelName: body.levelName, expires: Date.now() + ttl * 1000 });
          // A token with another level name moves the applicant to that level (Sumsub: change level).
          const a = [...applicants.values()].find((x) => x.externalUserId === body.userId);
          if (a && a.levelName !== body.levelName) {
            a.levelName = body.levelName;
            a.reviewStatus = 'init';
            a.reviewResult = null;
          }
          return { status: 200, body: { token, userId: body.userId } };
        }),
      },
      {
        // Re-verification: back to init (documents deactivated); refused while a review is under way.
        method: 'POST',
        pattern: '/resources/applicants/:id/reset',
        handler: api((_request, { id = '' }) => {
          const a = applicants.get(id);
          if (!a) return error(404, 'Applicant not found');
          if (a.reviewStatus === 'pending') return error(400, 'Applicant cannot be reset while pending');
          a.reviewStatus = 'init';
          a.reviewResult = null;
          a.resets += 1;
          void send(payload(a.id, 'applicantReset'));
          return { status: 200, body: { ok: 1 } };
        }),
      },
      {
        // Sandbox only: Sumsub's way to simulate a review (what tests and the demo use).
        method: 'POST',
        pattern: '/resources/applicants/:id/status/testCompleted',
        handler: api(async (request, { id = '' }) => {
          const a = applicants.get(id);
          if (!a) return error(404, 'Applicant not found');
          const result = JSON.parse(request.body.toString('utf8')) as ReviewResult;
          await review(a, result);
          return { status: 200, body: { ok: 1 } };
        }),
      },
      {
        // The stand-in for Sumsub's WebSDK builder: `snsWebSdk.init(token, refresh).withConf().on().build().launch(selector)`.
        method: 'GET',
        pattern: '/idensic/static/sns-websdk-builder.js',
        handler: () => ({ status: 200, contentType: 'text/javascript; charset=utf-8', body: builderScript() }),
      },
      {
        method: 'GET',
        pattern: '/websdk/p/:token',
        handler: (request, { token = '' }) => {
          const session = tokens.get(token);
          if (!session || session.expires < Date.now()) return { status: 401, contentType: 'text/html; charset=utf-8', body: '<!doctype html><p role="alert">This verification link has expired. Go back and start again.</p>' };
          const parentOrigin = request.query.get('parentOrigin') ?? '';
          return {
            status: 200,
            contentType: 'text/html; charset=utf-8',
            body: standInPage({
              vendor: 'Sumsub (local stand-in)',
              brand: '#1a5cff',
              submitUrl: `/websdk/p/${encodeURIComponent(token)}/submit`,
              finish: { kind: 'message', targetOrigin: parentOrigin || '*', message: { source: 'sumsub', type: 'idCheck.onApplicantSubmitted' } },
              sandbox: options.autoReviewMs != null,
              // Our level-2 level name asks for a proof of address (SUMSUB_LEVEL_NAMES).
              level: /address|poa/i.test(session.levelName) ? 2 : 1,
            }),
          };
        },
      },
      {
        method: 'POST',
        pattern: '/websdk/p/:token/submit',
        handler: async (request, { token = '' }) => {
          const session = tokens.get(token);
          if (!session || session.expires < Date.now()) return error(401, 'Token expired');
          const a = [...applicants.values()].find((x) => x.externalUserId === session.externalUserId);
          if (!a) return error(404, 'Applicant not found');
          const { files, sandboxResult } = await readStandInSubmission(request.body, request.headers['content-type']);
          if (!files.document) return error(400, 'document missing');
          a.reviewStatus = 'pending';
          a.reviewResult = null;
          await send(payload(a.id, 'applicantPending'));
          if (options.autoReviewMs != null) {
            const result = sandboxResults[sandboxResult ?? 'GREEN'] ?? sandboxResults.GREEN!;
            setTimeout(() => void review(a, result), options.autoReviewMs).unref();
          }
          return { status: 200, body: { ok: 1 } };
        },
      },
    ],
    { isApi: (path) => path.startsWith('/resources/') },
  );

  function builderScript(): string {
    // Same surface as Sumsub's builder; renders the stand-in page in a frame, as the real one does.
    return `(function(){
  var origin=${JSON.stringify(fake.origin)};
  function Builder(token,refresh){this.token=token;this.refresh=refresh;this.conf={};this.handlers={};}
  Builder.prototype.withConf=function(c){this.conf=c||{};return this;};
  Builder.prototype.withOptions=function(){return this;};
  Builder.prototype.on=function(name,fn){this.handlers[name]=fn;return this;};
  Builder.prototype.build=function(){var self=this;return{launch:function(selector){
    var host=document.querySelector(selector);if(!host)throw new Error('container not found');
    var frame=document.createElement('iframe');
    frame.src=origin+'/websdk/p/'+encodeURIComponent(self.token)+'?parentOrigin='+encodeURIComponent(location.origin)+'&lang='+encodeURIComponent(self.conf.lang||'en');
    frame.title='Sumsub verification';frame.allow='camera';frame.style.width='100%';frame.style.minHeight='560px';frame.style.border='0';
    host.innerHTML='';host.appendChild(frame);
    function onMessage(e){if(e.origin!==origin||!e.data||e.data.source!=='sumsub')return;var fn=self.handlers[e.data.type];if(fn)fn(e.data.payload||{});}
    window.addEventListener('message',onMessage);
    var ready=self.handlers['idCheck.onReady'];if(ready)frame.addEventListener('load',function(){ready({});});
    return{destroy:function(){window.removeEventListener('message',onMessage);host.innerHTML='';}};
  }};};
  window.snsWebSdk={init:function(token,refresh){return new Builder(token,refresh);}};
})();`;
  }

  return Object.assign(fake, {
    setWebhookUrl: (url: string) => {
      webhookUrl = url;
    },
    webhooks,
    applicantOf: (externalUserId: string) => [...applicants.values()].find((a) => a.externalUserId === externalUserId),
    send,
    payload,
    nonDocChecksOf: nonDoc.checksOf,
  });
}
