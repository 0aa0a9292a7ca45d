import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['src/shared/**/*.test.ts', 'scripts/**/*.test.ts', 'eslint-rules/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own app on its own fresh database, so files need no module isolation:
          // without it a worker imports the server once, not once per file (the suite ran in a quarter
          // of the time, decision 068). A module-level state shared by files would show here first.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
