import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HandoffStatus, HandoffStep } from '../../../shared/api/capture.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { App } from '../../app.ts';
import { createTestApp, jsonHeaders, signIn } from '../../test/test-app.ts';
import { renderSpecimen } from '../../demo/specimen-images.ts';
import { DocumentKind } from '../../../shared/kyc.ts';
import { makeImage } from '../documents/test-images.ts';

/**
 * "Continue on your phone" (issue 17, decision 023) through the real routes: the desktop makes a
 * link, a phone (no login, only the link) opens it once and sends pictures of that step alone; the
 * desktop sees them arrive, can revoke the link; expiry, reuse and another user's reach are refused.
 * Every reply is checked with what the database then holds.
 */
const X = '/x-api';
const CREATE = `${X}/v1/private/capture/handoff/create`;
const STATUS = `${X}/v1/private/capture/handoff/status`;
const REVOKE = `${X}/v1/private/capture/handoff/revoke`;
const OPEN = `${X}/v1/capture/handoff/open`;
const SESSION = `${X}/v1/capture/handoff/session`;
const UPLOAD = `${X}/v1/capture/handoff/upload-document`;
const COMPLETE = `${X}/v1/capture/handoff/complete`;
const DRAFTS = `${X}/v3/private/kyc/document-drafts?level=1`;

let app: App;
let close: () => Promise<void>;
let photo: Buffer;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}));
  photo = await makeImage('jpeg', 900, 600);
});
afterAll(async () => close());

let n = 0;
const newUser = async () => signIn(app, `handoff-${++n}@example.com`);

async function create(cookie: string, step: string = HandoffStep.DOCUMENTS) {
  return app.inject({ method: 'POST', url: CREATE, headers: { ...jsonHeaders, cookie }, payload: { level: 1, step } });
}

async function createOk(cookie: string, step: string = HandoffStep.DOCUMENTS) {
  const res = await create(cookie, step);
  expect(res.json()).toMatchObject({ ret_code: 0 });
  return res.json().result as { id: string; token: string; path: string; status: string };
}

/** Opens a link as a phone: no session cookie; returns the phone's handoff cookie. */
async function openAsPhone(token: string) {
  const res = await app.inject({ method: 'POST', url: OPEN, headers: jsonHeaders, payload: { token } });
  const cookie = res.cookies.find((c) => c.name === 'ua_hoff');
  return { res, cookie: cookie ? `ua_hoff=${cookie.value}` : undefined, raw: cookie };
}

async function phoneUpload(phoneCookie: string | undefined, kind: string, extra: Record<string, string> = {}, picture: Buffer = photo) {
  const fd = new FormData();
  fd.append('kind', kind);
  for (const [k, v] of Object.entries(extra)) fd.append(k, v);
  fd.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'photo.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: fd });
  const payload = Buffer.from(await request.arrayBuffer());
  return app.inject({
    method: 'POST',
    url: UPLOAD,
    headers: { origin: jsonHeaders.origin, host: jsonHeaders.host, 'content-type': request.headers.get('content-type')!, ...(phoneCookie ? { cookie: phoneCookie } : {}) },
    payload,
  });
}

const row = (id: string) => app.db.selectFrom('capture_handoffs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const auditActions = async (id: string) => (await app.db.selectFrom('audit_log').select(['action', 'after']).where('entity_id', '=', id).orderBy('seq').execute()).map((a) => a.action);
const drafts = async (cookie: string) => (await app.inject({ method: 'GET', url: DRAFTS, headers: { cookie } })).json().result.documents as { id: string; kind: string; quality: { viaHandoff: boolean; overridden: string[]; sharpness: number } }[];

describe('handoff links', () => {
  it('a link is stored only as a hash, for one user, level and step, and expires in about ten minutes', async () => {
    const cookie = await newUser();
    const link = await createOk(cookie);
    expect(link.token).toMatch(/^[\w-]{32}$/);
    expect(link.path).toBe(`/user/accounts/capture/handoff#${link.token}`);
    expect(link.status).toBe(HandoffStatus.PENDING);
    const stored = await row(link.id);
    expect(stored.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(link.token);
    expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(10 * 60_000);
    expect(stored).toMatchObject({ level: 1, step: 'DOCUMENTS', status: 'PENDING', device_hash: null });
    // Audited, without the secret.
    const audit = await app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', link.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['handoff.create']);
    expect(JSON.stringify(audit)).not.toContain(link.token);
  });

  it('the phone opens the link once, sends a picture of the step, and the desktop sees it arrive', async () => {
    const cookie = await newUser();
    const link = await createOk(cookie);
    const phone = await openAsPhone(link.token);
    expect(phone.res.json()).toMatchObject({ ret_code: 0, result: { level: 1, step: 'DOCUMENTS', kinds: ['DOCUMENT_FRONT', 'DOCUMENT_BACK'], status: 'OPENED', uploads: [] } });
    expect(phone.raw).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/x-api/v1/capture/handoff' });
    expect((await row(link.id)).device_hash).toBe(createHash('sha256').update(phone.raw!.value).digest('hex'));

    // The link works once: a second phone (or a copy of the link) is refused, and that is recorded.
    const again = await openAsPhone(link.token);
    expect(again.res.json()).toMatchObject({ ret_code: RetCode.HANDOFF_LINK_USED });
    expect(again.cookie).toBeUndefined();

    const up = await phoneUpload(phone.cookie, 'DOCUMENT_FRONT', { warnings: 'GLARE,NOT_A_CHECK' });
    expect(up.json()).toMatchObject({ ret_code: 0, result: { kind: 'DOCUMENT_FRONT', level: 1 } });
    const docId = up.json().result.id as string;

    // It is the user's draft, like a desktop upload, marked as sent from the phone with the overridden warning.
    const mine = await drafts(cookie);
    expect(mine.map((d) => d.id)).toEqual([docId]);
    expect(mine[0]!.quality).toMatchObject({ viaHandoff: true, overridden: ['GLARE'] });
    expect(mine[0]!.quality.sharpness).toBeGreaterThan(0);

    const status = await app.inject({ method: 'GET', url: `${STATUS}?id=${link.id}`, headers: { cookie } });
    expect(status.json()).toMatchObject({ ret_code: 0, result: { status: 'OPENED', uploads: [{ kind: 'DOCUMENT_FRONT', documentId: docId }] } });
    expect(await auditActions(link.id)).toEqual(['handoff.create', 'handoff.open', 'handoff.reuse_refused', 'handoff.upload']);

    // Done on the phone: the desktop sees COMPLETED; the phone sends nothing more.
    const done = await app.inject({ method: 'POST', url: COMPLETE, headers: { ...jsonHeaders, cookie: phone.cookie! }, payload: {} });
    expect(done.json()).toMatchObject({ ret_code: 0, result: { status: 'COMPLETED' } });
    expect((await row(link.id)).status).toBe('COMPLETED');
    expect((await phoneUpload(phone.cookie, 'DOCUMENT_BACK')).json()).toMatchObject({ ret_code: RetCode.HANDOFF_FINISHED });
    expect((await drafts(cookie)).map((d) => d.kind)).toEqual(['DOCUMENT_FRONT']);
    // Another phone opening the finished link is told it was used, not that it is done.
    expect((await openAsPhone(link.token)).res.json()).toMatchObject({ ret_code: RetCode.HANDOFF_LINK_USED });
  });

  it('a link reaches only its own step: a documents link cannot send a selfie', async () => {
    const cookie = await newUser();
    const phone = await openAsPhone((await createOk(cookie)).token);
    expect((await phoneUpload(phone.cookie, 'SELFIE')).json()).toMatchObject({ ret_code: RetCode.HANDOFF_STEP_MISMATCH });
    expect(await drafts(cookie)).toEqual([]);
  });

  it('a phone session reaches no other call: the account area still needs a login', async () => {
    const cookie = await newUser();
    const phone = await openAsPhone((await createOk(cookie)).token);
    const profile = await app.inject({ method: 'GET', url: `${X}/v2/private/user/profile`, headers: { cookie: phone.cookie! } });
    expect(profile.json()).toMatchObject({ ret_code: RetCode.NOT_LOGGED_IN });
    const desktopOnly = await app.inject({ method: 'POST', url: CREATE, headers: { ...jsonHeaders, cookie: phone.cookie! }, payload: { level: 1, step: 'SELFIE' } });
    expect(desktopOnly.json()).toMatchObject({ ret_code: RetCode.NOT_LOGGED_IN });
  });

  it("another user can neither see nor revoke a link, and a link's pictures land with its own user only", async () => {
    const owner = await newUser();
    const other = await newUser();
    const link = await createOk(owner);
    expect((await app.inject({ method: 'GET', url: `${STATUS}?id=${link.id}`, headers: { cookie: other } })).json()).toMatchObject({ ret_code: RetCode.NOT_FOUND });
    expect((await app.inject({ method: 'POST', url: REVOKE, headers: { ...jsonHeaders, cookie: other }, payload: { id: link.id } })).json()).toMatchObject({ ret_code: RetCode.NOT_FOUND });
    expect((await row(link.id)).status).toBe('PENDING');
    // The other user's own login on the phone changes nothing: the link decides whose draft it is.
    const phone = await openAsPhone(link.token);
    const up = await phoneUpload(`${phone.cookie}; ${other}`, 'DOCUMENT_BACK');
    expect(up.json()).toMatchObject({ ret_code: 0 });
    expect((await drafts(owner)).map((d) => d.kind)).toEqual(['DOCUMENT_BACK']);
    expect(await drafts(other)).toEqual([]);
  });

  it('revoked on the desktop: the phone is refused at once and told to forget its session', async () => {
    const cookie = await newUser();
    const link = await createOk(cookie);
    const phone = await openAsPhone(link.token);
    const revoked = await app.inject({ method: 'POST', url: REVOKE, headers: { ...jsonHeaders, cookie }, payload: { id: link.id } });
    expect(revoked.json()).toMatchObject({ ret_code: 0, result: { status: 'REVOKED' } });
    expect((await row(link.id)).status).toBe('REVOKED');
    const up = await phoneUpload(phone.cookie, 'DOCUMENT_FRONT');
    expect(up.json()).toMatchObject({ ret_code: RetCode.HANDOFF_LINK_REVOKED });
    expect(up.cookies.find((c) => c.name === 'ua_hoff')?.value).toBe('');
    expect(await drafts(cookie)).toEqual([]);
    expect((await app.inject({ method: 'GET', url: SESSION, headers: { cookie: phone.cookie! } })).json()).toMatchObject({ ret_code: RetCode.HANDOFF_LINK_REVOKED });
    // Revoking twice is a wrong state, not a silent success.
    expect((await app.inject({ method: 'POST', url: REVOKE, headers: { ...jsonHeaders, cookie }, payload: { id: link.id } })).json()).toMatchObject({ ret_code: RetCode.WRONG_STATE });
    expect(await auditActions(link.id)).toEqual(['handoff.create', 'handoff.open', 'handoff.revoke']);
  });

  it('a newer link for the same step ends the older one', async () => {
    const cookie = await newUser();
    const first = await createOk(cookie);
    const second = await createOk(cookie);
    expect((await row(first.id)).status).toBe('REVOKED');
    expect((await openAsPhone(first.token)).res.json()).toMatchObject({ ret_code: RetCode.HANDOFF_LINK_REVOKED });
    expect((await openAsPhone(second.token)).res.json()).toMatchObject({ ret_code: 0 });
  });

  it('a link not opened in time has expired; a phone session past its time too', async () => {
    const cookie = await newUser();
    const link = await createOk(cookie);
    await app.db.updateTable('capture_handoffs').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', link.id).execute();
    expect((await openAsPhone(link.token)).res.json()).toMatchObject({ ret_code: RetCode.HANDOFF_LINK_EXPIRED });
    expect((await row(link.id)).status).toBe('PENDING');
    expect((await app.inject({ method: 'GET', url: `${STATUS}?id=${link.id}`, headers: { cookie } })).json()).toMatchObject({ result: { status: 'EXPIRED' } });

    const next = await createOk(cookie, HandoffStep.SELFIE);
    const phone = await openAsPhone(next.token);
    await app.db.updateTable('capture_handoffs').set({ session_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', next.id).execute();
    expect((await phoneUpload(phone.cookie, 'SELFIE')).json()).toMatchObject({ ret_code: RetCode.HANDOFF_LINK_EXPIRED });
    expect(await drafts(cookie)).toEqual([]);
  });

  it('unknown links and sessions are refused; malformed tokens never reach the database', async () => {
    expect((await openAsPhone('x'.repeat(32))).res.json()).toMatchObject({ ret_code: RetCode.HANDOFF_LINK_INVALID });
    expect((await openAsPhone('not a token!')).res.json()).toMatchObject({ ret_code: RetCode.PARAMS_ERROR });
    expect((await phoneUpload(undefined, 'DOCUMENT_FRONT')).json()).toMatchObject({ ret_code: RetCode.HANDOFF_LINK_INVALID });
    expect((await app.inject({ method: 'GET', url: SESSION, headers: { cookie: 'ua_hoff=forged' } })).json()).toMatchObject({ ret_code: RetCode.HANDOFF_LINK_INVALID });
  });

  it('a level that takes no pictures gets no link', async () => {
    const cookie = await newUser();
    const res = await app.inject({ method: 'POST', url: CREATE, headers: { ...jsonHeaders, cookie }, payload: { level: 2, step: 'DOCUMENTS' } });
    expect(res.json()).toMatchObject({ ret_code: RetCode.PARAMS_ERROR });
    expect(await app.db.selectFrom('capture_handoffs').selectAll().where('level', '=', 2).execute()).toEqual([]);
  });
});

describe('handoff rate limits', () => {
  it('links per user per hour are bounded', async () => {
    const limited = await createTestApp({ capture: { ...app.config.capture, handoffLinksPerHour: 2 } });
    try {
      const cookie = await signIn(limited.app, 'burst@example.com');
      const make = () => limited.app.inject({ method: 'POST', url: CREATE, headers: { ...jsonHeaders, cookie }, payload: { level: 1, step: 'SELFIE' } });
      expect((await make()).json().ret_code).toBe(0);
      expect((await make()).json().ret_code).toBe(0);
      const third = (await make()).json();
      expect(third).toMatchObject({ ret_code: RetCode.TOO_MANY_ATTEMPTS });
      expect(third.result.retryAfterSeconds).toBeGreaterThan(0);
      expect(await limited.app.db.selectFrom('capture_handoffs').selectAll().execute()).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  it('openings per IP address per hour are bounded, valid or not', async () => {
    const limited = await createTestApp({ capture: { ...app.config.capture, handoffOpensPerHour: 2 } });
    try {
      const cookie = await signIn(limited.app, 'guess@example.com');
      const link = (await limited.app.inject({ method: 'POST', url: CREATE, headers: { ...jsonHeaders, cookie }, payload: { level: 1, step: 'SELFIE' } })).json().result;
      const open = (token: string) => limited.app.inject({ method: 'POST', url: OPEN, headers: jsonHeaders, payload: { token } });
      expect((await open('a'.repeat(32))).json().ret_code).toBe(RetCode.HANDOFF_LINK_INVALID);
      expect((await open('b'.repeat(32))).json().ret_code).toBe(RetCode.HANDOFF_LINK_INVALID);
      // Even the right link waits now: guessing buys nothing.
      expect((await open(link.token)).json().ret_code).toBe(RetCode.TOO_MANY_ATTEMPTS);
      expect((await limited.app.db.selectFrom('capture_handoffs').select('status').executeTakeFirstOrThrow()).status).toBe('PENDING');
    } finally {
      await limited.close();
    }
  });
});

describe('one session for the rest of level 1 (issue 27, decision 058)', () => {
  // Distinct pictures per side: the same picture as front and back is refused (decision 048).
  const specimens = new Map<string, Buffer>();
  beforeAll(async () => {
    const person = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', nationality: 'GB', addressLines: ['12 Example Street', 'London'] };
    for (const kind of [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK, DocumentKind.SELFIE]) specimens.set(kind, await renderSpecimen({ kind, documentType: 'ID_CARD', person }));
  });
  const send = (phoneCookie: string | undefined, kind: string) => phoneUpload(phoneCookie, kind, {}, specimens.get(kind));
  const remaining = (cookie: string, documentType?: string) =>
    app.inject({ method: 'POST', url: CREATE, headers: { ...jsonHeaders, cookie }, payload: { level: 1, step: HandoffStep.REMAINING, ...(documentType ? { documentType } : {}) } });
  const complete = (phoneCookie: string) => app.inject({ method: 'POST', url: COMPLETE, headers: { ...jsonHeaders, cookie: phoneCookie }, payload: {} });
  const status = async (cookie: string, id: string) => (await app.inject({ method: 'GET', url: `${STATUS}?id=${id}`, headers: { cookie } })).json();

  it('one link asks for the sides and then the selfie, in order; the session progresses to COMPLETED', async () => {
    const cookie = await newUser();
    const made = await remaining(cookie, 'ID_CARD');
    expect(made.json()).toMatchObject({ ret_code: 0, result: { step: 'REMAINING', status: 'PENDING', documentType: 'ID_CARD', kinds: ['DOCUMENT_FRONT', 'DOCUMENT_BACK', 'SELFIE'] } });
    const link = made.json().result as { id: string; token: string };
    expect(await row(link.id)).toMatchObject({ step: 'REMAINING', document_type: 'ID_CARD', kinds: '["DOCUMENT_FRONT","DOCUMENT_BACK","SELFIE"]', status: 'PENDING' });

    const phone = await openAsPhone(link.token);
    expect(phone.res.json()).toMatchObject({ ret_code: 0, result: { step: 'REMAINING', documentType: 'ID_CARD', kinds: ['DOCUMENT_FRONT', 'DOCUMENT_BACK', 'SELFIE'], status: 'OPENED' } });
    // Single use: a copy of the link opens nothing, the phone keeps its session.
    expect((await openAsPhone(link.token)).res.json()).toMatchObject({ ret_code: RetCode.HANDOFF_LINK_USED });

    for (const kind of ['DOCUMENT_FRONT', 'DOCUMENT_BACK']) expect((await send(phone.cookie, kind)).json()).toMatchObject({ ret_code: 0, result: { kind } });
    // The desktop follows: two of three arrived, the phone is on the selfie now.
    expect(await status(cookie, link.id)).toMatchObject({ result: { status: 'OPENED', kinds: ['DOCUMENT_FRONT', 'DOCUMENT_BACK', 'SELFIE'], uploads: [{ kind: 'DOCUMENT_FRONT' }, { kind: 'DOCUMENT_BACK' }] } });

    // The same session runs the selfie's liveness challenge (the one-step documents link may not).
    const started = await app.inject({ method: 'POST', url: `${X}/v1/capture/handoff/liveness/start`, headers: { ...jsonHeaders, cookie: phone.cookie! }, payload: { level: 1 } });
    expect(started.json()).toMatchObject({ ret_code: 0 });
    const challenge = await app.db.selectFrom('capture_liveness').select(['user_id', 'status']).where('id', '=', started.json().result.id).executeTakeFirstOrThrow();
    const owner = (await app.db.selectFrom('capture_handoffs').select('user_id').where('id', '=', link.id).executeTakeFirstOrThrow()).user_id;
    expect(challenge).toEqual({ user_id: owner, status: 'ISSUED' });

    expect((await send(phone.cookie, 'SELFIE')).json()).toMatchObject({ ret_code: 0, result: { kind: 'SELFIE' } });
    expect((await drafts(cookie)).map((d) => d.kind).sort()).toEqual(['DOCUMENT_BACK', 'DOCUMENT_FRONT', 'SELFIE']);
    expect((await complete(phone.cookie!)).json()).toMatchObject({ ret_code: 0, result: { status: 'COMPLETED' } });
    expect(await row(link.id)).toMatchObject({ status: 'COMPLETED' });
    expect(await status(cookie, link.id)).toMatchObject({ result: { status: 'COMPLETED' } });
    // Done means done: nothing more is sent through it.
    expect((await send(phone.cookie, 'SELFIE')).json()).toMatchObject({ ret_code: RetCode.HANDOFF_FINISHED });
    expect(await auditActions(link.id)).toEqual(['handoff.create', 'handoff.open', 'handoff.reuse_refused', 'handoff.upload', 'handoff.upload', 'handoff.upload', 'handoff.complete']);
    const created = await app.db.selectFrom('audit_log').select('after').where('entity_id', '=', link.id).where('action', '=', 'handoff.create').executeTakeFirstOrThrow();
    expect(JSON.parse(String(created.after))).toMatchObject({ step: 'REMAINING', documentType: 'ID_CARD', kinds: ['DOCUMENT_FRONT', 'DOCUMENT_BACK', 'SELFIE'] });
  });

  it('skips what is uploaded already; a passport has no back, and only the planned kinds are taken', async () => {
    const cookie = await newUser();
    const before = await createOk(cookie);
    const phone1 = await openAsPhone(before.token);
    expect((await send(phone1.cookie, 'DOCUMENT_FRONT')).json()).toMatchObject({ ret_code: 0 });

    // From the selfie step the plan is the selfie alone, whatever else is missing.
    const fromSelfie = await app.inject({ method: 'POST', url: CREATE, headers: { ...jsonHeaders, cookie }, payload: { level: 1, step: 'REMAINING', documentType: 'ID_CARD', from: 'SELFIE' } });
    expect(fromSelfie.json()).toMatchObject({ ret_code: 0, result: { kinds: ['SELFIE'] } });
    expect((await row(fromSelfie.json().result.id)).kinds).toBe('["SELFIE"]');

    const made = (await remaining(cookie, 'PASSPORT')).json();
    expect(made).toMatchObject({ ret_code: 0, result: { kinds: ['SELFIE'], documentType: 'PASSPORT' } });
    // It covers pictures the older documents link could send: that one ends (one live credential per picture).
    expect((await row(before.id)).status).toBe('REVOKED');
    const phone = await openAsPhone(made.result.token);
    expect((await send(phone.cookie, 'DOCUMENT_BACK')).json()).toMatchObject({ ret_code: RetCode.HANDOFF_STEP_MISMATCH });
    expect((await send(phone.cookie, 'DOCUMENT_FRONT')).json()).toMatchObject({ ret_code: RetCode.HANDOFF_STEP_MISMATCH });
    expect((await drafts(cookie)).map((d) => d.kind)).toEqual(['DOCUMENT_FRONT']);
    // "Stop here and continue on the computer": the phone may end before its plan is done.
    expect((await complete(phone.cookie!)).json()).toMatchObject({ ret_code: 0, result: { status: 'COMPLETED', uploads: [] } });
    expect(await row(made.result.id)).toMatchObject({ status: 'COMPLETED', uploads: '[]' });
  });

  it('needs the document type; a newer session ends the older; the desktop revokes; it expires', async () => {
    const cookie = await newUser();
    const count = async () => (await app.db.selectFrom('capture_handoffs').select('id').execute()).length;
    const rows = await count();
    expect((await remaining(cookie)).json()).toMatchObject({ ret_code: RetCode.PARAMS_ERROR });
    expect((await remaining(cookie, 'NOT_A_TYPE')).json()).toMatchObject({ ret_code: RetCode.PARAMS_ERROR });
    expect(await count()).toBe(rows);

    const first = (await remaining(cookie, 'ID_CARD')).json().result as { id: string; token: string };
    const second = (await remaining(cookie, 'ID_CARD')).json().result as { id: string; token: string };
    expect((await row(first.id)).status).toBe('REVOKED');

    // Revoked from the desktop while the phone is in the middle: its next picture is refused, nothing stored.
    const phone = await openAsPhone(second.token);
    expect((await send(phone.cookie, 'DOCUMENT_FRONT')).json()).toMatchObject({ ret_code: 0 });
    expect((await app.inject({ method: 'POST', url: REVOKE, headers: { ...jsonHeaders, cookie }, payload: { id: second.id } })).json()).toMatchObject({ ret_code: 0, result: { status: 'REVOKED' } });
    expect(await row(second.id)).toMatchObject({ status: 'REVOKED' });
    expect((await send(phone.cookie, 'DOCUMENT_BACK')).json()).toMatchObject({ ret_code: RetCode.HANDOFF_LINK_REVOKED });
    expect((await complete(phone.cookie!)).json()).toMatchObject({ ret_code: RetCode.HANDOFF_LINK_REVOKED });
    expect((await drafts(cookie)).map((d) => d.kind)).toEqual(['DOCUMENT_FRONT']);

    // A session past its time: refused, and the desktop reads EXPIRED (computed, not stored).
    const third = (await remaining(cookie, 'ID_CARD')).json().result as { id: string; token: string; kinds: string[] };
    expect(third.kinds).toEqual(['DOCUMENT_BACK', 'SELFIE']);
    const phone3 = await openAsPhone(third.token);
    await app.db.updateTable('capture_handoffs').set({ session_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', third.id).execute();
    expect((await send(phone3.cookie, 'DOCUMENT_BACK')).json()).toMatchObject({ ret_code: RetCode.HANDOFF_LINK_EXPIRED });
    expect(await status(cookie, third.id)).toMatchObject({ result: { status: 'EXPIRED' } });
    expect((await row(third.id)).status).toBe('OPENED');
    expect((await drafts(cookie)).map((d) => d.kind)).toEqual(['DOCUMENT_FRONT']);
  });
});

