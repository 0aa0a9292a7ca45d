import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createKycTestApp } from '../kyc/kyc.fixtures.ts';
import { createInProcessMatcher, createWorkerMatcher } from './screening.service.ts';

/** Decision 038: the worker-thread engine finds what the in-thread one finds, off the event loop, and follows a new list version. */
let app: App;
let close: () => Promise<void>;
const SYSTEM = { type: 'system', id: null } as const;
const sample = readFileSync(new URL('./sample/targets.simple.csv', import.meta.url), 'utf8');
const workers = createWorkerMatcher({ threads: 1 });

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
});
afterAll(async () => {
  await workers.close();
  await close();
});

describe('the worker-thread matcher', () => {
  it('answers as the in-thread index does, for a new version too', async () => {
    const { version } = await app.services.screening.loadList(sample, 'sample.csv', SYSTEM);
    const person = { name: 'Драченко Виктор', dateOfBirth: '1968-04-12' };
    const inThread = await createInProcessMatcher().match(app.db, version, person);
    expect(inThread.map((h) => h.entryId)).toEqual(['demo-sanction-0001']);
    expect(await workers.match(app.db, version, person)).toEqual(inThread);
    expect(await workers.match(app.db, version, { name: 'Ada Lovelace', dateOfBirth: '1990-12-10' })).toEqual([]);

    const header = sample.split('\n')[0]!;
    const v2 = await app.services.screening.loadList(`${header}\nw-1,Person,Ada Lovelace,,1990-12-10,gb,,,x,,,test,2025-01-01,2025-01-01,2025-01-01\n`, 'v2.csv', SYSTEM);
    expect((await workers.match(app.db, v2.version, { name: 'Ada Lovelace', dateOfBirth: '1990-12-10' })).map((h) => h.entryId)).toEqual(['w-1']);
  });
});
