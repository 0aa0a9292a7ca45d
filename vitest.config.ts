import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { preactCompat } from './vite.config.ts';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['src/shared/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint-rules/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own app on its own fresh database.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        // Decision 032: the web tests render with preact/compat, as the build ships. The libraries
        // that import React are bundled into the tests (not loaded by Node) so the aliases reach them;
        // Testing Library's ES build, since its CommonJS one would require React DOM itself.
        resolve: {
          alias: [...preactCompat, { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' }],
        },
        test: {
          name: 'web',
          server: { deps: { inline: [/@testing-library\/react/, /@radix-ui\//, /@tanstack\/react-query/, /react-hook-form/, /@hookform\//, /react-i18next/, /wouter/, /zustand/, /use-sync-external-store/] } },
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
