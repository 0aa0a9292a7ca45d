import { randomBytes, randomUUID } from 'node:crypto';
import { hmacHex, safeEqual } from '../signatures.ts';
import { deliver, startFakeServer, type FakeReply, type FakeRequest, type RunningFake } from '../fake-kit/fake-server.ts';
import { readStandInSubmission, standInPage } from '../fake-kit/stand-in-page.ts';
import type { WorkflowRunStatus } from './onfido.provider.ts';

/**
 * A local Onfido (API v3.6, Studio; FACTS.md §2) for tests and the offline demo. It checks the API
 * token on every call as Onfido does (`Authorization: Token token=…`, 401 authorization_error
 * otherwise), keeps applicants and workflow runs under /v3.6, serves a stand-in for the Web SDK
 * script with Onfido's surface (`Onfido.init({token, workflowRunId, containerId, onComplete,
 * onError})`), and sends webhooks signed like Onfido's (X-SHA2-Signature: hex HMAC-SHA256 of the
 * raw body with the webhook's token): workflow_task.completed when the user submits, then
 * workflow_run.completed when the run ends.
 */

export const ONFIDO_API_PREFIX = '/v3.6';
/** Where the stand-in Web SDK script is served (Onfido's CDN path: /v14). */
export const ONFIDO_SDK_PATH = '/v14';

export interface OnfidoFakeOptions {
  apiToken: string;
  /** The webhook's token (Onfido returns it when the webhook is created; it signs every delivery). */
  webhookToken: string;
  /** The workflows the account has; level 2's asks for a proof of address in the stand-in page. */
  workflowIds: { 1: string; 2: string };
  webhookUrl?: string;
  /** End runs by themselves this long after a submission (the demo); off in tests, which call complete(). */
  autoReviewMs?: number | null;
}

export interface FakeWorkflowRun {
  id: string;
  applicant_id: string;
  workflow_id: string;
  workflow_version_id: number;
  status: WorkflowRunStatus;
  customer_user_id: string | null;
  tags: string[];
  sdk_token: string;
  reasons: string[];
  error: { type: string; message: string } | null;
  output: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

/** Onfido's timestamps in webhooks: ISO 8601 to the second. */
const onfidoTime = (d = new Date()) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface OnfidoFake extends RunningFake {
  setWebhookUrl(url: string): void;
  readonly webhooks: { action: string; objectId: string; status: number; body: string }[];
  runOf(customerUserId: string): FakeWorkflowRun | undefined;
  /** The user finished the SDK: the run is processing and the capture task's webhook goes out. */
  submit(runId: string): Promise<number>;
  /** The run ends with a status (reasons for declined, an error for error) and its webhook goes out. */
  complete(runId: string, status: WorkflowRunStatus, details?: { reasons?: string[]; error?: { type: string; message: string } }): Promise<number>;
  /** Sends a payload signed with `secret` (null: unsigned), as a misbehaving network or an attacker would. */
  send(payload: Record<string, unknown>, options?: { secret?: string | null }): Promise<number>;
  /** The body Onfido sends when a run ends (tests replay and reorder these). */
  runCompletedPayload(runId: string, completedAt?: Date): Record<string, unknown>;
}

export async function startOnfidoFake(options: OnfidoFakeOptions): Promise<OnfidoFake> {
  const applicants = new Map<string, { id: string; first_name: string; last_name: string; created_at: string }>();
  const runs = new Map<string, FakeWorkflowRun>();
  const webhooks: OnfidoFake['webhooks'] = [];
  let webhookUrl = options.webhookUrl ?? '';

  const error = (status: number, type: string, message: string, fields: Record<string, string[]> = {}): FakeReply => ({ status, body: { error: { type, message, fields } } });

  /** Onfido's token authentication, checked on every API call. */
  function authenticate(request: FakeRequest): FakeReply | null {
    const value = request.headers.authorization;
    if (typeof value !== 'string' || !safeEqual(value, `Token token=${options.apiToken}`)) return error(401, 'authorization_error', 'Authorization error: please re-check your credentials');
    return null;
  }

  function readJson(request: FakeRequest): Record<string, unknown> | null {
    try {
      const v: unknown = JSON.parse(request.body.toString('utf8'));
      return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  const api = (handler: (request: FakeRequest, params: Record<string, string>) => FakeReply | Promise<FakeReply>) => (request: FakeRequest, params: Record<string, string>) =>
    authenticate(request) ?? handler(request, params);

  const href = (runId: string) => `${fake.origin}${ONFIDO_API_PREFIX}/workflow_runs/${runId}`;
  const runJson = (r: FakeWorkflowRun, withToken: boolean) => ({ ...r, sdk_token: withToken ? r.sdk_token : null, dashboard_url: `${fake.origin}/dashboard/results/${r.id}` });

  async function send(body: Record<string, unknown>, { secret = options.webhookToken }: { secret?: string | null } = {}): Promise<number> {
    const raw = JSON.stringify(body);
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Onfido-Webhooks' };
    if (secret !== null) headers['x-sha2-signature'] = hmacHex('sha256', secret, raw);
    const status = webhookUrl ? await deliver(webhookUrl, raw, headers) : 0;
    const payload = (body.payload ?? {}) as { action?: unknown; object?: { id?: unknown } };
    webhooks.push({ action: String(payload.action), objectId: String(payload.object?.id), status, body: raw });
    return status;
  }

  function runCompletedPayload(runId: string, completedAt = new Date()): Record<string, unknown> {
    const r = runs.get(runId);
    return {
      payload: {
        resource_type: 'workflow_run',
        action: 'workflow_run.completed',
        object: { id: runId, status: r?.status ?? 'approved', completed_at_iso8601: onfidoTime(completedAt), href: href(runId) },
      },
    };
  }

  async function submit(runId: string): Promise<number> {
    const r = runs.get(runId);
    if (!r) return 0;
    r.status = 'processing';
    r.updated_at = new Date().toISOString();
    const taskId = `upload_document_photo_${randomBytes(4).toString('hex')}`;
    return send({
      payload: {
        resource_type: 'workflow_task',
        action: 'workflow_task.completed',
        object: { id: taskId, task_def_id: 'upload_document_photo', workflow_run_id: runId, status: 'completed', completed_at_iso8601: onfidoTime(), href: `${href(runId)}/tasks/${taskId}` },
      },
    });
  }

  async function complete(runId: string, status: WorkflowRunStatus, details: { reasons?: string[]; error?: { type: string; message: string } } = {}): Promise<number> {
    const r = runs.get(runId);
    if (!r) return 0;
    r.status = status;
    r.reasons = details.reasons ?? [];
    r.error = details.error ?? null;
    r.updated_at = new Date().toISOString();
    return send(runCompletedPayload(runId));
  }

  /** The stand-in page's sandbox choices, as Studio outcomes. */
  const sandboxOutcomes: Record<string, [WorkflowRunStatus, string[]]> = {
    GREEN: ['approved', []],
    RED_RETRY: ['declined', ['document_image_quality']],
    RED_FINAL: ['declined', ['document_visual_authenticity_fraud']],
  };

  const runForToken = (runId: string, token: string | null) => {
    const r = runs.get(runId);
    return r && token && safeEqual(token, r.sdk_token) ? r : undefined;
  };

  const fake = await startFakeServer(
    [
      {
        method: 'POST',
        pattern: `${ONFIDO_API_PREFIX}/applicants`,
        handler: api((request) => {
          const body = readJson(request);
          if (!body) return error(400, 'bad_request', 'Invalid JSON');
          const missing = (['first_name', 'last_name'] as const).filter((k) => typeof body[k] !== 'string' || !body[k]);
          if (missing.length > 0) return error(422, 'validation_error', 'There was a validation error on this request', Object.fromEntries(missing.map((k) => [k, ["can't be blank"]])));
          const a = { id: randomUUID(), first_name: String(body.first_name), last_name: String(body.last_name), created_at: new Date().toISOString() };
          applicants.set(a.id, a);
          return { status: 201, body: { ...a, href: `${ONFIDO_API_PREFIX}/applicants/${a.id}`, sandbox: true } };
        }),
      },
      {
        method: 'POST',
        pattern: `${ONFIDO_API_PREFIX}/workflow_runs`,
        handler: api((request) => {
          const body = readJson(request);
          if (!body) return error(400, 'bad_request', 'Invalid JSON');
          const workflowId = typeof body.workflow_id === 'string' ? body.workflow_id : '';
          const applicantId = typeof body.applicant_id === 'string' ? body.applicant_id : '';
          if (workflowId !== options.workflowIds[1] && workflowId !== options.workflowIds[2]) return error(422, 'validation_error', 'There was a validation error on this request', { workflow_id: ['not found'] });
          if (!applicants.has(applicantId)) return error(422, 'validation_error', 'There was a validation error on this request', { applicant_id: ['not found'] });
          const now = new Date().toISOString();
          const r: FakeWorkflowRun = {
            id: randomUUID(),
            applicant_id: applicantId,
            workflow_id: workflowId,
            workflow_version_id: 1,
            status: 'awaiting_input',
            customer_user_id: typeof body.customer_user_id === 'string' ? body.customer_user_id : null,
            tags: Array.isArray(body.tags) ? body.tags.map(String) : [],
            sdk_token: `eyJhbGciOiJIUzI1NiJ9.${randomBytes(24).toString('base64url')}`,
            reasons: [],
            error: null,
            output: null,
            created_at: now,
            updated_at: now,
          };
          runs.set(r.id, r);
          return { status: 201, body: runJson(r, true) };
        }),
      },
      {
        method: 'GET',
        pattern: `${ONFIDO_API_PREFIX}/workflow_runs/:id`,
        handler: api((_request, { id = '' }) => {
          const r = runs.get(id);
          return r ? { status: 200, body: runJson(r, false) } : error(404, 'resource_not_found', 'The resource could not be found');
        }),
      },
      {
        method: 'GET',
        pattern: ONFIDO_SDK_PATH,
        handler: () => ({ status: 200, contentType: 'text/javascript; charset=utf-8', body: sdkScript() }),
      },
      {
        method: 'GET',
        pattern: '/sdk/workflow_runs/:id',
        handler: (request, { id = '' }) => {
          const r = runForToken(id, request.query.get('token'));
          if (!r || r.status !== 'awaiting_input') return { status: 401, contentType: 'text/html; charset=utf-8', body: '<!doctype html><p role="alert">This verification link is no longer valid. Go back and start again.</p>' };
          return {
            status: 200,
            contentType: 'text/html; charset=utf-8',
            body: standInPage({
              vendor: 'Onfido (local stand-in)',
              brand: '#353ff4',
              submitUrl: `/sdk/workflow_runs/${encodeURIComponent(id)}/submit?token=${encodeURIComponent(r.sdk_token)}`,
              finish: { kind: 'message', targetOrigin: request.query.get('parentOrigin') || '*', message: { source: 'onfido', type: 'complete' } },
              sandbox: options.autoReviewMs != null,
              level: r.workflow_id === options.workflowIds[2] ? 2 : 1,
            }),
          };
        },
      },
      {
        method: 'POST',
        pattern: '/sdk/workflow_runs/:id/submit',
        handler: async (request, { id = '' }) => {
          const r = runForToken(id, request.query.get('token'));
          if (!r || r.status !== 'awaiting_input') return error(401, 'authorization_error', 'Invalid or expired SDK token');
          const { files, sandboxResult } = await readStandInSubmission(request.body, request.headers['content-type']);
          if (!files.document) return error(422, 'validation_error', 'document missing');
          await submit(r.id);
          if (options.autoReviewMs != null) {
            const [status, reasons] = sandboxOutcomes[sandboxResult ?? 'GREEN'] ?? sandboxOutcomes.GREEN!;
            setTimeout(() => void complete(r.id, status, { reasons }), options.autoReviewMs).unref();
          }
          return { status: 200, body: { ok: true } };
        },
      },
    ],
    { isApi: (path) => path.startsWith(`${ONFIDO_API_PREFIX}/`) },
  );

  function sdkScript(): string {
    // Onfido's Web SDK surface (v14): Onfido.init(options) renders into #containerId and returns a
    // handle with tearDown(); onComplete fires when the user finished. The stand-in renders the
    // local capture page in a frame, as the real SDK renders its own.
    return `(function(){
  var origin=${JSON.stringify(fake.origin)};
  function init(o){
    o=o||{};
    var host=o.containerEl||document.getElementById(o.containerId||'onfido-mount');
    if(!host)throw new Error('Onfido: container not found');
    if(!o.token||!o.workflowRunId)throw new Error('Onfido: token and workflowRunId are required');
    var frame=document.createElement('iframe');
    frame.src=origin+'/sdk/workflow_runs/'+encodeURIComponent(o.workflowRunId)+'?token='+encodeURIComponent(o.token)+'&parentOrigin='+encodeURIComponent(location.origin)+'&language='+encodeURIComponent(o.language||'en_US');
    frame.title='Onfido verification';frame.allow='camera';frame.style.width='100%';frame.style.minHeight='560px';frame.style.border='0';
    host.innerHTML='';host.appendChild(frame);
    function onMessage(e){
      if(e.origin!==origin||!e.data||e.data.source!=='onfido')return;
      if(e.data.type==='complete'&&o.onComplete)o.onComplete({});
      if(e.data.type==='error'&&o.onError)o.onError({type:'exception',message:String(e.data.message||'')});
    }
    window.addEventListener('message',onMessage);
    function tearDown(){window.removeEventListener('message',onMessage);host.innerHTML='';}
    return{tearDown:tearDown,safeTearDown:function(){tearDown();return Promise.resolve();},setOptions:function(){}};
  }
  window.Onfido={init:init};
})();`;
  }

  return Object.assign(fake, {
    setWebhookUrl: (url: string) => {
      webhookUrl = url;
    },
    webhooks,
    runOf: (customerUserId: string) => [...runs.values()].filter((r) => r.customer_user_id === customerUserId).at(-1),
    submit,
    complete,
    send,
    runCompletedPayload,
  });
}
