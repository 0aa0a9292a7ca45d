import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import type { App } from '../../app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { routeTable } from '../../test/route-table.ts';
import { REDOC_BUNDLE_PATH } from './developers.routes.ts';
import { jsonSchemaOf } from './openapi.ts';
import { OPERATION_EXAMPLES } from './openapi-examples.ts';

const REDOCLY = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

/** The integration reference (issue 14, decision 059): valid OpenAPI, exactly what the routes validate, examples they accept, lint-clean. */
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

  it('has request and reply examples that the routes themselves accept and answer', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/developers/openapi.json' })).json();
    const named = (name: string) => table.routes.find((r) => r.url === `${INTEGRATION}${name}`)!;
    for (const [name, example] of Object.entries(OPERATION_EXAMPLES)) {
      const route = named(name);
      const schema = route.schema as { body?: z.ZodType; querystring?: z.ZodType; response: Record<number, z.ZodType> };
      const op = doc.paths[route.url][route.method.toLowerCase()];
      if (example.request !== undefined) {
        expect(schema.body!.safeParse(example.request).error, `${name} request`).toBeUndefined();
        expect(op.requestBody.content['application/json'].example).toEqual(example.request);
      }
      if (example.query) expect(schema.querystring!.safeParse(example.query).error, `${name} query`).toBeUndefined();
      const envelope = op.responses['200'].content['application/json'].example;
      expect(schema.response[200]!.safeParse(envelope).error, `${name} reply`).toBeUndefined();
      expect(envelope.result).toEqual(example.result);
    }
    // The partner calls, kyc-info and a webhook have theirs.
    expect(Object.keys(OPERATION_EXAMPLES)).toEqual(expect.arrayContaining(['access-token', 'revoke-token', 'events', 'info']));
    expect(doc.webhooks['kyc.level.status_changed'].post.requestBody.content['application/json'].example.data.schemaVersion).toBe(1);
  });

  it('signs every partner call in three languages and documents webhooks and transport failures', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/developers/openapi.json' })).json();
    const ops = Object.values(doc.paths as Record<string, Record<string, { security: object[]; responses: Record<string, unknown>; 'x-codeSamples'?: { lang: string }[] }>>).flatMap((m) => Object.values(m));
    for (const op of ops) {
      expect(op.responses['429']).toBeDefined();
      if ('partnerSig' in op.security[0]!) expect(op['x-codeSamples']!.map((c) => c.lang)).toEqual(['Shell', 'JavaScript', 'Python']);
    }
    // The events catalogue's partner types, each with its payload; AML screening is the exchange's only.
    const types = Object.keys(doc.webhooks);
    expect(types).toContain('kyc.level.status_changed');
    expect(types.some((t) => t.startsWith('kyc.screening.'))).toBe(false);
    // Prose for people: no markup leftovers, no references to the specification's sections.
    expect(doc.info.description).not.toMatch(/§|\*[a-z]+\*/);
    expect(doc.info.description).toContain('## Webhooks');
  });

  it('passes redocly lint with its recommended rules, offline', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    try {
      writeFileSync(path.join(dir, 'openapi.json'), (await app.inject({ method: 'GET', url: '/developers/openapi.json' })).body);
      // No telemetry, no update check: the lint never reaches the network.
      const lint = spawnSync(process.execPath, [REDOCLY, 'lint', '--extends', 'recommended', '--format', 'json', 'openapi.json'], {
        cwd: dir,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: dir, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', CI: 'true' },
      });
      const report = JSON.parse(lint.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; message: string }[] };
      expect(report.problems.filter((p) => p.severity === 'error'), lint.stderr).toEqual([]);
      expect(report.totals.errors).toBe(0);
      expect(lint.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is rendered by Redoc served from our host, with nothing loaded from another one', async () => {
    const page = await app.inject({ method: 'GET', url: '/developers/' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<redoc spec-url="/developers/openapi.json"');
    expect(page.body).toContain(`<script src="${REDOC_BUNDLE_PATH}"></script>`);
    // Its own CSP: scripts, fonts, images and requests from our origin only.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("font-src 'self';");
    expect(page.body).not.toMatch(/https?:\/\//);
    // Its icon inline (no request for /favicon.ico, which is a 404).
    expect(page.body).toMatch(/<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+">/);
    const bundle = await app.inject({ method: 'GET', url: REDOC_BUNDLE_PATH });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/^text\/javascript/);
    expect(bundle.headers['cache-control']).toContain('immutable');
    // The vendor's logo (the one outside address it would load) is gone; no font host anywhere.
    // (Booleans: a failure must not print a megabyte of script.)
    expect(bundle.body.includes('cdn.redoc.ly')).toBe(false);
    expect(/src:"https?:/.test(bundle.body)).toBe(false);
    expect(/fonts\.(googleapis|gstatic)/.test(bundle.body)).toBe(false);
    expect(/\/\/# sourceMappingURL=redoc/.test(bundle.body)).toBe(false);
    expect(bundle.body.length).toBeGreaterThan(500_000);
    // Compressed once and kept; the same script.
    const br = await app.inject({ method: 'GET', url: REDOC_BUNDLE_PATH, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(bundle.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8') === bundle.body).toBe(true);
  });
});
