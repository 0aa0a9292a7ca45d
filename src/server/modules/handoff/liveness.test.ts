import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LivenessMove } from '../../../shared/api/capture.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { App } from '../../app.ts';
import { createTestApp, jsonHeaders, signIn } from '../../test/test-app.ts';
import { makeImage } from '../documents/test-images.ts';
import { newReviewer, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * The active liveness check's server side (issue 17, decision 023) through the real routes: a
 * challenge is finished once, by its own user, before it expires; the server decides again on the
 * measures the browser sends and keeps the frames sealed like documents; a reviewer reads them
 * (audited); the retention sweep removes them. Each reply is checked with what the database holds.
 */
const X = '/x-api';
const START = `${X}/v1/private/capture/liveness/start`;
const FINISH = `${X}/v1/private/capture/liveness/finish`;
const CONSOLE = `${X}/v1/console/capture/liveness`;

let app: App;
let close: () => Promise<void>;
let picture: string;
let reviewer: TestUser;

beforeAll(async () => {
  ({ app, close } = await createTestApp({}));
  picture = (await makeImage('jpeg', 480, 360)).toString('base64');
  reviewer = await newReviewer(app, 'liveness-reviewer@example.com');
});
afterAll(async () => close());

let n = 0;
async function newUser() {
  const email = `liveness-${++n}@example.com`;
  const cookie = await signIn(app, email);
  const { id } = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { cookie, id };
}

const post = (url: string, cookie: string | undefined, payload: object) => app.inject({ method: 'POST', url, headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) }, payload });

async function start(cookie: string) {
  const res = await post(START, cookie, { level: 1 });
  expect(res.json()).toMatchObject({ ret_code: 0 });
  return res.json().result as { id: string; moves: LivenessMove[]; expiresAt: string };
}

/** Measures of a user doing `moves` in order (straight ahead between them), as the browser sends them. */
function performed(moves: readonly LivenessMove[]) {
  const still = { faces: 1, yaw: 0, pitch: 0.4, eyes: 0.3 };
  const pose: Record<LivenessMove, object[]> = {
    TURN_LEFT: [{ ...still, yaw: 0.25 }],
    TURN_RIGHT: [{ ...still, yaw: -0.25 }],
    LOOK_UP: [{ ...still, pitch: 0.25 }],
    BLINK: [{ ...still, eyes: 0.1 }],
  };
  return [still, still, still, ...moves.flatMap((m) => [...pose[m], still, still])];
}

const stored = async (id: string) => ({
  challenge: await app.db.selectFrom('capture_liveness').select(['status', 'finished_at', 'result']).where('id', '=', id).executeTakeFirstOrThrow(),
  frames: await app.db.selectFrom('capture_liveness_frames').selectAll().where('liveness_id', '=', id).orderBy('position').execute(),
});

describe('finishing a liveness challenge', () => {
  it('the server decides on the measures, records the result and keeps the frames sealed', async () => {
    const user = await newUser();
    const challenge = await start(user.cookie);
    const res = await post(FINISH, user.cookie, {
      id: challenge.id,
      frames: performed(challenge.moves),
      pictures: [{ label: 'BASELINE', image: picture }, ...challenge.moves.map((m) => ({ label: m, image: picture }))],
    });
    expect(res.json()).toMatchObject({ ret_code: 0, result: { id: challenge.id, status: 'PASSED', failure: null, steps: challenge.moves.map((move) => ({ move, seen: true })) } });

    const { challenge: row, frames } = await stored(challenge.id);
    expect(row.status).toBe('PASSED');
    expect(row.finished_at).not.toBeNull();
    expect(JSON.parse(row.result!)).toMatchObject({ failure: null, frames: performed(challenge.moves).length });
    expect(frames.map((f) => f.label)).toEqual(['BASELINE', ...challenge.moves]);
    // Sealed: the stored bytes are not the JPEG (no JPEG marker), and each has its own data key.
    for (const f of frames) expect(Buffer.from(f.ciphertext).subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(false);
    expect(new Set(frames.map((f) => f.wrapped_key)).size).toBe(frames.length);
    const audit = await app.db.selectFrom('audit_log').select(['action', 'after']).where('entity_id', '=', challenge.id).where('action', '=', 'liveness.finish').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).not.toContain(picture.slice(0, 40));
  });

  it('frames in the wrong order fail, and the failure is what is stored', async () => {
    const user = await newUser();
    const challenge = await start(user.cookie);
    const res = await post(FINISH, user.cookie, { id: challenge.id, frames: performed([...challenge.moves].reverse()), pictures: [] });
    expect(res.json().result.status).toBe('FAILED');
    const { challenge: row, frames } = await stored(challenge.id);
    expect(row.status).toBe('FAILED');
    expect(JSON.parse(row.result!).failure).toBe(res.json().result.failure);
    expect(frames).toEqual([]);
  });

  it('once only; another user\'s challenge answers like an unknown one; an expired one is refused', async () => {
    const owner = await newUser();
    const other = await newUser();
    const challenge = await start(owner.cookie);
    const body = { id: challenge.id, frames: performed(challenge.moves), pictures: [] };

    const stranger = await post(FINISH, other.cookie, body);
    expect(stranger.json()).toMatchObject({ ret_code: RetCode.LIVENESS_CHALLENGE_INVALID });
    expect((await stored(challenge.id)).challenge.status).toBe('ISSUED');

    expect((await post(FINISH, owner.cookie, body)).json()).toMatchObject({ ret_code: 0 });
    expect((await post(FINISH, owner.cookie, body)).json()).toMatchObject({ ret_code: RetCode.LIVENESS_CHALLENGE_INVALID });

    const late = await start(owner.cookie);
    await app.db.updateTable('capture_liveness').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', late.id).execute();
    expect((await post(FINISH, owner.cookie, { ...body, id: late.id })).json()).toMatchObject({ ret_code: RetCode.LIVENESS_CHALLENGE_INVALID });
    expect((await stored(late.id)).challenge.status).toBe('ISSUED');

    expect((await post(FINISH, undefined, body)).json()).toMatchObject({ ret_code: RetCode.NOT_LOGGED_IN });
  });

  it('a picture of a move not asked for, or not a picture, stores nothing', async () => {
    const user = await newUser();
    const challenge = await start(user.cookie);
    const notAsked = Object.values(LivenessMove).find((m) => !challenge.moves.includes(m))!;
    const wrongLabel = await post(FINISH, user.cookie, { id: challenge.id, frames: performed(challenge.moves), pictures: [{ label: notAsked, image: picture }] });
    expect(wrongLabel.json()).toMatchObject({ ret_code: RetCode.LIVENESS_CHALLENGE_INVALID });
    const notImage = await post(FINISH, user.cookie, { id: challenge.id, frames: performed(challenge.moves), pictures: [{ label: 'BASELINE', image: Buffer.from('<svg/>').toString('base64') }] });
    expect(notImage.json().ret_code).not.toBe(0);
    const tooMany = await post(FINISH, user.cookie, { id: challenge.id, frames: Array.from({ length: 401 }, () => ({ faces: 0 })), pictures: [] });
    expect(tooMany.json()).toMatchObject({ ret_code: RetCode.PARAMS_ERROR });
    const { challenge: row, frames } = await stored(challenge.id);
    expect(row.status).toBe('ISSUED');
    expect(frames).toEqual([]);
  });
});

describe('through a phone\'s handoff', () => {
  it('a selfie link\'s phone finishes its user\'s challenge; a documents link\'s phone cannot start one', async () => {
    const user = await newUser();
    const open = async (step: string) => {
      const link = (await post(`${X}/v1/private/capture/handoff/create`, user.cookie, { level: 1, step })).json().result as { token: string };
      const opened = await post(`${X}/v1/capture/handoff/open`, undefined, { token: link.token });
      const cookie = opened.cookies.find((c) => c.name === 'ua_hoff')!;
      return `ua_hoff=${cookie.value}`;
    };
    const documentsPhone = await open('DOCUMENTS');
    expect((await post(`${X}/v1/capture/handoff/liveness/start`, documentsPhone, { level: 1 })).json()).toMatchObject({ ret_code: RetCode.HANDOFF_STEP_MISMATCH });

    const selfiePhone = await open('SELFIE');
    const started = (await post(`${X}/v1/capture/handoff/liveness/start`, selfiePhone, { level: 1 })).json().result as { id: string; moves: LivenessMove[] };
    const done = await post(`${X}/v1/capture/handoff/liveness/finish`, selfiePhone, { id: started.id, frames: performed(started.moves), pictures: [{ label: 'BASELINE', image: picture }] });
    expect(done.json()).toMatchObject({ ret_code: 0, result: { status: 'PASSED' } });
    const row = await app.db.selectFrom('capture_liveness').select(['user_id', 'status']).where('id', '=', started.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: user.id, status: 'PASSED' });
    const audit = await app.db.selectFrom('audit_log').select(['actor_type', 'actor_id']).where('entity_id', '=', started.id).where('action', '=', 'liveness.finish').executeTakeFirstOrThrow();
    expect(audit).toEqual({ actor_type: 'user', actor_id: user.id });
    // Without the phone's cookie nothing is finished.
    expect((await post(`${X}/v1/capture/handoff/liveness/finish`, undefined, { id: started.id, frames: [], pictures: [] })).json().ret_code).not.toBe(0);
  });
});

describe('the reviewer\'s view and retention', () => {
  it('a reviewer sees the latest result and its frames (each view audited); a user cannot', async () => {
    const user = await newUser();
    const challenge = await start(user.cookie);
    await post(FINISH, user.cookie, { id: challenge.id, frames: performed(challenge.moves), pictures: [{ label: 'BASELINE', image: picture }] });

    const asUser = await app.inject({ method: 'GET', url: `${CONSOLE}?userId=${user.id}&level=1`, headers: { cookie: user.cookie } });
    expect(asUser.json().ret_code).toBe(RetCode.NO_PERMISSION);

    const view = await app.inject({ method: 'GET', url: `${CONSOLE}?userId=${user.id}&level=1`, headers: { cookie: reviewer.cookie } });
    expect(view.json()).toMatchObject({ ret_code: 0, result: { result: { id: challenge.id, status: 'PASSED' }, frames: [{ label: 'BASELINE', width: 480, height: 360 }] } });
    const frame = view.json().result.frames[0] as { id: string; path: string };
    const img = await app.inject({ method: 'GET', url: frame.path, headers: { cookie: reviewer.cookie } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['cache-control']).toBe('no-store');
    expect(img.rawPayload.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);
    const views = await app.db.selectFrom('audit_log').select(['actor_id']).where('action', '=', 'liveness.frame.view').where('entity_id', '=', frame.id).execute();
    expect(views).toEqual([{ actor_id: reviewer.id }]);
    expect((await app.inject({ method: 'GET', url: frame.path, headers: { cookie: user.cookie } })).json().ret_code).toBe(RetCode.NO_PERMISSION);

    const none = await app.inject({ method: 'GET', url: `${CONSOLE}?userId=nobody&level=1`, headers: { cookie: reviewer.cookie } });
    expect(none.json()).toMatchObject({ ret_code: 0, result: null });
  });

  it('the sweep removes challenges and frames older than the period, except those it is told to keep', async () => {
    const kept = await newUser();
    const gone = await newUser();
    const recent = await newUser();
    const ids: Record<string, string> = {};
    for (const [name, u] of Object.entries({ kept, gone, recent })) {
      const c = await start(u.cookie);
      await post(FINISH, u.cookie, { id: c.id, frames: performed(c.moves), pictures: [{ label: 'BASELINE', image: picture }] });
      ids[name] = c.id;
    }
    const old = new Date(Date.now() - 100 * 86_400_000).toISOString();
    await app.db.updateTable('capture_liveness').set({ created_at: old }).where('id', 'in', [ids.kept!, ids.gone!]).execute();

    const cutoff = new Date(Date.now() - 90 * 86_400_000).toISOString();
    const deleted = await app.services.liveness.sweep(cutoff, async (userId) => userId === kept.id);
    expect(deleted).toBe(1);
    expect(await app.db.selectFrom('capture_liveness').select('id').where('id', '=', ids.gone!).execute()).toEqual([]);
    expect(await app.db.selectFrom('capture_liveness_frames').select('id').where('liveness_id', '=', ids.gone!).execute()).toEqual([]);
    expect((await stored(ids.kept!)).frames).toHaveLength(1);
    expect((await stored(ids.recent!)).frames).toHaveLength(1);
  });
});
