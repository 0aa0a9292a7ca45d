import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDDStatus } from '../../../shared/kyc.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { jsonHeaders } from '../../test/test-app.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, post, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';
import { isStale } from './risk-lists.service.ts';

/**
 * Country risk lists as data (decision 041): the shipped FATF lists are in use on a new database; an
 * administrator loads a new version in the console (a bad file refused whole, with where and why);
 * EDD's country rules read the version in use; a new version re-assesses the verified users of the
 * listed countries; the console says when the lists are older than four months. Reply AND stored state.
 */
let app: App;
let close: () => Promise<void>;
let admin: TestUser;
let reviewer: TestUser;
const L = '/v1/console/risk-lists';
const SYSTEM = { type: 'system', id: null } as const;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

const file = (lists: object[], extra: object = {}) =>
  JSON.stringify({ format: 'user-accounts/country-risk-lists/v1', reflects: 'test plenary', lists, ...extra });
const list = (code: string, countries: string[], publishedOn = daysAgo(10)) => ({ code, name: `${code} list`, sourceUrl: `https://lists.example/${code.toLowerCase()}`, publishedOn, countries });

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  admin = await newReviewer(app, 'risk-admin@example.com');
  await app.services.staff.setRole(admin.id, ConsoleRole.ADMINISTRATOR, SYSTEM);
  reviewer = await newReviewer(app, 'risk-reviewer@example.com');
});
afterAll(async () => close());

function upload(text: string, cookie: string, fileName = 'lists.json') {
  const boundary = '----risk-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/json\r\n\r\n`),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({ method: 'POST', url: `/x-api${L}`, headers: { ...jsonHeaders, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
}

async function verified(email: string, info: Partial<typeof VALID_INFO>): Promise<TestUser> {
  const u = await newUser(app, email);
  await app.services.console.approve(await caseOf(app, await submitLevel1(app, u, { ...VALID_INFO, ...info })), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
  // The EDD assessment reacts to the level's event after the commit (decision 057).
  await app.services.events.subscribers.runDue();
  return u;
}
const eddStatus = async (userId: string) =>
  (await app.db.selectFrom('step_states').select('status').where('machine', '=', 'edd').where('subject_id', '=', userId).executeTakeFirst())?.status;

describe('the shipped lists', () => {
  it('a new database has the FATF lists of June 2026 as version 1, with their sources and dates, loaded by the system and audited', async () => {
    const info = (await get(app, L, admin.cookie)).json();
    expect(info).toMatchObject({ ret_code: 0, result: { reassessing: false, current: { version: 1, fileName: 'fatf-2026-06.json', loadedBy: null, publishedOn: '2026-06-19', enteredEdd: 0 } } });
    const lists = info.result.current.lists as { code: string; name: string; sourceUrl: string; countries: string[] }[];
    expect(lists.map((l) => [l.code, l.name])).toEqual([
      ['FATF_CALL_FOR_ACTION', 'High-risk jurisdictions subject to a call for action'],
      ['FATF_INCREASED_MONITORING', 'Jurisdictions under increased monitoring'],
    ]);
    expect(lists[0]!.countries).toEqual(['IR', 'KP', 'MM']);
    expect(lists[1]!.countries).toContain('IQ');
    expect(lists[1]!.countries).not.toContain('NG');
    for (const l of lists) expect(l.sourceUrl).toMatch(/^https:\/\/www\.fatf-gafi\.org\//);
    // Published in June 2026: older than four months from October 2026 on.
    expect(info.result.current.stale).toBe(isStale('2026-06-19', today()));
    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_type']).where('entity_type', '=', 'risk_list').where('entity_id', '=', '1').execute();
    expect(audit).toEqual([{ action: 'risk_list.load', actor_type: 'system' }]);
  });

  it('four months after publication a list is stale, not before', () => {
    expect(isStale('2026-06-19', '2026-10-19')).toBe(false);
    expect(isStale('2026-06-19', '2026-10-20')).toBe(true);
  });
});

describe('loading a new version in the console', () => {
  it('only administrators read or load the lists; nothing is stored for anyone else', async () => {
    const user = await newUser(app, 'risk-user@example.com');
    expect((await get(app, L, reviewer.cookie)).json().ret_code).toBe(10009);
    expect((await get(app, L, user.cookie)).json().ret_code).toBe(10009);
    expect((await upload(file([list('X_LIST', ['DE'])]), reviewer.cookie)).json().ret_code).toBe(10009);
    expect((await post(app, `${L}/reassess`, {}, reviewer.cookie)).json().ret_code).toBe(10009);
    expect(await app.db.selectFrom('risk_lists').select('version').execute()).toEqual([{ version: 1 }]);
  });

  it('a bad file is refused whole with where and why; the lists in use stay', async () => {
    const refused = async (text: string) => (await upload(text, admin.cookie)).json();
    expect(await refused('{ not json')).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'file', code: 'RISK_LIST_INVALID', params: { kind: 'NOT_JSON' } }] } });
    expect(await refused(JSON.stringify({ format: 'other', lists: [] }))).toMatchObject({ result: { fields: [{ params: { kind: 'FORMAT', at: '$.format' } }] } });
    expect(await refused(file([list('A_LIST', ['DE', 'XX'])]))).toMatchObject({ result: { fields: [{ params: { kind: 'UNKNOWN_COUNTRY', at: '$.lists[0].countries[1]', value: 'XX' } }] } });
    expect(await refused(file([list('A_LIST', ['de'])]))).toMatchObject({ result: { fields: [{ params: { kind: 'UNKNOWN_COUNTRY', value: 'de' } }] } });
    expect(await refused(file([list('A_LIST', ['DE', 'DE'])]))).toMatchObject({ result: { fields: [{ params: { kind: 'DUPLICATE_COUNTRY' } }] } });
    expect(await refused(file([list('A_LIST', ['DE']), list('A_LIST', ['FR'])]))).toMatchObject({ result: { fields: [{ params: { kind: 'DUPLICATE_LIST', at: '$.lists[1].code' } }] } });
    expect(await refused(file([{ ...list('A_LIST', ['DE']), sourceUrl: 'javascript:alert(1)' }]))).toMatchObject({ result: { fields: [{ params: { kind: 'SOURCE_URL' } }] } });
    expect(await refused(file([{ ...list('A_LIST', ['DE']), sourceUrl: 'http://lists.example/a' }]))).toMatchObject({ result: { fields: [{ params: { kind: 'SOURCE_URL' } }] } });
    expect(await refused(file([list('A_LIST', ['DE'], '2026-02-30')]))).toMatchObject({ result: { fields: [{ params: { kind: 'DATE' } }] } });
    expect(await refused(file([list('A_LIST', ['DE'], '2999-01-01')]))).toMatchObject({ result: { fields: [{ params: { kind: 'FUTURE_DATE' } }] } });
    expect(await refused(file([{ ...list('A_LIST', ['DE']), extra: 1 }]))).toMatchObject({ result: { fields: [{ params: { kind: 'FIELD', at: '$.lists[0].extra' } }] } });
    expect(await refused(file([]))).toMatchObject({ result: { fields: [{ params: { kind: 'FIELD', at: '$.lists' } }] } });
    expect(await app.db.selectFrom('risk_lists').select('version').execute()).toEqual([{ version: 1 }]);
  });

  it('a new version: stored and audited with before and after; the verified users of newly listed countries enter EDD, once; the others are left as they are', async () => {
    const german = await verified('risk-de@example.com', { residenceCountry: 'DE', nationality: 'DE' });
    const frenchNational = await verified('risk-fr@example.com', { residenceCountry: 'GB', nationality: 'FR' });
    const british = await verified('risk-gb@example.com', { residenceCountry: 'GB', nationality: 'GB' });
    expect(await eddStatus(german.id)).toBeUndefined();

    const res = (await upload(file([list('TEST_CALL', ['KP']), list('TEST_MONITORING', ['DE', 'FR'], daysAgo(200))]), admin.cookie, 'plenary.json')).json();
    expect(res).toMatchObject({ ret_code: 0, result: { current: { version: 2, fileName: 'plenary.json', loadedBy: admin.email, publishedOn: daysAgo(200), stale: true, reflects: 'test plenary' } } });
    await app.services.riskLists.settled();

    // Re-assessed in the background: the German resident and the French national are in EDD, the British user not.
    expect(await eddStatus(german.id)).toBe(EDDStatus.EDDStatus_UnSubmit);
    expect(await eddStatus(frenchNational.id)).toBe(EDDStatus.EDDStatus_UnSubmit);
    expect(await eddStatus(british.id)).toBeUndefined();
    const rounds = await app.db.selectFrom('edd_rounds').select(['user_id', 'triggers']).where('user_id', 'in', [german.id, frenchNational.id]).orderBy('created_at').execute();
    expect(rounds.map((r) => JSON.parse(r.triggers))).toEqual(
      expect.arrayContaining([
        [{ trigger: 'HIGH_RISK_RESIDENCE', detail: 'risk-list:v2' }, { trigger: 'HIGH_RISK_NATIONALITY', detail: 'risk-list:v2' }],
        [{ trigger: 'HIGH_RISK_NATIONALITY', detail: 'risk-list:v2' }],
      ]),
    );
    const stored = await app.db.selectFrom('risk_lists').selectAll().where('version', '=', 2).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ file_name: 'plenary.json', loaded_by: admin.id, published_on: daysAgo(200), entered_edd: 2 });
    expect(stored.reassessed_at).not.toBeNull();
    const info = (await get(app, L, admin.cookie)).json().result;
    expect(info.current).toMatchObject({ version: 2, enteredEdd: 2, reassessedAt: stored.reassessed_at });

    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_id', 'before', 'after']).where('entity_type', '=', 'risk_list').where('entity_id', '=', '2').orderBy('seq').execute();
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([['risk_list.load', admin.id], ['risk_list.reassess', admin.id]]);
    expect(JSON.parse(audit[0]!.before!)).toMatchObject({ version: 1 });
    expect(JSON.parse(audit[1]!.after!)).toEqual({ version: 2, checked: 2, enteredEdd: 2 });
    // The REQUIRE names the version the country rules read.
    const required = await app.db.selectFrom('audit_log').select('after').where('action', '=', 'edd.require').where('entity_id', '=', german.id).executeTakeFirstOrThrow();
    expect(required.after).toContain('"riskListVersion":2');

    // Running it again changes nobody.
    expect(await app.services.riskLists.reassess(SYSTEM)).toEqual({ version: 2, checked: 2, enteredEdd: 0 });
  });

  it('a level approved later reads the version in use: a resident of a country no longer listed is not put into EDD', async () => {
    // Version 2 lists KP, DE and FR only: Iraq (on the shipped lists) is not on it any more.
    const iraqi = await verified('risk-iq@example.com', { residenceCountry: 'IQ', nationality: 'IQ' });
    expect(await eddStatus(iraqi.id)).toBeUndefined();
    const french = await verified('risk-fr2@example.com', { residenceCountry: 'FR', nationality: 'FR' });
    expect(await eddStatus(french.id)).toBe(EDDStatus.EDDStatus_UnSubmit);
  });
});
