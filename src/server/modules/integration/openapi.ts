import { z } from 'zod';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import { IntegrationPath, PARTNER_SIGNATURE_MAX_AGE_MS, PartnerHeader, SDK_EVENT_SOURCE, SdkEvent } from '../../../shared/integration-paths.ts';
import { RequestHeader } from '../../../shared/api/headers.ts';
import { SDK_PAGE_PATH, SdkPageParam } from '../../../shared/sdk-page.ts';
import { DOMAIN_EVENT_TYPES, DomainEventCatalog } from '../../../shared/events.ts';
import { OPERATION_EXAMPLES, WEBHOOK_EXAMPLE } from './openapi-examples.ts';
import { signedCallSamples, signingRecipesMarkdown, webhookRecipesMarkdown } from './openapi-recipes.ts';

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
  'access-token': "Issue an access token for one of your users (your server, signed)",
  'revoke-token': 'Revoke one access token, or every token of one user (your server, signed)',
  'business-info': 'What the embedded page shows about your business',
  'token-info': "The embedded session's profile (the origin header is not checked here)",
  events: "Your applicants' events after a cursor, in order, and the next cursor (your server, signed): the feed for a server that cannot receive webhooks",
  info: 'The applicant\'s verification state (kyc-info): levels, statuses, provider, limits',
};

const PARTNER_TAG = 'Your server (signed calls)';
const SDK_TAG = 'The embedded page (access token)';
const EXCHANGE_TAG = "The exchange's own systems (events feed key)";
const WEBHOOKS_TAG = 'Webhooks (we call your endpoint)';
const TAGS = [
  { name: PARTNER_TAG, description: `Called by your server, never by a browser: each call is signed with your API secret (see "Signing your server's calls").` },
  { name: SDK_TAG, description: `Called by the embedded page (or your native app) with the access token headers (see "Calls from the embedded page"). The same contracts as the exchange's own pages.` },
  { name: EXCHANGE_TAG, description: 'Not for partners: the exchange\'s trading, withdrawal and support systems read every user\'s events with a key an administrator issues (see "Exchange-wide events feed").' },
  { name: WEBHOOKS_TAG, description: 'What we POST to your webhook endpoint, one event type each (see "Webhooks" for the signature).' },
];
const EXCHANGE_SUMMARY = "Every user's events after a cursor, exchange-only ones included, and the next cursor (the exchange's own systems, with an events feed key)";

/** Transport failures keep their HTTP status (the envelope plugin): documented on every call. */
const transportError = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/TransportError' } } } });

const operationOf = (route: DocumentedRoute): JsonSchema => {
  const name = route.url.split('/').slice(-1)[0]!.replace(/^:id$/, 'document');
  const signed = route.auth === 'partner';
  const feedKey = route.auth === 'feedKey';
  const example = OPERATION_EXAMPLES[name];
  const op: JsonSchema = {
    operationId: `${route.method.toLowerCase()}_${route.url.slice(API_PREFIX.length).replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '')}`,
    summary: feedKey ? EXCHANGE_SUMMARY : (SUMMARY[name] ?? `${name}: the embedded variant of the exchange's own call (same contract, same rules)`),
    tags: [signed ? PARTNER_TAG : feedKey ? EXCHANGE_TAG : SDK_TAG],
    security: signed ? [{ partnerKey: [], partnerTs: [], partnerSig: [] }] : feedKey ? [{ exchangeFeedKey: [] }] : [{ kycAccessToken: [], kycAccessOrigin: [], kycAccessBusiness: [] }],
  };
  const parameters: JsonSchema[] = [];
  for (const [where, schema] of [['query', route.schema?.querystring], ['path', route.schema?.params]] as const) {
    if (!schema) continue;
    const js = jsonSchemaOf(schema, 'input');
    const required = new Set((js.required as string[] | undefined) ?? []);
    for (const [param, prop] of Object.entries((js.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      const sample = where === 'query' ? example?.query?.[param] : undefined;
      parameters.push({ name: param, in: where, required: where === 'path' || required.has(param), schema: prop, ...(sample === undefined ? {} : { example: sample }) });
    }
  }
  if (parameters.length > 0) op.parameters = parameters;
  if (route.schema?.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.schema.body, 'input'), ...(example?.request === undefined ? {} : { example: example.request }) } } };
  }
  const reply = route.schema?.response?.['200'] ?? route.schema?.response?.[200 as unknown as string];
  const ok = reply
    ? {
        description: 'The envelope: ret_code 0 and the result, or a non-zero ret_code (still HTTP 200) with ret_msg',
        content: { 'application/json': { schema: jsonSchemaOf(reply, 'output'), ...(example ? { example: { ret_code: 0, ret_msg: 'OK', result: example.result } } : {}) } },
      }
    : { description: 'The document image (binary), or a JSON envelope with a non-zero ret_code', content: { 'image/jpeg': {}, 'application/json': {} } };
  op.responses = {
    '200': ok,
    ...(route.method === 'POST' ? { '413': transportError('The body is too large'), '415': transportError('The body is not of the media type the call takes') } : {}),
    '429': transportError('Too many requests from this address: wait (the `retry-after` header says how many seconds) and retry'),
  };
  if (signed) {
    const path = route.url + (example?.query ? `?${new URLSearchParams(Object.entries(example.query).map(([k, v]) => [k, String(v)])).toString()}` : '');
    op['x-codeSamples'] = signedCallSamples(route.method, path, route.method === 'GET' ? undefined : example?.request);
  }
  return op;
};

/** The partner-visible event types (AML screening outcomes go to the exchange only). */
const PARTNER_EVENT_TYPES = DOMAIN_EVENT_TYPES.filter((t) => !DomainEventCatalog[t].exchangeOnly);
const EVENT_TYPES_TEXT = PARTNER_EVENT_TYPES.map((t) => `\`${t}\``).join(', ');
const ACCESS_TOKEN_PATH = `${API_PREFIX}${IntegrationPath.integrationAccessToken}`;

const DESCRIPTION = `The integration API of the exchange's identity verification, for businesses that embed the verification flow in their own site or app. Your server asks for an access token for one of its users; your page opens our verification page in an iframe with that token; you learn the outcome from the page's events, from webhooks and from the events feed.

## Getting started

1. An administrator of the exchange registers your business: its id, your allowed origins (the sites that may frame the page), business scenes and the addresses the page may send your users back to. You receive the business id and an API secret (shown once; rotations keep the old secret valid for an overlap you agree on).
2. Your server calls \`POST ${ACCESS_TOKEN_PATH}\`, signed (below), for the user who wants to verify.
3. Your page opens \`sdkUrl\` from the reply, on our host, in an iframe on one of your allowed origins, and listens to its events.
4. Your server learns each decision from a webhook or from the events feed, and reads details with the calls below.

## Signing your server's calls

The calls of "${PARTNER_TAG}" carry three headers:

- \`${PartnerHeader.KEY}\`: your business id;
- \`${PartnerHeader.TS}\`: milliseconds since 1970 (UTC), within ${PARTNER_SIGNATURE_MAX_AGE_MS / 60_000} minutes of our clock;
- \`${PartnerHeader.SIG}\`: the lowercase hexadecimal HMAC-SHA256, keyed with your API secret, of \`timestamp + METHOD + path + raw body\`. The path is the one you send, starting with \`${API_PREFIX}\` and with its query string; a call without a body signs an empty body.

A signature is accepted once. The answers when it is not: ret_code 39001 unknown or disabled business, 39002 wrong signature, 39003 timestamp too far from our clock, 39004 signature already used.

${signingRecipesMarkdown({ path: ACCESS_TOKEN_PATH, body: OPERATION_EXAMPLES['access-token']!.request })}

## Access tokens and the embedded page

\`POST …/access-token\` returns a token that lives 30 minutes, bound to your business, one business scene, one of your allowed origins and one of your users (\`externalUserId\`); revoke it with \`POST …/revoke-token\`. Open \`sdkUrl\` (on our host) in an iframe on that origin: only your allowed origins may frame it (CSP frame-ancestors).

\`sdkUrl\` opens \`${SDK_PAGE_PATH}\` with \`token\`; you may add \`${SdkPageParam.LANG}\` (the language), \`${SdkPageParam.SITE}\` and \`${SdkPageParam.UPDATE}\`. \`${SdkPageParam.SITE}\` (\`MAIN\`, \`HKG\` or \`ARE\`) selects the site whose rules (verification provider routing, agreements, withdrawal limits) and languages the session uses; without it, or with another value, the rules of our host apply. \`${SdkPageParam.UPDATE}=true\` opens the document update flow (re-verification of a verified identity document or address, when one is asked for) instead of a first verification.

## Calls from the embedded page

The calls of "${SDK_TAG}" carry \`${RequestHeader.KYC_ACCESS_TOKEN}\`, \`${RequestHeader.KYC_ACCESS_ORIGIN}\` (the token's origin) and \`${RequestHeader.KYC_ACCESS_BUSINESS}\` (the token's scene), and \`${RequestHeader.KYC_ACCESS_SITE}\` when the page was opened with a site; cookies are ignored there. A token that is unknown, expired, revoked, or sent with another origin or scene is answered with ret_code 33003. A native app calls them the same way.

## Replies

Every reply is the envelope \`{ "ret_code", "ret_msg", "result" }\`. Business outcomes (invalid input, a wrong state, a refused signature) are HTTP 200 with a non-zero \`ret_code\`; only transport failures use HTTP statuses: 413 (body too large), 415 (media type), 429 (too many requests) and 5xx.

## Events in the page

The embedded page posts \`{ source: '${SDK_EVENT_SOURCE}', version: 1, type, payload }\` to its parent window, to the token's origin exactly (never \`*\`). Check that \`event.origin\` is our origin.

- \`${SdkEvent.STEP_STARTED}\`: \`{ route, step }\`
- \`${SdkEvent.SUBMITTED}\`: \`{ level }\`
- \`${SdkEvent.STATUS_CHANGED}\`: \`{ level, status, previous }\`
- \`${SdkEvent.DONE}\`: \`{ reason: 'done' | 'back', level, status }\`; then the page goes to your \`redirect_url\` (if it is on your list) or to our landing page.

## Webhooks

An administrator of the exchange registers your endpoint (its address and the event types you want, or all of them) and gives you its secret (\`whsec_…\`, shown once). Every event of your applicants is POSTed to it as JSON \`{ "type", "timestamp", "data" }\` following Standard Webhooks, with three headers:

- \`webhook-id\`: the event id, the same on every retry: deduplicate on it;
- \`webhook-timestamp\`: seconds since 1970;
- \`webhook-signature\`: \`v1,\` and the base64 HMAC-SHA256, keyed with the base64-decoded part of the secret after \`whsec_\`, of \`webhook-id + "." + webhook-timestamp + "." + raw body\`. While a rotated secret overlaps the new one, the header holds two signatures separated by a space: accept the request if one matches.

Answer 2xx within 10 seconds. Anything else (a redirect included) is retried after about 5 s, 30 s, 2 min, 10 min, 30 min, 2 h, 5 h, 8 h and 10 h, then given up (we can send it again). A user's events reach you in order: the next waits until the one before is delivered. Delivery is at least once. Any Standard Webhooks library verifies a delivery; without one:

${webhookRecipesMarkdown()}

### Event types

${PARTNER_EVENT_TYPES.map((t) => `- \`${t}\` (version ${DomainEventCatalog[t].version})`).join('\n')}

\`data.schemaVersion\` is the payload's version. Payloads hold ids, statuses and reason codes, never personal data: read details through the API. Each payload's schema is under "Webhooks" below.

## Events feed

\`GET …/events?after=<cursor>&limit=<n>\` (signed like the other calls of your server, with an empty body) answers your applicants' events after the cursor, oldest first, and \`next\`: ask again with \`after=next\` (the same \`next\` when nothing is new). Start without \`after\`. The same events as the webhooks: ${EVENT_TYPES_TEXT}.

## Exchange-wide events feed

Not for partners: the exchange's own systems. \`GET ${API_PREFIX}/v1/exchange/kyc/integration/events?after=<cursor>&limit=<n>\` with \`Authorization: Bearer efk_…\`, a key an administrator issues in the console (Webhooks) or with \`npm run webhook -- issue-feed-key "<what for>"\`, shown once; it answers every user's events, AML screening outcomes included, in the same shape and order as your feed. A missing, unknown or revoked key is answered with ret_code 39009.

## Document upload

\`POST …/upload-document\` takes multipart/form-data (fields \`kind\`, \`level\`, then \`file\`), like the exchange's own page.`;

/** An event's `data` as delivered: its type's payload and `schemaVersion` (added by the outbox). */
function eventDataSchema(type: (typeof PARTNER_EVENT_TYPES)[number]): JsonSchema {
  const schema = jsonSchemaOf(DomainEventCatalog[type].data, 'output');
  return {
    ...schema,
    properties: { schemaVersion: { const: DomainEventCatalog[type].version }, ...(schema.properties as JsonSchema) },
    required: ['schemaVersion', ...((schema.required as string[] | undefined) ?? [])],
  };
}

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
    info: {
      title: 'Identity verification: integration API for partners',
      version,
      description: DESCRIPTION,
      license: { name: 'Proprietary: for the businesses the exchange registers' },
    },
    // The paths are absolute on the host that serves this document.
    servers: [{ url: '/', description: 'The host serving this reference' }],
    tags: TAGS,
    paths,
    // OpenAPI 3.1's webhooks: what we POST to a partner's endpoint, one entry per event type.
    webhooks: Object.fromEntries(
      PARTNER_EVENT_TYPES.map((type) => [
        type,
        {
          post: {
            operationId: `webhook_${type.replace(/[^a-zA-Z0-9]+/g, '_')}`,
            summary: `${type} (version ${DomainEventCatalog[type].version})`,
            tags: [WEBHOOKS_TAG],
            security: [{ webhookId: [], webhookTimestamp: [], webhookSignature: [] }],
            requestBody: {
              required: true,
              content: {
                'application/json': {
                  schema: { type: 'object', required: ['type', 'timestamp', 'data'], properties: { type: { type: 'string', const: type }, timestamp: { type: 'string', format: 'date-time' }, data: eventDataSchema(type) } },
                  ...(type === WEBHOOK_EXAMPLE.type ? { example: WEBHOOK_EXAMPLE } : {}),
                },
              },
            },
            responses: {
              '200': { description: 'Any 2xx: delivered' },
              '4XX': { description: 'Any other answer (or none within 10 seconds): retried later, then given up' },
            },
          },
        },
      ]),
    ),
    components: {
      schemas: {
        TransportError: {
          type: 'object',
          properties: { ret_code: { type: 'integer', description: '10006 too many requests, 10001 for 413 and 415' }, ret_msg: { type: 'string' }, result: { type: 'object' } },
          required: ['ret_code', 'ret_msg', 'result'],
        },
      },
      securitySchemes: {
        partnerKey: header(PartnerHeader.KEY, 'Your business id'),
        partnerTs: header(PartnerHeader.TS, 'Milliseconds since 1970 (UTC), within 5 minutes of our clock'),
        partnerSig: header(PartnerHeader.SIG, 'hex HMAC-SHA256(secret, ts + METHOD + path + raw body)'),
        kycAccessToken: header(RequestHeader.KYC_ACCESS_TOKEN, 'The access token'),
        kycAccessOrigin: header(RequestHeader.KYC_ACCESS_ORIGIN, "The token's origin"),
        kycAccessBusiness: header(RequestHeader.KYC_ACCESS_BUSINESS, "The token's business scene"),
        webhookId: header('webhook-id', 'We send it: the event id (the same on every retry)'),
        webhookTimestamp: header('webhook-timestamp', 'We send it: seconds since 1970'),
        webhookSignature: header('webhook-signature', 'We send it: v1,<base64 HMAC-SHA256> under your endpoint secret (see "Webhooks")'),
        exchangeFeedKey: { type: 'http', scheme: 'bearer', description: 'An events feed key (efk_…) an administrator of the exchange issued' },
      },
    },
  };
}
