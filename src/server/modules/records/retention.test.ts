import { mkdtempSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { configWith } from '../../config.ts';
import { createFakeMailer } from '../../mail/mailer.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { verifyAuditChain } from '../audit/audit.service.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, post, submitLevel1, type TestUser } from '../kyc/kyc.fixtures.ts';
import { makeImage } from '../documents/test-images.ts';

/**
 * Retention and erasure (decision 018) on a database with aged records: nothing is kept too long,
 * nothing the audit needs is lost, and the scheduled job runs once across two servers.
 */
let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let seq = 0;
const C = '/v1/console/cases';
const monthsAgo = (m: number) => new Date(Date.now() - m * 31 * 86_400_000).toISOString();

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewer = await newReviewer(app, 'retention-reviewer@example.com');
});
afterAll(async () => close());

/** A user with level 1 submitted and decided (`approve`, or a RETRY rejection), the decision `decidedMonthsAgo` old. */
async function decidedUser(outcome: 'approve' | 'reject', decidedMonthsAgo = 0) {
  const u = await newUser(app, `ret-${++seq}@example.com`);
  const appId = await submitLevel1(app, u);
  const caseId = await caseOf(app, appId);
  const body = outcome === 'approve' ? {} : { mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', userMessage: 'Blurred photo of Ada Lovelace.', internalNote: 'Ada Lovelace, blurred.' };
  expect((await post(app, `${C}/${caseId}/${outcome}`, body, reviewer.cookie)).json().ret_code).toBe(0);
  if (decidedMonthsAgo > 0) await app.db.updateTable('review_cases').set({ decided_at: monthsAgo(decidedMonthsAgo) }).where('id', '=', caseId).execute();
  return { u, appId, caseId };
}

const stored = async (userId: string, appId: string, caseId: string) => ({
  personalInfo: await app.db.selectFrom('kyc_personal_info').select('first_name').where('user_id', '=', userId).executeTakeFirst(),
  documents: (await app.db.selectFrom('kyc_documents').select('id').where('user_id', '=', userId).execute()).length,
  submitted: JSON.parse((await app.db.selectFrom('kyc_applications').select('submitted').where('id', '=', appId).executeTakeFirstOrThrow()).submitted) as { erased?: boolean; personalInfo: { firstName: string } },
  decision: await app.db.selectFrom('review_decisions').select(['outcome', 'reason_code', 'actor_id', 'user_message', 'internal_note']).where('case_id', '=', caseId).executeTakeFirst(),
  user: await app.db.selectFrom('users').select(['email']).where('id', '=', userId).executeTakeFirstOrThrow(),
});

describe('retention job', () => {
  it('erases a rejected applicant after the period and keeps the rest; the audit keeps its facts and its chain', async () => {
    const old = await decidedUser('reject', 7);
    const recent = await decidedUser('reject', 1);
    const customer = await decidedUser('approve', 30);

    const summary = await app.services.records.retention.run(new Date().toISOString());
    expect(summary).toMatchObject({ rejectedApplicantsErased: 1 });
    expect(summary.documents).toBeGreaterThanOrEqual(3);

    const erased = await stored(old.u.id, old.appId, old.caseId);
    expect(erased).toMatchObject({ personalInfo: undefined, documents: 0, submitted: { erased: true, personalInfo: { firstName: '' } } });
    // What the audit needs stays: the decision, its reason and who decided; not the free text.
    expect(erased.decision).toEqual({ outcome: 'REJECT', reason_code: 'DOCUMENT_UNREADABLE', actor_id: reviewer.id, user_message: '', internal_note: '' });
    // The account itself stays (a rejected applicant may apply again).
    expect(erased.user.email).toBe(old.u.email);
    const trail = await app.db.selectFrom('audit_log').select(['action', 'before', 'after', 'erased_at']).where('entity_type', '=', 'kyc_personal_info').where('entity_id', '=', old.u.id).execute();
    expect(trail.map((t) => t.action)).toContain('kyc.personal_info.save');
    expect(JSON.stringify(trail)).not.toContain('Lovelace');
    expect(trail.every((t) => t.erased_at !== null)).toBe(true);
    expect(await verifyAuditChain(app.db)).toMatchObject({ ok: true });

    // Within their periods: untouched.
    expect(await stored(recent.u.id, recent.appId, recent.caseId)).toMatchObject({ personalInfo: { first_name: 'Ada' }, documents: 3, decision: { internal_note: 'Ada Lovelace, blurred.' } });
    expect(await stored(customer.u.id, customer.appId, customer.caseId)).toMatchObject({ personalInfo: { first_name: 'Ada' }, documents: 3 });
    // Repeating finds nothing more to do.
    expect(await app.services.records.retention.run(new Date().toISOString())).toMatchObject({ rejectedApplicantsErased: 0, closedAccountsErased: 0 });
  });
});

describe('biometric retention (BIOMETRIC_RETENTION_DAYS, decision 023)', () => {
  /** A finished liveness challenge of level 1 with one kept frame, `daysOld` days old. */
  async function challengeOf(u: TestUser, daysOld: number) {
    const started = await post(app, '/v1/private/capture/liveness/start', { level: 1 }, u.cookie);
    const id = started.json().result.id as string;
    const image = (await makeImage('jpeg', 480, 360)).toString('base64');
    const finished = await post(app, '/v1/private/capture/liveness/finish', { id, frames: [], pictures: [{ label: 'BASELINE', image }] }, u.cookie);
    expect(finished.json()).toMatchObject({ ret_code: 0, result: { status: 'FAILED' } });
    await app.db.updateTable('capture_liveness').set({ created_at: new Date(Date.now() - daysOld * 86_400_000).toISOString() }).where('id', '=', id).execute();
    return id;
  }
  const left = async (id: string) => ({
    challenges: (await app.db.selectFrom('capture_liveness').select('id').where('id', '=', id).execute()).length,
    frames: (await app.db.selectFrom('capture_liveness_frames').select('id').where('liveness_id', '=', id).execute()).length,
  });

  it('the job removes challenges and frames past the period, keeps recent ones and those of a level under review', async () => {
    const days = app.config.capture.biometricRetentionDays;
    const idle = await newUser(app, `bio-${++seq}@example.com`);
    const old = await challengeOf(idle, days + 1);
    const recent = await challengeOf(idle, days - 1);
    // Submitted, not decided yet: its reviewer still needs the frames, however old.
    const pending = await newUser(app, `bio-${++seq}@example.com`);
    const underReview = await challengeOf(pending, days + 30);
    await submitLevel1(app, pending);

    const summary = await app.services.records.retention.run(new Date().toISOString());
    expect(summary.biometricChallenges).toBe(1);
    expect(await left(old)).toEqual({ challenges: 0, frames: 0 });
    expect(await left(recent)).toEqual({ challenges: 1, frames: 1 });
    expect(await left(underReview)).toEqual({ challenges: 1, frames: 1 });
    // Run again: nothing more is due.
    expect((await app.services.records.retention.run(new Date().toISOString())).biometricChallenges).toBe(0);
  });
});

describe('erasure request', () => {
  it('refused while a verification is under review: nothing changes', async () => {
    const u = await newUser(app, `erase-pending-${++seq}@example.com`);
    await submitLevel1(app, u);
    expect((await post(app, '/v1/private/user/erasure-request', { confirm: 'ERASE' }, u.cookie)).json()).toEqual({ ret_code: 0, ret_msg: expect.any(String), result: { outcome: 'REFUSED', reason: 'REVIEW_PENDING', keepUntil: null } });
    expect((await get(app, '/v2/private/user/profile', u.cookie)).json().ret_code).toBe(0);
    expect(await app.db.selectFrom('erasure_requests').select(['outcome', 'reason']).where('user_id', '=', u.id).execute()).toEqual([{ outcome: 'REFUSED', reason: 'REVIEW_PENDING' }]);
  });

  it('a verified customer: the account closes, the records are kept for the years the law requires, then the job erases them', async () => {
    const { u, appId, caseId } = await decidedUser('approve');
    const res = (await post(app, '/v1/private/user/erasure-request', { confirm: 'ERASE' }, u.cookie)).json().result;
    expect(res).toMatchObject({ outcome: 'RETAINED', reason: 'CUSTOMER_RECORDS' });
    expect(Date.parse(res.keepUntil) - Date.now()).toBeGreaterThan(4.9 * 365 * 86_400_000);
    expect((await get(app, '/v2/private/user/profile', u.cookie)).json().ret_code).toBe(10007);
    expect((await post(app, '/v1/user/login', { email: u.email, password: 'correct-horse-battery' })).json().ret_code).toBe(20001);
    expect(await stored(u.id, appId, caseId)).toMatchObject({ personalInfo: { first_name: 'Ada' }, documents: 3 });

    // Five years on (the period made due by hand): erased and anonymised.
    await app.db.updateTable('erasure_requests').set({ keep_until: monthsAgo(1) }).where('user_id', '=', u.id).execute();
    expect(await app.services.records.retention.run(new Date().toISOString())).toMatchObject({ closedAccountsErased: 1 });
    const after = await stored(u.id, appId, caseId);
    expect(after).toMatchObject({ personalInfo: undefined, documents: 0, submitted: { erased: true }, decision: { outcome: 'APPROVE', actor_id: reviewer.id } });
    expect(after.user.email).toBe(`erased-${u.id}@erased.invalid`);
    expect((await app.db.selectFrom('erasure_requests').select('erased_at').where('user_id', '=', u.id).executeTakeFirstOrThrow()).erased_at).not.toBeNull();
  });

  it('nothing to keep: erased at once, the account anonymised; the wrong confirmation word changes nothing', async () => {
    const u = await newUser(app, `erase-now-${++seq}@example.com`);
    // A liveness check with a kept frame: biometric data goes with the rest.
    const started = (await post(app, '/v1/private/capture/liveness/start', { level: 1 }, u.cookie)).json().result as { id: string };
    const image = (await makeImage('jpeg', 480, 360)).toString('base64');
    expect((await post(app, '/v1/private/capture/liveness/finish', { id: started.id, frames: [], pictures: [{ label: 'BASELINE', image }] }, u.cookie)).json().ret_code).toBe(0);
    expect((await post(app, '/v1/private/user/erasure-request', { confirm: 'yes' }, u.cookie)).json().ret_code).toBe(10001);
    const res = await post(app, '/v1/private/user/erasure-request', { confirm: 'ERASE' }, u.cookie);
    expect(res.json().result).toEqual({ outcome: 'ERASED', reason: null, keepUntil: null });
    expect(res.cookies.find((c) => c.name === 'ua_sid')?.value).toBe('');
    expect(await app.db.selectFrom('users').select('email').where('id', '=', u.id).executeTakeFirstOrThrow()).toEqual({ email: `erased-${u.id}@erased.invalid` });
    expect(await app.db.selectFrom('capture_liveness').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    expect(await app.db.selectFrom('capture_liveness_frames').select('id').where('liveness_id', '=', started.id).execute()).toEqual([]);
    const registered = await app.db.selectFrom('audit_log').select('after').where('action', '=', 'user.register').where('entity_id', '=', u.id).executeTakeFirstOrThrow();
    expect(registered.after).not.toContain(u.email);
    // A reviewer has no erasure request of their own to make (the account area is for users).
    expect((await post(app, '/v1/private/user/erasure-request', { confirm: 'ERASE' }, reviewer.cookie)).json().ret_code).toBe(10009);
  });
});

describe('two servers on one database', () => {
  it('the scheduled job runs once per interval, whichever server asks', async () => {
    const { database, drop } = await createTestDatabase();
    const shared = database.kind === 'sqlite' ? { kind: 'sqlite' as const, file: path.join(mkdtempSync(path.join(tmpdir(), 'ua-retention-')), 'db.sqlite') } : database;
    const config = configWith({ database: shared, logLevel: 'silent', demo: false, webDist: '/nonexistent-web-dist', dataEncryptionKey: randomBytes(32).toString('base64') });
    const one = await buildApp(config, { mailer: createFakeMailer() });
    const two = await buildApp(config, { mailer: createFakeMailer() });
    try {
      const hour = 3600_000;
      const now = new Date();
      const first = await Promise.all([one, two, one, two].map((s) => s.services.records.retention.runIfDue(now, hour)));
      expect(first.filter((r) => r !== null)).toHaveLength(1);
      // Within the interval nobody runs it again; after it, one does.
      expect(await Promise.all([one, two].map((s) => s.services.records.retention.runIfDue(new Date(now.getTime() + hour / 2), hour)))).toEqual([null, null]);
      const later = await Promise.all([two, one].map((s) => s.services.records.retention.runIfDue(new Date(now.getTime() + hour + 1), hour)));
      expect(later.filter((r) => r !== null)).toHaveLength(1);
      const runs = await one.db.selectFrom('retention_runs').select('holder').execute();
      expect(runs).toHaveLength(2);
      expect(await one.db.selectFrom('audit_log').select('action').where('action', '=', 'retention.run').execute()).toHaveLength(2);
    } finally {
      await one.close();
      await two.close();
      await drop();
    }
  });
});

