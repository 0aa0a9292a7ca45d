import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, post, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';
import { levelVerifiedEventOf } from '../events/events.fixtures.ts';

/**
 * AML name screening through the services and the API (decision 026): list loads, screening at
 * level-1 approval and after a list change, the SCREENING case and its decisions, get-aml-result,
 * authorization; each with the reply AND the stored state (SQLite, and PostgreSQL with TEST_DATABASE_URL).
 */
let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let seq = 0;
const SYSTEM = { type: 'system', id: null } as const;
const sample = readFileSync(new URL('./sample/targets.simple.csv', import.meta.url), 'utf8');
const HEADER = 'id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,dataset,first_seen,last_seen,last_change';
const DRACHENKO = { ...VALID_INFO, firstName: 'Viktor', lastName: 'Drachenko', dateOfBirth: '1968-04-12' };

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  // The jobs run when a test runs them: the background runner (every second) would take a job between
  // the subscribers' pass that writes it and the test's look at it.
  await app.services.screening.jobs.stop();
  reviewer = await newReviewer(app, 'scr-reviewer@example.com');
});
afterAll(async () => close());

async function verifiedUser(info = VALID_INFO): Promise<TestUser> {
  const u = await newUser(app, `scr-${++seq}@example.com`);
  const appId = await submitLevel1(app, u, info);
  await app.services.console.approve(await caseOf(app, appId), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
  // Screening follows the approval's commit: its event's subscriber writes the job (decision 057), the job screens (decision 038).
  await app.services.events.subscribers.runDue();
  await app.services.screening.jobs.runDue();
  // A match's EDD assessment reacts to it in turn.
  await app.services.events.subscribers.runDue();
  return u;
}
const stateOf = (userId: string) => app.db.selectFrom('screening_states').selectAll().where('user_id', '=', userId).executeTakeFirst();
const matchesOf = (userId: string) => app.db.selectFrom('screening_matches').selectAll().where('user_id', '=', userId).execute();
const questionnaireStatus = async (userId: string, code: string) =>
  (await app.db.selectFrom('step_states').select('status').where('machine', '=', 'questionnaire').where('subject_id', '=', userId).where('step', '=', code).executeTakeFirst())?.status;
const audits = (action: string) => app.db.selectFrom('audit_log').selectAll().where('action', '=', action).execute();
const aml = (u: TestUser, scene = 'KYC') => get(app, `/v3/private/kyc/get-aml-result?sceneCode=${scene}`, u.cookie);

describe('before any list', () => {
  it('a verified user is not screened; get-aml-result says NONE', async () => {
    const u = await verifiedUser();
    expect(await stateOf(u.id)).toBeUndefined();
    const res = await aml(u);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { sceneCode: 'KYC', result: 'NONE', blocked: false, status: 'NOT_SCREENED', listVersion: null, needQuestionnaire: false } });
  });
});

describe('list loading', () => {
  it('a bad file is refused whole with the line and the problem; nothing is stored', async () => {
    await expect(app.services.screening.loadList(`${HEADER}\nx,Person,A B`, 'bad.csv', SYSTEM)).rejects.toMatchObject({
      retCode: 10001,
      result: { fields: [{ path: 'file', code: 'SCREENING_LIST_INVALID', params: { line: 2, problem: 'expected 15 columns, found 3' } }] },
    });
    expect(await app.db.selectFrom('screening_lists').selectAll().execute()).toEqual([]);
  });

  it('the sample loads as version 1: entries stored, audited; verified users are re-screened in batches', async () => {
    const before = await verifiedUser();
    const loaded = await app.services.screening.loadList(sample, 'sample-targets.simple.csv', SYSTEM);
    expect(loaded).toMatchObject({ version: 1, entryCount: 4 });
    expect(await app.db.selectFrom('screening_entries').select('id').where('list_version', '=', 1).execute()).toHaveLength(4);
    expect((await audits('screening.list.load')).map((a) => JSON.parse(a.after!))).toEqual([{ version: 1, source: 'sample-targets.simple.csv', sha256: loaded.sha256, entryCount: 4 }]);
    const run = await app.services.screening.rescreenAll({ batchSize: 1 });
    expect(run.screened).toBeGreaterThanOrEqual(2);
    expect(await stateOf(before.id)).toMatchObject({ status: 'CLEAR', list_version: 1 });
    // Nothing left to do: a second run screens nobody.
    expect(await app.services.screening.rescreenAll()).toEqual({ screened: 0, matches: 0 });
  });
});

describe('screening at level-1 approval', () => {
  it('a matching name and date of birth: a SCREENING case opens, nsquestion is due, get-aml-result says REVIEW', async () => {
    const u = await verifiedUser(DRACHENKO);
    expect(await stateOf(u.id)).toMatchObject({ status: 'POTENTIAL_MATCH', list_version: 1 });
    const [match] = await matchesOf(u.id);
    expect(match).toMatchObject({ status: 'PENDING', trigger: 'LEVEL_APPROVED', our_name: 'Viktor Drachenko', our_birth_date: '1968-04-12', list_version: 1 });
    expect(JSON.parse(match!.hits)[0]).toMatchObject({ entryId: 'demo-sanction-0001', score: 100, dob: 'MATCH' });
    const kase = (await app.services.review.casesOfSubjects('SCREENING', [match!.id])).get(match!.id);
    expect(kase).toMatchObject({ status: 'PENDING', userId: u.id });
    expect(await questionnaireStatus(u.id, 'nsquestion')).toBe('QUESTIONNAIRE_STATUS_UNSUBMIT');
    expect((await audits('screening.match.open')).some((a) => a.entity_id === match!.id)).toBe(true);

    expect((await aml(u, 'KYC')).json().result).toMatchObject({ result: 'REVIEW', blocked: false, status: 'POTENTIAL_MATCH', listVersion: 1, needQuestionnaire: true, templateCode: 'nsquestion' });
    expect((await aml(u, 'WITHDRAW')).json().result).toMatchObject({ result: 'REVIEW', blocked: true });
  });

  it('a namesake born on another day is CLEAR without a case; the same person written in Cyrillic, surname first, is a match', async () => {
    const namesake = await verifiedUser({ ...DRACHENKO, dateOfBirth: '1990-01-01' });
    expect(await stateOf(namesake.id)).toMatchObject({ status: 'CLEAR', list_version: 1 });
    expect(await matchesOf(namesake.id)).toEqual([]);
    expect((await aml(namesake, 'WITHDRAW')).json().result).toMatchObject({ result: 'PASS', blocked: false, needQuestionnaire: false, templateCode: '' });

    const cyrillic = await verifiedUser({ ...DRACHENKO, firstName: 'Драченко', lastName: 'Виктор' });
    expect(await stateOf(cyrillic.id)).toMatchObject({ status: 'POTENTIAL_MATCH' });
    expect(JSON.parse((await matchesOf(cyrillic.id))[0]!.hits)[0]).toMatchObject({ entryId: 'demo-sanction-0001', dob: 'MATCH' });
  });

  it('the reviewer sees our data next to the entry; clearing it as a false positive is stored and audited', async () => {
    const u = await verifiedUser(DRACHENKO);
    const [match] = await matchesOf(u.id);
    const caseId = (await app.services.review.casesOfSubjects('SCREENING', [match!.id])).get(match!.id)!.id;
    const view = await get(app, `/v1/console/cases/${caseId}`, reviewer.cookie);
    expect(view.json().result.subject).toMatchObject({ kind: 'SCREENING', ours: { name: 'Viktor Drachenko', dateOfBirth: '1968-04-12' }, match: { listVersion: 1, status: 'PENDING' }, currentListVersion: 1 });
    expect(view.json().result.subject.hits[0]).toMatchObject({ name: 'Viktor Karlovich Drachenko', score: 100 });

    const res = await post(app, `/v1/console/cases/${caseId}/approve`, { internalNote: 'Different person: passport checked.' }, reviewer.cookie);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { status: 'APPROVED', subjectStatus: 'FALSE_POSITIVE' } });
    expect((await matchesOf(u.id))[0]).toMatchObject({ status: 'CLEARED', pending_key: null });
    expect(await stateOf(u.id)).toMatchObject({ status: 'FALSE_POSITIVE' });
    expect((await audits('screening.match.clear')).some((a) => a.entity_id === match!.id)).toBe(true);
    expect((await aml(u, 'WITHDRAW')).json().result).toMatchObject({ result: 'PASS', blocked: false, status: 'FALSE_POSITIVE' });
  });

  it('a true match: confirmed, the user restricted (REJECT, every scene blocked)', async () => {
    const u = await verifiedUser(DRACHENKO);
    const [match] = await matchesOf(u.id);
    const caseId = (await app.services.review.casesOfSubjects('SCREENING', [match!.id])).get(match!.id)!.id;
    const res = await post(app, `/v1/console/cases/${caseId}/reject`, { mode: 'FINAL', reasonCode: 'OTHER', userMessage: 'We cannot offer you an account.' }, reviewer.cookie);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { status: 'REJECTED', subjectStatus: 'TRUE_MATCH' } });
    expect((await matchesOf(u.id))[0]).toMatchObject({ status: 'CONFIRMED' });
    expect(await stateOf(u.id)).toMatchObject({ status: 'TRUE_MATCH' });
    for (const scene of ['KYC', 'DEPOSIT', 'WITHDRAW']) expect((await aml(u, scene)).json().result).toMatchObject({ result: 'REJECT', blocked: true });
  });
});

describe('a list change', () => {
  it('re-screens: a cleared entry is not raised again; a new entry opens a case with cnsquestion', async () => {
    const cleared = await verifiedUser(DRACHENKO);
    const [m] = await matchesOf(cleared.id);
    const caseId = (await app.services.review.casesOfSubjects('SCREENING', [m!.id])).get(m!.id)!.id;
    await app.services.console.approve(caseId, { type: 'reviewer', id: reviewer.id }, { internalNote: 'namesake' });
    const ada = await verifiedUser();
    const v2 = `${sample.trimEnd()}\ndemo-pep-0099,Person,Lovelace Ada,Ада Лавлейс,1990,gb,,,,,,demo_peps,,,2026-11-01\n`;
    expect((await app.services.screening.loadList(v2, 'v2.csv', SYSTEM)).version).toBe(2);
    // Version 1's entries are gone (matches keep their copies).
    expect(await app.db.selectFrom('screening_entries').select('id').where('list_version', '=', 1).execute()).toEqual([]);
    await app.services.screening.rescreenAll();
    await app.services.events.subscribers.runDue();
    expect(await stateOf(cleared.id)).toMatchObject({ status: 'FALSE_POSITIVE', list_version: 2 });
    expect(await matchesOf(cleared.id)).toHaveLength(1);
    expect(await stateOf(ada.id)).toMatchObject({ status: 'POTENTIAL_MATCH', list_version: 2 });
    expect((await matchesOf(ada.id))[0]).toMatchObject({ trigger: 'LIST_CHANGE', list_version: 2 });
    expect(await questionnaireStatus(ada.id, 'cnsquestion')).toBe('QUESTIONNAIRE_STATUS_UNSUBMIT');
    expect((await aml(ada)).json().result).toMatchObject({ needQuestionnaire: true, templateCode: 'cnsquestion' });
    // A possible match found after a list change brings enhanced due diligence, as one found at approval does.
    const rounds = await app.db.selectFrom('edd_rounds').select(['triggers', 'open_key']).where('user_id', '=', ada.id).execute();
    expect(rounds).toHaveLength(1);
    expect(JSON.parse(rounds[0]!.triggers)).toEqual([{ trigger: 'SCREENING_MATCH', detail: '' }]);
    expect(await app.db.selectFrom('step_states').select('status').where('machine', '=', 'edd').where('subject_id', '=', ada.id).executeTakeFirst()).toEqual({ status: 'EDDStatus_UnSubmit' });
    // The cleared namesake keeps the one round its match at approval opened: nothing new.
    expect(await app.db.selectFrom('edd_rounds').select('id').where('user_id', '=', cleared.id).execute()).toHaveLength(1);
  });
});

describe('a match decided after a list change', () => {
  it('cleared, the user is screened against the list now in use (the re-screening skipped them while it was open): nobody is left', async () => {
    const u = await verifiedUser(DRACHENKO);
    const [m] = await matchesOf(u.id);
    const before = await app.services.screening.currentListVersion();
    const next = `${sample.trimEnd()}\ndemo-pep-0100,Person,Grace Hopperfield,,1906,us,,,,,,demo_peps,,,2026-11-02\n`;
    const { version } = await app.services.screening.loadList(next, 'v-next.csv', SYSTEM);
    expect(version).toBe(before! + 1);
    await app.services.screening.rescreenAll();
    // The open match stands through the re-screening: still at the version that found it.
    expect(await stateOf(u.id)).toMatchObject({ status: 'POTENTIAL_MATCH', list_version: before });

    const caseId = (await app.services.review.casesOfSubjects('SCREENING', [m!.id])).get(m!.id)!.id;
    const res = await post(app, `/v1/console/cases/${caseId}/approve`, { internalNote: 'Different person.' }, reviewer.cookie);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { subjectStatus: 'FALSE_POSITIVE' } });
    expect(await stateOf(u.id)).toMatchObject({ status: 'FALSE_POSITIVE', list_version: version });
    // The cleared entry is not raised again by the newer list: one match, no new case.
    expect(await matchesOf(u.id)).toHaveLength(1);
    expect((await app.services.screening.listInfo()).usersToScreen).toBe(0);
  });
});

describe('authorization', () => {
  it('get-aml-result: signed out refused, a reviewer refused, a user reads only their own', async () => {
    expect((await get(app, '/v3/private/kyc/get-aml-result?sceneCode=KYC')).json().ret_code).not.toBe(0);
    expect((await get(app, '/v3/private/kyc/get-aml-result?sceneCode=KYC', reviewer.cookie)).json().ret_code).not.toBe(0);
    expect((await get(app, '/v3/private/kyc/get-aml-result?sceneCode=NOPE', reviewer.cookie)).json().ret_code).not.toBe(0);
    const plain = await newUser(app, `scr-plain-${++seq}@example.com`);
    expect((await aml(plain)).json().result).toMatchObject({ status: 'NOT_SCREENED' });
  });

  it('a user cannot open or decide a screening case', async () => {
    const u = await verifiedUser(DRACHENKO);
    const [match] = await matchesOf(u.id);
    const caseId = (await app.services.review.casesOfSubjects('SCREENING', [match!.id])).get(match!.id)!.id;
    expect((await get(app, `/v1/console/cases/${caseId}`, u.cookie)).json().ret_code).not.toBe(0);
    expect((await post(app, `/v1/console/cases/${caseId}/approve`, { internalNote: '' }, u.cookie)).json().ret_code).not.toBe(0);
    expect((await matchesOf(u.id))[0]).toMatchObject({ status: 'PENDING' });
  });
});

describe('screening after the approval commits (decision 038)', () => {
  it('the approval writes a job and answers at once; until the job runs the user is not cleared (NONE); the job screens and is removed', async () => {
    const u = await newUser(app, `scr-${++seq}@example.com`);
    const appId = await submitLevel1(app, u, DRACHENKO);
    await app.services.console.approve(await caseOf(app, appId), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
    // Nothing in the approval's transaction: the level's event, handled after the commit, writes the job in the approver's name (decision 057).
    expect(await app.db.selectFrom('screening_jobs').selectAll().where('user_id', '=', u.id).executeTakeFirst()).toBeUndefined();
    await app.services.events.subscribers.runDue();
    expect(await app.db.selectFrom('screening_jobs').selectAll().where('user_id', '=', u.id).executeTakeFirst()).toMatchObject({ trigger: 'LEVEL_APPROVED', actor_type: 'reviewer', actor_id: reviewer.id, attempts: 0 });
    expect(await stateOf(u.id)).toBeUndefined();
    expect((await aml(u, 'WITHDRAW')).json().result).toMatchObject({ result: 'NONE', status: 'NOT_SCREENED' });

    expect(await app.services.screening.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await app.db.selectFrom('screening_jobs').selectAll().where('user_id', '=', u.id).execute()).toEqual([]);
    expect(await stateOf(u.id)).toMatchObject({ status: 'POTENTIAL_MATCH', list_version: await app.services.screening.currentListVersion() });
    const open = (await audits('screening.match.open')).find((a) => JSON.parse(a.after!).userId === u.id);
    expect(open).toMatchObject({ actor_type: 'reviewer', actor_id: reviewer.id });

    // The event handled again (a redelivery) screens again against the same list: no second match, no second case.
    await app.services.screening.identityVerified.handle(await levelVerifiedEventOf(app, u.id), { once: (effect) => effect() });
    await app.services.screening.jobs.runDue();
    expect(await matchesOf(u.id)).toHaveLength(1);
    expect(await stateOf(u.id)).toMatchObject({ status: 'POTENTIAL_MATCH' });
  });

  it('a job that fails is kept with its error and retried later; a job leased by another runner is not taken twice', async () => {
    const u = await newUser(app, `scr-${++seq}@example.com`);
    const at = new Date().toISOString();
    await app.db.insertInto('screening_jobs').values({ user_id: u.id, trigger: 'NOT_A_TRIGGER', actor_type: 'system', actor_id: null, attempts: 0, last_error: null, created_at: at, due_at: at }).execute();
    // No personal information: nothing to screen, the job is done.
    await app.services.screening.jobs.runDue();
    expect(await app.db.selectFrom('screening_jobs').selectAll().where('user_id', '=', u.id).execute()).toEqual([]);

    const v = await newUser(app, `scr-${++seq}@example.com`);
    const appId = await submitLevel1(app, v, DRACHENKO);
    await app.services.console.approve(await caseOf(app, appId), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
    await app.services.events.subscribers.runDue();
    // A trigger the service does not know fails the screening: the job stays, with its error, due later.
    await app.db.updateTable('screening_jobs').set({ trigger: 'NOT_A_TRIGGER' }).where('user_id', '=', v.id).execute();
    await app.services.screening.jobs.runDue();
    const failed = await app.db.selectFrom('screening_jobs').selectAll().where('user_id', '=', v.id).executeTakeFirstOrThrow();
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toBeTruthy();
    expect(new Date(failed.due_at).getTime()).toBeGreaterThan(Date.now());
    expect(await stateOf(v.id)).toBeUndefined();
    // Due again with a known trigger: done.
    await app.db.updateTable('screening_jobs').set({ trigger: 'LEVEL_APPROVED', due_at: new Date().toISOString() }).where('user_id', '=', v.id).execute();
    await app.services.screening.jobs.runDue();
    expect(await stateOf(v.id)).toMatchObject({ status: 'POTENTIAL_MATCH' });
  });
});

describe('a list read chunk by chunk (decision 038)', () => {
  it('loads as the whole file would (chunks split quotes and line ends); a bad line in a late chunk refuses the whole file', async () => {
    const crlf = sample.replace(/\n/g, '\r\n');
    const chunks = Array.from({ length: Math.ceil(crlf.length / 7) }, (_, i) => new TextEncoder().encode(crlf.slice(i * 7, i * 7 + 7)));
    const before = (await app.services.screening.currentListVersion())!;
    const loaded = await app.services.screening.loadListFrom(chunks, 'chunked.csv', SYSTEM);
    expect(loaded).toMatchObject({ version: before + 1, entryCount: 4 });
    expect((await app.services.screening.loadList(crlf, 'whole.csv', SYSTEM)).sha256).toBe(loaded.sha256);
    const stored = await app.db.selectFrom('screening_lists').selectAll().where('version', '=', loaded.version).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ sha256: loaded.sha256, entry_count: 4 });

    const bad = `${sample.trimEnd()}\nx-9,Person,,,,,,,,,,,,,\n`;
    const pieces = [bad.slice(0, 40), bad.slice(40, bad.length - 10), bad.slice(bad.length - 10)];
    await expect(app.services.screening.loadListFrom(pieces, 'bad.csv', SYSTEM)).rejects.toMatchObject({ result: { fields: [{ path: 'file', params: { problem: 'the name is empty' } }] } });
    expect(await app.services.screening.currentListVersion()).toBe(loaded.version + 1);
    expect(await app.db.selectFrom('screening_entries').select('id').where('list_version', '>', loaded.version + 1).execute()).toEqual([]);
  });
});
