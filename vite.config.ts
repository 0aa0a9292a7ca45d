import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// One build, two pages: the account area (index.html, mounted at /user/accounts/) and /login.
export default defineConfig({
  root: 'src/web',
  base: '/user/accounts/',
  publicDir: false,
  plugins: [react(), tailwindcss()],
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
        },
      },
    },
  },
});
