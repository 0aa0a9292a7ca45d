import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';

/** Decision 051: the console's search (users by e-mail, name, ids, document number) and the queue's orders. */

let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let ada: TestUser;
let grace: TestUser;
let adaCase: string;
let graceCase: string;
beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewer = await newReviewer(app, 'reviewer-search@example.com');
  ada = await newUser(app, 'ada.search@example.com');
  grace = await newUser(app, 'grace.search@example.com');
  adaCase = await caseOf(app, await submitLevel1(app, ada, { ...VALID_INFO, firstName: 'Ada', lastName: 'King Lovelace' }));
  const graceApp = await submitLevel1(app, grace, { ...VALID_INFO, firstName: 'Grace', lastName: 'Hopper', nationality: 'DE', residenceCountry: 'DE', postalCode: '10115' });
  graceCase = await caseOf(app, graceApp);
  // A document number as a level-1 application stores it (inside the submitted snapshot).
  const row = await app.db.selectFrom('kyc_applications').select('submitted').where('id', '=', graceApp).executeTakeFirstOrThrow();
  const submitted = JSON.parse(row.submitted) as { document: Record<string, string> };
  await app.db
    .updateTable('kyc_applications')
    .set({ submitted: JSON.stringify({ ...submitted, document: { ...submitted.document, number: 'X1234567' } }) })
    .where('id', '=', graceApp)
    .execute();
});
afterAll(async () => close());

const S = '/v1/console/search';
const search = (q: string, cookie = reviewer.cookie) => get(app, `${S}?q=${encodeURIComponent(q)}`, cookie);
const searchAudit = () => app.db.selectFrom('audit_log').select(['actor_id', 'action', 'after']).where('action', '=', 'console.search').execute();

describe('search', () => {
  it('finds a user by e-mail in one step, whatever the case typed, with the newest cases; the search is audited without the text', async () => {
    const before = (await searchAudit()).length;
    const res = (await search('  ADA.Search@example.com ')).json();
    expect(res.ret_code).toBe(0);
    expect(res.result).toEqual({
      matchedBy: 'email',
      caseId: null,
      truncated: false,
      users: [{ id: ada.id, email: ada.email, name: 'Ada King Lovelace', createdAt: expect.any(String), cases: [{ id: adaCase, kind: 'KYC_APPLICATION', status: 'PENDING', level: 1, openedAt: expect.any(String) }] }],
    });
    const audit = await searchAudit();
    expect(audit).toHaveLength(before + 1);
    expect(audit.at(-1)).toMatchObject({ actor_id: reviewer.id, action: 'console.search' });
    expect(JSON.parse(audit.at(-1)!.after!)).toEqual({ matchedBy: 'email', userIds: [ada.id] });
    expect(audit.at(-1)!.after).not.toContain('example.com');
  });

  it('finds by whole names in any order and case, by a name of several words, by user id, case id and document number', async () => {
    const ids = async (q: string) => {
      const r = (await search(q)).json().result;
      return { matchedBy: r.matchedBy, users: r.users.map((u: { id: string }) => u.id), caseId: r.caseId };
    };
    expect(await ids('hopper grace')).toEqual({ matchedBy: 'name', users: [grace.id], caseId: null });
    expect(await ids('King Lovelace')).toEqual({ matchedBy: 'name', users: [ada.id], caseId: null });
    expect(await ids('Ada Lovelace')).toEqual({ matchedBy: 'name', users: [ada.id], caseId: null });
    // Whole words only: a fragment is not a name.
    expect(await ids('Hopp')).toEqual({ matchedBy: null, users: [], caseId: null });
    expect(await ids(grace.id)).toEqual({ matchedBy: 'userId', users: [grace.id], caseId: null });
    expect(await ids(graceCase.toUpperCase())).toEqual({ matchedBy: 'caseId', users: [grace.id], caseId: graceCase });
    expect(await ids('x1234567')).toEqual({ matchedBy: 'documentNumber', users: [grace.id], caseId: null });
    expect(await ids('nobody@example.com')).toEqual({ matchedBy: null, users: [], caseId: null });
  });

  it('is for reviewers only (10009 for users, 10007 anonymous) and refuses a text too short or too long', async () => {
    expect((await search('ada.search@example.com', ada.cookie)).json().ret_code).toBe(10009);
    expect((await search('ada.search@example.com', '')).json().ret_code).toBe(10007);
    expect((await search('a')).json().ret_code).toBe(10001);
    expect((await search('a'.repeat(255))).json().ret_code).toBe(10001);
    expect((await get(app, S, reviewer.cookie)).json().ret_code).toBe(10001);
  });
});

describe('queue orders', () => {
  const order = async (sort: string) => {
    const r = (await get(app, `/v1/console/cases?pageSize=100&sort=${sort}`, reviewer.cookie)).json();
    expect(r.ret_code).toBe(0);
    return r.result.items.map((i: { id: string }) => i.id).filter((id: string) => id === adaCase || id === graceCase);
  };

  it('sorts by waiting time either way and by country; an unknown order is refused', async () => {
    expect(await order('waiting')).toEqual([adaCase, graceCase]);
    expect(await order('-waiting')).toEqual([graceCase, adaCase]);
    // DE before GB, then turned round.
    expect(await order('country')).toEqual([graceCase, adaCase]);
    expect(await order('-country')).toEqual([adaCase, graceCase]);
    expect(await order('level')).toEqual([adaCase, graceCase]);
    expect(await order('-level')).toEqual([graceCase, adaCase]);
    expect((await get(app, '/v1/console/cases?sort=email', reviewer.cookie)).json().ret_code).toBe(10001);
  });

  it('a sorted page says where the next one starts, and the next page continues the order', async () => {
    const first = (await get(app, '/v1/console/cases?pageSize=1&sort=country', reviewer.cookie)).json().result;
    expect(first.items.map((i: { id: string }) => i.id)).toEqual([graceCase]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await get(app, `/v1/console/cases?pageSize=1&page=2&sort=country&cursor=${first.nextCursor}`, reviewer.cookie)).json().result;
    expect(second.items.map((i: { id: string }) => i.id)).toEqual([adaCase]);
  });

  it('is for reviewers only', async () => {
    expect((await get(app, '/v1/console/cases?sort=country', ada.cookie)).json().ret_code).toBe(10009);
  });
});

describe('user view', () => {
  const U = '/v1/console/users';
  it('shows every case of the user, their states and the timeline of their cases; the read is audited', async () => {
    const res = (await get(app, `${U}/${ada.id}`, reviewer.cookie)).json();
    expect(res.ret_code).toBe(0);
    const view = res.result;
    expect(view.user).toEqual({ id: ada.id, email: ada.email, name: 'Ada King Lovelace', createdAt: expect.any(String) });
    expect(view.level).toBe(0);
    expect(view.limitation).toEqual({ limitation: 'LIMITATION_DEFAULT', reasons: [], actions: [] });
    expect(view.cases).toEqual([{ id: adaCase, kind: 'KYC_APPLICATION', status: 'PENDING', level: 1, openedAt: expect.any(String), decidedAt: null }]);
    expect(view.tasks).toEqual([]);
    // The pictures sent with the application, each with the reviewer's address; no draft.
    const sent = await app.db.selectFrom('kyc_documents').select(['id', 'kind']).where('user_id', '=', ada.id).where('application_id', 'is not', null).execute();
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(view.documents.map((d: { id: string }) => d.id))).toEqual(new Set(sent.map((d) => d.id)));
    expect(view.documents[0]).toMatchObject({ downloadPath: `/x-api/v1/console/document/${view.documents[0].id}`, mime: 'image/jpeg' });
    expect(view.screening).toMatchObject({ status: expect.any(String) });
    expect(view.edd).toMatchObject({ status: 'EDDStatus_Unknown' });
    // The application's submission is on the timeline, under its case; nobody else's case is.
    expect(view.timeline.length).toBeGreaterThan(0);
    expect(new Set(view.timeline.map((e: { caseId: string }) => e.caseId))).toEqual(new Set([adaCase]));
    expect(view.timeline.map((e: { action: string }) => e.action)).not.toContain('console.case.view');
    const audit = await app.db.selectFrom('audit_log').select(['actor_id', 'entity_id']).where('action', '=', 'console.user.view').execute();
    expect(audit).toContainEqual({ actor_id: reviewer.id, entity_id: ada.id });
  });

  it('is for reviewers only; an unknown user is not found', async () => {
    expect((await get(app, `${U}/${ada.id}`, ada.cookie)).json().ret_code).toBe(10009);
    expect((await get(app, `${U}/${ada.id}`, '')).json().ret_code).toBe(10007);
    expect((await get(app, `${U}/0b9d7c3e-5a41-4c55-8f7e-3d2a1c0e9f11`, reviewer.cookie)).json().ret_code).not.toBe(0);
    expect((await get(app, `${U}/not-a-uuid`, reviewer.cookie)).json().ret_code).toBe(10001);
  });
});
