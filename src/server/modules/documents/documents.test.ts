import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserRole } from '../../../shared/api/accounts.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { App } from '../../app.ts';
import type { Config } from '../../config.ts';
import { IntegrityError } from '../../crypto/envelope-encryption.ts';
import { createKeyring } from '../../crypto/keyring.ts';
import { BusinessError } from '../../errors.ts';
import { createTestApp, jsonHeaders, signIn } from '../../test/test-app.ts';
import { caseOf } from '../kyc/kyc.fixtures.ts';
import { createDocumentsService } from './documents.service.ts';
import { makeImage, PRIVATE_EXIF_MARKERS } from './test-images.ts';

const UPLOAD = '/x-api/v3/private/kyc/upload-document';
const DRAFTS = '/x-api/v3/private/kyc/document-drafts';
const DELETE = '/x-api/v3/private/kyc/delete-document';
const OWNER_READ = (id: string) => `/x-api/v3/private/kyc/document/${id}`;
const CONSOLE_READ = (id: string) => `/x-api/v1/console/document/${id}`;
const SAME_ORIGIN = { origin: 'http://localhost:80', host: 'localhost:80' };

const MASTER_KEY = randomBytes(32);

let app: App;
let close: () => Promise<void>;
let logs: string[];

async function start(overrides: Partial<Config> = {}) {
  logs = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  // Contents in the row: these tests read and alter the stored ciphertext there (the stores have content-store.test.ts).
  ({ app, close } = await createTestApp({ dataEncryptionKey: MASTER_KEY.toString('base64'), documentStore: { kind: 'database' }, ...overrides }, logStream));
}

beforeEach(async () => start());
afterEach(async () => close());

/** A multipart body exactly as a browser's FormData sends it. */
async function form(fields: Record<string, string>, file?: { bytes: Buffer; name?: string; type?: string }, fileField = 'file') {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append(fileField, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name ?? 'photo.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function upload(cookie: string, bytes: Buffer | undefined, fields: Record<string, string> = { kind: 'DOCUMENT_FRONT', level: '1' }, file: { name?: string; type?: string } = {}) {
  const body = await form(fields, bytes ? { bytes, ...file } : undefined);
  return app.inject({ method: 'POST', url: UPLOAD, headers: { ...SAME_ORIGIN, cookie, 'content-type': body.contentType }, payload: body.payload });
}

const rows = () => app.db.selectFrom('kyc_documents').selectAll().orderBy('created_at').execute();
const auditOf = (id: string) => app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).orderBy('at').orderBy('seq').execute();
const userIdOf = async (email: string) => (await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

async function reviewerCookie(email = 'reviewer@example.com') {
  await app.services.accounts.createUser({ email, password: 'reviewer-password' }, { type: 'system', id: null }, UserRole.REVIEWER);
  return signIn(app, email, 'reviewer-password', false);
}

/** Attaches a draft to an application, as a submission does (inside the KYC module's transaction). */
async function submitted(id: string, email: string, applicationId = randomUUID()) {
  const userId = await userIdOf(email);
  await app.db.transaction().execute((trx) => app.services.documents.attach(trx, userId, [id], applicationId));
  return applicationId;
}

/** Uploads a fine JPEG and returns its id. */
async function uploadOk(cookie: string, fields: Record<string, string> = { kind: 'DOCUMENT_FRONT', level: '1' }, seed = 1) {
  const res = await upload(cookie, await makeImage('jpeg', 800, 600, { seed }), fields);
  expect(res.json()).toMatchObject({ ret_code: 0 });
  return res.json().result.id as string;
}

describe('upload: accepted images', () => {
  it('re-encodes a JPEG upright, without EXIF/GPS, and stores it encrypted and audited', async () => {
    const cookie = await signIn(app, 'owner@example.com');
    // A phone photo: 900x600 pixels recorded with orientation 6 (shown rotated 90°), GPS and a serial.
    const input = await makeImage('jpeg', 900, 600, { orientation: 6, withPrivateExif: true });
    const inMeta = await sharp(input).metadata();
    expect(inMeta.orientation).toBe(6);
    expect(inMeta.exif?.includes(Buffer.from(PRIVATE_EXIF_MARKERS[0]!))).toBe(true);
    // The GPS IFD pointer tag (0x8825) is present in the input's EXIF.
    expect(inMeta.exif?.includes(Buffer.from([0x88, 0x25])) || inMeta.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);

    const res = await upload(cookie, input, { kind: 'DOCUMENT_FRONT', level: '1' }, { name: 'IMG_0001.JPG' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ret_code: 0, result: { kind: 'DOCUMENT_FRONT', level: 1, mime: 'image/jpeg', width: 600, height: 900, applicationId: null } });

    const [row] = await rows();
    expect(row).toMatchObject({ id: body.result.id, user_id: await userIdOf('owner@example.com'), level: 1, kind: 'DOCUMENT_FRONT', mime: 'image/jpeg', application_id: null });
    expect(row!.key_id).toBe(app.services.documents.activeKeyId());

    const stored = await app.services.documents.readForOwner(row!.user_id, row!.id);
    expect(Number(row!.byte_size)).toBe(stored.bytes.length);
    expect(row!.sha256).toBe(createHash('sha256').update(stored.bytes).digest('hex'));
    expect(await fileTypeFromBuffer(stored.bytes)).toMatchObject({ mime: 'image/jpeg' });
    const outMeta = await sharp(stored.bytes).metadata();
    expect([outMeta.width, outMeta.height]).toEqual([600, 900]);
    expect(outMeta.exif).toBeUndefined();
    expect(outMeta.orientation).toBeUndefined();
    expect(outMeta.icc).toBeUndefined();
    expect(outMeta.xmp).toBeUndefined();
    for (const marker of [...PRIVATE_EXIF_MARKERS, 'Exif', 'TestCam']) expect(stored.bytes.includes(Buffer.from(marker))).toBe(false);

    // At rest only ciphertext: no window of the image (stored or uploaded) appears in the column.
    const ciphertext = Buffer.from(row!.ciphertext!);
    expect(ciphertext.length).toBe(stored.bytes.length);
    for (const offset of [0, 2, 100, 1000, stored.bytes.length - 40]) expect(ciphertext.includes(stored.bytes.subarray(offset, offset + 16))).toBe(false);
    expect(ciphertext.includes(input.subarray(0, 16))).toBe(false);
    expect(ciphertext.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);

    const audit = await auditOf(row!.id);
    expect(audit.map((a) => a.action)).toEqual(['document.upload']);
    expect(audit[0]).toMatchObject({ actor_type: 'user', actor_id: row!.user_id, entity_type: 'kyc_document' });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ kind: 'DOCUMENT_FRONT', level: 1, byteSize: stored.bytes.length, sha256: row!.sha256, replaces: [] });
    // Never the content or key material.
    expect(audit[0]!.after!.length).toBeLessThan(600);
    expect(audit[0]!.after).not.toContain(row!.wrapped_key);
  });

  it.each([
    ['png', { alpha: true }],
    ['webp', {}],
  ] as const)('accepts %s and stores it as JPEG', async (format, options) => {
    const cookie = await signIn(app, `${format}@example.com`);
    const res = await upload(cookie, await makeImage(format, 640, 480, options), { kind: 'SELFIE', level: '1' }, { name: `x.${format}`, type: `image/${format}` });
    expect(res.json()).toMatchObject({ ret_code: 0, result: { kind: 'SELFIE', level: 1, mime: 'image/jpeg', width: 640, height: 480 } });
    const [row] = await rows();
    const stored = await app.services.documents.readForOwner(row!.user_id, row!.id);
    const meta = await sharp(stored.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 480, hasAlpha: false });
  });

  it('scales a large photo down to the longest-side cap', async () => {
    const cookie = await signIn(app, 'big@example.com');
    const res = await upload(cookie, await makeImage('jpeg', 4000, 3000));
    expect(res.json()).toMatchObject({ ret_code: 0, result: { width: 2500, height: 1875 } });
    const [row] = await rows();
    expect([row!.width, row!.height].map(Number)).toEqual([2500, 1875]);
  });

  it('strips the payload of a polyglot (JPEG + HTML + ZIP appended, script in a comment)', async () => {
    const cookie = await signIn(app, 'poly@example.com');
    const jpeg = await makeImage('jpeg', 800, 600);
    // A COM segment right after SOI carrying script, then HTML and a ZIP local header after EOI.
    const comment = Buffer.from('<script>alert("comment")</script>');
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff]), comment]);
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2), Buffer.from('<html><body><script>alert("pwned")</script></body></html>'), Buffer.from('PK\x03\x04\x14\x00\x00\x00evil.js')]);
    expect(await fileTypeFromBuffer(polyglot)).toMatchObject({ mime: 'image/jpeg' });

    const res = await upload(cookie, polyglot, { kind: 'DOCUMENT_BACK', level: '1' }, { name: 'page.html', type: 'text/html' });
    expect(res.json()).toMatchObject({ ret_code: 0, result: { width: 800, height: 600 } });
    const [row] = await rows();
    const stored = await app.services.documents.readForOwner(row!.user_id, row!.id);
    for (const needle of ['<script', 'alert', '<html', 'PK\x03\x04', 'evil.js']) expect(stored.bytes.includes(Buffer.from(needle))).toBe(false);
    // Ends at the JPEG end-of-image marker: nothing trails it.
    expect(stored.bytes.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
  });
});

describe('upload: refused files store nothing', () => {
  let cookie: string;
  beforeEach(async () => {
    cookie = await signIn(app, 'refused@example.com');
  });

  const expectNothingStored = async () => {
    expect(await rows()).toEqual([]);
    expect(await app.db.selectFrom('audit_log').selectAll().where('action', 'like', 'document.%').execute()).toEqual([]);
  };

  it('refuses a text file renamed .jpg with a JPEG content type', async () => {
    const res = await upload(cookie, Buffer.from('Name: John Doe\nPassport: X1234567\n'.repeat(50)), undefined, { name: 'passport.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ret_code: RetCode.DOCUMENT_TYPE_UNSUPPORTED, result: { accepted: ['image/jpeg', 'image/png', 'image/webp'] } });
    await expectNothingStored();
  });

  it.each([
    ['plain SVG', '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="red"/></svg>'],
    ['SVG with XML prolog and script', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><script>alert(1)</script></svg>'],
  ])('refuses %s, even named .png', async (_name, svg) => {
    const res = await upload(cookie, Buffer.from(svg), undefined, { name: 'id.png', type: 'image/png' });
    expect(res.json().ret_code).toBe(RetCode.DOCUMENT_TYPE_UNSUPPORTED);
    await expectNothingStored();
  });

  it('refuses an SVG behind a JPEG signature (the JPEG decoder, not the SVG one, reads it)', async () => {
    const disguised = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600"/></svg>')]);
    expect((await upload(cookie, disguised)).json().ret_code).toBe(RetCode.DOCUMENT_IMAGE_UNREADABLE);
    await expectNothingStored();
  });

  it('refuses other image formats (GIF) by their bytes', async () => {
    const gif = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#808080' } }).gif().toBuffer();
    const res = await upload(cookie, gif, undefined, { name: 'id.jpg' });
    expect(res.json()).toMatchObject({ ret_code: RetCode.DOCUMENT_TYPE_UNSUPPORTED, result: { detected: 'image/gif' } });
    await expectNothingStored();
  });

  it('refuses HEIC with its own message', async () => {
    // An ISO-BMFF header with the 'heic' brand, as an iPhone writes it.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic'), randomBytes(4000)]);
    const res = await upload(cookie, heic, undefined, { name: 'IMG_0002.HEIC', type: 'image/heic' });
    expect(res.json().ret_code).toBe(RetCode.DOCUMENT_HEIC_UNSUPPORTED);
    await expectNothingStored();
  });

  it('refuses a truncated JPEG and a corrupt one', async () => {
    const jpeg = await makeImage('jpeg', 800, 600);
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length * 0.6));
    expect((await upload(cookie, truncated)).json().ret_code).toBe(RetCode.DOCUMENT_IMAGE_UNREADABLE);
    const corrupt = Buffer.concat([jpeg.subarray(0, 4), randomBytes(jpeg.length - 4)]);
    expect((await upload(cookie, corrupt)).json().ret_code).toBe(RetCode.DOCUMENT_IMAGE_UNREADABLE);
    await expectNothingStored();
  });

  it('refuses an image whose shortest side is under 300 px', async () => {
    const res = await upload(cookie, await makeImage('png', 1000, 299));
    expect(res.json()).toMatchObject({ ret_code: RetCode.DOCUMENT_IMAGE_TOO_SMALL, result: { minSide: 300 } });
    // Orientation counts: 299 wide stored, shown 299 tall, still too small.
    expect((await upload(cookie, await makeImage('jpeg', 299, 1000, { orientation: 6 }))).json().ret_code).toBe(RetCode.DOCUMENT_IMAGE_TOO_SMALL);
    await expectNothingStored();
  });

  it('refuses an image with more pixels than it is safe to decode (decompression bomb)', async () => {
    // A flat colour compresses to a few hundred KB, yet would decode to ~170 MB.
    const bomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await upload(cookie, bomb);
    expect(res.json()).toMatchObject({ ret_code: RetCode.DOCUMENT_IMAGE_TOO_LARGE, result: { maxPixels: 50_000_000 } });
    await expectNothingStored();
  });

  it.each([
    [{ kind: 'PASSPORT_PHOTO', level: '1' }, [{ path: 'kind', code: 'type' }]],
    [{ kind: 'SELFIE', level: '3' }, [{ path: 'level', code: 'range' }]],
    [{ kind: 'SELFIE', level: '1.0' }, [{ path: 'level', code: 'range' }]],
    // Each level photographs its own things: identity at level 1, address at level 2.
    [{ kind: 'SELFIE', level: '2' }, [{ path: 'kind', code: 'type' }]],
    [{ kind: 'PROOF_OF_ADDRESS', level: '1' }, [{ path: 'kind', code: 'type' }]],
    [{ level: '1' }, [{ path: 'kind', code: 'required' }]],
    [{ kind: 'SELFIE' }, [{ path: 'level', code: 'required' }]],
  ])('refuses wrong fields %j', async (fields, expected) => {
    const res = await upload(cookie, await makeImage('jpeg', 800, 600), fields);
    expect(res.json()).toMatchObject({ ret_code: RetCode.PARAMS_ERROR, result: { fields: expected } });
    await expectNothingStored();
  });

  it('refuses a form without a file, and a file under another field name', async () => {
    expect((await upload(cookie, undefined)).json()).toMatchObject({ ret_code: RetCode.PARAMS_ERROR, result: { fields: [{ path: 'file', code: 'required' }] } });
    const body = await form({ kind: 'SELFIE', level: '1' }, { bytes: await makeImage('jpeg', 800, 600) }, 'photo');
    const res = await app.inject({ method: 'POST', url: UPLOAD, headers: { ...SAME_ORIGIN, cookie, 'content-type': body.contentType }, payload: body.payload });
    expect(res.json()).toMatchObject({ ret_code: RetCode.PARAMS_ERROR, result: { fields: [{ path: 'photo', code: 'type' }, { path: 'file', code: 'required' }] } });
    await expectNothingStored();
  });

  it('refuses a second file in the same request (413)', async () => {
    const fd = new FormData();
    fd.append('kind', 'SELFIE');
    fd.append('level', '1');
    const jpeg = new Uint8Array(await makeImage('jpeg', 800, 600));
    fd.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'a.jpg');
    fd.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'b.jpg');
    const request = new Request('http://localhost/', { method: 'POST', body: fd });
    const res = await app.inject({ method: 'POST', url: UPLOAD, headers: { ...SAME_ORIGIN, cookie, 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()) });
    expect(res.statusCode).toBe(413);
    await expectNothingStored();
  });

  it('refuses a JSON body with 415', async () => {
    const res = await app.inject({ method: 'POST', url: UPLOAD, headers: { ...jsonHeaders, cookie }, payload: { kind: 'SELFIE', level: 1, file: 'aGVsbG8=' } });
    expect(res.statusCode).toBe(415);
    await expectNothingStored();
  });
});

describe('upload size limit (413 while streaming)', () => {
  const LIMIT = 1.5 * 1024 * 1024;
  beforeEach(async () => {
    await close();
    await start({ maxUploadBytes: LIMIT });
  });

  it('answers 413 with the limit for a file over it, storing nothing', async () => {
    const cookie = await signIn(app, 'large@example.com');
    const big = Buffer.concat([await makeImage('jpeg', 800, 600), randomBytes(LIMIT)]);
    const res = await upload(cookie, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ ret_code: RetCode.DOCUMENT_FILE_TOO_LARGE, ret_msg: 'file too large', result: { maxBytes: LIMIT, maxMb: 1.5 } });
    expect(await rows()).toEqual([]);
    // Under the limit is fine on the same server.
    const small = await makeImage('jpeg', 400, 300);
    expect(small.length).toBeLessThan(LIMIT);
    expect((await upload(cookie, small)).json().ret_code).toBe(0);
  });

  it('defaults to 10 MB, enforced on a streamed body', async () => {
    const { loadConfig } = await import('../../config.ts');
    expect(loadConfig({}).maxUploadBytes).toBe(10 * 1024 * 1024);
    await close();
    await start();
    const cookie = await signIn(app, 'stream@example.com');
    const boundary = '----ua-test-boundary';
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = Buffer.from(`${part('kind', 'SELFIE')}${part('level', '1')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const jpeg = await makeImage('jpeg', 800, 600);
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    // 11 MB, produced chunk by chunk: a JPEG with a long tail, so only the size can refuse it.
    const body = Readable.from(
      (function* () {
        yield head;
        yield jpeg;
        for (let sent = 0; sent < 11 * 1024 * 1024; sent += chunk.length) yield chunk;
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const res = await app.inject({ method: 'POST', url: UPLOAD, headers: { ...SAME_ORIGIN, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ ret_code: RetCode.DOCUMENT_FILE_TOO_LARGE, result: { maxBytes: 10 * 1024 * 1024, maxMb: 10 } });
    expect(await rows()).toEqual([]);
  });
});

describe('rate limit', () => {
  beforeEach(async () => {
    await close();
    await start({ uploadsPerHour: 2 });
  });

  it('limits uploads per user per hour (failed ones count too), not per server', async () => {
    const a = await signIn(app, 'a@example.com');
    const b = await signIn(app, 'b@example.com');
    expect((await upload(a, Buffer.from('not an image'))).json().ret_code).toBe(RetCode.DOCUMENT_TYPE_UNSUPPORTED);
    await uploadOk(a);
    const third = (await upload(a, await makeImage('jpeg', 800, 600))).json();
    expect(third).toMatchObject({ ret_code: RetCode.TOO_MANY_ATTEMPTS });
    expect(third.result.retryAfterSeconds).toBeGreaterThan(3000);
    expect(await rows()).toHaveLength(1);
    await uploadOk(b);
  });
});

describe('drafts: retake, list, delete', () => {
  it('a new upload of the same kind and level replaces the draft; other kinds are kept', async () => {
    const cookie = await signIn(app, 'retake@example.com');
    const first = await uploadOk(cookie, { kind: 'DOCUMENT_FRONT', level: '1' }, 1);
    const back = await uploadOk(cookie, { kind: 'DOCUMENT_BACK', level: '1' }, 2);
    const retake = await uploadOk(cookie, { kind: 'DOCUMENT_FRONT', level: '1' }, 4);

    expect((await rows()).map((r) => r.id).sort()).toEqual([back, retake].sort());
    expect((await auditOf(first)).map((a) => a.action)).toEqual(['document.upload', 'document.replace']);
    expect(JSON.parse((await auditOf(first))[1]!.after!)).toEqual({ replacedBy: retake });
    expect(JSON.parse((await auditOf(retake))[0]!.after!).replaces).toEqual([first]);

    const list = await app.inject({ method: 'GET', url: `${DRAFTS}?level=1`, headers: { cookie } });
    expect(list.json().ret_code).toBe(0);
    expect(list.json().result.documents.map((d: { id: string }) => d.id).sort()).toEqual([back, retake].sort());
    expect(list.json().result.documents[0]).not.toHaveProperty('ciphertext');
    const list2 = await app.inject({ method: 'GET', url: `${DRAFTS}?level=2`, headers: { cookie } });
    expect(list2.json().result.documents).toEqual([]);
    expect((await app.inject({ method: 'GET', url: `${DRAFTS}?level=5`, headers: { cookie } })).json()).toMatchObject({ ret_code: RetCode.PARAMS_ERROR, result: { fields: [{ path: 'level', code: 'range' }] } });
  });

  it('levels are separate: a level 2 upload leaves an unsubmitted level 1 draft alone', async () => {
    // A passport submission leaves the card's back an unsubmitted level 1 draft; once level 1 is
    // approved, level 2 accepts its own kind of upload (decision 005) without touching it.
    const cookie = await signIn(app, 'levels@example.com');
    const userId = await userIdOf('levels@example.com');
    const info = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', nationality: 'GB', residenceCountry: 'GB', addressLine1: '12 Example Street', city: 'London', postalCode: 'SW1A 1AA' };
    expect((await app.inject({ method: 'POST', url: '/x-api/v3/private/kyc/kyc-personal-info', headers: { ...jsonHeaders, cookie }, payload: info })).json().ret_code).toBe(0);
    const front = await uploadOk(cookie, { kind: 'DOCUMENT_FRONT', level: '1' }, 1);
    const back = await uploadOk(cookie, { kind: 'DOCUMENT_BACK', level: '1' }, 2);
    const selfie = await uploadOk(cookie, { kind: 'SELFIE', level: '1' }, 3);
    const submit = await app.inject({ method: 'POST', url: '/x-api/v3/private/kyc/submit-application', headers: { ...jsonHeaders, cookie }, payload: { level: 1, country: 'GB', documentType: 'PASSPORT', documentIds: [front, selfie] } });
    expect(submit.json().ret_code).toBe(0);
    await reviewerCookie();
    await app.services.console.approve(await caseOf(app, submit.json().result.applicationId), { type: 'reviewer', id: await userIdOf('reviewer@example.com') }, { internalNote: '' });

    const level2 = await uploadOk(cookie, { kind: 'PROOF_OF_ADDRESS', level: '2' }, 4);
    expect((await app.services.documents.listDrafts(app.db, userId, 1)).map((d) => d.id)).toEqual([back]);
    expect((await app.services.documents.listDrafts(app.db, userId, 2)).map((d) => d.id)).toEqual([level2]);
    expect((await auditOf(back)).map((a) => a.action)).toEqual(['document.upload']);
  });

  it('concurrent uploads of one slot leave exactly one draft', async () => {
    const cookie = await signIn(app, 'race@example.com');
    const results = await Promise.all([1, 2, 3].map(async (seed) => (await upload(cookie, await makeImage('jpeg', 800, 600, { seed }), { kind: 'SELFIE', level: '1' })).json().ret_code));
    expect(results).toEqual([0, 0, 0]);
    expect(await rows()).toHaveLength(1);
  });

  it('deletes an own draft (audited); another user cannot see or delete it', async () => {
    const owner = await signIn(app, 'owner@example.com');
    const other = await signIn(app, 'other@example.com');
    const id = await uploadOk(owner);

    const foreign = await app.inject({ method: 'POST', url: DELETE, headers: { ...jsonHeaders, cookie: other }, payload: { id } });
    const missing = await app.inject({ method: 'POST', url: DELETE, headers: { ...jsonHeaders, cookie: other }, payload: { id: randomUUID() } });
    expect(foreign.json()).toEqual({ ret_code: RetCode.NOT_FOUND, ret_msg: 'not found', result: {} });
    expect(missing.json()).toEqual(foreign.json());
    expect(await rows()).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: `${DRAFTS}?level=1`, headers: { cookie: other } })).json().result.documents).toEqual([]);

    const res = await app.inject({ method: 'POST', url: DELETE, headers: { ...jsonHeaders, cookie: owner }, payload: { id } });
    expect(res.json()).toMatchObject({ ret_code: 0 });
    expect(await rows()).toEqual([]);
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['document.upload', 'document.delete']);
    expect(audit[1]).toMatchObject({ actor_id: await userIdOf('owner@example.com'), after: null });

    expect((await app.inject({ method: 'POST', url: DELETE, headers: { ...jsonHeaders, cookie: owner }, payload: { id } })).json().ret_code).toBe(RetCode.NOT_FOUND);
    expect((await app.inject({ method: 'POST', url: DELETE, headers: { ...jsonHeaders, cookie: owner }, payload: { id: 'not-a-uuid' } })).json()).toMatchObject({ ret_code: RetCode.PARAMS_ERROR });
  });

  it('cannot delete a document once it is attached to an application', async () => {
    const cookie = await signIn(app, 'submitted@example.com');
    const id = await uploadOk(cookie);
    const userId = await userIdOf('submitted@example.com');
    await app.db.transaction().execute((trx) => app.services.documents.attach(trx, userId, [id], 'application-1'));
    const res = await app.inject({ method: 'POST', url: DELETE, headers: { ...jsonHeaders, cookie }, payload: { id } });
    expect(res.json().ret_code).toBe(RetCode.WRONG_STATE);
    expect((await rows())[0]).toMatchObject({ id, application_id: 'application-1' });
  });
});

describe('attach (the KYC module submits drafts inside its own transaction)', () => {
  it('attaches drafts, lists them for the application, and they stop being drafts', async () => {
    const cookie = await signIn(app, 'attach@example.com');
    const userId = await userIdOf('attach@example.com');
    const front = await uploadOk(cookie, { kind: 'DOCUMENT_FRONT', level: '1' });
    const selfie = await uploadOk(cookie, { kind: 'SELFIE', level: '1' });
    const docs = app.services.documents;

    await app.db.transaction().execute(async (trx) => {
      await docs.attach(trx, userId, [front, selfie, front], 'app-1');
      // Visible inside the transaction.
      expect((await docs.listForApplication(trx, 'app-1')).map((d) => d.id).sort()).toEqual([front, selfie].sort());
    });
    expect(await docs.listDrafts(app.db, userId, 1)).toEqual([]);
    const attached = await docs.listForApplication(app.db, 'app-1');
    expect(attached.map((d) => [d.kind, d.applicationId]).sort()).toEqual([['DOCUMENT_FRONT', 'app-1'], ['SELFIE', 'app-1']]);
    expect((await auditOf(front)).map((a) => a.action)).toEqual(['document.upload', 'document.attach']);

    // Attached documents can be re-uploaded as new drafts (a later resubmission) without touching these.
    const again = await uploadOk(cookie, { kind: 'DOCUMENT_FRONT', level: '1' });
    expect((await docs.listDrafts(app.db, userId, 1)).map((d) => d.id)).toEqual([again]);
    expect(await docs.listForApplication(app.db, 'app-1')).toHaveLength(2);
    // Already attached: cannot be attached again.
    await expect(app.db.transaction().execute((trx) => docs.attach(trx, userId, [front], 'app-2'))).rejects.toMatchObject({ retCode: RetCode.DOCUMENT_NOT_AVAILABLE });
  });

  it("throws for another user's or a missing id, and the caller's rollback leaves every draft unattached", async () => {
    const a = await signIn(app, 'a@example.com');
    const b = await signIn(app, 'b@example.com');
    const userA = await userIdOf('a@example.com');
    const mine = await uploadOk(a, { kind: 'DOCUMENT_FRONT', level: '1' });
    const theirs = await uploadOk(b, { kind: 'DOCUMENT_FRONT', level: '1' });
    const docs = app.services.documents;

    for (const ids of [[mine, theirs], [mine, randomUUID()], [mine, 'nonsense']]) {
      const err = await app.db
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('audit_log').values({ id: randomUUID(), at: new Date().toISOString(), actor_type: 'system', actor_id: null, action: 'test.application', entity_type: 'application', entity_id: 'app-x', before: null, after: null, ip: null, request_id: null }).execute();
          await docs.attach(trx, userA, ids, 'app-x');
        })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BusinessError);
      expect((err as BusinessError).retCode).toBe(RetCode.DOCUMENT_NOT_AVAILABLE);
    }
    expect((await rows()).map((r) => r.application_id)).toEqual([null, null]);
    expect(await app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', 'app-x').execute()).toEqual([]);

    // A failure after a successful attach in the same transaction also undoes the attach.
    await expect(
      app.db.transaction().execute(async (trx) => {
        await docs.attach(trx, userA, [mine], 'app-y');
        throw new Error('application insert failed');
      }),
    ).rejects.toThrow('application insert failed');
    expect((await docs.listDrafts(app.db, userA, 1)).map((d) => d.id)).toEqual([mine]);
    expect((await auditOf(mine)).map((x) => x.action)).toEqual(['document.upload']);
  });
});

describe('reading documents', () => {
  it('serves the owner the image as a no-store, nosniff attachment', async () => {
    const cookie = await signIn(app, 'reader@example.com');
    const id = await uploadOk(cookie);
    const res = await app.inject({ method: 'GET', url: OWNER_READ(id), headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="document-${id}.jpg"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'/);
    const [row] = await rows();
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(row!.sha256);
    expect(await fileTypeFromBuffer(res.rawPayload)).toMatchObject({ mime: 'image/jpeg' });
  });

  it("answers another user's document exactly like a missing one", async () => {
    const owner = await signIn(app, 'owner@example.com');
    const other = await signIn(app, 'other@example.com');
    const id = await uploadOk(owner);
    const foreign = await app.inject({ method: 'GET', url: OWNER_READ(id), headers: { cookie: other } });
    const missing = await app.inject({ method: 'GET', url: OWNER_READ(randomUUID()), headers: { cookie: other } });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.headers['content-type']).toMatch(/^application\/json/);
    expect(foreign.json()).toEqual({ ret_code: RetCode.NOT_FOUND, ret_msg: 'not found', result: {} });
    expect(missing.body).toBe(foreign.body);
  });

  it('serves reviewers through the console (audited); users get 10009 there, anonymous callers 10007', async () => {
    const owner = await signIn(app, 'owner@example.com');
    const id = await uploadOk(owner);
    await submitted(id, 'owner@example.com');
    const reviewer = await reviewerCookie();
    const reviewerId = await userIdOf('reviewer@example.com');

    const res = await app.inject({ method: 'GET', url: CONSOLE_READ(id), headers: { cookie: reviewer } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="document-${id}.jpg"`);
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe((await rows())[0]!.sha256);
    const view = (await auditOf(id)).find((a) => a.action === 'document.view');
    expect(view).toMatchObject({ actor_type: 'reviewer', actor_id: reviewerId });
    expect(JSON.parse(view!.after!)).toMatchObject({ userId: await userIdOf('owner@example.com'), kind: 'DOCUMENT_FRONT', level: 1 });

    expect((await app.inject({ method: 'GET', url: CONSOLE_READ(randomUUID()), headers: { cookie: reviewer } })).json().ret_code).toBe(RetCode.NOT_FOUND);
    expect((await app.inject({ method: 'GET', url: CONSOLE_READ(id), headers: { cookie: owner } })).json()).toMatchObject({ ret_code: RetCode.NO_PERMISSION });
    expect((await app.inject({ method: 'GET', url: CONSOLE_READ(id) })).json()).toMatchObject({ ret_code: RetCode.NOT_LOGGED_IN });
    // Reviewers act only through the console, never as users.
    expect((await app.inject({ method: 'GET', url: OWNER_READ(id), headers: { cookie: reviewer } })).json().ret_code).toBe(RetCode.NO_PERMISSION);
    expect((await auditOf(id)).filter((a) => a.action === 'document.view')).toHaveLength(1);
  });

  it("a draft the user never submitted answers the reviewer exactly like a missing id, and no view is recorded", async () => {
    const owner = await signIn(app, 'owner@example.com');
    const draft = await uploadOk(owner);
    const reviewer = await reviewerCookie();
    const read = await app.inject({ method: 'GET', url: CONSOLE_READ(draft), headers: { cookie: reviewer } });
    const missing = await app.inject({ method: 'GET', url: CONSOLE_READ(randomUUID()), headers: { cookie: reviewer } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toMatch(/^application\/json/);
    expect(read.json()).toEqual({ ret_code: RetCode.NOT_FOUND, ret_msg: 'not found', result: {} });
    expect(read.body).toBe(missing.body);
    expect((await auditOf(draft)).map((a) => a.action)).toEqual(['document.upload']);

    // Once an application carries it, the reviewer may read it.
    await submitted(draft, 'owner@example.com');
    const after = await app.inject({ method: 'GET', url: CONSOLE_READ(draft), headers: { cookie: reviewer } });
    expect(after.headers['content-type']).toBe('image/jpeg');
    // (Records of one millisecond have no order among themselves: compare as a set.)
    expect((await auditOf(draft)).map((a) => a.action).sort()).toEqual(['document.attach', 'document.upload', 'document.view']);
  });

  it('requires a session for every user route', async () => {
    const cookie = await signIn(app, 'owner@example.com');
    const id = await uploadOk(cookie);
    expect((await app.inject({ method: 'GET', url: OWNER_READ(id) })).json().ret_code).toBe(RetCode.NOT_LOGGED_IN);
    expect((await app.inject({ method: 'GET', url: `${DRAFTS}?level=1` })).json().ret_code).toBe(RetCode.NOT_LOGGED_IN);
    expect((await app.inject({ method: 'POST', url: DELETE, headers: jsonHeaders, payload: { id } })).json().ret_code).toBe(RetCode.NOT_LOGGED_IN);
    const body = await form({ kind: 'SELFIE', level: '1' }, { bytes: await makeImage('jpeg', 800, 600) });
    const anon = await app.inject({ method: 'POST', url: UPLOAD, headers: { ...SAME_ORIGIN, 'content-type': body.contentType }, payload: body.payload });
    expect(anon.json().ret_code).toBe(RetCode.NOT_LOGGED_IN);
    // A cross-site form post carrying the victim's cookie is refused before anything is read.
    const csrf = await app.inject({ method: 'POST', url: UPLOAD, headers: { origin: 'https://evil.example', host: 'localhost:80', cookie, 'content-type': body.contentType }, payload: body.payload });
    expect(csrf.json().ret_code).toBe(RetCode.ORIGIN_REJECTED);
    expect(await rows()).toHaveLength(1);
  });
});

describe('integrity at rest', () => {
  let cookie: string;
  let id: string;
  let userId: string;
  beforeEach(async () => {
    cookie = await signIn(app, 'tamper@example.com');
    userId = await userIdOf('tamper@example.com');
    id = await uploadOk(cookie);
  });

  const readOwner = () => app.inject({ method: 'GET', url: OWNER_READ(id), headers: { cookie } });
  const expectRefusedAndLogged = async () => {
    const res = await readOwner();
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ ret_code: RetCode.INTERNAL_ERROR, ret_msg: 'internal error', result: {} });
    expect(logs.some((l) => l.includes('IntegrityError') && l.includes(`kyc_document:${id}`))).toBe(true);
  };

  it('refuses to serve altered ciphertext', async () => {
    const row = (await rows())[0]!;
    const altered = Buffer.from(row.ciphertext!);
    altered[Math.floor(altered.length / 2)]! ^= 0x01;
    await app.db.updateTable('kyc_documents').set({ ciphertext: altered }).where('id', '=', id).execute();
    await expectRefusedAndLogged();
  });

  it('refuses to serve with an altered tag, iv or wrapped key', async () => {
    const row = (await rows())[0]!;
    const flip = (b64: string) => {
      const b = Buffer.from(b64, 'base64');
      b[0]! ^= 0x80;
      return b.toString('base64');
    };
    for (const column of ['auth_tag', 'iv', 'wrapped_key'] as const) {
      await app.db.updateTable('kyc_documents').set({ [column]: flip(row[column]) }).where('id', '=', id).execute();
      await expectRefusedAndLogged();
      await app.db.updateTable('kyc_documents').set({ [column]: row[column] }).where('id', '=', id).execute();
    }
    expect((await readOwner()).statusCode).toBe(200);
  });

  it("refuses another document's ciphertext and key copied onto this one", async () => {
    const otherId = await uploadOk(cookie, { kind: 'SELFIE', level: '1' }, 9);
    const other = (await rows()).find((r) => r.id === otherId)!;
    await app.db
      .updateTable('kyc_documents')
      .set({ ciphertext: Buffer.from(other.ciphertext!), iv: other.iv, auth_tag: other.auth_tag, wrapped_key: other.wrapped_key, sha256: other.sha256 })
      .where('id', '=', id)
      .execute();
    await expectRefusedAndLogged();
  });

  it('cannot be read with a different master key; a key this server lacks is a clear answer, not a 500', async () => {
    const wrongKey = createDocumentsService({ db: app.db, config: app.config, keyring: createKeyring(randomBytes(32)) });
    await expect(wrongKey.readForOwner(userId, id)).rejects.toMatchObject({ retCode: RetCode.DOCUMENT_CONTENT_UNAVAILABLE });
    // Claiming the reader's own key id does not help: the key id is authenticated too.
    await app.db.updateTable('kyc_documents').set({ key_id: wrongKey.activeKeyId() }).where('id', '=', id).execute();
    await expect(wrongKey.readForOwner(userId, id)).rejects.toBeInstanceOf(IntegrityError);
    // This server has no key of that id (decision 024): translated 34009, logged, nothing served.
    const res = await readOwner();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ret_code: RetCode.DOCUMENT_CONTENT_UNAVAILABLE, ret_msg: 'document content unavailable', result: {} });
    expect(logs.some((l) => l.includes(`master key ${wrongKey.activeKeyId()} of document ${id} is not configured`))).toBe(true);
  });
});

describe('master key rotation', () => {
  it('re-wraps every data key under the new key; the old key is then no longer needed', async () => {
    const cookie = await signIn(app, 'rotate@example.com');
    const userId = await userIdOf('rotate@example.com');
    const ids = [await uploadOk(cookie, { kind: 'DOCUMENT_FRONT', level: '1' }, 1), await uploadOk(cookie, { kind: 'SELFIE', level: '1' }, 2)];
    const before = await rows();
    const originals = await Promise.all(ids.map((id) => app.services.documents.readForOwner(userId, id)));

    const newKey = randomBytes(32);
    const rotating = createDocumentsService({ db: app.db, config: app.config, keyring: createKeyring(newKey, [MASTER_KEY]) });
    // Readable during the rotation, through the previous key.
    expect((await rotating.readForOwner(userId, ids[0]!)).bytes.equals(originals[0]!.bytes)).toBe(true);
    expect(await rotating.rewrapKeys()).toEqual({ rewrapped: 2, failed: [] });
    expect(await rotating.rewrapKeys()).toEqual({ rewrapped: 0, failed: [] });

    const after = await rows();
    for (const [i, row] of after.entries()) {
      expect(row.key_id).toBe(rotating.activeKeyId());
      expect(row.wrapped_key).not.toBe(before[i]!.wrapped_key);
      // The content ciphertext is untouched: only the data key was re-wrapped.
      expect(Buffer.from(row.ciphertext!).equals(Buffer.from(before[i]!.ciphertext!))).toBe(true);
    }
    const newOnly = createDocumentsService({ db: app.db, config: app.config, keyring: createKeyring(newKey) });
    for (const [i, id] of ids.entries()) expect((await newOnly.readForOwner(userId, id)).bytes.equals(originals[i]!.bytes)).toBe(true);
    await expect(app.services.documents.readForOwner(userId, ids[0]!)).rejects.toMatchObject({ retCode: RetCode.DOCUMENT_CONTENT_UNAVAILABLE });
    expect((await auditOf(ids[0]!)).map((a) => a.action)).toEqual(['document.upload', 'document.rewrap']);
  });

  it('reports documents whose key is not configured instead of stopping', async () => {
    const cookie = await signIn(app, 'rotate2@example.com');
    const id = await uploadOk(cookie);
    const unrelated = createDocumentsService({ db: app.db, config: app.config, keyring: createKeyring(randomBytes(32)) });
    expect(await unrelated.rewrapKeys()).toEqual({ rewrapped: 0, failed: [id] });
    expect((await rows())[0]!.key_id).toBe(app.services.documents.activeKeyId());
  });
});
