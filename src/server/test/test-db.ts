import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Config } from '../config.ts';

/**
 * A fresh, empty database for one test: with TEST_DATABASE_URL set (CI does), a new PostgreSQL
 * database dropped afterwards; otherwise an in-memory SQLite one.
 */
export async function createTestDatabase(): Promise<{ database: Config['database']; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { database: { kind: 'sqlite', file: ':memory:' }, drop: async () => {} };
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      // The app's pool has ended, but a closing socket may still count as a session for a moment:
      // wait for it rather than kill it (a killed connection surfaces as an unhandled error).
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    } finally {
      await c.end();
    }
  };
  return { database: { kind: 'postgres', url: url.toString(), preparedStatements: true }, drop };
}
