import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import type { App } from '../../app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { routeTable } from '../../test/route-table.ts';
import { jsonSchemaOf } from './openapi.ts';

/** The integration reference (issue 14): valid OpenAPI, and exactly what the routes validate. */
let app: App;
let close: () => Promise<void>;
const table = routeTable();
const INTEGRATION = `${API_PREFIX}/v1/s1/kyc/integration/`;
const EXCHANGE_INTEGRATION = `${API_PREFIX}/v1/exchange/kyc/integration/`;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}, undefined, { plugins: [table.plugin] }));
});
afterAll(async () => close());

describe('the OpenAPI document of the integration API', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await app.inject({ method: 'GET', url: '/developers/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('has every integration route and each route has exactly its own request and reply schemas', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/developers/openapi.json' })).json();
    const routes = table.routes.filter((r) => r.url.startsWith(INTEGRATION) || r.url.startsWith(EXCHANGE_INTEGRATION));
    expect(routes.length).toBeGreaterThan(15);
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`).sort());
    for (const r of routes) {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')][r.method.toLowerCase()];
      const body = r.schema?.body;
      expect(op.requestBody?.content['application/json'].schema, `${r.method} ${r.url} body`).toEqual(body ? jsonSchemaOf(body, 'input') : undefined);
      const reply = (r.schema?.response as Record<string, unknown> | undefined)?.[200];
      if (reply) expect(op.responses['200'].content['application/json'].schema, `${r.method} ${r.url} reply`).toEqual(jsonSchemaOf(reply, 'output'));
    }
    // The signed calls name the partner's signature; the SDK calls the SDK headers.
    expect(doc.paths['/x-api/v1/s1/kyc/integration/access-token'].post.security).toEqual([{ partnerKey: [], partnerTs: [], partnerSig: [] }]);
    expect(doc.paths['/x-api/v1/s1/kyc/integration/info'].post.security).toEqual([{ kycAccessToken: [], kycAccessOrigin: [], kycAccessBusiness: [] }]);
    expect(doc.info.description).toContain('kyc.status_changed');
    // Decision 056: the exchange-wide feed, with an administrator's key.
    expect(doc.paths['/x-api/v1/exchange/kyc/integration/events'].get.security).toEqual([{ exchangeFeedKey: [] }]);
    expect(doc.components.securitySchemes.exchangeFeedKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('is readable in a browser', async () => {
    const page = await app.inject({ method: 'GET', url: '/developers/' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<code>POST /x-api/v1/s1/kyc/integration/access-token</code>');
    expect(page.body).toContain('href="/developers/openapi.json"');
  });
});
