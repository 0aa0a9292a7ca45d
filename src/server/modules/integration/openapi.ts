import { z } from 'zod';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import { PARTNER_SIGNATURE_MAX_AGE_MS, PartnerHeader, SDK_EVENT_SOURCE, SdkEvent } from '../../../shared/integration-paths.ts';
import { RequestHeader } from '../../../shared/api/headers.ts';
import { SDK_PAGE_PATH, SdkPageParam } from '../../../shared/sdk-page.ts';
import { DOMAIN_EVENT_TYPES, DomainEventCatalog } from '../../../shared/events.ts';

/** A route as registered: method, full URL, its auth mode and the zod schemas it declared. */
export interface DocumentedRoute {
  method: string;
  url: string;
  auth: string;
  schema: { body?: unknown; querystring?: unknown; params?: unknown; response?: Record<string, unknown> } | undefined;
}

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses); what JSON cannot say becomes `{}`. */
export function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  return out;
}

const SUMMARY: Record<string, string> = {
  'access-token': "Issue an access token for one of the partner's users (signed by the partner's server)",
  'revoke-token': 'Revoke one access token, or every token of one user (signed)',
  'business-info': 'What the SDK page shows about the partner',
  'token-info': 'The SDK mode profile (sdk token info); the origin header is not checked here',
  events: "Your applicants' events after a cursor, in order, and the next cursor (signed): the feed for a server that cannot receive webhooks",
};

const EXCHANGE_SUMMARY = "Every user's events after a cursor, exchange-only ones included, and the next cursor (the exchange's own systems, with an events feed key)";

const operationOf = (route: DocumentedRoute): JsonSchema => {
  const name = route.url.split('/').slice(-1)[0]!.replace(/^:id$/, 'document');
  const security = route.auth === 'partner' ? [{ partnerKey: [], partnerTs: [], partnerSig: [] }] : route.auth === 'feedKey' ? [{ exchangeFeedKey: [] }] : [{ kycAccessToken: [], kycAccessOrigin: [], kycAccessBusiness: [] }];
  const op: JsonSchema = {
    operationId: `${route.method.toLowerCase()}_${route.url.slice(API_PREFIX.length).replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '')}`,
    summary: route.auth === 'feedKey' ? EXCHANGE_SUMMARY : (SUMMARY[name] ?? `SDK variant of the private KYC call "${name}" (same contract, same service)`),
    security,
  };
  const parameters: JsonSchema[] = [];
  for (const [where, schema] of [['query', route.schema?.querystring], ['path', route.schema?.params]] as const) {
    if (!schema) continue;
    const js = jsonSchemaOf(schema, 'input');
    const required = new Set((js.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries((js.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      parameters.push({ name, in: where, required: where === 'path' || required.has(name), schema: prop });
    }
  }
  if (parameters.length > 0) op.parameters = parameters;
  if (route.schema?.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.schema.body, 'input') } } };
  const reply = route.schema?.response?.['200'] ?? route.schema?.response?.[200 as unknown as string];
  op.responses = reply
    ? { '200': { description: 'The envelope: ret_code 0 and the result, or a non-zero ret_code (still HTTP 200) with ret_msg', content: { 'application/json': { schema: jsonSchemaOf(reply, 'output') } } } }
    : { '200': { description: 'The document image (binary), or a JSON envelope with a non-zero ret_code', content: { 'image/jpeg': {}, 'application/json': {} } } };
  return op;
};

/** The partner-visible event types (AML screening outcomes go to the exchange only). */
const PARTNER_EVENT_TYPES = DOMAIN_EVENT_TYPES.filter((t) => !DomainEventCatalog[t].exchangeOnly);
const EVENT_TYPES_TEXT = PARTNER_EVENT_TYPES.map((t) => `\`${t}\``).join(', ');

const DESCRIPTION = `The integration API of the exchange's identity verification, for partners that embed the flow (§6).

**Signing (partner's server).** Calls marked *partner* carry \`${PartnerHeader.KEY}\` (your business id), \`${PartnerHeader.TS}\` (milliseconds since 1970, within ${PARTNER_SIGNATURE_MAX_AGE_MS / 60_000} minutes of our clock) and \`${PartnerHeader.SIG}\`: the lowercase hex HMAC-SHA256, under your API secret, of \`ts + METHOD + path + raw body\` (path as sent, starting with \`${API_PREFIX}\`, with its query string). A signature is accepted once. Answers: 39001 unknown business, 39002 bad signature, 39003 stale timestamp, 39004 replayed.

**Access tokens.** \`POST …/access-token\` returns a token that lives 30 minutes, bound to your business, one business scene, one of your allowed origins and one of your users (\`externalUserId\`); revoke it with \`POST …/revoke-token\`. Open \`sdkUrl\` (on our host) in an iframe on that origin: the page may be framed by your allowed origins only (CSP frame-ancestors).

**The SDK page.** \`sdkUrl\` opens \`${SDK_PAGE_PATH}\` with \`token\`; you may add \`${SdkPageParam.LANG}\` (the language), \`${SdkPageParam.SITE}\` and \`${SdkPageParam.UPDATE}\`. \`${SdkPageParam.SITE}\` (\`MAIN\`, \`HKG\` or \`ARE\`) selects the site whose rules (verification provider routing, agreements, withdrawal limits) and languages the session uses; the page sends it on every *sdk* call as \`${RequestHeader.KYC_ACCESS_SITE}\`, and without it (or with another value) the rules of our host apply. \`${SdkPageParam.UPDATE}=true\` opens the document update flow (re-verification of a verified identity document or address, when one is asked for) instead of a first verification.

**SDK calls.** Every *sdk* call carries \`${RequestHeader.KYC_ACCESS_TOKEN}\`, \`${RequestHeader.KYC_ACCESS_ORIGIN}\` (the token's origin) and \`${RequestHeader.KYC_ACCESS_BUSINESS}\` (the token's scene); session cookies are ignored there. A token that is unknown, expired, revoked, or sent with another origin or scene is answered with ret_code 33003.

**Envelope.** Every reply is \`{ ret_code, ret_msg, result }\`; business outcomes are HTTP 200 with a non-zero ret_code.

**postMessage events.** The embedded page posts \`{ source: '${SDK_EVENT_SOURCE}', version: 1, type, payload }\` to its parent, to the token's origin exactly (never \`*\`). Check \`event.origin\` is our origin. Types: \`${SdkEvent.STEP_STARTED}\` ({ route, step }), \`${SdkEvent.SUBMITTED}\` ({ level }), \`${SdkEvent.STATUS_CHANGED}\` ({ level, status, previous }), \`${SdkEvent.DONE}\` ({ reason: 'done' | 'back', level, status }); after \`${SdkEvent.DONE}\` the page goes to your \`redirect_url\` (if on your allowlist) or to our SDK landing page.

**Webhooks (Standard Webhooks).** An administrator of the exchange registers your endpoint (\`POST /x-api/v1/console/businesses/{id}/webhooks\`, body \`{ "url", "events" }\`; \`events\` a list of the types below or \`["*"]\`) and gives you its secret (\`whsec_…\`, shown once). Every event of your applicants is POSTed as JSON \`{ "type", "timestamp", "data" }\` with the headers \`webhook-id\` (the event id: the same on every retry, so deduplicate on it), \`webhook-timestamp\` (seconds) and \`webhook-signature\`: \`v1,\` + base64 HMAC-SHA256, keyed with the base64-decoded part of the secret after \`whsec_\`, over \`webhook-id + "." + webhook-timestamp + "." + raw body\`. While a rotated secret overlaps the new one, the header holds two signatures separated by a space: accept the request if one matches. Any Standard Webhooks library verifies it (\`new Webhook(secret).verify(body, headers)\`). Answer 2xx within 10 seconds; anything else (a redirect included) is retried after about 5 s, 30 s, 2 min, 10 min, 30 min, 2 h, 5 h, 8 h and 10 h, then given up (we can send it again). A user's events reach you in order: the next waits until the one before is delivered. Delivery is at least once.

**Event types** (\`data.schemaVersion\` is the payload's version; payloads hold ids, statuses and reason codes, never personal data: read details through the API): ${EVENT_TYPES_TEXT}. Each payload's JSON Schema is under \`webhooks\` in the OpenAPI document.

**Events feed.** \`GET …/events?after=<cursor>&limit=<n>\` (signed like the other partner calls, empty body) answers your applicants' events after the cursor, oldest first, and \`next\`: ask again with \`after=next\` (the same \`next\` when nothing is new). Start without \`after\`.

**Exchange-wide events feed** (the exchange's own systems, not partners). \`GET ${API_PREFIX}/v1/exchange/kyc/integration/events?after=<cursor>&limit=<n>\` with \`Authorization: Bearer efk_…\`, a key an administrator issues in the console (Webhooks) or with \`npm run webhook -- issue-feed-key "<what for>"\`, shown once; it answers every user's events, AML screening outcomes included, in the same shape and order as the partner's feed. A missing, unknown or revoked key is answered with ret_code 39009.

**Document upload.** \`POST …/upload-document\` takes multipart/form-data (fields \`kind\`, \`level\`, then \`file\`), like the private call.`;

/** The OpenAPI 3.1 document of the integration routes, built from the schemas they were registered with. */
export function buildOpenApi(routes: readonly DocumentedRoute[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route);
  }
  const header = (name: string, description: string) => ({ type: 'apiKey', in: 'header', name, description });
  return {
    openapi: '3.1.0',
    info: { title: 'Identity verification: integration API for partners', version, description: DESCRIPTION },
    paths,
    // OpenAPI 3.1's webhooks: what we POST to a partner's endpoint, one entry per event type.
    webhooks: Object.fromEntries(
      PARTNER_EVENT_TYPES.map((type) => [
        type,
        {
          post: {
            summary: `${type} (version ${DomainEventCatalog[type].version})`,
            requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['type', 'timestamp', 'data'], properties: { type: { const: type }, timestamp: { type: 'string', format: 'date-time' }, data: jsonSchemaOf(DomainEventCatalog[type].data, 'output') } } } } },
            responses: { '200': { description: 'Any 2xx: delivered' } },
          },
        },
      ]),
    ),
    components: {
      securitySchemes: {
        partnerKey: header(PartnerHeader.KEY, 'Your business id'),
        partnerTs: header(PartnerHeader.TS, 'Milliseconds since 1970 (UTC), within 5 minutes of our clock'),
        partnerSig: header(PartnerHeader.SIG, 'hex HMAC-SHA256(secret, ts + METHOD + path + raw body)'),
        kycAccessToken: header(RequestHeader.KYC_ACCESS_TOKEN, 'The access token'),
        kycAccessOrigin: header(RequestHeader.KYC_ACCESS_ORIGIN, "The token's origin"),
        kycAccessBusiness: header(RequestHeader.KYC_ACCESS_BUSINESS, "The token's business scene"),
        exchangeFeedKey: { type: 'http', scheme: 'bearer', description: 'An events feed key (efk_…) an administrator of the exchange issued' },
      },
    },
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The same document as a page a person can read (no scripts: our CSP allows none inline). */
export function renderOpenApiHtml(doc: JsonSchema, jsonPath: string): string {
  const info = doc.info as { title: string; description: string };
  const paragraphs = info.description.split('\n\n').map((p) => `<p>${escapeHtml(p).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>').replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`);
  const ops = Object.entries(doc.paths as Record<string, Record<string, JsonSchema>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const body = (op.requestBody as { content: Record<string, { schema: unknown }> } | undefined)?.content['application/json']?.schema;
      const reply = (op.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>)['200']?.content?.['application/json']?.schema;
      const params = (op.parameters as { name: string; in: string }[] | undefined)?.map((p) => `${p.name} (${p.in})`).join(', ');
      return `<section><h3><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h3><p>${escapeHtml(String(op.summary))}</p>${params ? `<p>Parameters: ${escapeHtml(params)}</p>` : ''}${
        body ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre></details>` : ''
      }${reply ? `<details><summary>Reply</summary><pre>${escapeHtml(JSON.stringify(reply, null, 2))}</pre></details>` : ''}</section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(info.title)}</title></head>
<body><main><h1>${escapeHtml(info.title)}</h1><p><a href="${jsonPath}">OpenAPI 3.1 document (JSON)</a></p>${paragraphs.join('')}<h2>Calls</h2>${ops.join('')}</main></body></html>`;
}
