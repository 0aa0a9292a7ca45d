import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentKind, DocumentType } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { App } from '../../app.ts';
import { renderSpecimen } from '../../demo/specimen-images.ts';
import { jsonHeaders } from '../../test/test-app.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, post, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';
import { normalizeImage } from './image.ts';
import { hashDistance, pictureHash, SAME_PICTURE_MAX_DISTANCE } from './picture-hash.ts';

/**
 * Decision 048: the same picture twice. The threshold is measured on pictures the suites already use
 * (the demo's specimen cards, drawn with sharp): copies of a picture must fall within it, the two
 * sides of one card and a card and a selfie well outside it. Then the upload refusal (reply and
 * stored state) and the console's flag.
 */

const person = { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', nationality: 'GB', addressLines: ['12 Example Street', 'London'] };
const specimen = (kind: DocumentKind, documentType: DocumentType = DocumentType.ID_CARD) => renderSpecimen({ kind, documentType, person });
/** The hash of a picture as the server stores it (after the upload's re-encoding). */
const storedHash = async (bytes: Buffer) => pictureHash((await normalizeImage(bytes)).bytes);

let app: App;
let close: () => Promise<void>;
let front: Buffer;
let back: Buffer;
let selfie: Buffer;

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  [front, back, selfie] = await Promise.all([specimen(DocumentKind.DOCUMENT_FRONT), specimen(DocumentKind.DOCUMENT_BACK), specimen(DocumentKind.SELFIE)]);
});
afterAll(async () => close());

describe('the perceptual hash and its threshold', () => {
  it('keeps copies of a picture within the threshold: re-encoded, halved, recompressed, brightened, trimmed, PNG', async () => {
    const h = await storedHash(front);
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    const { width, height } = await sharp(front).metadata();
    const copies = await Promise.all([
      sharp(front).jpeg({ quality: 95 }).toBuffer(),
      sharp(front).resize({ width: Math.round(width / 2) }).jpeg({ quality: 60 }).toBuffer(),
      sharp(front).modulate({ brightness: 1.1 }).jpeg({ quality: 70 }).toBuffer(),
      sharp(front).extract({ left: 10, top: 8, width: width - 20, height: height - 16 }).jpeg().toBuffer(),
      sharp(front).png().toBuffer(),
    ]);
    for (const copy of copies) expect(hashDistance(h, await storedHash(copy))).toBeLessThanOrEqual(SAME_PICTURE_MAX_DISTANCE);
  });

  it('keeps the two sides of a card, and a card and a selfie, well apart', async () => {
    for (const type of [DocumentType.ID_CARD, DocumentType.DRIVERS_LICENSE, DocumentType.RESIDENCE_PERMIT]) {
      const [f, b] = await Promise.all([specimen(DocumentKind.DOCUMENT_FRONT, type), specimen(DocumentKind.DOCUMENT_BACK, type)]);
      expect(hashDistance(await storedHash(f), await storedHash(b)), type).toBeGreaterThan(2 * SAME_PICTURE_MAX_DISTANCE);
    }
    expect(hashDistance(await storedHash(front), await storedHash(selfie))).toBeGreaterThan(4 * SAME_PICTURE_MAX_DISTANCE);
  });

  it('counts differing bits', () => {
    expect(hashDistance('0000000000000000', '0000000000000000')).toBe(0);
    expect(hashDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hashDistance('8000000000000001', '0000000000000000')).toBe(2);
  });
});

let seq = 0;
const fresh = () => newUser(app, `same-picture-${++seq}@example.com`);

async function upload(u: TestUser, kind: string, bytes: Buffer) {
  const fd = new FormData();
  fd.append('kind', kind);
  fd.append('level', '1');
  fd.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const request = new Request('http://localhost/', { method: 'POST', body: fd });
  return app.inject({
    method: 'POST',
    url: '/x-api/v3/private/kyc/upload-document',
    headers: { origin: jsonHeaders.origin, host: jsonHeaders.host, cookie: u.cookie, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const storedOf = (userId: string) => app.db.selectFrom('kyc_documents').select(['id', 'kind', 'picture_hash', 'application_id']).where('user_id', '=', userId).orderBy('created_at').execute();
const uploadAudits = (userId: string) =>
  app.db.selectFrom('audit_log').select('entity_id').where('action', '=', 'document.upload').where('actor_id', '=', userId).execute();

describe('an upload for one side that is the same picture as the other side', () => {
  it('is refused with DOCUMENT_SAME_PICTURE naming the other side; nothing is stored or audited', async () => {
    const u = await fresh();
    const first = await upload(u, 'DOCUMENT_FRONT', front);
    expect(first.json()).toMatchObject({ ret_code: 0, result: { kind: 'DOCUMENT_FRONT' } });
    const frontId = first.json().result.id as string;

    // The same card, smaller and recompressed, as the back.
    const copy = await sharp(front).resize({ width: 700 }).jpeg({ quality: 70 }).toBuffer();
    const refused = await upload(u, 'DOCUMENT_BACK', copy);
    expect(refused.json()).toMatchObject({ ret_code: RetCode.DOCUMENT_SAME_PICTURE, result: { otherKind: 'DOCUMENT_FRONT' } });
    expect(await storedOf(u.id)).toEqual([{ id: frontId, kind: 'DOCUMENT_FRONT', picture_hash: await storedHash(front), application_id: null }]);
    expect((await uploadAudits(u.id)).map((a) => a.entity_id)).toEqual([frontId]);

    // The real back passes and keeps its own hash.
    const ok = await upload(u, 'DOCUMENT_BACK', back);
    expect(ok.json()).toMatchObject({ ret_code: 0, result: { kind: 'DOCUMENT_BACK' } });
    const stored = await storedOf(u.id);
    expect(stored.map((d) => [d.kind, d.picture_hash])).toEqual([
      ['DOCUMENT_FRONT', await storedHash(front)],
      ['DOCUMENT_BACK', await storedHash(back)],
    ]);

    // Either way round: the back's picture as a new front is refused, the stored front stays.
    const swapped = await upload(u, 'DOCUMENT_FRONT', back);
    expect(swapped.json()).toMatchObject({ ret_code: RetCode.DOCUMENT_SAME_PICTURE, result: { otherKind: 'DOCUMENT_BACK' } });
    expect((await storedOf(u.id)).map((d) => d.id)).toEqual(stored.map((d) => d.id));
  });

  it('does not stop a retake of the same side, a selfie, or another user', async () => {
    const u = await fresh();
    expect((await upload(u, 'DOCUMENT_FRONT', front)).json().ret_code).toBe(0);
    // The same front again replaces the front draft ("retake before submitting").
    expect((await upload(u, 'DOCUMENT_FRONT', front)).json().ret_code).toBe(0);
    const other = await fresh();
    expect((await upload(other, 'DOCUMENT_BACK', front)).json().ret_code).toBe(0);
    expect((await storedOf(u.id)).map((d) => d.kind)).toEqual(['DOCUMENT_FRONT']);
    expect((await storedOf(other.id)).map((d) => d.kind)).toEqual(['DOCUMENT_BACK']);
  });
});

describe('the console flags pictures of a user that look alike', () => {
  it("names the matching pictures on a case's documents: in this application and in an earlier one", async () => {
    const u = await fresh();
    const reviewer = await newReviewer(app, 'same-picture-reviewer@example.com');
    expect((await post(app, '/v3/private/kyc/kyc-personal-info', VALID_INFO, u.cookie)).json().ret_code).toBe(0);
    // The front sent again as the selfie: allowed at upload (not two sides), flagged to the reviewer.
    const ids: Record<string, string> = {};
    for (const [kind, bytes] of [['DOCUMENT_FRONT', front], ['DOCUMENT_BACK', back], ['SELFIE', await sharp(front).jpeg({ quality: 75 }).toBuffer()]] as const) {
      const res = await upload(u, kind, bytes);
      expect(res.json().ret_code).toBe(0);
      ids[kind] = res.json().result.id as string;
    }
    // Drafts are the user's own until submitted: nothing is flagged from them.
    expect((await app.services.documents.samePicturesOf(app.db, u.id, [{ id: ids.DOCUMENT_FRONT!, applicationId: null }])).size).toBe(0);
    const submitted = await post(app, '/v3/private/kyc/submit-application', { level: 1, country: 'GB', documentType: 'DRIVERS_LICENSE' }, u.cookie);
    expect(submitted.json().ret_code).toBe(0);
    const applicationId = submitted.json().result.applicationId as string;

    const res = await get(app, `/v1/console/cases/${await caseOf(app, applicationId)}`, reviewer.cookie);
    expect(res.json().ret_code).toBe(0);
    const docs = res.json().result.subject.documents as { id: string; samePictureAs: { documentId: string; kind: string; sameApplication: boolean }[] }[];
    const flags = Object.fromEntries(docs.map((d) => [d.id, d.samePictureAs.map((m) => ({ documentId: m.documentId, kind: m.kind, sameApplication: m.sameApplication }))]));
    expect(flags).toEqual({
      [ids.DOCUMENT_FRONT!]: [{ documentId: ids.SELFIE, kind: 'SELFIE', sameApplication: true }],
      [ids.DOCUMENT_BACK!]: [],
      [ids.SELFIE!]: [{ documentId: ids.DOCUMENT_FRONT, kind: 'DOCUMENT_FRONT', sameApplication: true }],
    });

    // A later picture kept for something else (a questionnaire's evidence: another owner), the back
    // sent again, points back at this application's back.
    const later = await app.services.documents.uploadEvidence(u.id, 'a-later-attempt', back, { type: 'user', id: u.id }, async () => {});
    const matches = await app.services.documents.samePicturesOf(app.db, u.id, [{ id: ids.DOCUMENT_BACK!, applicationId }]);
    expect(matches.get(ids.DOCUMENT_BACK!)).toMatchObject([{ documentId: later.id, kind: 'QUESTIONNAIRE_EVIDENCE', sameApplication: false }]);
  });
});
