import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { writeRoutePages } from './scripts/route-pages.ts';

/**
 * Two build-time edits of the face detector's bundle (@vladmandic/face-api, loaded only on the
 * selfie step and in the console), decision 023; neither changes what it does in a browser:
 * - its CommonJS `require` fallback for Node is dead code in a browser; left as is, the bundler would
 *   hoist a `require` helper into the runtime chunk every page loads (+0.2 KB on the first page);
 * - the bundled long.js tries to compile a tiny WebAssembly module for 64-bit multiplication and
 *   falls back to plain JavaScript when that fails. Our Content-Security-Policy forbids compiling
 *   WebAssembly (no 'wasm-unsafe-eval'), so the attempt only raises a CSP violation: it goes straight
 *   to the fallback instead.
 */
const LONG_JS_WASM = 'try{n=new WebAssembly.Instance(new WebAssembly.Module(';
const faceApiForOurPages: Plugin = {
  name: 'face-api-for-our-pages',
  transform(code, id) {
    if (!id.includes('@vladmandic/face-api/dist/')) return null;
    if (id.includes('face-api.esm.js') && !code.includes(LONG_JS_WASM)) throw new Error('face-api: the long.js WebAssembly probe moved; check the CSP edit in vite.config.ts');
    return { code: code.replaceAll('typeof require!="undefined"', 'false').replace(LONG_JS_WASM, 'try{throw 0;n=new WebAssembly.Instance(new WebAssembly.Module('), map: null };
  },
};

/**
 * After every build, and every rebuild of `npm run dev`'s watch: the route pages (issue 32;
 * scripts/route-pages.ts), so a route's page never names another build's chunks.
 */
function routePages(): Plugin {
  let outDir = '';
  return {
    name: 'route-pages',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      writeRoutePages(outDir);
    },
  };
}

/**
 * The icon inline in both pages (a data: address, which the CSP's img-src allows): as a file it was
 * one more request on the way to the first paint, on a phone's connection (issue 32, decision 069).
 * Vite never inlines a `rel="icon"` link itself. favicon.svg stays the one source (the developers
 * page reads it too).
 */
const FAVICON_LINK = 'href="./favicon.svg"';
const inlineFavicon: Plugin = {
  name: 'inline-favicon',
  // Before Vite's own pass, which would turn the link into an asset file.
  transformIndexHtml: {
    order: 'pre',
    handler(html) {
      if (!html.includes(FAVICON_LINK)) throw new Error('inline-favicon: the icon link moved; check vite.config.ts');
      const svg = readFileSync(fileURLToPath(new URL('src/web/favicon.svg', import.meta.url)), 'utf8').trim();
      return html.replace(FAVICON_LINK, `href="data:image/svg+xml,${encodeURIComponent(svg)}"`);
    },
  },
};

// One build, two pages: the account area (index.html, mounted at /user/accounts/) and /login.
export default defineConfig({
  root: 'src/web',
  base: '/user/accounts/',
  publicDir: false,
  plugins: [react(), tailwindcss(), faceApiForOurPages, inlineFavicon, routePages()],
  resolve: {
    // Decision 033: on React 19 the shim is React's own hook plus a fallback never used.
    alias: [{ find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('src/web/lib/react/use-sync-external-store.ts', import.meta.url)) }],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    reportCompressedSize: false,
    rolldownOptions: {
      input: { index: 'src/web/index.html', login: 'src/web/login.html' },
      output: {
        codeSplitting: {
          // Decision 033: no `experimentalInlineCommonChunks`. Inlining small common chunks (issue 15:
          // 47 requests for the personal page without it) needs strict execution order, which wraps
          // every module in an init function and registers its exports at run time: 3.6 KB brotli
          // of the personal page's 135 KB. Instead the groups below put what the first pages share
          // into a few chunks of their own; each is a list of modules, not their dependencies.
          groups: [
            {
              // What both pages load first: the vendors listed and every module of ours that an entry
              // loads at start ($initial) and another chunk uses too: the request layer, i18n, the
              // kit's hosts and the kit the login page shows (button, field, text input…). The login
              // page needs nothing else but its own chunk; the account area nearly all of it.
              name: 'first-load',
              tags: ['$initial'],
              minShareCount: 2,
              test: /src\/(web|shared)\/|vite\/(preload-helper|modulepreload-polyfill)|node_modules\/(react|react-dom|scheduler|i18next|react-i18next|class-variance-authority|clsx|zustand)\/|node_modules\/@tanstack\/react-query\/build\/modern\/queryOptions\.js/,
              includeDependenciesRecursively: false,
            },
            {
              // TanStack Query: the account area's (the login page does without it).
              name: 'query',
              test: /node_modules\/@tanstack\/(query-core|react-query)\//,
              includeDependenciesRecursively: false,
            },
            {
              // What the personal page's lazy parts share with each other and with other screens: the
              // rest of the kit (what the login page also shows is in first-load) with cn() and its
              // class libraries, the account's data the overview reads (queries, keys, the KYC model,
              // number formats) and the parts of the overview other KYC screens show too. One chunk,
              // not three: 1 KB less for the personal page than separate ones (decision 033).
              name: 'overview-kit',
              test: /src\/web\/components\/ui\/(button|icons|cn|alert|card|field|lazy-dialog|text-input|load-states|skeleton|status-badge|use-disclosure|select|date-input)\.tsx?|src\/web\/lib\/forms\/(small-form|submit-error)\.ts|src\/shared\/(kyc|validation-rules|countries|country-codes)\.ts|src\/web\/lib\/(kyc-info\/index|i18n\/error-message|page\/document-title)\.ts|node_modules\/(clsx|class-variance-authority)\/|src\/web\/features\/kyc\/api\/(keys|kyc-info|personal-info|self-reset|can-quick-kyc|country-list|kyc-config|questionnaire-list|reason-templates)\.ts|src\/web\/features\/kyc\/model\/(country-names|next-action|quotas|flow|sdk-wording)\.ts|src\/web\/features\/extras\/api\/keys\.ts|src\/web\/lib\/format\/(number|decimal|currency|intl-cache)\.ts|src\/shared\/(extras|document-requirements|questionnaires\/priority)\.ts|src\/web\/features\/kyc\/components\/(rejection-reasons|personal-info-view|address-fields|support-links)\.tsx/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
