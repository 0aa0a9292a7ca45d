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
    rollupOptions: {
      input: { index: 'src/web/index.html', login: 'src/web/login.html' },
    },
  },
});
