import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDataExport } from '../../../shared/api/records.ts';
import type { App } from '../../app.ts';
import { configWith } from '../../config.ts';
import { facePictures, type FacePictures } from '../../test/face-pictures.ts';
import { createTestApp, signIn } from '../../test/test-app.ts';
import { newReviewer, type TestUser } from '../kyc/kyc.fixtures.ts';
import { FACE_MODEL_NAME } from './face.service.ts';

/**
 * The face match of pictures uploaded as files (issue 30, decision 045), through the real routes: a
 * selfie and a document front, whichever comes last, make the level's comparison due in the upload's
 * transaction; the runner (run here with runDue; a server polls) compares them with the server's
 * face model and stores the result per pair, with the model and thresholds, audited; a reviewer
 * reads it at once, "computing" while the job waits. Real photographs from the face-api package
 * (test/face-pictures.ts). The model loads once for the file (one thread).
 */
const X = '/x-api';
const UPLOAD = `${X}/v3/private/kyc/upload-document`;
const CONSOLE = `${X}/v1/console/capture/face-match`;
const SAME_ORIGIN = { origin: 'http://localhost:80', host: 'localhost:80' };

let app: App;
let close: () => Promise<void>;
let faces: FacePictures;
let reviewer: TestUser;

beforeAll(async () => {
  ({ app, close } = await createTestApp({ capture: { ...configWith({}).capture, faceThreads: 1, faceQueue: 1, faceNice: 0 } }));
  reviewer = await newReviewer(app, 'face-match-reviewer@example.com');
  faces = await facePictures();
  await app.services.face.warm();
}, 60_000);
afterAll(async () => close());

let n = 0;
async function newUser() {
  const email = `face-match-${++n}@example.com`;
  const cookie = await signIn(app, email);
  const { id } = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { cookie, id };
}

/** An upload as the browser's FormData sends it; returns the stored document's id. */
async function upload(cookie: string, kind: 'SELFIE' | 'DOCUMENT_FRONT', bytes: Buffer): Promise<string> {
  const fd = new FormData();
  fd.append('kind', kind);
  fd.append('level', '1');
  fd.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: fd });
  const res = await app.inject({ method: 'POST', url: UPLOAD, headers: { ...SAME_ORIGIN, cookie, 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()) });
  expect(res.json()).toMatchObject({ ret_code: 0 });
  return res.json().result.id as string;
}

const consoleView = async (userId: string, selfieId: string, frontId: string, cookie = reviewer.cookie) =>
  (await app.inject({ method: 'GET', url: `${CONSOLE}?userId=${userId}&level=1&selfieId=${selfieId}&frontId=${frontId}`, headers: { cookie } })).json();
const jobOf = (userId: string) => app.db.selectFrom('face_match_jobs').selectAll().where('user_id', '=', userId).executeTakeFirst();
const matchOf = (selfieId: string, frontId: string) => app.db.selectFrom('face_matches').selectAll().where('selfie_document_id', '=', selfieId).where('front_document_id', '=', frontId).executeTakeFirst();

describe('the face match of a selfie uploaded as a file', () => {
  it('is computed after the commit of the later picture, stored with its model and thresholds, audited, and shown to the reviewer; a new selfie gets its own score', async () => {
    const user = await newUser();
    const selfie = await upload(user.cookie, 'SELFIE', faces.straight);
    // A selfie alone: nothing to compare yet.
    expect(await jobOf(user.id)).toBeUndefined();
    const front = await upload(user.cookie, 'DOCUMENT_FRONT', faces.documentFront);
    expect(await jobOf(user.id)).toMatchObject({ level: 1, attempts: 0 });
    // The reviewer is told it is being computed, not "no check".
    expect(await consoleView(user.id, selfie, front)).toMatchObject({ ret_code: 0, result: { state: 'COMPUTING', faceMatch: null } });

    expect(await app.services.faceMatches.jobs.runDue()).toBe(1);
    const row = await matchOf(selfie, front);
    expect(row).toMatchObject({ user_id: user.id, level: 1, band: 'MATCH', missing: null, model: FACE_MODEL_NAME, match_max: 0.5, review_max: 0.6 });
    expect(row!.score).toBeGreaterThanOrEqual(50);
    expect(row!.distance).toBeLessThanOrEqual(0.5);
    expect(await jobOf(user.id)).toBeUndefined();
    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_type', 'after']).where('entity_id', '=', row!.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'face_match.compute', actor_type: 'system' });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ userId: user.id, selfieDocumentId: selfie, frontDocumentId: front, score: row!.score, band: 'MATCH', model: FACE_MODEL_NAME, thresholds: { matchMax: 0.5, reviewMax: 0.6 } });

    expect(await consoleView(user.id, selfie, front)).toMatchObject({
      ret_code: 0,
      result: { state: 'STORED', source: 'SELFIE', model: FACE_MODEL_NAME, thresholds: { matchMax: 0.5, reviewMax: 0.6 }, faceMatch: { score: row!.score, band: 'MATCH', missing: null, documentId: front }, computedAt: row!.computed_at },
    });
    // Reviewers only: the user asking gets no score.
    expect((await consoleView(user.id, selfie, front, user.cookie)).ret_code).not.toBe(0);

    // A retaken selfie (another woman): a new pair, compared anew; the first pair's result stays its own.
    const retaken = await upload(user.cookie, 'SELFIE', faces.otherPerson);
    expect(await consoleView(user.id, retaken, front)).toMatchObject({ result: { state: 'COMPUTING' } });
    expect(await app.services.faceMatches.jobs.runDue()).toBe(1);
    const second = await matchOf(retaken, front);
    expect(second).toMatchObject({ band: 'MISMATCH', missing: null });
    expect(second!.score).toBeLessThan(row!.score!);
    expect(await consoleView(user.id, retaken, front)).toMatchObject({ result: { state: 'STORED', faceMatch: { score: second!.score, band: 'MISMATCH' } } });
    // Nothing left to do: a second run compares nothing again.
    expect(await app.services.faceMatches.jobs.runDue()).toBe(0);

    // In the user's data export; gone with the user's biometric data.
    const exported = userDataExport.parse((await app.inject({ method: 'GET', url: `${X}/v1/private/user/data-export`, headers: { cookie: user.cookie } })).json().result);
    expect(exported.faceMatches.map((m) => [m.selfieDocumentId, m.frontDocumentId, m.band, m.model])).toEqual([
      [selfie, front, 'MATCH', FACE_MODEL_NAME],
      [retaken, front, 'MISMATCH', FACE_MODEL_NAME],
    ]);
    expect((await app.services.records.requestErasure(user.id, { type: 'user', id: user.id })).outcome).toBe('ERASED');
    expect(await app.db.selectFrom('face_matches').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('stores why there is no score when a picture shows no face, the front arriving after the selfie', async () => {
    const user = await newUser();
    const selfie = await upload(user.cookie, 'SELFIE', faces.noise);
    const front = await upload(user.cookie, 'DOCUMENT_FRONT', faces.documentFront);
    expect(await app.services.faceMatches.jobs.runDue()).toBe(1);
    expect(await matchOf(selfie, front)).toMatchObject({ score: null, distance: null, band: null, missing: 'NO_FACE_ON_SELFIE', model: FACE_MODEL_NAME });
    expect(await consoleView(user.id, selfie, front)).toMatchObject({ result: { state: 'STORED', source: 'SELFIE', faceMatch: { score: null, missing: 'NO_FACE_ON_SELFIE' } } });
    // Biometric retention: kept within BIOMETRIC_RETENTION_DAYS, gone after it (no level awaits a decision).
    await app.services.records.retention.run(new Date().toISOString());
    expect(await matchOf(selfie, front)).toBeDefined();
    await app.services.records.retention.run(new Date(Date.now() + 91 * 86_400_000).toISOString());
    expect(await matchOf(selfie, front)).toBeUndefined();
  });

  it('a comparison the face pool refuses (busy) stays due and is retried later, not lost', async () => {
    const user = await newUser();
    const selfie = await upload(user.cookie, 'SELFIE', faces.straight);
    const front = await upload(user.cookie, 'DOCUMENT_FRONT', faces.documentFront);
    // Every place in the pool taken (one thread, a queue of one): the job's read is refused at once.
    const held = [app.services.face.read([{ bytes: faces.straight }]), app.services.face.read([{ bytes: faces.straight }])];
    expect(await app.services.faceMatches.jobs.runDue()).toBe(0);
    await Promise.all(held);
    const job = await jobOf(user.id);
    expect(job).toMatchObject({ attempts: 1, last_error: 'face checks are busy' });
    expect(Date.parse(job!.due_at)).toBeGreaterThan(Date.now());
    expect(await matchOf(selfie, front)).toBeUndefined();
    expect(await consoleView(user.id, selfie, front)).toMatchObject({ result: { state: 'COMPUTING' } });
    // Its retry time comes: compared.
    await app.db.updateTable('face_match_jobs').set({ due_at: new Date(0).toISOString() }).where('user_id', '=', user.id).execute();
    expect(await app.services.faceMatches.jobs.runDue()).toBe(1);
    expect(await matchOf(selfie, front)).toMatchObject({ band: 'MATCH' });
  });
});
