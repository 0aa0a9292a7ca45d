import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

// One build, two pages: the account area (index.html, mounted at /user/accounts/) and /login.
export default defineConfig({
  root: 'src/web',
  base: '/user/accounts/',
  publicDir: false,
  plugins: [react(), tailwindcss(), faceApiForOurPages],
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
          // Issue 15: every lazy route and part made its small shared modules (a button, a card, the
          // KYC keys…) common chunks of a few hundred bytes each, 47 requests for the personal page.
          // Common chunks under 12 KB of source are copied into the chunks that import them instead:
          // 18 requests, the same bytes (measured with `npm run bench`), a little duplication on disk.
          experimentalInlineCommonChunks: { maxSize: 12_000 },
          // Decision 033: inlining copied what the personal page's lazy parts share (the kit's button,
          // alert, card, field, dialog and text input, the KYC keys, the kyc-info read, the validation
          // message keys) into two of its chunks, the overview's and the extras'. One chunk of its own
          // instead: 144.3 instead of 148.1 KB brotli, 16 requests either way, nothing loaded twice.
          // The login page loads it too (for the message keys): 103.4 instead of 98.7 KB, in budget.
          groups: [
            {
              name: 'overview-kit',
              test: /src\/web\/components\/ui\/(button|alert|card|field|dialog|text-input)\.tsx|src\/shared\/(kyc|validation-rules)\.ts|src\/web\/lib\/(kyc-info\/index|i18n\/error-message)\.ts/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
