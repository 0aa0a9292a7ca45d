/**
 * A server process for the bench (the load generator runs in another process, so client and server
 * do not share one event loop). `node scripts/bench/server.ts app [--cases N] [--verified N]`: our app
 * on a fresh database (SQLite in a temporary DATA_DIR, or PostgreSQL when DATABASE_URL is set), demo
 * users seeded, N synthetic review cases, N more verified users (the re-screening run's); `… bare`: the reference, a Fastify hello-world answering the
 * same JSON envelope; `… receiver` and `… producer`: the relay section's webhook receiver and event
 * writer (relay-section.ts). When listening it writes one JSON line to file descriptor 3 (scripts/bench/child.ts
 * opens it): { port, user, reviewer } (session cookies) and the dataDir, which the bench deletes after
 * stopping the process. Standard output is the server's log, as with `npm start`: LOG_LEVEL's default
 * (info, a line per request received and per reply) unless the bench's environment sets it.
 */
import { mkdtempSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { DEMO_PASSWORD, DEMO_REVIEWER_PASSWORD } from '../../src/server/seed.ts';
import { seedCases } from './cases.ts';
import { seedVerifiedUsers } from './verified-users.ts';

const kind = process.argv[2];
const casesArg = process.argv.indexOf('--cases');
const cases = casesArg > 0 ? Number(process.argv[casesArg + 1]) : 0;
const verifiedArg = process.argv.indexOf('--verified');
const verified = verifiedArg > 0 ? Number(process.argv[verifiedArg + 1]) : 0;
const greet = (info: object) => writeSync(3, `${JSON.stringify(info)}\n`);

async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/x-api/v1/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`bench server: login of ${email} failed (HTTP ${res.status})`);
  return cookie;
}

if (kind === 'bare') {
  const app = Fastify({ logger: false });
  app.get('/hello', async () => ({ ret_code: 0, ret_msg: 'OK', result: { hello: 'world' } }));
  app.post('/hello', async () => ({ ret_code: 0, ret_msg: 'OK', result: { hello: 'world' } }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  greet({ port });
} else if (kind === 'app') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO: 'true',
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000000',
  });
  const app = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const user = await login(base, 'demo@example.com', DEMO_PASSWORD);
  const reviewer = await login(base, 'reviewer@example.com', DEMO_REVIEWER_PASSWORD);
  if (cases > 0) {
    const owner = await app.db.selectFrom('users').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
    await seedCases(app.db, owner.id, 1, cases);
  }
  if (verified > 0) await seedVerifiedUsers(app.db, verified);
  greet({ port, user, reviewer, dataDir });
} else if (kind === 'receiver') {
  // The relay section's webhook receiver (relay-section.ts): a process of its own, like a partner's server.
  const { startReceiver } = await import('./relay-receiver.ts');
  greet({ port: await startReceiver() });
} else if (kind === 'producer') {
  // The relay section's event writer: the app's outbox, written from a process of its own on the app's database.
  const { startProducer } = await import('./relay-producer.ts');
  greet({ port: await startProducer(loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1' })) });
} else {
  console.error('usage: node scripts/bench/server.ts app [--cases N] [--verified N] | bare | receiver | producer');
  process.exit(2);
}
// A normal exit on SIGINT, so that a server started with --cpu-prof writes its profile (child.ts).
process.once('SIGINT', () => process.exit(0));
