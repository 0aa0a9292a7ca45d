import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { Db } from '../../db/index.ts';
import { createKycTestApp } from '../kyc/kyc.fixtures.ts';
import { createInProcessMatcher, createWorkerMatcher } from './screening.service.ts';

/**
 * Decision 038: the worker-thread engine finds what the in-thread one finds, off the event loop, and
 * follows a new list version. Decision 054: given the database, each worker reads the list on a
 * connection of its own (an embedded file here, as a server has; PostgreSQL in that suite).
 */
let app: App;
let close: () => Promise<void>;
const dir = mkdtempSync(path.join(tmpdir(), 'ua-worker-matcher-'));
const SYSTEM = { type: 'system', id: null } as const;
const sample = readFileSync(new URL('./sample/targets.simple.csv', import.meta.url), 'utf8');
const fed = createWorkerMatcher({ threads: 1 });
let own: ReturnType<typeof createWorkerMatcher>;
/** A connection that fails every statement: what the server's thread would read the list with, were it asked to. */
const unusable = new Kysely({ dialect: new SqliteDialect({ database: () => Promise.reject(new Error('the server thread read the list')) }) }) as unknown as Db;

beforeAll(async () => {
  ({ app, close } = await createKycTestApp(process.env.TEST_DATABASE_URL ? {} : { database: { kind: 'sqlite', file: path.join(dir, 'db.sqlite') } }));
  own = createWorkerMatcher({ threads: 1, database: app.config.database, share: 0.5 });
});
afterAll(async () => {
  await Promise.all([fed.close(), own.close()]);
  await close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the worker-thread matcher', () => {
  it('answers as the in-thread index does, for a new version too', async () => {
    const { version } = await app.services.screening.loadList(sample, 'sample.csv', SYSTEM);
    const person = { name: 'Драченко Виктор', dateOfBirth: '1968-04-12' };
    const inThread = await createInProcessMatcher().match(app.db, version, person);
    expect(inThread.map((h) => h.entryId)).toEqual(['demo-sanction-0001']);
    for (const workers of [fed, own]) {
      expect(await workers.match(app.db, version, person)).toEqual(inThread);
      expect(await workers.match(app.db, version, { name: 'Ada Lovelace', dateOfBirth: '1990-12-10' })).toEqual([]);
    }

    const header = sample.split('\n')[0]!;
    const v2 = await app.services.screening.loadList(`${header}\nw-1,Person,Ada Lovelace,,1990-12-10,gb,,,x,,,test,2025-01-01,2025-01-01,2025-01-01\n`, 'v2.csv', SYSTEM);
    for (const workers of [fed, own]) {
      expect((await workers.match(app.db, v2.version, { name: 'Ada Lovelace', dateOfBirth: '1990-12-10' })).map((h) => h.entryId)).toEqual(['w-1']);
    }
  });

  it('given the database, builds a version from its own connection, not the server thread’s', async () => {
    const header = sample.split('\n')[0]!;
    const v3 = await app.services.screening.loadList(`${header}\nw-2,Person,Grace Hopper,,1906-12-09,us,,,x,,,test,2025-01-01,2025-01-01,2025-01-01\n`, 'v3.csv', SYSTEM);
    const grace = { name: 'Grace Hopper', dateOfBirth: '1906-12-09' };
    await expect(fed.match(unusable, v3.version, grace)).rejects.toThrow(/server thread read the list/);
    expect((await own.match(unusable, v3.version, grace)).map((h) => h.entryId)).toEqual(['w-2']);
  });

  it('refuses a version its connection cannot see (not committed), and builds it once it is', async () => {
    await expect(own.match(unusable, 99, { name: 'Grace Hopper', dateOfBirth: '1906-12-09' })).rejects.toThrow(/list version 99 is not in the database/);
    // The failed build is forgotten: the version in use answers again.
    const current = (await app.services.screening.listInfo()).current!;
    expect((await own.match(app.db, current.version, { name: 'Grace Hopper', dateOfBirth: '1906-12-09' })).map((h) => h.entryId)).toEqual(['w-2']);
  });
});
