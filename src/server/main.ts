import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { APP_BASE, LOGIN_PAGE } from '../shared/api/paths.ts';
import { DEMO_USERS } from './seed.ts';
import { logStreamFor } from './log-format.ts';

const [major] = process.versions.node.split('.').map(Number);
if ((major ?? 0) < 24) {
  console.error(`user-accounts needs Node.js 24 or newer (this is ${process.version}).`);
  process.exit(1);
}

const config = loadConfig();
const logStream = logStreamFor(config.logFormat);
const app = await buildApp(config, logStream ? { logStream } : {});

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await app.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

// Expired sessions are refused at lookup; this only keeps the table small.
const sweep = setInterval(() => void app.services.accounts.deleteExpiredSessions().catch((err) => app.log.error({ err }, 'session sweep failed')), 3600_000);
sweep.unref();

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const base = `http://${shownHost}:${config.port}`;
console.log(`\n  Account area: ${base}${APP_BASE}/\n  Login page:   ${base}${LOGIN_PAGE}`);
if (config.seedDemo) {
  console.log('  Demo logins (created on a new database):');
  for (const u of DEMO_USERS) console.log(`    ${u.email} / ${u.password}  (${u.note})`);
  console.log('  These passwords are published: set SEED_DEMO=false before a new database meets real users.');
}
console.log('');
