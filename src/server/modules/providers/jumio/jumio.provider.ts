import { z } from 'zod';
import { flowForLevel, Provider, type VerifiableLevel } from '../../../../shared/kyc.ts';
import type { JumioConfig } from '../../../vendor-config.ts';
import { VendorProtocolError, WebhookRejected } from '../errors.ts';
import type { ProviderOutcome, VerificationProvider } from '../port.ts';
import { bodyDigest, safeEqual } from '../signatures.ts';
import { createVendorHttp, type VendorHttp, type VendorRequest } from '../vendor-http.ts';
import { modeOfReasons, reasonsOfJumio } from './labels.ts';

/**
 * PROVIDER_JUMIO (FACTS.md §3; KYX platform): OAuth2 client credentials (a bearer token reused
 * until shortly before it expires), one account and workflow execution per session (the level's
 * workflow definition key, JUMIO_WORKFLOW_KEYS), the browser sent to Jumio's hosted page (web.href)
 * and back to us by web.successUrl / errorUrl. Jumio does not sign callbacks (it documents an IP
 * allowlist only), so a callback is authenticated by a secret we put in its URL, and then its
 * claims are never used: the execution is always read from the retrieval API first.
 */

/** Jumio asks for a User-Agent naming the company and application (for its troubleshooting). */
export const JUMIO_USER_AGENT = 'UserAccounts-KYC/1.0';
/** The query parameter carrying JUMIO_WEBHOOK_SECRET on the callback URL (`token` is redacted in our logs). */
export const JUMIO_CALLBACK_TOKEN = 'token';
/** How long the hosted page's link works (Jumio's tokenLifetime; its default is 30 minutes too). */
const TOKEN_LIFETIME_MINUTES = 30;

export const WORKFLOW_STATUSES = ['INITIATED', 'ACQUIRED', 'PROCESSED', 'SESSION_EXPIRED', 'TOKEN_EXPIRED'] as const;
export const DECISION_TYPES = ['PASSED', 'REJECTED', 'WARNING', 'NOT_EXECUTED'] as const;
type DecisionType = (typeof DECISION_TYPES)[number];

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive(), token_type: z.string().optional() });
const accountSchema = z.object({
  account: z.object({ id: z.string().min(1) }),
  web: z.object({ href: z.string().min(1) }),
  workflowExecution: z.object({ id: z.string().min(1) }),
});
const decisionSchema = z.object({ type: z.enum(DECISION_TYPES), details: z.object({ label: z.string() }).optional() });
// Only decisions are kept: the extracted data (names, numbers, addresses) is stripped by the schema.
const executionSchema = z.object({
  account: z.object({ id: z.string().min(1) }),
  workflow: z.object({ id: z.string().min(1), status: z.enum(WORKFLOW_STATUSES), definitionKey: z.union([z.string(), z.number()]).optional() }),
  decision: decisionSchema.extend({ risk: z.object({ score: z.number() }).optional() }).optional(),
  capabilities: z.record(z.string(), z.array(z.object({ decision: decisionSchema }))).optional(),
});
type Execution = z.output<typeof executionSchema>;
const callbackSchema = z.object({
  callbackSentAt: z.string().min(1),
  userReference: z.string().optional(),
  workflowExecution: z.object({ id: z.string().min(1), status: z.string().optional(), definitionKey: z.union([z.string(), z.number()]).optional() }),
  account: z.object({ id: z.string().min(1) }),
});

/** Our externalId for a Jumio session: both ids Jumio's retrieval API needs, `<accountId>:<workflowExecutionId>` (UUIDs have no colon). */
export const jumioExternalId = (accountId: string, workflowExecutionId: string) => `${accountId}:${workflowExecutionId}`;
function idsOf(externalId: string): { accountId: string; workflowExecutionId: string } | null {
  const [accountId, workflowExecutionId, ...rest] = externalId.split(':');
  return accountId && workflowExecutionId && rest.length === 0 ? { accountId, workflowExecutionId } : null;
}

/** The execution's overall decision: Jumio's own, or (older accounts without one) the worst capability decision. */
function decisionOf(execution: Execution): DecisionType {
  if (execution.decision) return execution.decision.type;
  const types = Object.values(execution.capabilities ?? {}).flatMap((list) => list.map((c) => c.decision.type));
  for (const t of ['REJECTED', 'WARNING', 'NOT_EXECUTED'] as const) if (types.includes(t)) return t;
  return 'PASSED';
}

/** Capability labels with a given decision, as `capability.LABEL` pairs. */
function labelsOf(execution: Execution, type: DecisionType) {
  return Object.entries(execution.capabilities ?? {}).flatMap(([capability, list]) =>
    list.filter((c) => c.decision.type === type && c.decision.details?.label).map((c) => ({ capability, label: c.decision.details!.label })),
  );
}

/**
 * A workflow execution in our vocabulary. Nothing submitted (INITIATED) or the user's time ran out
 * (SESSION_EXPIRED, TOKEN_EXPIRED): null — nothing to decide, the user starts again, and an expired
 * old execution can never touch a newer one's pending application. ACQUIRED: submitted, pending.
 * PROCESSED: PASSED approves; WARNING (the risk score's middle band) stays pending for our
 * reviewers to decide in the console; REJECTED rejects with the capabilities' labels; NOT_EXECUTED
 * (the checks could not run: nothing usable uploaded, a technical error) lets the user try again.
 */
export function outcomeOfExecution(execution: Execution): ProviderOutcome | null {
  const { status, id } = execution.workflow;
  if (status === 'INITIATED' || status === 'SESSION_EXPIRED' || status === 'TOKEN_EXPIRED') return null;
  if (status === 'ACQUIRED') return { status: 'PENDING' };
  const decision = decisionOf(execution);
  if (decision === 'PASSED') return { status: 'APPROVED' };
  if (decision === 'WARNING') return { status: 'PENDING' };
  const labels = labelsOf(execution, decision === 'REJECTED' ? 'REJECTED' : 'NOT_EXECUTED');
  const note = [
    `Jumio workflow execution ${id}: ${decision}${execution.decision?.risk ? ` (risk score ${execution.decision.risk.score})` : ''}`,
    `labels: ${labels.map((l) => `${l.capability}.${l.label}`).join(', ') || execution.decision?.details?.label || 'none'}`,
  ].join('; ');
  if (decision === 'NOT_EXECUTED') {
    return { status: 'REJECTED', mode: 'RETRY', reasonCode: 'OTHER', reasonCodes: ['OTHER'], userMessage: '', internalNote: note };
  }
  const reasonCodes = reasonsOfJumio(labels);
  // Jumio gives no text meant for the user; the translated reasons say it.
  return { status: 'REJECTED', mode: modeOfReasons(reasonCodes), reasonCode: reasonCodes[0]!, reasonCodes, userMessage: '', internalNote: note };
}

export function createJumioProvider(config: JumioConfig, http: { timeoutMs: number; retries: number; backoffMs?: number }): VerificationProvider {
  const clientOf = (baseUrl: string) => createVendorHttp({ provider: Provider.PROVIDER_JUMIO, baseUrl, ...http });
  const auth = clientOf(config.authUrl);
  const account = clientOf(config.accountUrl);
  const retrieval = clientOf(config.retrievalUrl);
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
  const levelOfKey = (key: string | number | undefined): VerifiableLevel | null =>
    key === undefined ? null : String(key) === config.workflowKeys[1] ? 1 : String(key) === config.workflowKeys[2] ? 2 : null;

  // The access token, shared by every call until a minute before Jumio says it expires (the token
  // endpoint is rate-limited); parallel calls wait for the same request.
  let cached: { token: string; until: number } | null = null;
  let pending: Promise<string> | null = null;
  function accessToken(): Promise<string> {
    if (cached && cached.until > Date.now()) return Promise.resolve(cached.token);
    pending ??= auth
      .json(
        {
          method: 'POST',
          path: '/oauth2/token',
          headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', 'user-agent': JUMIO_USER_AGENT },
          body: 'grant_type=client_credentials',
        },
        tokenSchema,
        [200],
      )
      .then(({ data }) => {
        cached = { token: data.access_token, until: Date.now() + Math.max(0, data.expires_in - 60) * 1000 };
        return data.access_token;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  /** A call with the bearer token; a 401 (token revoked or expired early) gets one fresh token and one more try. */
  async function authorized<S extends z.ZodType>(client: VendorHttp, request: VendorRequest, schema: S, expect: readonly number[] = [200, 201]) {
    const send = async () => client.json({ ...request, headers: { ...request.headers, authorization: `Bearer ${await accessToken()}`, 'user-agent': JUMIO_USER_AGENT } }, schema, expect);
    try {
      return await send();
    } catch (err) {
      if (!(err instanceof VendorProtocolError && err.status === 401)) throw err;
      cached = null;
      return send();
    }
  }

  /** The execution as Jumio's retrieval API has it; null when Jumio does not know it. */
  async function execution(accountId: string, workflowExecutionId: string): Promise<Execution | null> {
    const reply = await authorized(retrieval, { method: 'GET', path: `/api/v1/accounts/${encodeURIComponent(accountId)}/workflow-executions/${encodeURIComponent(workflowExecutionId)}` }, z.unknown(), [200, 404]);
    if (reply.status === 404) return null;
    const parsed = executionSchema.safeParse(reply.data);
    if (!parsed.success) throw new VendorProtocolError(Provider.PROVIDER_JUMIO, `workflow execution of an unexpected shape: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`, reply.status);
    if (parsed.data.account.id !== accountId || parsed.data.workflow.id !== workflowExecutionId) throw new VendorProtocolError(Provider.PROVIDER_JUMIO, 'retrieval answered about another workflow execution', reply.status);
    return parsed.data;
  }

  return {
    id: Provider.PROVIDER_JUMIO,

    async createSession({ userId, level, returnUrl, callbackUrl, language }) {
      const key = config.workflowKeys[level];
      const callback = new URL(callbackUrl);
      callback.searchParams.set(JUMIO_CALLBACK_TOKEN, config.webhookSecret);
      const { data } = await authorized(
        account,
        {
          method: 'POST',
          path: '/api/v1/accounts',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            // Our user id only: Jumio's references must not contain personal data.
            customerInternalReference: userId,
            userReference: userId,
            workflowDefinition: { key: /^\d+$/.test(key) ? Number(key) : key },
            callbackUrl: callback.toString(),
            tokenLifetime: `${TOKEN_LIFETIME_MINUTES}m`,
            // Jumio appends acquisitionStatus (SUCCESS / ERROR) and the ids to either URL.
            web: { successUrl: returnUrl, errorUrl: returnUrl, locale: language.split('-')[0]!.toLowerCase() },
          }),
        },
        accountSchema,
      );
      return {
        provider: Provider.PROVIDER_JUMIO,
        level,
        flowName: flowForLevel(level),
        apiUrl: config.accountUrl,
        externalId: jumioExternalId(data.account.id, data.workflowExecution.id),
        launch: { mode: 'REDIRECT', url: data.web.href },
        expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MINUTES * 60_000).toISOString(),
      };
    },

    async parseWebhook({ query, rawBody }) {
      const token = query[JUMIO_CALLBACK_TOKEN];
      if (!token || !safeEqual(token, config.webhookSecret)) throw new WebhookRejected(401, 'missing or wrong callback token');
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new WebhookRejected(400, 'body is not JSON');
      }
      const parsed = callbackSchema.safeParse(json);
      if (!parsed.success) throw new WebhookRejected(400, `unexpected payload: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
      const callback = parsed.data;
      const occurredAt = Date.parse(callback.callbackSentAt);
      if (Number.isNaN(occurredAt)) throw new WebhookRejected(400, 'unreadable callbackSentAt');
      // Unsigned: the callback only says which execution to look at; Jumio's record says what happened.
      const current = await execution(callback.account.id, callback.workflowExecution.id);
      if (!current) throw new WebhookRejected(400, 'Jumio does not know this workflow execution');
      return {
        provider: Provider.PROVIDER_JUMIO,
        eventId: bodyDigest(rawBody),
        type: `workflowExecution.${current.workflow.status}`,
        externalId: jumioExternalId(current.account.id, current.workflow.id),
        level: levelOfKey(current.workflow.definitionKey),
        occurredAt,
        outcome: outcomeOfExecution(current),
      };
    },

    async fetchResult({ externalId }) {
      const ids = externalId ? idsOf(externalId) : null;
      if (!ids) throw new VendorProtocolError(Provider.PROVIDER_JUMIO, 'no workflow execution to ask about');
      const current = await execution(ids.accountId, ids.workflowExecutionId);
      if (!current) throw new VendorProtocolError(Provider.PROVIDER_JUMIO, 'Jumio does not know this workflow execution', 404);
      return outcomeOfExecution(current) ?? { status: 'PENDING' };
    },

    origins() {
      // The browser leaves for Jumio's hosted page and comes back: a navigation, which our CSP does not restrict.
      return { script: [], frame: [], connect: [], img: [] };
    },
  };
}
