import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { caseOf, createKycTestApp, newReviewer, newUser, post, submitLevel1, type TestUser } from '../kyc/kyc.fixtures.ts';
import { BURST_PER_HOUR } from './risk-rules.ts';

/**
 * Risk intercepts through the API (decision 029): the verdict and step code in the reply, the stored
 * decision with its facts, its audit record; the public form-encoded call with its guid header.
 */
let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let seq = 0;

beforeAll(async () => {
  // Behind a trusted proxy (loopback, as inject's requests come from): the country headers count.
  ({ app, close } = await createKycTestApp({ trustProxy: ['loopback'] }));
  reviewer = await newReviewer(app, 'risk-reviewer@example.com');
});
afterAll(async () => close());

const intercept = (u: TestUser, sence: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/x-api/v1/kyc/risk-component/intercept', headers: { 'content-type': 'application/json', cookie: u.cookie, ...headers }, payload: { sence } });
const publicIntercept = (body: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/x-api/user/public/risk/default-intercept', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: body });
const stored = (id: string) => app.db.selectFrom('risk_decisions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const audited = async (id: string) => (await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_type', '=', 'risk_decision').where('entity_id', '=', id).execute());

async function verifiedUser(): Promise<TestUser> {
  const u = await newUser(app, `risk-${++seq}@example.com`);
  await app.services.console.approve(await caseOf(app, await submitLevel1(app, u)), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
  return u;
}

describe('risk-component/intercept (signed in)', () => {
  it('passes an ordinary withdrawal from the country of residence, stored and audited', async () => {
    const u = await verifiedUser();
    const res = (await intercept(u, 'WITHDRAW', { 'cf-ipcountry': 'GB' })).json();
    expect(res).toMatchObject({ ret_code: 0, result: { decision: 'PASS', stepCode: null, rule: null } });
    const row = await stored(res.result.decisionId);
    expect(row).toMatchObject({ user_id: u.id, scene: 'WITHDRAW', country: 'GB', decision: 'PASS', rule: null, step_code: null });
    expect(JSON.parse(row.facts)).toMatchObject({ signedIn: true, knownCountries: ['GB'], documentUpdateRequested: false });
    expect(await audited(res.result.decisionId)).toEqual([{ action: 'risk.intercept', actor_id: u.id }]);
  });

  it('a login from a new country asks to see the person again (30029); once passed from there, the country is known', async () => {
    const u = await verifiedUser();
    const res = (await intercept(u, 'LOGIN', { 'cf-ipcountry': 'FR' })).json();
    expect(res.result).toMatchObject({ decision: 'VERIFY', stepCode: 30029, rule: 'NEW_COUNTRY' });
    expect(await stored(res.result.decisionId)).toMatchObject({ decision: 'VERIFY', rule: 'NEW_COUNTRY', step_code: 30029, country: 'FR' });
    await app.db.insertInto('risk_decisions').values({ id: `seen-${u.id}`, user_id: u.id, guid: null, scene: 'LOGIN', country: 'FR', decision: 'PASS', rule: null, step_code: null, facts: '{}', created_at: new Date().toISOString() }).execute();
    expect((await intercept(u, 'LOGIN', { 'cf-ipcountry': 'FR' })).json().result.decision).toBe('PASS');
  });

  it('a withdrawal while a document update is asked for is sent to update it (70029)', async () => {
    const u = await verifiedUser();
    const deadline = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    expect((await post(app, '/v1/console/reverification-requests', { email: u.email, target: 'POI', reason: 'DOCUMENT_EXPIRED', message: '', deadline }, reviewer.cookie)).json().ret_code).toBe(0);
    const res = (await intercept(u, 'WITHDRAW')).json();
    expect(res.result).toMatchObject({ decision: 'VERIFY', stepCode: 70029, rule: 'DOCUMENT_UPDATE_DUE' });
    expect(await stored(res.result.decisionId)).toMatchObject({ step_code: 70029, rule: 'DOCUMENT_UPDATE_DUE' });
  });

  it('needs a session and a known scene; reviewers are refused', async () => {
    const u = await verifiedUser();
    expect((await intercept(u, 'TELEPORT')).json().ret_code).toBe(10001);
    expect((await app.inject({ method: 'POST', url: '/x-api/v1/kyc/risk-component/intercept', headers: { 'content-type': 'application/json' }, payload: { sence: 'LOGIN' } })).json().ret_code).toBe(10007);
    expect((await intercept(reviewer, 'LOGIN')).json().ret_code).toBe(10009);
  });
});

describe('default-intercept (public, form-encoded sence and guid header)', () => {
  it('blocks a caller without a device id, passes one with it; both stored', async () => {
    const blocked = (await publicIntercept('sence=LOGIN')).json();
    expect(blocked).toMatchObject({ ret_code: 0, result: { decision: 'BLOCK', stepCode: null, rule: 'NO_DEVICE' } });
    expect(await stored(blocked.result.decisionId)).toMatchObject({ user_id: null, guid: null, decision: 'BLOCK', rule: 'NO_DEVICE' });
    const passed = (await publicIntercept('sence=LOGIN', { guid: 'device-0001-abc' })).json();
    expect(passed.result).toMatchObject({ decision: 'PASS', rule: null });
    expect(await stored(passed.result.decisionId)).toMatchObject({ user_id: null, guid: 'device-0001-abc', decision: 'PASS' });
    expect(await audited(passed.result.decisionId)).toEqual([{ action: 'risk.intercept', actor_id: null }]);
  });

  it('blocks a device that asks more than BURST_PER_HOUR times an hour', async () => {
    const guid = 'device-burst-0001';
    for (let i = 0; i < BURST_PER_HOUR; i++) expect((await publicIntercept('sence=LOGIN', { guid })).json().result.decision).toBe('PASS');
    const res = (await publicIntercept('sence=LOGIN', { guid })).json();
    expect(res.result).toMatchObject({ decision: 'BLOCK', rule: 'BURST' });
  });

  it('refuses an unknown scene or a missing one', async () => {
    expect((await publicIntercept('sence=NOPE', { guid: 'device-0002-abc' })).json().ret_code).toBe(10001);
    expect((await publicIntercept('', { guid: 'device-0002-abc' })).json().ret_code).toBe(10001);
  });
});
