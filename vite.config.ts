import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The face detector's bundle (@vladmandic/face-api, loaded only on the selfie step and in the
 * console) carries a CommonJS `require` fallback for Node. A browser has no `require`, so the
 * fallback is dead code there; left as is, the bundler would hoist a `require` helper into the
 * runtime chunk every page loads (+0.2 KB on the first page). Decision 023.
 */
const faceApiWithoutRequire: Plugin = {
  name: 'face-api-without-require',
  transform(code, id) {
    if (!id.includes('@vladmandic/face-api/dist/')) return null;
    return { code: code.replaceAll('typeof require!="undefined"', 'false'), map: null };
  },
};

// One build, two pages: the account area (index.html, mounted at /user/accounts/) and /login.
export default defineConfig({
  root: 'src/web',
  base: '/user/accounts/',
  publicDir: false,
  plugins: [react(), tailwindcss(), faceApiWithoutRequire],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    reportCompressedSize: false,
    rollupOptions: {
      input: { index: 'src/web/index.html', login: 'src/web/login.html' },
    },
  },
});
