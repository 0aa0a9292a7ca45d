/**
 * Starts the real server for browser tests: fresh embedded database in a temporary directory, demo
 * users seeded, the built web app. Throttles are raised because every test logs in from 127.0.0.1.
 * It starts like `npm start` (startServer) plus the test-faults plugin, through which specs arm real
 * failure replies (1007, HTTP 500): the production entry main.ts cannot register it (decision 011).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/server/config.ts';
import testFaultsPlugin from '../../src/server/plugins/test-faults.ts';
import { startServer } from '../../src/server/start.ts';

const config = loadConfig({
  ...process.env,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ua-e2e-')),
  PORT: process.env.E2E_PORT ?? '8181',
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
  RATE_LIMIT_PER_MINUTE: '100000',
  REDIRECT_ALLOWLIST: process.env.REDIRECT_ALLOWLIST ?? 'https://partner.example',
});

await startServer(config, { plugins: [testFaultsPlugin] });
