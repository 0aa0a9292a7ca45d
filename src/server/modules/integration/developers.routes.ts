import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import { DEVELOPERS_PATH, OPENAPI_PATH } from '../../../shared/integration-paths.ts';
import { defaultAuthMode } from '../../plugins/auth.ts';
import { buildOpenApi, type DocumentedRoute } from './openapi.ts';

const INTEGRATION = `${API_PREFIX}/v1/s1/kyc/integration/`;
/** The exchange's own systems' calls (decision 056: the exchange-wide events feed), documented beside the partners'. */
const EXCHANGE_INTEGRATION = `${API_PREFIX}/v1/exchange/kyc/integration/`;

const require = createRequire(import.meta.url);
const REDOC_VERSION = (require('redoc/package.json') as { version: string }).version;
/** The renderer's address carries its version: cached for a year, a new version is a new address. */
export const REDOC_BUNDLE_PATH = `${DEVELOPERS_PATH}redoc-${REDOC_VERSION}.standalone.js`;

/**
 * Redoc's standalone bundle as installed by npm (decision 059), with the one outside address it
 * would load removed: its sidebar footer shows a logo from the vendor's CDN (an <img> whose onError
 * hides it, so an empty data: address shows nothing). Its source-map comment goes too (the map is
 * not served). Read once, when first asked for.
 */
export function redocBundle(): string {
  return readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8')
    .replace(/src:"https:\/\/cdn\.redoc\.ly\/[^"]*"/g, 'src:"data:,"')
    .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
}

/**
 * The reference page's own CSP: Redoc styles its components with inline <style> (styled-components)
 * and runs its search index in a worker made from a blob: address; scripts, fonts, images and
 * requests stay on our origin. The page holds only our own OpenAPI document, no user content.
 */
const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src blob:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

/** Redoc's options (its attributes on <redoc>); system fonts, so nothing is fetched from a font host. */
const THEME = {
  colors: { primary: { main: '#0b5d41' } },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    headings: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
    code: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
  },
};
type Encoding = 'br' | 'gzip' | 'identity';
const compressors = { br: promisify(brotliCompress), gzip: promisify(gzip) };

/**
 * The bundle (1.1 MB) compressed once per encoding, off the event loop, and kept: compressing it per
 * request (the compression plugin) cost half a second of a core each time.
 */
function bundleCache() {
  const cache = new Map<Encoding, Promise<Buffer>>();
  let text: Buffer | null = null;
  return (encoding: Encoding): Promise<Buffer> => {
    let entry = cache.get(encoding);
    if (!entry) {
      const plain = (text ??= Buffer.from(redocBundle()));
      entry =
        encoding === 'identity'
          ? Promise.resolve(plain)
          : encoding === 'br'
            ? compressors.br(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } })
            : compressors.gzip(plain, { level: 9 });
      cache.set(encoding, entry);
    }
    return entry;
  };
}

const encodingFor = (accept: string | undefined): Encoding => (/\bbr\b/.test(accept ?? '') ? 'br' : /\bgzip\b/.test(accept ?? '') ? 'gzip' : 'identity');

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The product's icon (the web app's own file), inline: without one the browser asks for /favicon.ico and gets a 404. */
const FAVICON = `data:image/svg+xml;base64,${readFileSync(new URL('../../../web/favicon.svg', import.meta.url)).toString('base64')}`;

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Integration API reference: identity verification</title><link rel="icon" type="image/svg+xml" href="${FAVICON}"></head>
<body>
<noscript><p>This reference needs JavaScript. The same content: <a href="${OPENAPI_PATH}">the OpenAPI 3.1 document (JSON)</a>.</p></noscript>
<redoc spec-url="${OPENAPI_PATH}" expand-responses="200" required-props-first="true" json-sample-expand-level="3" show-webhook-verb="true" theme="${escapeAttribute(JSON.stringify(THEME))}"></redoc>
<script src="${REDOC_BUNDLE_PATH}"></script>
</body></html>`;

/**
 * The integration reference (decisions 021, 059): every route under the integration path is recorded
 * as it is registered, with the zod schemas it validates and serializes with, and the OpenAPI document
 * is built from exactly those: GET /developers/openapi.json, rendered at /developers/ by Redoc served
 * from our own host. Registered before the API routes (its onRoute hook must see them).
 */
async function developersRoutes(app: FastifyInstance) {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(INTEGRATION) && !route.url.startsWith(EXCHANGE_INTEGRATION)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, auth: route.config?.auth ?? defaultAuthMode(route.url), schema: route.schema as DocumentedRoute['schema'] });
    }
  });
  let doc: Record<string, unknown> | null = null;
  const document = () => (doc ??= buildOpenApi(routes, '1'));
  const bundle = bundleCache();

  app.get(OPENAPI_PATH, (_request, reply) => reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(JSON.stringify(document(), null, 2)));
  app.get(DEVELOPERS_PATH, (_request, reply) => reply.header('cache-control', 'no-cache').header('content-security-policy', PAGE_CSP).type('text/html; charset=utf-8').send(PAGE));
  app.get(REDOC_BUNDLE_PATH, async (request, reply) => {
    const encoding = encodingFor(request.headers['accept-encoding']);
    const body = await bundle(encoding);
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('vary', 'accept-encoding').type('text/javascript; charset=utf-8');
    // Already encoded: the compression plugin leaves a reply with a content-encoding alone.
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(body);
  });
}

export default fp(developersRoutes, { name: 'developers' });
