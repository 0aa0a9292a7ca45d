/**
 * Starts the real server for browser tests: fresh embedded database in a temporary directory, demo
 * users seeded, the built web app. Throttles are raised because every test logs in from 127.0.0.1.
 * It starts like `npm start` (startServer) plus the test-faults plugin, through which specs arm real
 * failure replies (1007, HTTP 500): the production entry main.ts cannot register it (decision 011).
 * Mail goes to a file (support/mailbox.ts), where specs find the confirmation links.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UserRole } from '../../src/shared/api/accounts.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createDb, migrate } from '../../src/server/db/index.ts';
import testFaultsPlugin from '../../src/server/plugins/test-faults.ts';
import { seedDemoData } from '../../src/server/seed.ts';
import { createServices } from '../../src/server/services.ts';
import { startServer } from '../../src/server/start.ts';
import { fileMailer } from './mailbox.ts';
import handoffClockPlugin from './handoff-clock.ts';
import { QUEUE_REVIEWER, SECOND_REVIEWER } from './reviewers.ts';

const config = loadConfig({
  ...process.env,
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ua-e2e-')),
  PORT: process.env.E2E_PORT ?? '8181',
  HOST: '127.0.0.1',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
  RATE_LIMIT_PER_MINUTE: '100000',
  REDIRECT_ALLOWLIST: process.env.REDIRECT_ALLOWLIST ?? 'https://partner.example',
  // A failed knowledge test waits seconds, not a day: e2e/questionnaires.spec.ts waits it out on the page.
  QUESTIONNAIRE_COOLING_OFF_SECONDS: '6',
  // The face threads at normal priority: Chromium's processes beside them would starve a nice one (decision 039).
  FACE_NICE: process.env.FACE_NICE ?? '0',
  // The webhook specs' receivers listen on 127.0.0.1 (decision 050's SSRF rule refuses it otherwise).
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
});

// The database is prepared before the server listens, so no test can start without it: the demo
// users (as the server would seed them on a new database) and a second reviewer, created through
// the accounts service as scripts/create-reviewer.ts does. The server then finds the database
// migrated and seeded, and leaves it as it is.
const db = createDb(config.database);
await migrate(db);
const services = createServices(db, config);
await seedDemoData(services, db);
await services.accounts.createUser(SECOND_REVIEWER, { type: 'system', id: null }, UserRole.REVIEWER);
await services.accounts.createUser(QUEUE_REVIEWER, { type: 'system', id: null }, UserRole.REVIEWER);
// The demo users' face matches (decision 045) are computed now, before the server listens: left to
// the server's runner they loaded the model and compared every pair while the first tests ran.
await services.faceMatches.jobs.runDue();
await services.faceMatches.close();
await services.face.close();
await db.destroy();

// Vendor fakes start as with `npm start`, but never review by themselves: specs decide through the
// vendors' sandbox APIs, after checking what the user sees while waiting.
await startServer(config, { plugins: [testFaultsPlugin, handoffClockPlugin], mailer: fileMailer() }, { autoReviewMs: null });
