import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { configWith } from '../../config.ts';
import { createFakeMailer } from '../../mail/mailer.ts';
import { jsonHeaders } from '../../test/test-app.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { hashPassword } from '../../modules/accounts/passwords.ts';
import { createDb, type Db } from '../index.ts';
import { migrations } from './index.ts';

/**
 * Migration 005 on a database of the previous version (migrated to 004, with an account in the old
 * shape): that account is confirmed (it logs in as before), and the new table works with its
 * cascade. On SQLite, and on PostgreSQL with TEST_DATABASE_URL (scripts/with-postgres.sh).
 */
let db: Db;
let app: App;
let drop: () => Promise<void>;
const OLD = { id: 'old-user-1', email: 'old@example.com', created_at: '2026-01-02T03:04:05.000Z' };

beforeAll(async () => {
  const made = await createTestDatabase();
  drop = made.drop;
  db = createDb(made.database);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const to004 = await migrator.migrateTo('004-review-steps');
  if (to004.error) throw to004.error;
  const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  await old
    .insertInto('users')
    .values({ ...OLD, password_hash: await hashPassword('old-users-password'), role: 'user', currency_code: '', sub_attribute: '', member_tag: '{}', updated_at: OLD.created_at })
    .execute();
  const latest = await migrator.migrateToLatest();
  if (latest.error) throw latest.error;
  app = await buildApp(configWith({ database: made.database, logLevel: 'silent', demo: false, webDist: '/nonexistent-web-dist', dataEncryptionKey: randomBytes(32).toString('base64') }), { db, mailer: createFakeMailer() });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await drop?.();
});

describe('migration 005 (e-mail confirmation)', () => {
  it('an account made before it is confirmed (as of its creation) and logs in as before', async () => {
    expect(await db.selectFrom('users').select(['id', 'email_confirmed_at']).execute()).toEqual([{ id: OLD.id, email_confirmed_at: OLD.created_at }]);
    const res = await app.inject({ method: 'POST', url: '/x-api/v1/user/login', headers: jsonHeaders, payload: { email: OLD.email, password: 'old-users-password' } });
    expect(res.json().ret_code).toBe(0);
  });

  it('confirmation links are keyed by their hash and go with their account', async () => {
    const row = { token_hash: 'a'.repeat(64), user_id: OLD.id, password_hash: 'scrypt$x', created_at: OLD.created_at, expires_at: '2026-01-03T03:04:05.000Z' };
    await db.insertInto('email_confirmations').values(row).execute();
    await expect(db.insertInto('email_confirmations').values(row).execute()).rejects.toThrow();
    await db.deleteFrom('sessions').where('user_id', '=', OLD.id).execute();
    await db.deleteFrom('audit_log').execute();
    await db.deleteFrom('users').where('id', '=', OLD.id).execute();
    expect(await db.selectFrom('email_confirmations').selectAll().execute()).toEqual([]);
  });
});
