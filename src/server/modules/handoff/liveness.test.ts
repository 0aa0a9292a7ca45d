import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LivenessMove } from '../../../shared/api/capture.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { App } from '../../app.ts';
import { configWith } from '../../config.ts';
import { createTestApp, jsonHeaders, signIn } from '../../test/test-app.ts';
import { makeImage } from '../documents/test-images.ts';
import { FACE_MODEL_NAME } from '../face/face.service.ts';
import { facePictures, type FacePictures } from '../../test/face-pictures.ts';
import { newReviewer, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * The active liveness check's server side (issue 17, decisions 023 and 039) through the real routes:
 * a challenge is finished once, by its own user, before it expires; the server reads the pictures
 * with its own face model (real photographs from the face-api package, see face/test-faces.ts) and
 * decides on them, whatever the browser's measures say; it keeps the frames sealed like documents
 * and the face match with the document for the reviewer, who reads them (audited); the retention
 * sweep removes them. Each reply is checked with what the database holds. The model loads once for
 * the file (one face thread, no queue: a second check at once is refused).
 */
const X = '/x-api';
const START = `${X}/v1/private/capture/liveness/start`;
const FINISH = `${X}/v1/private/capture/liveness/finish`;
const CONSOLE = `${X}/v1/console/capture/liveness`;

let app: App;
let close: () => Promise<void>;
let picture: string;
let reviewer: TestUser;
let faces: FacePictures;

beforeAll(async () => {
  ({ app, close } = await createTestApp({ capture: { ...configWith({}).capture, faceThreads: 1, faceQueue: 0, faceNice: 0 } }));
  picture = (await makeImage('jpeg', 480, 360)).toString('base64');
  reviewer = await newReviewer(app, 'liveness-reviewer@example.com');
  faces = await facePictures();
  await app.services.face.warm();
}, 60_000);
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
  challenge: await app.db.selectFrom('capture_liveness').select(['status', 'finished_at', 'result', 'analysis', 'face_match_score', 'document_id']).where('id', '=', id).executeTakeFirstOrThrow(),
  frames: await app.db.selectFrom('capture_liveness_frames').selectAll().where('liveness_id', '=', id).orderBy('position').execute(),
});

const b64 = (bytes: Buffer) => bytes.toString('base64');
/** The moves the test pictures can show (the server picked others at random): a fixture's choice. */
const TURNS: LivenessMove[] = [LivenessMove.TURN_LEFT, LivenessMove.TURN_RIGHT];
async function startTurns(cookie: string) {
  const challenge = await start(cookie);
  await app.db.updateTable('capture_liveness').set({ sequence: JSON.stringify(TURNS) }).where('id', '=', challenge.id).execute();
  return { ...challenge, moves: TURNS };
}
/** The pictures a finish sends: the straight-ahead one, then TURN_LEFT's and TURN_RIGHT's. */
const shown = (straight: Buffer, left: Buffer, right: Buffer) => [
  { label: 'BASELINE', image: b64(straight) },
  { label: 'TURN_LEFT', image: b64(left) },
  { label: 'TURN_RIGHT', image: b64(right) },
];

describe('finishing a liveness challenge', () => {
  it('the server reads the pictures itself, compares the face with the document, records it all and keeps the frames sealed', async () => {
    const user = await newUser();
    const front = await app.services.documents.upload(user.id, { kind: 'DOCUMENT_FRONT', level: 1, bytes: faces.documentFront }, { type: 'user', id: user.id });
    const challenge = await startTurns(user.cookie);
    const res = await post(FINISH, user.cookie, { id: challenge.id, frames: performed(challenge.moves), pictures: shown(faces.straight, faces.turnedLeft, faces.turnedRight) });
    expect(res.json()).toMatchObject({ ret_code: 0, result: { id: challenge.id, status: 'PASSED', failure: null, steps: TURNS.map((move) => ({ move, seen: true })) } });

    const { challenge: row, frames } = await stored(challenge.id);
    expect(row.status).toBe('PASSED');
    expect(row.finished_at).not.toBeNull();
    expect(JSON.parse(row.result!)).toMatchObject({ failure: null, frames: performed(challenge.moves).length });
    const analysis = JSON.parse(row.analysis!);
    expect(analysis).toMatchObject({ model: FACE_MODEL_NAME, thresholds: { sameFaceMax: 0.6, matchMax: 0.5, reviewMax: 0.6 }, reported: { passed: true } });
    expect(analysis.pictures.map((p: { label: string; faces: number; issue: string | null }) => [p.label, p.faces, p.issue])).toEqual([['BASELINE', 1, null], ['TURN_LEFT', 1, null], ['TURN_RIGHT', 1, null]]);
    // The head turned: yaw moved each way from the straight-ahead picture, by the server's own landmarks.
    const [base, left, right] = analysis.pictures.map((p: { measures: { yaw: number } }) => p.measures.yaw);
    expect(left - base).toBeGreaterThanOrEqual(0.12);
    expect(base - right).toBeGreaterThanOrEqual(0.12);
    // The face match with the document's portrait: stored with its score, band and document.
    expect(analysis.faceMatch).toMatchObject({ band: 'MATCH', missing: null, documentId: front.id });
    expect(analysis.faceMatch.score).toBeGreaterThanOrEqual(50);
    expect(row.face_match_score).toBe(analysis.faceMatch.score);
    expect(row.document_id).toBe(front.id);

    expect(frames.map((f) => f.label)).toEqual(['BASELINE', ...challenge.moves]);
    // Sealed: the stored bytes are not the JPEG (no JPEG marker), and each has its own data key.
    for (const f of frames) expect(Buffer.from(f.ciphertext).subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(false);
    expect(new Set(frames.map((f) => f.wrapped_key)).size).toBe(frames.length);
    const audit = await app.db.selectFrom('audit_log').select(['action', 'after']).where('entity_id', '=', challenge.id).where('action', '=', 'liveness.finish').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ status: 'PASSED', faceMatch: { score: analysis.faceMatch.score, documentId: front.id }, model: FACE_MODEL_NAME });
    expect(audit[0]!.after).not.toContain(b64(faces.straight).slice(0, 40));

    // The reviewer sees the stored score at once, with the model and its thresholds.
    const view = await app.inject({ method: 'GET', url: `${CONSOLE}?userId=${user.id}&level=1`, headers: { cookie: reviewer.cookie } });
    expect(view.json()).toMatchObject({ ret_code: 0, result: { result: { status: 'PASSED' }, analysis: { model: FACE_MODEL_NAME, faceMatch: { score: analysis.faceMatch.score, band: 'MATCH' } } } });
  });

  it('made-up measures with pictures of noise fail: the pictures show no face', async () => {
    const user = await newUser();
    const challenge = await start(user.cookie);
    const noise = b64(faces.noise);
    const res = await post(FINISH, user.cookie, { id: challenge.id, frames: performed(challenge.moves), pictures: [{ label: 'BASELINE', image: noise }, ...challenge.moves.map((m) => ({ label: m, image: noise }))] });
    expect(res.json()).toMatchObject({ ret_code: 0, result: { status: 'FAILED', failure: 'NO_FACE', steps: challenge.moves.map((move) => ({ move, seen: false })) } });
    const { challenge: row } = await stored(challenge.id);
    expect(row.status).toBe('FAILED');
    const analysis = JSON.parse(row.analysis!);
    // What the browser claimed is kept beside the server's reading, and changed nothing.
    expect(analysis.reported).toEqual({ passed: true, failure: null });
    expect(analysis.pictures.every((p: { faces: number; issue: string }) => p.faces === 0 && p.issue === 'NO_FACE')).toBe(true);
    expect(analysis.faceMatch).toMatchObject({ score: null, missing: 'NO_DOCUMENT' });
    expect(row.face_match_score).toBeNull();
  });

  it('another person, several faces, a turn the other way or a move the pictures do not show: FAILED with the reason', async () => {
    const cases: [Buffer, Buffer, string][] = [
      [faces.otherPerson, faces.turnedRight, 'OTHER_PERSON'],
      [faces.turnedLeft, faces.severalFaces, 'SEVERAL_FACES'],
      [faces.turnedRight, faces.turnedLeft, 'WRONG_MOVE'],
      [faces.straight, faces.turnedRight, 'MOVE_NOT_SEEN'],
    ];
    for (const [left, right, failure] of cases) {
      const user = await newUser();
      const challenge = await startTurns(user.cookie);
      // The browser's measures say every move was done, in order.
      const res = await post(FINISH, user.cookie, { id: challenge.id, frames: performed(challenge.moves), pictures: shown(faces.straight, left, right) });
      expect(res.json(), failure).toMatchObject({ ret_code: 0, result: { status: 'FAILED', failure } });
      const { challenge: row } = await stored(challenge.id);
      expect(row.status).toBe('FAILED');
      expect(JSON.parse(row.result!).failure).toBe(failure);
      expect(JSON.parse(row.analysis!).pictures.some((p: { issue: string | null }) => p.issue === failure)).toBe(true);
    }
  });

  it('with every face thread taken a finish is refused (40011) and nothing is recorded; sent again, it is decided', async () => {
    const user = await newUser();
    const challenge = await startTurns(user.cookie);
    const body = { id: challenge.id, frames: performed(challenge.moves), pictures: shown(faces.straight, faces.turnedLeft, faces.turnedRight) };
    // One thread, no queue (this file's settings): a check already running holds the pool.
    const running = app.services.face.read(Array.from({ length: 4 }, () => ({ bytes: faces.severalFaces })));
    const refused = await post(FINISH, user.cookie, body);
    expect(refused.json()).toMatchObject({ ret_code: RetCode.LIVENESS_BUSY });
    const { challenge: row, frames } = await stored(challenge.id);
    expect(row.status).toBe('ISSUED');
    expect(frames).toEqual([]);
    await running;
    expect((await post(FINISH, user.cookie, body)).json()).toMatchObject({ ret_code: 0, result: { status: 'PASSED' } });
  });

  it('without pictures a finish fails (INCOMPLETE) whatever the measures say', async () => {
    const user = await newUser();
    const challenge = await start(user.cookie);
    const res = await post(FINISH, user.cookie, { id: challenge.id, frames: performed(challenge.moves), pictures: [] });
    expect(res.json().result).toMatchObject({ status: 'FAILED', failure: 'INCOMPLETE' });
    const { challenge: row, frames } = await stored(challenge.id);
    expect(row.status).toBe('FAILED');
    expect(JSON.parse(row.result!).failure).toBe('INCOMPLETE');
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
    // A picture without a face: the server's reading fails it, whatever the measures say.
    const done = await post(`${X}/v1/capture/handoff/liveness/finish`, selfiePhone, { id: started.id, frames: performed(started.moves), pictures: [{ label: 'BASELINE', image: picture }] });
    expect(done.json()).toMatchObject({ ret_code: 0, result: { status: 'FAILED', failure: 'NO_FACE' } });
    const row = await app.db.selectFrom('capture_liveness').select(['user_id', 'status']).where('id', '=', started.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: user.id, status: 'FAILED' });
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
    expect(view.json()).toMatchObject({
      ret_code: 0,
      result: {
        result: { id: challenge.id, status: 'FAILED', failure: 'NO_FACE' },
        analysis: { pictures: [{ label: 'BASELINE', faces: 0, issue: 'NO_FACE' }], faceMatch: { score: null, missing: 'NO_DOCUMENT' } },
        frames: [{ label: 'BASELINE', width: 480, height: 360 }],
      },
    });
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
