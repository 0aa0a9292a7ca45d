import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import type { FakeMailer } from '../../test/test-app.ts';
import { caseOf, createKycTestApp, newReviewer, newUser, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';
import { createEventsService } from './events.service.ts';
import { SUBSCRIBER_RETRY_DELAYS_MS, type SubscribedEvent } from './subscribers.ts';

/**
 * Decision 057: the modules' reactions to events run after the commit, each subscriber with its own
 * cursor, retried with backoff and in order when they fail, harmless when an event comes again, and
 * taken by one server at a time. Time moves by the clock (Date faked), never by sleeping. The mailer
 * is the tests' fake (the mail transport's boundary); its failure is an SMTP outage.
 */
let app: App;
let close: () => Promise<void>;
let mailer: FakeMailer;
let reviewer: TestUser;
let seq = 0;
const MAIL = 'kyc.level-approved-mail';

beforeAll(async () => {
  ({ app, close, mailer } = await createKycTestApp());
  // Screening jobs run when a test runs them (the background runner would take one the test looks at).
  await app.services.screening.jobs.stop();
  reviewer = await newReviewer(app, 'subs-reviewer@example.com');
});
afterAll(async () => close());
afterEach(() => {
  vi.useRealTimers();
});

const pass = () => app.services.events.subscribers.runDue();
const rowOf = (name: string) => app.db.selectFrom('event_subscribers').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
const newestPosition = async () => Number((await app.db.selectFrom('domain_events').select((eb) => eb.fn.max('position').as('m')).executeTakeFirstOrThrow()).m);
const approvedMails = (u: TestUser) => mailer.to(u.email).filter((m) => m.text.includes('/user/accounts/auth/kyc'));

async function approve(u: TestUser, info = VALID_INFO): Promise<TestUser> {
  await app.services.console.approve(await caseOf(app, await submitLevel1(app, u, info)), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
  return u;
}
const approved = async (info = VALID_INFO) => approve(await newUser(app, `subs-${++seq}@example.com`), info);

describe("the modules' subscribers", () => {
  it('react after the commit: the user is e-mailed in their language and the screening job written in the approver\'s name; again, nothing is done twice', async () => {
    const u = await approved({ ...VALID_INFO, residenceCountry: 'DE' });
    // Nothing in the approval's transaction.
    expect(approvedMails(u)).toEqual([]);
    expect(await app.db.selectFrom('screening_jobs').selectAll().where('user_id', '=', u.id).execute()).toEqual([]);

    expect(await pass()).toBeGreaterThanOrEqual(3);
    const mails = approvedMails(u);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Ihre Identitätsprüfung Stufe 1 ist abgeschlossen', text: expect.stringContaining('http://localhost') });
    expect(await app.db.selectFrom('screening_jobs').select(['trigger', 'actor_type', 'actor_id']).where('user_id', '=', u.id).executeTakeFirst()).toEqual({ trigger: 'LEVEL_APPROVED', actor_type: 'reviewer', actor_id: reviewer.id });
    // Every subscriber's cursor stands at the newest event; the e-mail's claim is stored.
    const newest = await newestPosition();
    for (const name of [MAIL, 'edd.assess-verified-level', 'screening.screen-verified-identity']) expect(await rowOf(name)).toMatchObject({ cursor: newest, attempts: 0, lease_until: null, last_error: null });
    expect(await app.db.selectFrom('event_subscriber_claims').select('subscriber').where('subscriber', '=', MAIL).execute()).toHaveLength(1);

    // A second pass has nothing to do.
    expect(await pass()).toBe(0);
    // Redelivered (the cursor back, as after a crash before it moved): the e-mail is not sent again.
    await app.db.updateTable('event_subscribers').set({ cursor: 0 }).where('name', '=', MAIL).execute();
    expect(await pass()).toBeGreaterThanOrEqual(1);
    expect(approvedMails(u)).toHaveLength(1);
    expect((await rowOf(MAIL)).cursor).toBe(newest);
  });

  it('a level no longer reached when the e-mail goes out (an override undid it meanwhile) is not announced', async () => {
    const u = await approved();
    // What an override to a rejection leaves, written as the step machine stores it.
    await app.db.updateTable('step_states').set({ status: 'FAILED_AND_CAN_RETRY' }).where('machine', '=', 'kyc_level').where('subject_id', '=', u.id).where('step', '=', '1').execute();
    expect(Number(await app.services.kyc.levelOf(u.id))).toBe(0);
    await pass();
    expect(approvedMails(u)).toEqual([]);
    expect((await rowOf(MAIL)).cursor).toBe(await newestPosition());
  });

  it('a failing reaction is retried with backoff, in order, and done once when it works again; other subscribers go on', async () => {
    // Registered while the mail server answers (the confirmation link).
    const [first, second] = [await newUser(app, `subs-${++seq}@example.com`), await newUser(app, `subs-${++seq}@example.com`)];
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('SMTP 421 service not available');
    };
    try {
      await approve(first);
      await approve(second);
      await pass();
      const failed = await rowOf(MAIL);
      expect(failed).toMatchObject({ attempts: 1, last_error: 'SMTP 421 service not available', lease_until: null });
      // 1 s, ±20 %.
      expect(Date.parse(failed.due_at!) - t0).toBeGreaterThanOrEqual(800);
      expect(Date.parse(failed.due_at!) - t0).toBeLessThanOrEqual(1200);
      // It waits at the first user's event: neither user's e-mail is claimed; the other subscribers went on.
      const theirs = (await app.db.selectFrom('domain_events').select('id').where('user_id', 'in', [first.id, second.id]).execute()).map((e) => e.id);
      expect(await app.db.selectFrom('event_subscriber_claims').selectAll().where('event_id', 'in', theirs).execute()).toEqual([]);
      expect((await rowOf('screening.screen-verified-identity')).cursor).toBe(await newestPosition());
      expect(await app.db.selectFrom('screening_jobs').select('user_id').where('user_id', 'in', [first.id, second.id]).execute()).toHaveLength(2);

      // Not due yet: nothing is tried.
      await pass();
      expect((await rowOf(MAIL)).attempts).toBe(1);
      // Then 5 s.
      vi.setSystemTime(t0 + 1_500);
      await pass();
      const again = await rowOf(MAIL);
      expect(again.attempts).toBe(2);
      expect(Date.parse(again.due_at!) - (t0 + 1_500)).toBeGreaterThanOrEqual(4_000);

      // The mail server is back: both users are e-mailed, in order, once each.
      mailer.send = send;
      vi.setSystemTime(t0 + 8_000);
      await pass();
      expect(approvedMails(first)).toHaveLength(1);
      expect(approvedMails(second)).toHaveLength(1);
      const firstAt = mailer.sent.findIndex((m) => m.to === first.email && m.text.includes('/auth/kyc'));
      expect(firstAt).toBeLessThan(mailer.sent.findIndex((m) => m.to === second.email && m.text.includes('/auth/kyc')));
      expect(await rowOf(MAIL)).toMatchObject({ attempts: 0, due_at: null, last_error: null, cursor: await newestPosition() });
    } finally {
      mailer.send = send;
    }
  });

  it('a subscriber is handed only its types, and its cursor keeps up when none of them come', async () => {
    const seen: string[] = [];
    app.services.events.subscribe({ name: 'test.only-disabled', types: ['kyc.webhook_endpoint.disabled'], handle: async (e: SubscribedEvent) => void seen.push(e.type) });
    await approved();
    await pass();
    expect(seen).toEqual([]);
    // None of its events came, yet its cursor stands at the newest event: the outbox is pruned behind it.
    expect(await rowOf('test.only-disabled')).toMatchObject({ cursor: await newestPosition(), attempts: 0, lease_until: null });
  });

  it('an event still failing after the last retry is passed over, audited, and the later ones go on', async () => {
    // A subscriber registered now reads the outbox from its first event, and refuses that one for good.
    let refused: string | null = null;
    const seen: string[] = [];
    app.services.events.subscribe({
      name: 'test.refuses-first',
      types: ['kyc.level.status_changed'],
      async handle(e: SubscribedEvent<'kyc.level.status_changed'>) {
        refused ??= e.id;
        if (e.id === refused) throw new Error('always refused');
        seen.push(e.id);
      },
    });
    await pass();
    expect(await rowOf('test.refuses-first')).toMatchObject({ attempts: 1, cursor: 0 });
    expect(seen).toEqual([]);
    // Its last retry comes (the clock's steps are the previous test's): one more failure passes it over.
    await app.db.updateTable('event_subscribers').set({ attempts: SUBSCRIBER_RETRY_DELAYS_MS.length, due_at: null }).where('name', '=', 'test.refuses-first').execute();
    await pass();
    const audit = await app.db.selectFrom('audit_log').select(['actor_type', 'entity_id', 'after']).where('action', '=', 'events.subscriber.skip').execute();
    expect(audit).toEqual([{ actor_type: 'system', entity_id: refused, after: expect.stringContaining('always refused') }]);
    expect(await rowOf('test.refuses-first')).toMatchObject({ attempts: 0, last_error: null, cursor: await newestPosition() });
    // Every later event was handled, once.
    const all = await app.db.selectFrom('domain_events').select('id').where('type', '=', 'kyc.level.status_changed').orderBy('position').execute();
    expect(seen).toEqual(all.map((e) => e.id).filter((id) => id !== refused));
  });

  it('two servers at once: each event is handled by one of them', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-subs-'));
    try {
      const other = createEventsService({ db: app.db, config: { allowPrivate: false, timeoutMs: 1_000, relayIntervalMs: 0 }, dataDir, businesses: { exists: async () => false } });
      const handled: string[] = [];
      const counting = { name: 'test.counting', types: ['kyc.level.status_changed'] as const, handle: async (e: SubscribedEvent) => void handled.push(e.id) };
      app.services.events.subscribe(counting);
      other.subscribe(counting);
      await approved();
      await approved();
      await Promise.all([pass(), other.subscribers.runDue(), pass(), other.subscribers.runDue()]);
      await Promise.all([pass(), other.subscribers.runDue()]);
      const all = await app.db.selectFrom('domain_events').select('id').where('type', '=', 'kyc.level.status_changed').execute();
      expect([...handled].sort()).toEqual(all.map((e) => e.id).sort());
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
