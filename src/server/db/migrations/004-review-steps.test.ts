import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app.ts';
import { configWith } from '../../config.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { jsonHeaders } from '../../test/test-app.ts';
import { createDb, type Db } from '../index.ts';
import { migrations } from './index.ts';

/**
 * Migration 004 on a database made by the previous version: `fixtures/v003-demo.json` holds every row
 * the landed product (commit f66b67b, migrations 001–003) wrote when it seeded its demo users —
 * applications, reviewers' decisions, steps, audit history (document ciphertexts are emptied to keep
 * the file small; 004 does not touch documents). The test loads those rows into a database migrated
 * to 003, runs the migrations, and checks nothing is lost — on SQLite, and on PostgreSQL in CI.
 */
type Row = Record<string, unknown>;
const fixture = JSON.parse(readFileSync(new URL('./fixtures/v003-demo.json', import.meta.url), 'utf8')) as Record<string, Row[]>;
const ORDER = ['users', 'audit_log', 'kyc_personal_info', 'kyc_steps', 'kyc_applications', 'kyc_decisions', 'kyc_documents'];

function revive(row: Row): Row {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v && typeof v === 'object' && 'base64' in v ? Buffer.from(String((v as { base64: string }).base64), 'base64') : v]));
}

let db: Db;
let app: App;
let drop: () => Promise<void>;

beforeAll(async () => {
  const made = await createTestDatabase();
  drop = made.drop;
  db = createDb(made.database);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const to003 = await migrator.migrateTo('003-documents');
  if (to003.error) throw to003.error;
  const old = db as unknown as Kysely<Record<string, Row>>;
  for (const table of ORDER) for (const row of fixture[table]!) await old.insertInto(table).values(revive(row)).execute();
  const latest = await migrator.migrateToLatest();
  if (latest.error) throw latest.error;
  // The previous version's demo database, read in demo mode (without it its demo accounts are disabled: decision 035).
  app = await buildApp(configWith({ database: made.database, logLevel: 'silent', demo: true, webDist: '/nonexistent-web-dist', dataEncryptionKey: randomBytes(32).toString('base64') }), { db });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await drop?.();
});

const userId = (email: string) => (fixture.users!.find((u) => u.email === email)!.id as string);

async function login(email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/x-api/v1/user/login', headers: jsonHeaders, payload: { email, password } });
  expect(res.json().ret_code).toBe(0);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

describe('migration 004 on the previous version\'s demo database', () => {
  it('every step moved to step_states with its status and time, and kyc_steps is gone', async () => {
    const states = await db.selectFrom('step_states').selectAll().execute();
    expect(fixture.kyc_steps!.length).toBeGreaterThan(0);
    expect(states.map((s) => ({ ...s })).sort((a, b) => `${a.subject_id}${a.step}`.localeCompare(`${b.subject_id}${b.step}`))).toEqual(
      fixture
        .kyc_steps!.map((s) => ({ machine: 'kyc_level', subject_id: s.user_id, step: String(s.level), status: s.status, updated_at: s.updated_at }))
        .sort((a, b) => `${a.subject_id}${a.step}`.localeCompare(`${b.subject_id}${b.step}`)),
    );
    await expect(db.selectFrom('kyc_steps' as never).selectAll().execute()).rejects.toThrow();
  });

  it('every application has one review case with its status, facts and times', async () => {
    const cases = await db.selectFrom('review_cases').selectAll().execute();
    expect(cases).toHaveLength(fixture.kyc_applications!.length);
    for (const a of fixture.kyc_applications!) {
      expect(cases.find((c) => c.subject_id === a.id)).toMatchObject({
        subject_kind: 'KYC_APPLICATION',
        user_id: a.user_id,
        status: a.status,
        assignee_id: null,
        level: a.level,
        country: a.country,
        provider: a.provider,
        opened_at: a.submitted_at,
        decided_at: a.decided_at,
      });
    }
    // The applications themselves are untouched.
    expect((await db.selectFrom('kyc_applications').selectAll().execute()).length).toBe(fixture.kyc_applications!.length);
  });

  it('every decision moved to its case with the reviewer as actor, word for word; kyc_decisions is gone', async () => {
    const decisions = await db.selectFrom('review_decisions').innerJoin('review_cases', 'review_cases.id', 'review_decisions.case_id').selectAll('review_decisions').select('review_cases.subject_id').execute();
    expect(decisions).toHaveLength(fixture.kyc_decisions!.length);
    for (const d of fixture.kyc_decisions!) {
      expect(decisions.find((x) => x.id === d.id)).toMatchObject({
        subject_id: d.application_id,
        actor_type: 'reviewer',
        actor_id: d.reviewer_id,
        outcome: d.outcome,
        mode: d.mode,
        reason_code: d.reason_code,
        user_message: d.user_message,
        internal_note: d.internal_note,
        created_at: d.created_at,
      });
    }
    await expect(db.selectFrom('kyc_decisions' as never).selectAll().execute()).rejects.toThrow();
  });

  it('the audit history is untouched', async () => {
    // The fixture's entries; a demo-mode start adds its own (the demo partner business) after them.
    const audit = await db.selectFrom('audit_log').selectAll().where('id', 'in', fixture.audit_log!.map((a) => String(a.id))).execute();
    // Migration 008 adds the hash chain's columns; the entries' own columns stay as they were.
    const columns = Object.keys(fixture.audit_log![0]!);
    expect(audit.map((a) => Object.fromEntries(columns.map((c) => [c, a[c as keyof typeof a]]))).sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual([...fixture.audit_log!].sort((a, b) => String(a.id).localeCompare(String(b.id))));
  });

  it('the product reads the migrated data: the reviewer\'s queue and cases with decisions and history, the users\' reasons and levels', async () => {
    const reviewer = await login('reviewer@example.com', 'reviewer-password-1');
    const queue = (await app.inject({ method: 'GET', url: '/x-api/v1/console/cases', headers: { cookie: reviewer } })).json().result;
    expect(queue.items.map((i: { email: string }) => i.email)).toEqual(['l1-pending@example.com']);

    const decided = (await app.inject({ method: 'GET', url: '/x-api/v1/console/cases?status=REJECTED', headers: { cookie: reviewer } })).json().result;
    const retryCase = decided.items.find((i: { email: string }) => i.email === 'l1-retry@example.com');
    expect(retryCase.secondsToDecision).toBeGreaterThanOrEqual(0);
    const kase = (await app.inject({ method: 'GET', url: `/x-api/v1/console/cases/${retryCase.id}`, headers: { cookie: reviewer } })).json().result;
    expect(kase.decision).toMatchObject({ outcome: 'REJECT', mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', decider: { type: 'reviewer', id: userId('reviewer@example.com'), email: 'reviewer@example.com' } });
    expect(kase.history.map((h: { action: string }) => h.action)).toEqual(['kyc.step.submit', 'kyc.application.submit', 'kyc.step.reject_retry', 'kyc.application.reject']);
    expect(kase.subject.documents).toHaveLength(3);

    const user = await login('l1-retry@example.com', 'demo-password-1');
    const info = (await app.inject({ method: 'POST', url: '/x-api/v3/private/kyc/kyc-info', headers: { ...jsonHeaders, cookie: user }, payload: { obtain_state: true } })).json().result;
    expect(info.state.map((s: { status: string }) => s.status)).toEqual(['FAILED_AND_CAN_RETRY', 'NOT_ALLOW']);
    expect(info.additionalRejectReason[0]).toMatchObject({ level: 1, reasonCode: 'DOCUMENT_UNREADABLE', message: expect.stringMatching(/blurred/) });

    const l2 = await login('l2-approved@example.com', 'demo-password-1');
    expect((await app.inject({ method: 'GET', url: '/x-api/v2/private/user/profile', headers: { cookie: l2 } })).json().result.level).toBe(2);

    // The pending case can still be decided after the migration.
    const pending = queue.items[0];
    const approved = await app.inject({ method: 'POST', url: `/x-api/v1/console/cases/${pending.id}/approve`, headers: { ...jsonHeaders, cookie: reviewer }, payload: {} });
    expect(approved.json()).toMatchObject({ ret_code: 0, result: { status: 'APPROVED', subjectStatus: 'SUCCESS' } });
  });
});
