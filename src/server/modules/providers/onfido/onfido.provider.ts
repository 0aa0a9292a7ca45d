import { z } from 'zod';
import { flowForLevel, Provider, type VerifiableLevel } from '../../../../shared/kyc.ts';
import type { OnfidoConfig } from '../../../vendor-config.ts';
import { VendorProtocolError, WebhookRejected } from '../errors.ts';
import type { ProviderOutcome, VerificationProvider } from '../port.ts';
import { bodyDigest, header, hmacHex, safeEqual } from '../signatures.ts';
import { createVendorHttp } from '../vendor-http.ts';
import { modeOfReasons, reasonsOfOnfido } from './reasons.ts';

/**
 * PROVIDER_ONFIDO (FACTS.md §2; API v3.6, Studio): the API token in `Authorization: Token
 * token=…`, one applicant and one workflow run per session (the run's workflow is the level's,
 * ONFIDO_WORKFLOW_IDS), the Web SDK started with the run's sdk_token and id, and webhooks signed
 * with the webhook's token (X-SHA2-Signature: hex HMAC-SHA256 of the raw body). Webhooks carry
 * only the run's id and status; the reasons of a decline are read from the run itself.
 */

export const WORKFLOW_RUN_STATUSES = ['processing', 'awaiting_input', 'awaiting_client_input', 'approved', 'declined', 'review', 'abandoned', 'error'] as const;
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];

const errorReply = z.object({ error: z.object({ type: z.string(), message: z.string() }) });
const applicantSchema = z.object({ id: z.string().min(1) });
const runSchema = z.object({
  id: z.string().min(1),
  status: z.enum(WORKFLOW_RUN_STATUSES),
  workflow_id: z.string().optional(),
  applicant_id: z.string().optional(),
  sdk_token: z.string().nullish(),
  reasons: z.array(z.string()).nullish(),
  error: z.object({ type: z.string().optional(), message: z.string().optional() }).nullish(),
  dashboard_url: z.string().optional(),
});
type WorkflowRun = z.output<typeof runSchema>;

const webhookSchema = z.object({
  payload: z.object({
    resource_type: z.string().min(1),
    action: z.string().min(1),
    object: z.object({
      id: z.string().min(1),
      status: z.string().optional(),
      workflow_run_id: z.string().optional(),
      started_at_iso8601: z.string().optional(),
      completed_at_iso8601: z.string().optional(),
      href: z.string().optional(),
    }),
    resource: z.object({ workflow_run_id: z.string().optional() }).passthrough().optional(),
  }),
});

/**
 * A workflow run's status in our vocabulary; null while nothing was submitted (awaiting the user,
 * or abandoned by them: they simply start again — a new run — and no application is opened, so an
 * abandoned old run can never touch a newer run's pending application).
 */
export function outcomeOfRun(run: WorkflowRun): ProviderOutcome | null {
  switch (run.status) {
    case 'approved':
      return { status: 'APPROVED' };
    // Submitted and being worked on: Onfido's checks, a task waiting for us, or Onfido's own
    // manual review ("review" ends the run for a human to decide: our reviewers decide the case).
    case 'processing':
    case 'awaiting_client_input':
    case 'review':
      return { status: 'PENDING' };
    case 'declined': {
      const reasons = run.reasons ?? [];
      const reasonCodes = reasonsOfOnfido(reasons);
      return {
        status: 'REJECTED',
        mode: modeOfReasons(reasonCodes),
        reasonCode: reasonCodes[0]!,
        reasonCodes,
        // Onfido gives no text meant for the user; the translated reasons say it.
        userMessage: '',
        internalNote: [`Onfido workflow run ${run.id} declined; reasons: ${reasons.join(', ') || 'none'}`, run.dashboard_url ?? ''].filter(Boolean).join('\n'),
      };
    }
    case 'error':
      // Onfido could not finish the checks (a task failed): nothing is wrong with the user, who may try again.
      return {
        status: 'REJECTED',
        mode: 'RETRY',
        reasonCode: 'OTHER',
        reasonCodes: ['OTHER'],
        userMessage: '',
        internalNote: `Onfido workflow run ${run.id} ended in error: ${[run.error?.type, run.error?.message].filter(Boolean).join(': ') || 'no details'}`,
      };
    case 'awaiting_input':
    case 'abandoned':
      return null;
  }
}

/** Statuses a webhook's own `status` settles without asking Onfido (the rest need the run's reasons or state). */
const SETTLED_BY_WEBHOOK: ReadonlySet<string> = new Set(['approved', 'review', 'abandoned']);

export function createOnfidoProvider(config: OnfidoConfig, http: { timeoutMs: number; retries: number; backoffMs?: number }): VerificationProvider {
  const client = createVendorHttp({ provider: Provider.PROVIDER_ONFIDO, baseUrl: config.baseUrl, ...http });
  const headers = { authorization: `Token token=${config.apiToken}`, 'content-type': 'application/json' };
  const levelOfWorkflow = (id: string | undefined): VerifiableLevel | null => (id === config.workflowIds[1] ? 1 : id === config.workflowIds[2] ? 2 : null);

  async function run(id: string): Promise<WorkflowRun> {
    const { data } = await client.json({ method: 'GET', path: `/workflow_runs/${encodeURIComponent(id)}`, headers }, runSchema);
    return data;
  }

  return {
    id: Provider.PROVIDER_ONFIDO,

    async createSession({ userId, level }) {
      // Onfido requires a first and last name on every applicant. We send no personal data: the
      // names are placeholders built from our user id (the workflow reads the real ones from the
      // document; its data comparison must not compare against these).
      const applicant = await client.json(
        { method: 'POST', path: '/applicants', headers, body: JSON.stringify({ first_name: 'User', last_name: userId }) },
        applicantSchema.or(errorReply),
        [201, 422],
      );
      if (!('id' in applicant.data)) throw new VendorProtocolError(Provider.PROVIDER_ONFIDO, `applicant refused: ${applicant.data.error.message}`, applicant.status);
      // A new run per session: a run is one attempt (an abandoned one simply expires at Onfido).
      const created = await client.json(
        {
          method: 'POST',
          path: '/workflow_runs',
          headers,
          body: JSON.stringify({ workflow_id: config.workflowIds[level], applicant_id: applicant.data.id, customer_user_id: userId, tags: [`level-${level}`] }),
        },
        runSchema.or(errorReply),
        [201, 422],
      );
      if (!('id' in created.data)) throw new VendorProtocolError(Provider.PROVIDER_ONFIDO, `workflow run refused: ${created.data.error.message}`, created.status);
      if (!created.data.sdk_token) throw new VendorProtocolError(Provider.PROVIDER_ONFIDO, 'workflow run without an sdk_token', created.status);
      return {
        provider: Provider.PROVIDER_ONFIDO,
        level,
        flowName: flowForLevel(level),
        apiUrl: config.baseUrl,
        // The browser starts the SDK with this id (Onfido.init's workflowRunId) and the token.
        externalId: created.data.id,
        launch: { mode: 'SCRIPT', sdkUrl: config.sdkUrl, token: created.data.sdk_token },
        // Onfido does not document the SDK token's lifetime.
        expiresAt: null,
      };
    },

    async parseWebhook({ headers: incoming, rawBody }) {
      const signature = header(incoming, 'x-sha2-signature');
      if (!signature) throw new WebhookRejected(401, 'missing X-SHA2-Signature');
      if (!safeEqual(signature.toLowerCase(), hmacHex('sha256', config.webhookSecret, rawBody))) throw new WebhookRejected(401, 'X-SHA2-Signature does not match');
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRejected(400, 'body is not JSON');
      }
      const parsed = webhookSchema.safeParse(json);
      if (!parsed.success) throw new WebhookRejected(400, `unexpected payload: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
      const { resource_type: resourceType, action, object, resource } = parsed.data.payload;
      const at = object.completed_at_iso8601 ?? object.started_at_iso8601;
      const occurredAt = at ? Date.parse(at) : Number.NaN;
      if (Number.isNaN(occurredAt)) throw new WebhookRejected(400, 'no readable completed_at_iso8601 / started_at_iso8601');
      const base = { provider: Provider.PROVIDER_ONFIDO, eventId: bodyDigest(rawBody), type: action, occurredAt };

      if (resourceType === 'workflow_run') {
        // A run's final status: approved/review/abandoned say all; declined and error need the run's reasons.
        if (object.status && SETTLED_BY_WEBHOOK.has(object.status)) {
          return { ...base, externalId: object.id, level: null, outcome: outcomeOfRun({ id: object.id, status: object.status as WorkflowRunStatus }) };
        }
        const current = await run(object.id);
        return { ...base, externalId: current.id, level: levelOfWorkflow(current.workflow_id), outcome: outcomeOfRun(current) };
      }
      if (resourceType === 'workflow_task') {
        // A task finished (the capture, a check): the run's own status says whether the user submitted.
        const runId = object.workflow_run_id ?? resource?.workflow_run_id ?? /\/workflow_runs\/([^/]+)\/tasks\//.exec(object.href ?? '')?.[1];
        if (!runId) throw new WebhookRejected(400, 'workflow task event without its workflow run');
        const current = await run(runId);
        return { ...base, externalId: current.id, level: levelOfWorkflow(current.workflow_id), outcome: outcomeOfRun(current) };
      }
      // Classic checks, reports and the rest: noted, nothing decided here.
      return { ...base, externalId: object.id, level: null, outcome: null };
    },

    async fetchResult({ externalId }) {
      if (!externalId) throw new VendorProtocolError(Provider.PROVIDER_ONFIDO, 'no workflow run id to ask about');
      return outcomeOfRun(await run(externalId)) ?? { status: 'PENDING' };
    },

    origins() {
      const api = new URL(config.baseUrl).origin;
      const sdk = new URL(config.sdkUrl).origin;
      // The Web SDK script comes from its own host, renders its screens in a frame from there and talks to the API.
      return { script: [sdk], frame: [sdk], connect: [...new Set([api, sdk])], img: [sdk] };
    },
  };
}
