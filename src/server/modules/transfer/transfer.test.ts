import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { FakeMailer } from '../../test/test-app.ts';
import { caseOf, createKycTestApp, newReviewer, newUser, post, storedSteps, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';
import { OTP_MAX_ATTEMPTS } from '../otp/otp.service.ts';

/**
 * Identity transfer through the API (decision 029): consent, both sides' codes, review where a rule
 * asks, the immediate move where none does; the reply AND the stored state (transfer, phase, case,
 * the target's levels and personal information, audit); authorization and code abuse.
 */
let app: App;
let mailer: FakeMailer;
let close: () => Promise<void>;
let reviewer: TestUser;
let seq = 0;
const SYSTEM = { type: 'system' as const, id: null };

beforeAll(async () => {
  ({ app, close, mailer } = await createKycTestApp());
  reviewer = await newReviewer(app, 'tr-reviewer@example.com');
});
afterAll(async () => close());

const DE_INFO = { ...VALID_INFO, nationality: 'DE', residenceCountry: 'DE', city: 'Berlin', postalCode: '10115' };

async function verified(info: typeof VALID_INFO = DE_INFO, site?: 'EU'): Promise<TestUser> {
  const u = await newUser(app, `tr-src-${++seq}@example.com`);
  const appId = await submitLevel1(app, u, info);
  await app.services.console.approve(await caseOf(app, appId), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
  if (site) await app.services.reverification.setSite(u.id, site, SYSTEM);
  return u;
}
async function account(site?: 'EU'): Promise<TestUser> {
  const u = await newUser(app, `tr-tgt-${++seq}@example.com`);
  if (site) await app.services.reverification.setSite(u.id, site, SYSTEM);
  return u;
}
/** Makes the source's level 1 look reached `days` ago (the RECENTLY_VERIFIED rule reads it). */
async function verifiedDaysAgo(u: TestUser, days: number) {
  await app.db.updateTable('step_states').set({ updated_at: new Date(Date.now() - days * 86_400_000).toISOString() }).where('machine', '=', 'kyc_level').where('subject_id', '=', u.id).where('step', '=', '1').execute();
}

const start = (u: TestUser, targetEmail: string, consent: unknown = true) => post(app, '/v1/kyc/identity', { targetEmail, consent }, u.cookie);
const verify = (u: TestUser, transferId: string, side: string, code?: string) => post(app, '/v1/kyc/transfer/verify', { transferId, side, ...(code ? { code } : {}) }, u.cookie);
const status = async (u: TestUser) => (await post(app, '/v1/kyc/transfer/status', {}, u.cookie)).json();
const lastCode = (email: string) => /\b(\d{6})\b/.exec(mailer.to(email).at(-1)!.text)![1]!;
const phaseOf = async (id: string) => (await app.db.selectFrom('step_states').select('status').where('machine', '=', 'identity_transfer').where('subject_id', '=', id).executeTakeFirst())?.status;
const rowOf = (id: string) => app.db.selectFrom('identity_transfers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const secondIdentity = async (u: TestUser) => (await post(app, '/v3/private/kyc/kyc-info', {}, u.cookie)).json().result.second_identity_state;
const auditOf = async (id: string) => (await app.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).orderBy('seq').execute()).map((a) => a.action);

/** Source consent and both codes: returns the transfer id after the target's confirmation reply. */
async function confirmBoth(source: TestUser, target: TestUser) {
  const started = (await start(source, target.email)).json();
  const id = started.result.transferId as string;
  await verify(source, id, 'source');
  expect((await verify(source, id, 'source', lastCode(source.email))).json().ret_code).toBe(0);
  await verify(target, id, 'target');
  const reply = (await verify(target, id, 'target', lastCode(target.email))).json();
  return { id, reply };
}

describe('consent, codes and review (main site -> EU entity)', () => {
  it('moves the identity after both codes and a reviewer\'s approval, with the §4 statuses and step codes on the way', async () => {
    const source = await verified();
    const target = await account('EU');

    const started = await start(source, target.email);
    expect(started.json()).toMatchObject({ ret_code: 0, result: { side: 'source', phase: 'AWAITING_SOURCE_CODE', status: 'KYC_TRANSFER_VERIFY_STATUS_UNDEFINED', sourceSite: '', targetSite: 'EU', level: 1, actionRequired: true, counterpart: `t***@example.com` } });
    const id = started.json().result.transferId as string;
    expect(await rowOf(id)).toMatchObject({ source_user_id: source.id, target_user_id: target.id, open_source: source.id, open_target: target.id, level: 1, completed_at: null });
    expect(await phaseOf(id)).toBe('AWAITING_SOURCE_CODE');
    expect(await secondIdentity(source)).toBe('KYC_TRANSFER_VERIFY_STATUS_UNDEFINED');
    expect(await status(target)).toMatchObject({ result: { stepCode: 30030, transfer: { side: 'target', actionRequired: false } } });

    // The source's code: asked for (30101, mailed, masked address), then entered.
    const ask = (await verify(source, id, 'source')).json();
    expect(ask).toMatchObject({ ret_code: 30101, result: { email: 't***@example.com' } });
    const ok1 = (await verify(source, id, 'source', lastCode(source.email))).json();
    expect(ok1).toMatchObject({ ret_code: 0, result: { outcome: 'pending', stepCode: 30030, transfer: { phase: 'AWAITING_TARGET', actionRequired: false } } });
    expect(await phaseOf(id)).toBe('AWAITING_TARGET');

    // The target's confirmation: its own code; the regulated EU entity (and a fresh verification) asks for a reviewer.
    expect((await status(target)).result.transfer).toMatchObject({ side: 'target', actionRequired: true });
    expect((await verify(target, id, 'target')).json().ret_code).toBe(30101);
    const ok2 = (await verify(target, id, 'target', lastCode(target.email))).json();
    expect(ok2).toMatchObject({ ret_code: 0, result: { outcome: 'pending', stepCode: 30030, transfer: { status: 'KYC_TRANSFER_VERIFY_STATUS_PENDING', phase: 'IN_REVIEW', reviewRequired: true } } });
    expect(JSON.parse((await rowOf(id)).review_rules)).toEqual(['REGULATED_TARGET', 'RECENTLY_VERIFIED']);
    const c = (await app.services.review.casesOfSubjects('IDENTITY_TRANSFER', [id])).get(id)!;
    expect(c).toMatchObject({ userId: target.id, status: 'PENDING', level: 1, country: 'DE' });
    expect(await secondIdentity(target)).toBe('KYC_TRANSFER_VERIFY_STATUS_PENDING');
    expect((await storedSteps(app, target.id)).find((s) => s.level === 1)?.status ?? 'ALLOW').toBe('ALLOW');

    // The reviewer's case view, then the approval.
    const view = (await app.inject({ method: 'GET', url: `/x-api/v1/console/cases/${c.id}`, headers: { cookie: reviewer.cookie } })).json();
    expect(view.result.subject).toMatchObject({ kind: 'IDENTITY_TRANSFER', transferId: id, source: { email: source.email, site: '' }, target: { email: target.email, site: 'EU' }, identity: { firstName: 'Ada', residenceCountry: 'DE' }, rules: ['REGULATED_TARGET', 'RECENTLY_VERIFIED'] });
    const approved = (await post(app, `/v1/console/cases/${c.id}/approve`, { internalNote: '' }, reviewer.cookie)).json();
    expect(approved).toMatchObject({ ret_code: 0, result: { status: 'APPROVED', subjectStatus: 'KYC_TRANSFER_VERIFY_STATUS_COMPLETE' } });

    expect(await phaseOf(id)).toBe('COMPLETED');
    expect(await rowOf(id)).toMatchObject({ open_source: null, open_target: null });
    expect((await rowOf(id)).completed_at).not.toBeNull();
    expect(await storedSteps(app, target.id)).toContainEqual({ level: 1, status: 'SUCCESS' });
    const info = await app.db.selectFrom('kyc_personal_info').selectAll().where('user_id', '=', target.id).executeTakeFirstOrThrow();
    expect(info).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', residence_country: 'DE' });
    expect(await status(target)).toMatchObject({ result: { stepCode: 30031, transfer: { status: 'KYC_TRANSFER_VERIFY_STATUS_COMPLETE' } } });
    expect(await secondIdentity(source)).toBe('KYC_TRANSFER_VERIFY_STATUS_COMPLETE');
    expect(await auditOf(id)).toEqual(expect.arrayContaining(['identity_transfer.start', 'identity_transfer.consent', 'identity_transfer.source_verified', 'identity_transfer.target_verified_review', 'identity_transfer.approve']));
  });

  it('a rejection ends the transfer: nothing moves and both accounts are free again', async () => {
    const source = await verified();
    const target = await account('EU');
    const { id } = await confirmBoth(source, target);
    const c = (await app.services.review.casesOfSubjects('IDENTITY_TRANSFER', [id])).get(id)!;
    const rejected = (await post(app, `/v1/console/cases/${c.id}/reject`, { mode: 'FINAL', reasonCode: 'DOCUMENT_UNREADABLE', userMessage: 'Not this time.' }, reviewer.cookie)).json();
    expect(rejected).toMatchObject({ ret_code: 0, result: { status: 'REJECTED', subjectStatus: 'KYC_TRANSFER_VERIFY_STATUS_UNDEFINED' } });
    expect(await phaseOf(id)).toBe('REJECTED');
    expect(await rowOf(id)).toMatchObject({ open_source: null, open_target: null, completed_at: null });
    expect(await storedSteps(app, target.id)).not.toContainEqual({ level: 1, status: 'SUCCESS' });
    expect(await secondIdentity(target)).toBeNull();
    expect(await status(target)).toMatchObject({ result: { stepCode: null, transfer: { phase: 'REJECTED' } } });
  });
});

describe('no rule asks for a reviewer (EU entity -> main site, verified long ago)', () => {
  it('the target\'s code moves the identity at once: success, 30031', async () => {
    const source = await verified({ ...VALID_INFO }, 'EU');
    await verifiedDaysAgo(source, 30);
    const target = await account();
    const { id, reply } = await confirmBoth(source, target);
    expect(reply).toMatchObject({ ret_code: 0, result: { outcome: 'success', stepCode: 30031, transfer: { side: 'target', status: 'KYC_TRANSFER_VERIFY_STATUS_COMPLETE', reviewRequired: false } } });
    expect(await phaseOf(id)).toBe('COMPLETED');
    expect((await app.services.review.casesOfSubjects('IDENTITY_TRANSFER', [id])).get(id)).toBeUndefined();
    expect(await storedSteps(app, target.id)).toContainEqual({ level: 1, status: 'SUCCESS' });
    expect(await secondIdentity(target)).toBe('KYC_TRANSFER_VERIFY_STATUS_COMPLETE');
    // Each phase change is an event with both accounts (decision 050); the level that arrived is the target's.
    const events = await app.db.selectFrom('domain_events').select(['type', 'data']).where('type', '=', 'kyc.identity_transfer.status_changed').execute();
    const phases = events.map((e) => JSON.parse(e.data) as { transferId: string; userId: string; targetUserId: string; phase: string }).filter((d) => d.transferId === id);
    expect(phases.at(-1)).toMatchObject({ userId: source.id, targetUserId: target.id, phase: 'COMPLETED' });
    expect(await app.db.selectFrom('domain_events').select('data').where('type', '=', 'kyc.level.status_changed').where('user_id', '=', target.id).execute()).toContainEqual({ data: expect.stringContaining('"cause":"TRANSFER_IN"') });
  });
});

describe('refusals', () => {
  it('the consent must be given, the source verified, the target another user\'s account on another site that can receive it', async () => {
    const source = await verified();
    const eu = await account('EU');
    expect((await start(source, eu.email, false)).json().ret_code).toBe(10001);
    const unverified = await account();
    expect((await start(unverified, eu.email)).json().ret_code).toBe(10012);
    expect((await start(source, 'nobody@example.com')).json().ret_code).toBe(10012);
    expect((await start(source, source.email)).json().ret_code).toBe(10012);
    expect((await start(source, unverified.email)).json().ret_code).toBe(10012); // same (main) site
    expect((await start(source, reviewer.email)).json().ret_code).toBe(10012);
    const gb = await verified({ ...VALID_INFO });
    expect((await start(gb, eu.email)).json()).toMatchObject({ ret_code: 10012, ret_msg: expect.stringContaining('EU_RESIDENCE_REQUIRED') });
    const verifiedEu = await verified(DE_INFO, 'EU');
    expect((await start(source, verifiedEu.email)).json().ret_code).toBe(10012);
    expect(await app.db.selectFrom('identity_transfers').select('id').where('source_user_id', 'in', [source.id, unverified.id, gb.id]).execute()).toEqual([]);
  });

  it('a new consent replaces one not yet confirmed; a target receives one identity at a time', async () => {
    const source = await verified();
    const t1 = await account('EU');
    const first = (await start(source, t1.email)).json().result.transferId as string;
    const second = (await start(source, t1.email)).json().result.transferId as string;
    expect(await phaseOf(first)).toBe('CANCELLED');
    expect(await rowOf(first)).toMatchObject({ open_source: null, open_target: null });
    expect(await phaseOf(second)).toBe('AWAITING_SOURCE_CODE');
    const other = await verified();
    expect((await start(other, t1.email)).json().ret_code).toBe(10012);
  });
});

describe('authorization and code abuse', () => {
  it('only the side\'s own account confirms; others and the other side learn nothing (NOT_FOUND); no session, no call; reviewers are refused', async () => {
    const source = await verified();
    const target = await account('EU');
    const id = (await start(source, target.email)).json().result.transferId as string;
    const stranger = await account();
    expect((await verify(stranger, id, 'source')).json().ret_code).toBe(10011);
    expect((await verify(target, id, 'source')).json().ret_code).toBe(10011);
    expect((await verify(source, id, 'target')).json().ret_code).toBe(10011);
    expect((await verify(source, 'no-such-transfer', 'source')).json().ret_code).toBe(10011);
    // The target cannot confirm before the source did.
    expect((await verify(target, id, 'target')).json().ret_code).toBe(10012);
    expect((await post(app, '/v1/kyc/transfer/status', {})).json().ret_code).toBe(10007);
    expect((await post(app, '/v1/kyc/identity', { targetEmail: target.email, consent: true })).json().ret_code).toBe(10007);
    expect((await post(app, '/v1/kyc/identity', { targetEmail: target.email, consent: true }, reviewer.cookie)).json().ret_code).toBe(10009);
    expect(await phaseOf(id)).toBe('AWAITING_SOURCE_CODE');
    expect(await status(stranger)).toMatchObject({ result: { transfer: null, stepCode: null } });
  });

  it('a code works once, for its side and transfer only, and dies after the allowed wrong attempts', async () => {
    const source = await verified();
    const target = await account('EU');
    const id = (await start(source, target.email)).json().result.transferId as string;
    await verify(source, id, 'source');
    const code = lastCode(source.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) expect((await verify(source, id, 'source', wrong)).json().ret_code).toBe(30102);
    expect((await verify(source, id, 'source', code)).json().ret_code).toBe(30102);
    expect(await phaseOf(id)).toBe('AWAITING_SOURCE_CODE');

    await verify(source, id, 'source');
    const fresh = lastCode(source.email);
    expect((await verify(source, id, 'source', fresh)).json().ret_code).toBe(0);
    // Replayed: the side has nothing left to confirm.
    expect((await verify(source, id, 'source', fresh)).json().ret_code).toBe(10012);
    // The source's code is not the target's.
    expect((await verify(target, id, 'target', fresh)).json().ret_code).toBe(30102);
    expect(await phaseOf(id)).toBe('AWAITING_TARGET');
  });
});
