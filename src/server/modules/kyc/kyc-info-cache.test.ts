import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { isPostgres } from '../../db/index.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { STAMPED_TABLES } from '../../db/migrations/024-kyc-info-stamps.ts';
import { STAMPED_TABLES_030 } from '../../db/migrations/030-limits-rates-mobile.ts';
import { STAMPED_TABLES_039 } from '../../db/migrations/039-restrictions-templates-cancel.ts';
import { readChangeStamps, WATCHED_TABLES } from '../../db/change-stamps.ts';
import { watchStatements } from '../../test/statements.ts';
import { createKycInfoCache } from './kyc-info-cache.ts';
import { caseOf, createKycTestApp, newReviewer, newUser, post, submitLevel1, type TestUser } from './kyc.fixtures.ts';
import type { KycInfo } from '../../../shared/api/kyc-info.ts';

/**
 * kyc-info's cache (decision 024, eighth change): a kept reply is served only while nothing it was
 * built from changed: the stamps the database's triggers move, the day, the site and the flags.
 */
let app: App;
let close: () => Promise<void>;
let watch: ReturnType<typeof watchStatements>;

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  watch = watchStatements(app);
});
afterAll(() => close());
afterEach(() => vi.useRealTimers());

const ALL_FLAGS = { obtain_current: true, obtain_state: true, obtain_quotas: true, obtain_verification_process: true };

/** The user's kyc-info, and whether it was built (true) or the kept reply (false). */
async function read(user: TestUser, flags: object = ALL_FLAGS): Promise<{ info: KycInfo; built: boolean }> {
  const { value: res, statements } = await watch(() => post(app, ApiPath.kycInfo, flags, user.cookie));
  const built = statements.some((q) => q.includes('"kyc_personal_info"'));
  expect(res.json().ret_code).toBe(0);
  return { info: res.json().result as KycInfo, built };
}

const stampOf = async (userId: string) => Number((await app.db.selectFrom('kyc_info_stamps').select('stamp').where('user_id', '=', userId).executeTakeFirst())?.stamp ?? 0);

describe('the change stamps', () => {
  it('every table the cache watches has the triggers of migration 024, and no other', async () => {
    expect(new Set([...STAMPED_TABLES, ...STAMPED_TABLES_030, ...STAMPED_TABLES_039].map((t) => t.table))).toEqual(WATCHED_TABLES);
    const rows = isPostgres(app.db as never)
      ? await sql<{ table: string }>`select event_object_table as "table" from information_schema.triggers where trigger_name like 'kyc\\_info\\_stamp\\_%'`.execute(app.db)
      : await sql<{ table: string }>`select tbl_name as "table" from sqlite_master where type = 'trigger' and name like 'kyc_info_stamp_%'`.execute(app.db);
    const perTable = new Map<string, number>();
    for (const r of rows.rows) perTable.set(r.table, (perTable.get(r.table) ?? 0) + 1);
    expect(new Set(perTable.keys())).toEqual(WATCHED_TABLES);
    // One per operation (insert, update, delete): per row on SQLite, per statement on PostgreSQL.
    expect([...perTable.values()].every((n) => n === 3)).toBe(true);
  });

  it("a change moves its owners' stamps only: a step of another machine, a review decision, both sides of a transfer, what every user reads", async () => {
    const [a, b] = [await newUser(app, 'stamp-a@example.com'), await newUser(app, 'stamp-b@example.com')];
    const before = { a: await stampOf(a.id), b: await stampOf(b.id), all: await stampOf('*') };
    const now = new Date().toISOString();

    await app.db.insertInto('step_states').values({ machine: 'kyc_level', subject_id: a.id, step: '1', status: 'ALLOW', updated_at: now }).execute();
    expect([await stampOf(a.id), await stampOf(b.id)]).toEqual([before.a + 1, before.b]);
    // A machine whose subject is not a user (an EDD round, a transfer) moves nobody's.
    await app.db.insertInto('step_states').values({ machine: 'edd', subject_id: b.id, step: 'round', status: 'OPEN', updated_at: now }).execute();
    expect(await stampOf(b.id)).toBe(before.b);

    await app.db
      .insertInto('identity_transfers')
      .values({ id: 'transfer-1', source_user_id: a.id, target_user_id: b.id, source_site: 'MAIN', target_site: 'HKG', level: 1, open_source: a.id, open_target: b.id, review_rules: '[]', created_at: now, updated_at: now, completed_at: null })
      .execute();
    expect([await stampOf(a.id), await stampOf(b.id)]).toEqual([before.a + 2, before.b + 1]);
    await app.db.deleteFrom('identity_transfers').where('id', '=', 'transfer-1').execute();
    expect([await stampOf(a.id), await stampOf(b.id)]).toEqual([before.a + 3, before.b + 2]);

    await app.db.insertInto('agreement_versions').values({ product: 'stamp-test', version: 1, title: 't', body: 'b', published_at: now, published_by: null }).execute();
    expect([await stampOf('*'), await stampOf(a.id)]).toEqual([before.all + 1, before.a + 3]);
  });

  it("one statement changing many rows of one owner moves the owner's stamp (once on PostgreSQL, per row on SQLite) and is not refused", async () => {
    const a = await newUser(app, 'stamp-bulk@example.com');
    const before = await stampOf(a.id);
    const now = new Date().toISOString();
    // Two rows of one owner in one INSERT: PostgreSQL's statement trigger sees both in its transition table.
    await app.db
      .insertInto('step_states')
      .values(['1', '2'].map((step) => ({ machine: 'kyc_level', subject_id: a.id, step, status: 'ALLOW', updated_at: now })))
      .execute();
    expect(await stampOf(a.id)).toBe(before + (isPostgres(app.db as never) ? 1 : 2));
    const rows = await app.db.selectFrom('step_states').select('step').where('subject_id', '=', a.id).where('machine', '=', 'kyc_level').execute();
    expect(rows.map((r) => r.step).sort()).toEqual(['1', '2']);
  });
});

describe('POST kyc-info served from the cache', () => {
  it('is built once, then kept until a change of its own; another user changing nothing of it leaves it kept', async () => {
    const user = await newUser(app, 'cache-1@example.com');
    const other = await newUser(app, 'cache-2@example.com');
    const first = await read(user);
    expect(first.built).toBe(true);
    const again = await read(user);
    expect(again).toEqual({ info: first.info, built: false });

    expect((await post(app, ApiPath.kycPersonalInfo, { firstName: 'Grace', middleName: '', lastName: 'Hopper', dateOfBirth: '1980-01-02', nationality: 'US', residenceCountry: 'US', addressLine1: '1 Main St', addressLine2: '', city: 'Arlington', stateRegion: 'VA', postalCode: '22201' }, other.cookie)).json().ret_code).toBe(0);
    expect((await read(user)).built).toBe(false);

    // Different flags are a reply of their own.
    const fewer = await read(user, { obtain_state: true });
    expect(fewer.built).toBe(true);
    expect(fewer.info.applicant).toBeUndefined();
    expect((await read(user, { obtain_state: true })).built).toBe(false);
  });

  it("a reviewer's decision and a later change of its message show at the next read", async () => {
    const user = await newUser(app, 'cache-3@example.com');
    const reviewer = await newReviewer(app, 'cache-reviewer@example.com');
    const applicationId = await submitLevel1(app, user);
    const pending = await read(user);
    expect(pending.info.state?.find((s) => s.level === 1)?.status).toBe('PENDING');
    expect((await read(user)).built).toBe(false);

    const caseId = await caseOf(app, applicationId);
    const rejected = await post(app, `/v1/console/cases/${caseId}/reject`, { mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', userMessage: 'Please retake the back.', internalNote: 'blurred' }, reviewer.cookie);
    expect(rejected.json().ret_code).toBe(0);
    const decided = await read(user);
    expect(decided.built).toBe(true);
    expect(decided.info.state?.find((s) => s.level === 1)?.status).toBe('FAILED_AND_CAN_RETRY');
    expect(decided.info.additionalRejectReason).toEqual([{ level: 1, reasonCode: 'DOCUMENT_UNREADABLE', message: 'Please retake the back.' }]);

    // A decision row changed by itself (no other table touched): its case's user's stamp moves.
    await app.db.updateTable('review_decisions').set({ user_message: 'Please retake the back, in daylight.' }).where('case_id', '=', caseId).execute();
    const edited = await read(user);
    expect(edited.built).toBe(true);
    expect(edited.info.additionalRejectReason[0]?.message).toBe('Please retake the back, in daylight.');
  });

  it('a new day builds it again (deadlines and due dates are days)', async () => {
    const user = await newUser(app, 'cache-4@example.com');
    await read(user);
    expect((await read(user)).built).toBe(false);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 86_400_000);
    expect((await read(user)).built).toBe(true);
    expect((await read(user)).built).toBe(false);
  });

  it('the reply is frozen: nobody can change what later readers get', async () => {
    const user = await newUser(app, 'cache-5@example.com');
    const info = await app.services.kyc.getInfo(user.id, { obtain_kyc_token: false, obtain_current: true, obtain_quotas: false, obtain_state: true, obtain_aml_questionnaire: false, obtain_verification_process: false });
    expect(() => {
      (info as { residenceCountry: string }).residenceCountry = 'XX';
    }).toThrow(TypeError);
    expect(() => info.state!.push({ level: 2, status: 'SUCCESS' } as never)).toThrow(TypeError);
  });
});

describe('what the cache keeps', () => {
  const flags = { obtain_kyc_token: false, obtain_current: false, obtain_quotas: false, obtain_state: false, obtain_aml_questionnaire: false, obtain_verification_process: false };
  const reply = { residenceCountry: 'GB' } as KycInfo;

  it('not a reply whose building read a table without triggers, or wrote', async () => {
    const cache = createKycInfoCache(app.db);
    const user = await newUser(app, 'cache-6@example.com');
    let builds = 0;
    const readsSessions = async () => {
      builds++;
      await app.db.selectFrom('sessions').select('id_hash').limit(1).execute();
      return reply;
    };
    await cache.read(user.id, 'MAIN', flags, readsSessions);
    await cache.read(user.id, 'MAIN', flags, readsSessions);
    expect(builds).toBe(2);

    const writes = async () => {
      builds++;
      await app.db.updateTable('kyc_personal_info').set({ city: 'London' }).where('user_id', '=', 'nobody').execute();
      return reply;
    };
    await cache.read(user.id, 'MAIN', flags, writes);
    await cache.read(user.id, 'MAIN', flags, writes);
    expect(builds).toBe(4);
    expect(cache.stats()).toEqual({ kept: 0, refused: 4, size: 0 });

    const readsWatched = async () => {
      builds++;
      await app.db.selectFrom('kyc_personal_info').selectAll().where('user_id', '=', user.id).execute();
      return { ...reply };
    };
    await cache.read(user.id, 'MAIN', flags, readsWatched);
    await cache.read(user.id, 'MAIN', flags, readsWatched);
    await cache.read(user.id, 'HKG', flags, readsWatched);
    expect(builds).toBe(6);
    expect(cache.stats()).toMatchObject({ kept: 2, size: 2 });
  });

  it("checks a kept reply against the stamps the request read with its session, or reads them itself (an SDK caller's request has no session)", async () => {
    const cache = createKycInfoCache(app.db);
    const user = await newUser(app, 'cache-stamps@example.com');
    let builds = 0;
    const build = async () => {
      builds++;
      return { ...reply };
    };
    const withSession = async () => (await app.services.accounts.resolveSession(user.cookie.split('=')[1]!))!.changeStamps!;
    const before = await withSession();
    expect(before).toBe(await readChangeStamps(app.db, user.id));
    await cache.read(user.id, 'MAIN', flags, build, before);
    await cache.read(user.id, 'MAIN', flags, build); // read here: the same stamps
    await cache.read(user.id, 'MAIN', flags, build, await withSession());
    expect(builds).toBe(1);

    await app.db.updateTable('users').set({ currency_code: 'EUR' }).where('id', '=', user.id).execute();
    const after = await withSession();
    expect(after).not.toBe(before);
    await cache.read(user.id, 'MAIN', flags, build, after);
    expect(builds).toBe(2);
    // A request that read the stamps before the change still matches nothing kept now: built again.
    await cache.read(user.id, 'MAIN', flags, build, before);
    expect(builds).toBe(3);
  });

  it('at most its capacity, the least recently read dropped first', async () => {
    const cache = createKycInfoCache(app.db, 2);
    const users = [await newUser(app, 'cap-1@example.com'), await newUser(app, 'cap-2@example.com'), await newUser(app, 'cap-3@example.com')];
    let builds = 0;
    const build = async () => {
      builds++;
      return { ...reply };
    };
    await cache.read(users[0]!.id, 'MAIN', flags, build);
    await cache.read(users[1]!.id, 'MAIN', flags, build);
    await cache.read(users[0]!.id, 'MAIN', flags, build); // kept; now the most recent
    await cache.read(users[2]!.id, 'MAIN', flags, build); // drops users[1]
    expect(builds).toBe(3);
    await cache.read(users[0]!.id, 'MAIN', flags, build);
    expect(builds).toBe(3);
    await cache.read(users[1]!.id, 'MAIN', flags, build);
    expect(builds).toBe(4);
    expect(cache.stats().size).toBe(2);
  });
});
