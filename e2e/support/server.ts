/**
 * Starts the real server for browser tests: fresh embedded database in a temporary directory, demo
 * users seeded, the built web app. Throttles are raised because every test logs in from 127.0.0.1.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'ua-e2e-'));
process.env.PORT = process.env.E2E_PORT ?? '8181';
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL = process.env.E2E_LOG_LEVEL ?? 'warn';
process.env.LOGIN_MAX_ATTEMPTS_PER_IP = '100000';
process.env.RATE_LIMIT_PER_MINUTE = '100000';
// Browser tests arm real failure replies (1007, HTTP 500) through POST /x-api/v1/test/faults.
process.env.TEST_FAULTS = 'true';
process.env.REDIRECT_ALLOWLIST ??= 'https://partner.example';

await import('../../src/server/main.ts');
