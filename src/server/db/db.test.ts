import { Writable } from 'node:stream';
import pg from 'pg';
import { expect, it } from 'vitest';
import { createTestApp, signIn } from '../test/test-app.ts';

// PostgreSQL only (CI runs the server suite a second time with TEST_DATABASE_URL).
it.skipIf(!process.env.TEST_DATABASE_URL)('keeps serving after PostgreSQL kills its idle connections (restart, failover)', async () => {
  const lines: string[] = [];
  const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
  const { app, close } = await createTestApp({}, stream);
  try {
    const cookie = await signIn(app, 'survivor@example.com');
    const database = (app.config.database as { url: string }).url.split('/').pop()!.split('?')[0]!;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const killed = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    // Give the pool a moment to hear about the dead connections.
    await new Promise((r) => setTimeout(r, 200));

    const res = await app.inject({ method: 'GET', url: '/x-api/v2/private/user/profile', headers: { cookie } });
    expect(res.json()).toMatchObject({ ret_code: 0, result: { email: 'survivor@example.com' } });
    expect(lines.join('')).toContain('database connection error');
  } finally {
    await close();
  }
});
