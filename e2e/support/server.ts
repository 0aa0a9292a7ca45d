/**
 * Starts the real server for browser tests: fresh embedded database in a temporary directory, demo
 * users seeded, the built web app. Throttles are raised because every test logs in from 127.0.0.1.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SECOND_REVIEWER } from './reviewers.ts';

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'ua-e2e-'));
process.env.PORT = process.env.E2E_PORT ?? '8181';
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL = process.env.E2E_LOG_LEVEL ?? 'warn';
process.env.LOGIN_MAX_ATTEMPTS_PER_IP = '100000';
process.env.RATE_LIMIT_PER_MINUTE = '100000';
// Browser tests arm real failure replies (1007, HTTP 500) through POST /x-api/v1/test/faults.
process.env.TEST_FAULTS = 'true';
process.env.REDIRECT_ALLOWLIST ??= 'https://partner.example';

// The database is prepared before the server listens, so no test can start without it: the demo
// users (as the server would seed them on a new database) and a second reviewer, created through
// the accounts service as scripts/create-reviewer.ts does. The server then finds the database
// migrated and seeded, and leaves it as it is.
const { loadConfig } = await import('../../src/server/config.ts');
const { createDb, migrate } = await import('../../src/server/db/index.ts');
const { createServices } = await import('../../src/server/services.ts');
const { seedDemoData } = await import('../../src/server/seed.ts');
const { UserRole } = await import('../../src/shared/api/accounts.ts');
const config = loadConfig();
const db = createDb(config.database);
await migrate(db);
const services = createServices(db, config);
await seedDemoData(services, db);
await services.accounts.createUser(SECOND_REVIEWER, { type: 'system', id: null }, UserRole.REVIEWER);
await db.destroy();

await import('../../src/server/main.ts');
